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
}
