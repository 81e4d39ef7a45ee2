import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// `![[file]]` finds its file where Obsidian does, and `|200x100` sizes it.
@Suite struct EmbeddedFileTests {
    @Test func aFileIsFoundBesideTheNoteThenFromTheRootThenByItsName() throws {
        let site = try TemporarySite([
            "notes/a/note.md": "![[pic.png]] ![[b/deep.png]] ![[only.png|120]] ![[logo.svg|Logo|64x32]]\n",
            "notes/a/pic.png": "beside", "notes/pic.png": "root",
            "notes/b/deep.png": "path from the root",
            "notes/far/away/only.png": "by name",
            "assets/logo.svg": "<svg/>",
        ])
        let report = SitePipeline().build(site.path)
        #expect(!report.diagnostics.contains { $0.code.hasPrefix("link") }, "\(report.diagnostics)")
        let page = try site.output("a/note/index.html")
        #expect(page.contains("<img src=\"/a/pic.png\" alt=\"pic.png\" />"))
        #expect(page.contains("<img src=\"/b/deep.png\" alt=\"b/deep.png\" />"))
        #expect(page.contains("<img src=\"/far/away/only.png\" alt=\"only.png\" width=\"120\" />"))
        #expect(page.contains("<img src=\"/assets/logo.svg\" alt=\"Logo\" width=\"64\" height=\"32\" />"))
    }

    @Test func aNameOfSeveralFilesIsAWarningAndTheNearestIsShown() throws {
        let site = try TemporarySite([
            "notes/x/note.md": "![[shot.png]]\n", "notes/x/sub/shot.png": "near", "notes/y/shot.png": "far",
        ])
        let report = SitePipeline().build(site.path)
        let ambiguous = report.diagnostics.filter { $0.code == "link.ambiguous" }
        #expect(ambiguous.count == 1, "\(report.diagnostics)")
        #expect(ambiguous.first?.message.contains("2 files have that name ('x/sub/shot.png', 'y/shot.png')") == true, "\(ambiguous)")
        // In a vault without `notes/`, the same names: no folder the site does not have.
        let vault = try TemporarySite(["x/note.md": "![[shot.png]]\n", "x/sub/shot.png": "near", "y/shot.png": "far"])
        let found = SitePipeline().build(vault.path).diagnostics.filter { $0.code == "link.ambiguous" }
        #expect(found.first?.message.contains("2 files have that name ('x/sub/shot.png', 'y/shot.png')") == true, "\(found)")
        #expect(ambiguous.first?.location == SourceLocation(line: 1, column: 1))
        #expect(try site.output("x/note/index.html").contains("src=\"/x/sub/shot.png\""))
    }

    @Test func aMissingFileIsABrokenImageAtItsPlace() throws {
        let site = try TemporarySite(["notes/n.md": "Text\n\n![[gone.png|200]]\n"])
        let report = SitePipeline().build(site.path)
        let broken = try #require(report.diagnostics.first { $0.code == "link.broken" })
        #expect(broken.location == SourceLocation(line: 3, column: 1))
        #expect(broken.message.contains("'gone.png'"))
    }
}
