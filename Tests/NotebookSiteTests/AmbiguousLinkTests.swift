import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// A wikilink that several notes match leads where Obsidian's would, with a warning naming all.
@Suite struct AmbiguousLinkTests {
    @Test func theNearestFolderThenTheShortestPathWins() throws {
        let site = try TemporarySite([
            "notes/a/x.md": "In a.\n",
            "notes/b/x.md": "In b.\n",
            "notes/b/from b.md": "To [[x]].\n",
            "notes/b/c/from c.md": "To [[x]].\n",
            "notes/deep/er/y.md": "Deep y.\n",
            "notes/y.md": "Top y.\n",
            "notes/from top.md": "To [[y]] and [[x]] and [[unique]].\n",
            "notes/unique.md": "One.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        func page(_ path: String) throws -> String { try site.output("\(path)/index.html") }
        #expect(try page("b/from-b").contains("href=\"/b/x/\""))
        #expect(try page("b/c/from-c").contains("href=\"/b/x/\""))
        let top = try page("from-top")
        #expect(top.contains("href=\"/y/\"") && top.contains("href=\"/a/x/\""))
        let ambiguous = report.diagnostics.filter { $0.code == "link.ambiguous" }
        #expect(ambiguous.count == 4, "\(ambiguous)")
        #expect(ambiguous.allSatisfy { $0.severity == .warning && $0.step == "resolve-links" })
        let fromB = try #require(ambiguous.first { $0.path.hasSuffix("from b.md") })
        #expect(fromB.message == "ambiguous wikilink [[x]]: 2 notes match ('a/x.md', 'b/x.md'); it leads to 'b/x.md', the nearest")
        #expect(fromB.location?.line == 1)
        #expect(!report.diagnostics.contains { $0.message.contains("[[unique]]") })
    }

    /// Obsidian's "relative path to file" links: a path from the linking note's folder names one
    /// note, file or folder, never one found by its name elsewhere.
    @Test func aWikilinkWrittenAsAPathFromTheNotesFolderLeadsThere() throws {
        let site = try TemporarySite([
            "notes/P/Alpha/Plan.md": "# Alpha plan\n\n## Goals\n\nAlpha goals.\n",
            "notes/P/Beta/Plan.md": "# Beta plan\n\n## Goals\n\nBeta goals.\n",
            "notes/P/Beta/pic.png": "png",
            "notes/P/Alpha/Note.md": "[[../Beta/Plan]], [[./Plan|here]], [[../Beta/Plan.md#Goals]], [[../Beta]], [[..]], "
                + "[[../Beta/pic.png]].\n\n![[../Beta/Plan#Goals]]\n\n[[../Gamma/Plan]] and [[../../../out]]\n",
        ])
        let report = SitePipeline().build(site.path)
        let page = try site.output("p/alpha/note/index.html")
        #expect(page.contains("href=\"/p/beta/plan/\""), "\(page)")
        #expect(page.contains("href=\"/p/alpha/plan/\">here</a>"))
        #expect(page.contains("href=\"/p/beta/plan/#goals\""))
        #expect(page.contains("href=\"/p/beta/\"") && page.contains("href=\"/p/\""))
        #expect(page.contains("href=\"/p/beta/pic.png\""))
        #expect(page.contains("Beta goals.") && !page.contains("Alpha goals."))
        #expect(!report.diagnostics.contains { $0.code == "link.ambiguous" }, "\(report.diagnostics)")
        let broken = report.diagnostics.filter { $0.code == "link.broken" }.map(\.message)
        #expect(broken.count == 2, "\(broken)")
        #expect(broken.contains { $0.contains("[[../Gamma/Plan]]") && $0.contains("no note or file at 'P/Gamma/Plan'") }, "\(broken)")
        #expect(broken.contains { $0.contains("leads outside the notes") }, "\(broken)")
    }

    /// Obsidian's Markdown links in its "shortest path" form name a file by its name, or by its
    /// path from the vault's root: found beside the note first, then so.
    @Test func aMarkdownLinkFindsItsFileAsObsidianDoes() throws {
        let site = try TemporarySite([
            "notes/Top.md": "# Top\n\n## Part\n\nTop.\n",
            "notes/Sub/Other.md": "Other.\n",
            "notes/Sub/Deeper/Other.md": "Deeper other.\n",
            "notes/att/my img.png": "png",
            "notes/Sub/Deeper/Here.md": "[y](Top.md#part), [o](Other.md), [z](Sub/Other.md), ![x](my%20img.png), [a](att/my%20img.png), [t](Top), "
                + "[none](Nowhere.md) [out](../../../x.png)\n",
        ])
        let report = SitePipeline().build(site.path)
        let page = try site.output("sub/deeper/here/index.html")
        #expect(page.contains("href=\"/top/#part\"") && page.contains("<a href=\"/top/\">t</a>"), "\(page)")
        // Beside the note first: Sub/Deeper/Other.md, not Sub/Other.md.
        #expect(page.contains("<a href=\"/sub/deeper/other/\">o</a>"), "\(page)")
        #expect(page.contains("<a href=\"/sub/other/\">z</a>"), "\(page)")
        #expect(page.contains("src=\"/att/my%20img.png\"") && page.contains("<a href=\"/att/my%20img.png\">a</a>"), "\(page)")
        let broken = report.diagnostics.filter { $0.code == "link.broken" }.map(\.message)
        #expect(broken.count == 2 && broken.contains { $0.contains("Nowhere.md") } && broken.contains { $0.contains("outside the notes") }, "\(broken)")
        // Found beside the note, from the root or by a name only one has: nothing ambiguous.
        #expect(!report.diagnostics.contains { $0.code == "link.ambiguous" }, "\(report.diagnostics)")
    }

    /// A Markdown link or image found by a name that several have warns as a wikilink does.
    @Test func aMarkdownLinkFoundByANameSeveralHaveSaysSo() throws {
        let site = try TemporarySite([
            "notes/A/Plan.md": "A plan.\n", "notes/B/Plan.md": "B plan.\n", "notes/A/i.png": "a", "notes/B/i.png": "b",
            "notes/C/l.md": "[p](Plan.md) and ![i](i.png)\n",
        ])
        let report = SitePipeline().build(site.path)
        let ambiguous = report.diagnostics.filter { $0.code == "link.ambiguous" }.map(\.message)
        #expect(ambiguous.count == 2, "\(report.diagnostics)")
        #expect(ambiguous.contains { $0.contains("2 notes match ('A/Plan.md', 'B/Plan.md')") }, "\(ambiguous)")
        #expect(ambiguous.contains { $0.contains("2 files have that name") && $0.contains("A/i.png") && $0.contains("B/i.png") }, "\(ambiguous)")
    }

    @Test func aTitleOrAliasThatOutranksAFileNameSaysSo() throws {
        let site = try TemporarySite([
            "notes/sibling.md": "---\ntitle: Sibling Note\n---\nReal.\n", "notes/sub/other.md": "---\naliases: [sibling]\n---\nOther.\n",
            "notes/l.md": "[[sibling]] and [[sibling.md]] and [[Sibling Note]]\n",
        ])
        let report = SitePipeline().build(site.path)
        let outranked = report.diagnostics.filter { $0.code == "link.outranked" }
        #expect(outranked.count == 1 && outranked.first?.location == SourceLocation(line: 1, column: 1), "\(report.diagnostics)")
        #expect(outranked.first?.message.contains("leads to 'sub/other.md'") == true && outranked.first?.message.contains("[[sibling.md]]") == true)
        let page = try site.output("l/index.html")
        #expect(page.contains("href=\"/sub/other/\">sibling</a> and <a class=\"wikilink\" href=\"/sibling/\">sibling.md</a>"), "\(page)")
    }

    @Test func thePreviewWarnsWhenASecondNoteMakesALinkAmbiguous() throws {
        let site = try TemporarySite(["notes/x.md": "X.\n", "notes/from.md": "To [[x]].\n"])
        var session = SiteSession(directory: site.path, options: BuildOptions(output: site.path + "-out"))
        defer { try? FileManager.default.removeItem(atPath: site.path + "-out") }
        #expect(session.build().diagnostics.filter { $0.code == "link.ambiguous" }.isEmpty)
        try FileManager.default.createDirectory(atPath: site.path + "/notes/sub", withIntermediateDirectories: true)
        try Data("Another x.\n".utf8).write(to: URL(fileURLWithPath: site.path + "/notes/sub/x.md"))
        let report = session.update(changing: [site.path + "/notes/sub/x.md"])
        #expect(report.diagnostics.contains { $0.code == "link.ambiguous" && $0.path.hasSuffix("from.md") }, "\(report.diagnostics)")
    }
}
