import NotebookModel
import NotebookRender
import Testing

/// Obsidian's tags: nested names, and `#tags` in text by its rules.
@Suite struct InlineTagsTests {
    private func names(_ text: String, afterBoundary: Bool = true) -> [String] {
        InlineTags.find(in: text, afterBoundary: afterBoundary).map(\.tag.name)
    }

    @Test func tagsInTextFollowObsidiansRules() {
        #expect(names("#travel and #plugin/emitter, #a_b-c.") == ["travel", "plugin/emitter", "a_b-c"])
        #expect(names("Issue #123 and #2024") == [])
        #expect(names("#y2024 #2024y") == ["y2024", "2024y"])
        #expect(names("C# and a#b and (#paren) and x/#y") == [])
        #expect(names("# heading marker alone, ## two") == [])
        #expect(names("#日本 #café #cafe\u{301}") == ["日本", "café", "cafe\u{301}"])
        #expect(names("\u{3000}#wide ##double #tag👍") == ["wide", "tag"])
        #expect(names("#tag", afterBoundary: false) == [])
        #expect(names("line\n#next\t#tab") == ["next", "tab"])
    }

    @Test func theRangeCoversTheMarkAndTheName() throws {
        let text = "see #a/b."
        let found = try #require(InlineTags.find(in: text, afterBoundary: true).first)
        #expect(String(text.unicodeScalars[found.range]) == "#a/b")
        #expect(found.tag.slug == "a/b")
    }

    @Test func aTagNameDropsItsMarkAndEmptyParts() {
        #expect(TagName("#hash")?.name == "hash")
        #expect(TagName("Plugin/Emitter")?.slug == "plugin/emitter")
        #expect(TagName("a//b/")?.name == "a/b")
        #expect(TagName("a/!!/b")?.slug == "a/b")
        #expect(TagName("a/!!/b")?.name == "a/b")
        #expect(TagName("#") == nil)
        #expect(TagName("///") == nil)
        #expect(TagName.lineage(of: "a/b/c") == ["a", "a/b", "a/b/c"])
    }

    @Test func tagsInCodeLinksAndAfterSpansAreNotTags() {
        let blocks = [
            Block(
                .paragraph([
                    .text("Start #one "), .span(Formatting(code: true), [.text("#code")]), .text(" "),
                    .span(Formatting(link: Link(destination: "https://e.org")), [.text("#link")]), .text(" "),
                    .span(Formatting(link: Link(destination: "javascript:x")), [.text("#hidden-link")]), .text(" "),
                    .span(Formatting(wikilink: WikiLink(target: "x")), [.text("#wiki")]),
                    .span(Formatting(bold: true), [.text("bold")]), .text("#glued "),
                    .span(Formatting(italic: true), [.text("#inside")]), Inline(.softBreak), .text("#after-break"),
                    .span(Formatting(rawHTML: true), [.text("<b>#raw</b>")]), .text("#after-html"),
                ])),
            Block(.heading(level: 2, [.text("Heading #two")])),
            Block(.codeBlock(CodeBlock(language: "sh", code: "#not"))),
            Block(.table(Table(alignments: [.none], header: [TableCell([.text("#cell")])], rows: []))),
        ]
        let renderer = HTMLRenderer(options: RenderOptions(tagURL: { "/tags/\($0)/" }))
        let rendered = renderer.renderNote(blocks)
        #expect(rendered.tags.map(\.name) == ["one", "inside", "after-break", "two", "cell"])
        #expect(rendered.html.contains("<em><a class=\"tag\" href=\"/tags/inside/\">#inside</a></em>"))
        #expect(rendered.html.contains("<code>#code</code>"))
        // Without a URL for tags (a note rendered alone), they stay text.
        #expect(HTMLRenderer().renderNote(blocks).tags.isEmpty)
        #expect(!HTMLRenderer().render(blocks).contains("class=\"tag\""))
    }
}
