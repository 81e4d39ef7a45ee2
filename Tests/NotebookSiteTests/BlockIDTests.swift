import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// Obsidian's block identifiers: `^id` ends a paragraph or list item and `[[Note#^id]]` links to it.
@Suite struct BlockIDTests {
    @Test(arguments: [
        ("text ^abc", "abc", "text"), ("text\t^a-1", "a-1", "text"), ("^only", "only", ""), ("2^10", nil, nil), ("x ^a b", nil, nil),
        ("x ^", nil, nil), ("a^b", nil, nil), ("x ^日本", nil, nil),
    ] as [(String, String?, String?)])
    func anIdentifierEndsItsBlock(text: String, id: String?, rest: String?) {
        let found = BlockID.trailing(in: [.text(text)])
        #expect(found?.id == id)
        #expect(found.map { PlainText.of($0.rest) } == rest)
    }

    @Test func aLineOfItsOwnNamesTheBlock() {
        let found = BlockID.trailing(in: [.text("first line"), Inline(.softBreak), .text("^last")])
        #expect(found?.id == "last" && found.map { PlainText.of($0.rest) } == "first line")
    }

    @Test func anIdentifierIsNoWordOfTheNote() throws {
        let site = try TemporarySite([
            "notes/a.md": "---\ntitle: A\n---\nHello world. ^abc\n\n- one two ^def\n\n^alone\n",
            "notes/b.md": "---\ntitle: B\n---\nHello world.\n\n- one two\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        for note in ["a", "b"] {
            let page = try site.output("\(note)/index.html")
            #expect(page.contains("4 words") && page.contains("<meta name=\"description\" content=\"Hello world.\">"), "\(note)")
        }
        let texts = try FileManager.default.contentsOfDirectory(atPath: site.path + "/public/search/text")
        let all = try texts.map { try site.output("search/text/" + $0) }.joined()
        #expect(all.contains("Hello world. one two") && !all.contains("^abc") && !all.contains("^def") && !all.contains("alone"), "\(all)")
        #expect(!(try site.output("index.html")).contains("^abc"))
    }

    @Test func linksToBlocksResolveAndTheAnchorsAreOnThePage() throws {
        let site = try TemporarySite([
            "notes/source.md": "---\ntitle: Source\n---\nA quotable paragraph. ^quote\n\n- an item ^item\n- another\n\nLast words\n^last\n",
            "notes/other.md": "See [[Source#^quote]], [[Source#^item|the item]], [this](source.md#^last) and [[Source#^nope]].\n",
        ])
        let report = SitePipeline().build(site.path)
        let broken = report.diagnostics.filter { $0.code == "link.broken" }
        #expect(broken.count == 1 && broken.first?.message.contains("has no block '^nope'") == true, "\(report.diagnostics)")
        let source = try site.output("source/index.html")
        #expect(source.contains("<p id=\"^quote\">A quotable paragraph.</p>"))
        #expect(source.contains("<li id=\"^item\">an item</li>"))
        #expect(source.contains("<p id=\"^last\">Last words</p>"))
        #expect(!source.contains("^quote<") && !source.contains(" ^item"))
        let other = try site.output("other/index.html")
        #expect(other.contains("href=\"/source/#^quote\"") || other.contains("href=\"/source/#%5Equote\""))
        #expect(other.contains("the item</a>"))
    }

    /// An identifier given again names nothing: no element gets the same id twice, links and
    /// embeds lead to the first block, and the later one is a warning where it is.
    @Test func anIdentifierGivenAgainIsAWarningAndTheFirstIsNamed() throws {
        let site = try TemporarySite([
            "notes/d.md": "---\ntitle: D\n---\nfirst ^dup\n\nsecond ^dup\n\n- item ^dup\n",
            "notes/u.md": "---\ntitle: U\n---\n[[d#^dup]]\n\n![[d#^dup]]\n",
        ])
        let report = SitePipeline().build(site.path)
        let repeated = report.diagnostics.filter { $0.code == "markdown.blockid" }
        #expect(repeated.count == 2 && repeated.allSatisfy { $0.path.hasSuffix("d.md") && $0.severity == .warning }, "\(report.diagnostics)")
        // A footnote's text gives no identifier, so it repeats none.
        let footnote = try TemporarySite(["notes/n.md": "---\ntitle: N\n---\nText[^1] and p ^fx\n\n[^1]: footnote ^fx\n"])
        #expect(!SitePipeline().build(footnote.path).diagnostics.contains { $0.code == "markdown.blockid" })
        #expect(repeated.map { $0.location?.line } == [6, 8], "\(repeated)")
        let d = try site.output("d/index.html")
        #expect(d.components(separatedBy: "id=\"^dup\"").count - 1 == 1, "\(d)")
        #expect(d.contains("<p id=\"^dup\">first</p>") && d.contains("<p>second</p>") && d.contains("<li>item</li>"))
        let u = try site.output("u/index.html")
        #expect(u.contains("<p id=\"e1_^dup\">first</p>") && !u.contains("second"), "\(u)")
    }
}
