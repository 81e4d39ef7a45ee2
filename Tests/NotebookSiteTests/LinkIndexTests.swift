import Foundation
import Testing

@testable import NotebookSite

/// The link index's tables, and the backlinks a full build gathers from them.
@Suite struct LinkIndexTests {
    @Test func aTableGivesEveryIndexOfAKeyInAscendingOrder() {
        var table = IndexTable()
        for (index, key) in ["a", "b", "a", "c", "a", "b"].enumerated() { table.append(index, for: key) }
        #expect(table["a"] == [0, 2, 4])
        #expect(table["b"] == [1, 5])
        #expect(table["c"] == [3])
        #expect(table["d"] == nil)
        table.insert(1, for: "a")
        table.insert(9, for: "a")
        table.insert(2, for: "a")
        #expect(table["a"] == [0, 1, 2, 4, 9])
        table.remove(0, for: "a")
        #expect(table["a"] == [1, 2, 4, 9])
        table.insert(0, for: "c")
        #expect(table["c"] == [0, 3])
        table.remove(3, for: "c")
        table.remove(0, for: "c")
        #expect(table["c"] == nil)
        table.insert(7, for: "d")
        #expect(table["d"] == [7])
    }

    @Test func backlinksNameEachLinkingNoteOnceInTheSitesOrder() throws {
        // Links by title, path and file name, twice from one note, and a note linking to itself.
        let site = try TemporarySite([
            "notes/target.md": "---\ntitle: Target\n---\nSee [[Target]].\n",
            "notes/c.md": "---\ntitle: C\ndate: 2026-01-01\n---\nTo [[target]] and [[Target]].\n",
            "notes/b.md": "---\ntitle: B\ndate: 2026-01-03\n---\nTo [target](target.md).\n",
            "notes/a.md": "---\ntitle: A\n---\nTo [[Target]].\n",
            "notes/d.md": "---\ntitle: D\ndate: 2026-01-02\n---\nTo [[C]] only.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        func backlinks(_ page: String) throws -> [String] { backlinkURLs(in: try site.output("\(page)/index.html")) }
        // Newest first, then the undated ones by title.
        #expect(try backlinks("target") == ["/b/", "/c/", "/a/"])
        #expect(try backlinks("c") == ["/d/"])
        #expect(try backlinks("a") == [])
    }
}
