import Foundation
import NotebookModel
import NotebookRender
import Testing

@testable import NotebookRender

@testable import NotebookFormats

/// Where the tests' files are, and small helpers the JSON tests share.
enum JSONTestSupport {
    private static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// A file under the shared folder, `/work/shared` (`../shared` from the package root).
    static func shared(_ path: String) -> URL {
        tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared").appendingPathComponent(path)
    }

    /// The text of a fixture under `Fixtures/AttributedJSON/`.
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: tests.appendingPathComponent("Fixtures/AttributedJSON/\(name)"), encoding: .utf8)
    }

    static func read(_ json: String, path: String = "note.json") -> ReadResult {
        AttributedJSONReader().read(json, path: path)
    }

    /// The page HTML of blocks, as the render pipeline makes it: headings from text styles first.
    static func html(_ blocks: [Block], unsafeHTML: Bool = false) -> String {
        HTMLRenderer(options: RenderOptions(unsafeHTML: unsafeHTML, links: .anySafe)).render(TextStyleHeadings.apply(blocks))
    }

    /// The HTML of a JSON note, which must read without diagnostics.
    static func html(json: String, unsafeHTML: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let result = read(json)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)", sourceLocation: sourceLocation)
        return html(result.note.blocks, unsafeHTML: unsafeHTML)
    }
}

private typealias Location = NotebookModel.SourceLocation

@Suite struct AttributedJSONReaderTests {
    private func html(_ json: String, unsafeHTML: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        JSONTestSupport.html(json: json, unsafeHTML: unsafeHTML, sourceLocation: sourceLocation)
    }

    private func intent(_ components: (kind: String, identity: Int)...) -> String {
        let list = components.map { "{\"kind\":\($0.kind),\"identity\":\($0.identity)}" }.joined(separator: ",")
        return "\"NSPresentationIntent\":{\"components\":[\(list)]}"
    }

    // MARK: Shared corpora

    /// Real macOS output for a Markdown file renders as that file does.
    @Test func appleEncodedSampleRendersLikeItsMarkdown() throws {
        let json = try String(contentsOf: JSONTestSupport.shared("corpora/apple-encoded/markdown-sample.json"), encoding: .utf8)
        let markdown = try String(contentsOf: JSONTestSupport.shared("corpora/apple-encoded/markdown-sample.md"), encoding: .utf8)
        let fromJSON = JSONTestSupport.read(json, path: "markdown-sample.json")
        let fromMarkdown = MarkdownReader().read(markdown, path: "markdown-sample.md")
        #expect(fromJSON.diagnostics.isEmpty)
        let expected = JSONTestSupport.html(fromMarkdown.note.blocks)
        #expect(JSONTestSupport.html(fromJSON.note.blocks) == expected)
        #expect(expected.contains("<li>one</li>") && expected.contains("<a href=\"https://automerge.org/\">"))
        #expect(fromJSON.note.wordCount == fromMarkdown.note.wordCount)
    }

    @Test(arguments: ["trip-notes", "sunday-pancakes", "meeting-notes"])
    func seedNoteRendersLikeItsMarkdownTwin(name: String) throws {
        let json = try String(contentsOf: JSONTestSupport.shared("seed-notes/\(name).json"), encoding: .utf8)
        let markdown = try String(contentsOf: JSONTestSupport.shared("seed-notes/\(name).md"), encoding: .utf8)
        let fromJSON = JSONTestSupport.read(json, path: "\(name).json")
        let fromMarkdown = MarkdownReader().read(markdown, path: "\(name).md")
        #expect(fromJSON.diagnostics.isEmpty)
        #expect(JSONTestSupport.html(fromJSON.note.blocks) == JSONTestSupport.html(fromMarkdown.note.blocks))
        #expect(fromJSON.note.wordCount == fromMarkdown.note.wordCount)
        var metadata = fromJSON.note.metadata
        #expect(metadata.id != nil)
        metadata.id = nil
        #expect(metadata == fromMarkdown.note.metadata)
    }

    @Test func tripNotesHasTwelveWordsAndALevelTwoHeading() throws {
        let json = try String(contentsOf: JSONTestSupport.shared("seed-notes/trip-notes.json"), encoding: .utf8)
        let note = JSONTestSupport.read(json).note
        #expect(note.wordCount == 12)
        #expect(
            JSONTestSupport.html(note.blocks)
                == "<h2 id=\"trip-notes\"><strong>Trip notes</strong></h2>\n"
                + "<p>Book the night train before Friday. <mark class=\"highlight highlight-yellow\">Seats sell out fast.</mark></p>\n")
        #expect(
            note.metadata
                == NoteMetadata(
                    id: "5A0C6B1E-2F4D-4C1B-9E7A-3D2B1C0A9F01", title: "Trip notes", date: "2026-06-12", tags: ["travel"]))
    }

    // MARK: Body shapes

    @Test func bareString() {
        #expect(html(#""Plain text""#) == "<p>Plain text</p>\n")
        #expect(html(#""""#).isEmpty)
    }

    @Test func typedTextMakesAParagraphOfEachLineAndSkipsBlankLines() {
        #expect(html(#""One\ntwo\n\n\nthree\n""#) == "<p>One</p>\n<p>two</p>\n<p>three</p>\n")
        #expect(html(#"["a\n \t\n", {}, "b", {"notebook.bold": true}, "\r\nc", {}]"#) == "<p>a</p>\n<p><strong>b</strong></p>\n<p>c</p>\n")
    }

    @Test func flatArrayAlternatesTextAndAttributes() {
        let json = #"["Book ", {}, "now", {"NSInlinePresentationIntent": 2}, "!", {}]"#
        #expect(html(json) == "<p>Book <strong>now</strong>!</p>\n")
    }

    @Test func keyedFormSharesAnAttributeTable() {
        let json = #"""
            {"runs": ["a ", 0, "b", {"NSInlinePresentationIntent": 3}, " c", 0, " d", {}],
             "attributeTable": [{"NSInlinePresentationIntent": 2}]}
            """#
        #expect(html(json) == "<p><strong>a <em>b</em> c</strong> d</p>\n")
    }

    @Test func envelopeFillsTheMetadata() {
        let json = #"""
            {"id": "X1", "title": "T", "date": "2026-05-01T10:00:00Z", "tags": [" travel ", "", "rail"],
             "draft": true, "summary": "S", "slug": "t", "aliases": ["/old/"], "body": "Hi"}
            """#
        let result = JSONTestSupport.read(json)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.note.metadata
                == NoteMetadata(
                    id: "X1", title: "T", date: "2026-05-01T10:00:00Z", tags: ["travel", "rail"], isDraft: true, summary: "S",
                    slug: "t", aliases: ["/old/"]))
        #expect(JSONTestSupport.html(result.note.blocks) == "<p>Hi</p>\n")
    }

    @Test func keyedBodyInsideTheEnvelope() {
        let json = #"{"title": "T", "body": {"runs": ["x", 0], "attributeTable": [{"notebook.italic": true}]}}"#
        #expect(html(json) == "<p><em>x</em></p>\n")
    }

    // MARK: Inline attributes

    @Test func inlinePresentationIntentBits() {
        let json = #"""
            ["a", {"NSInlinePresentationIntent": 1}, "b", {"NSInlinePresentationIntent": 2},
             "c", {"NSInlinePresentationIntent": 4}, "d", {"NSInlinePresentationIntent": 32},
             " ", {"NSInlinePresentationIntent": 64}, "e", {}, "\n", {"NSInlinePresentationIntent": 128},
             "<b>", {"NSInlinePresentationIntent": 256}, "f", {"NSInlinePresentationIntent": 3}]
            """#
        let blocks = JSONTestSupport.read(json).note.blocks
        #expect(
            JSONTestSupport.html(blocks, unsafeHTML: true)
                == "<p><em>a</em><strong>b</strong><code>c</code><del>d</del>\ne<br />\n<b><em><strong>f</strong></em></p>\n")
        guard case .paragraph(let inlines)? = blocks.first?.kind else {
            Issue.record("\(blocks)")
            return
        }
        #expect(inlines.contains { $0.kind == .softBreak } && inlines.contains { $0.kind == .lineBreak })
    }

    /// HTML comments in a JSON note's raw HTML are never published, as Markdown's are not: left
    /// out of an inline piece and of a block (a piece or block of comments alone is none), each
    /// placed for `convert`'s warning.
    @Test func htmlCommentsInRawHTMLAreLeftOut() {
        let json = #"""
            ["Json para ", {}, "<!-- JSECRET -->", {"NSInlinePresentationIntent": 256}, " tail ", {},
             "<b>x</b><!-- two -->", {"NSInlinePresentationIntent": 256}, "\n", {},
             "<div><!-- BLOCKSECRET --></div>", {"NSInlinePresentationIntent": 512}, "\n", {},
             "<!-- onlycomment -->", {"NSInlinePresentationIntent": 512}]
            """#
        let result = JSONTestSupport.read(json)
        for unsafe in [false, true] {
            let html = JSONTestSupport.html(result.note.blocks, unsafeHTML: unsafe)
            #expect(!html.contains("SECRET") && !html.contains("two") && !html.contains("onlycomment"), "\(html)")
            #expect(html.contains("tail") && html.contains("div"), "\(html)")
        }
        #expect(result.htmlComments.count == 4, "\(result.htmlComments)")
    }

    @Test func notebookKeys() {
        let json = #"""
            ["u", {"notebook.underline": "double"}, "s", {"notebook.strikethrough": "single"},
             "h", {"notebook.highlight": "green"}, "c", {"notebook.color": "#F00"},
             "t", {"notebook.textStyle": "caption"}, "z", {"notebook.scale": 1.5},
             "n", {"notebook.bold": false, "NSInlinePresentationIntent": 2}, "i", {"notebook.italic": true}]
            """#
        #expect(
            html(json)
                == "<p><u class=\"underline-double\">u</u><del>s</del><mark class=\"highlight highlight-green\">h</mark>"
                + "<span style=\"color: #ff0000\">c</span><span class=\"text-style-caption\">t</span>"
                + "<span style=\"font-size: 1.5em\">z</span><span class=\"not-bold\">n</span><em>i</em></p>\n")
    }

    @Test func paletteNamesComeFromTheReader() {
        let json = #"["x", {"notebook.highlight": "teal"}]"#
        #expect(AttributedJSONReader(palette: ["teal"]).read(json, path: "n.json").diagnostics.isEmpty)
        #expect(AttributedJSONReader().read(json, path: "n.json").diagnostics.map(\.code) == ["json.value"])
    }

    @Test func linksAsURLObjectsOrStrings() {
        let json = #"""
            ["a", {"NSLink": {"relative": "https:\/\/automerge.org\/"}}, " ", {},
             "b", {"NSLink": {"relative": "docs/page", "base": {"relative": "https://example.org/guide/index.html"}}}, " ", {},
             "c", {"NSLink": "mailto:x@example.org", "notebook.linkTitle": "Mail"}]
            """#
        #expect(
            html(json)
                == "<p><a href=\"https://automerge.org/\">a</a> <a href=\"https://example.org/guide/docs/page\">b</a> "
                + "<a href=\"mailto:x@example.org\" title=\"Mail\">c</a></p>\n")
    }

    @Test func imagesTakeTheirTextAsAlternative() {
        let json = #"""
            ["a cat", {"NSImageURL": {"relative": "cat.png"}, "notebook.linkTitle": "Cat"},
             "\uFFFC", {"NSImageURL": "dot.png", "NSAlternateDescription": ""},
             "x", {"NSImageURL": "y.png", "NSAlternateDescription": "why"}]
            """#
        #expect(
            html(json)
                == "<p><img src=\"cat.png\" alt=\"a cat\" title=\"Cat\" /><img src=\"dot.png\" alt=\"\" />"
                + "<img src=\"y.png\" alt=\"why\" /></p>\n")
        // Apple splits an image's runs where its alternative text's formatting changes.
        let split = #"["a ", {"NSImageURL": "i.png"}, "b", {"NSImageURL": "i.png", "NSInlinePresentationIntent": 1}]"#
        #expect(html(split) == "<p><img src=\"i.png\" alt=\"a b\" /></p>\n")
    }

    @Test func wikilinks() {
        let json = #"["Trip", {"notebook.wikilink": "Trip notes#Day 1"}, " and ", {}, "pancakes", {"notebook.wikilink": "Sunday Pancakes"}]"#
        let blocks = JSONTestSupport.read(json).note.blocks
        guard case .paragraph(let inlines)? = blocks.first?.kind, inlines.count == 3,
            case .span(let first, _) = inlines[0].kind, case .span(let last, _) = inlines[2].kind
        else {
            Issue.record("\(blocks)")
            return
        }
        #expect(first.wikilink == WikiLink(target: "Trip notes", heading: "Day 1"))
        #expect(last.wikilink == WikiLink(target: "Sunday Pancakes"))
    }

    // MARK: Presentation intents

    @Test func headersAndParagraphsEndWhereTheIdentityChanges() {
        let json = """
            ["Title", {\(intent((#"["header", 2]"#, 1)))}, "One", {\(intent((#"["paragraph"]"#, 2)))},
             "Two", {\(intent((#"["paragraph"]"#, 3)))}, " again", {\(intent((#"["paragraph"]"#, 3)))}]
            """
        #expect(html(json) == "<h2 id=\"title\">Title</h2>\n<p>One</p>\n<p>Two again</p>\n")
    }

    @Test func listsTakeTheirStartFromTheFirstOrdinal() {
        let item = { (ordinal: Int, identity: Int, list: Int, text: String) in
            "\"\(text)\", {\(self.intent((#"["paragraph"]"#, identity + 1), (#"["listItem", \#(ordinal)]"#, identity), (#"["orderedList"]"#, list)))}"
        }
        let json = "[\(item(3, 2, 1, "three")), \(item(4, 4, 1, "four"))]"
        let blocks = JSONTestSupport.read(json).note.blocks
        guard case .list(let list)? = blocks.first?.kind else {
            Issue.record("\(blocks)")
            return
        }
        #expect(list.isOrdered && list.start == 3 && list.isTight && list.items.count == 2)
        #expect(JSONTestSupport.html(blocks) == "<ol start=\"3\">\n<li>three</li>\n<li>four</li>\n</ol>\n")
    }

    @Test func listsAreTightUnlessAnItemHoldsTwoBlocksBesidesSublists() {
        let p = #"["paragraph"]"#
        let ul = #"["unorderedList"]"#
        // `- a` with a sublist `- b`, then `- c`: tight.
        let nested = """
            ["a", {\(intent((p, 3), (#"["listItem", 1]"#, 2), (ul, 1)))},
             "b", {\(intent((p, 6), (#"["listItem", 1]"#, 5), (ul, 4), (#"["listItem", 1]"#, 2), (ul, 1)))},
             "c", {\(intent((p, 8), (#"["listItem", 2]"#, 7), (ul, 1)))}]
            """
        #expect(html(nested) == "<ul>\n<li>a\n<ul>\n<li>b</li>\n</ul>\n</li>\n<li>c</li>\n</ul>\n")
        // An item with two paragraphs makes the list loose.
        let loose = """
            ["a", {\(intent((p, 3), (#"["listItem", 1]"#, 2), (ul, 1)))},
             "more", {\(intent((p, 4), (#"["listItem", 1]"#, 2), (ul, 1)))},
             "c", {\(intent((p, 6), (#"["listItem", 2]"#, 5), (ul, 1)))}]
            """
        #expect(html(loose) == "<ul>\n<li>\n<p>a</p>\n<p>more</p>\n</li>\n<li>\n<p>c</p>\n</li>\n</ul>\n")
    }

    @Test func taskItemsTakeTheirStateFromTheirOwnRuns() {
        let p = #"["paragraph"]"#
        let ul = #"["unorderedList"]"#
        let json = """
            ["done", {"notebook.task": true, \(intent((p, 3), (#"["listItem", 1]"#, 2), (ul, 1)))},
             "sub", {\(intent((p, 6), (#"["listItem", 1]"#, 5), (ul, 4), (#"["listItem", 1]"#, 2), (ul, 1)))},
             "open", {"notebook.task": false, \(intent((p, 8), (#"["listItem", 2]"#, 7), (ul, 1)))}]
            """
        let blocks = JSONTestSupport.read(json).note.blocks
        guard case .list(let list)? = blocks.first?.kind, list.items.count == 2,
            case .list(let sublist)? = list.items[0].blocks.last?.kind
        else {
            Issue.record("\(blocks)")
            return
        }
        #expect(list.items.map(\.task) == [true, false])
        #expect(sublist.items.map(\.task) == [nil])
    }

    @Test func blockQuotesAndCallouts() {
        let q = #"["blockQuote"]"#
        let p = #"["paragraph"]"#
        let quote = #"["Quoted", {\#(intent((p, 2), (q, 1)))}]"#
        #expect(html(quote) == "<blockquote>\n<p>Quoted</p>\n</blockquote>\n")
        let callout = """
            ["[!TIP] Mind the gap", {\(intent((p, 2), (q, 1)))}, "Stand back.", {\(intent((p, 3), (q, 1)))}]
            """
        #expect(
            html(callout)
                == "<div class=\"callout callout-tip\" data-callout=\"tip\" role=\"note\">\n"
                + "<p class=\"callout-title\">\(CalloutIcon.svg(.tip))Mind the gap</p>\n<p>Stand back.</p>\n</div>\n")
        let folded = """
            ["[!faq]- Why", {\(intent((p, 2), (q, 1)))}, "Because.", {\(intent((p, 3), (q, 1)))}]
            """
        #expect(
            html(folded)
                == "<details class=\"callout callout-question\" data-callout=\"faq\">\n"
                + "<summary class=\"callout-title\">\(CalloutIcon.svg(.question))Why</summary>\n<p>Because.</p>\n</details>\n")
    }

    @Test func codeBlocksThematicBreaksAndHTMLBlocks() {
        let json = """
            ["let x = 1\\n", {\(intent((#"["codeBlock", "swift"]"#, 1)))},
             "―", {\(intent((#"["thematicBreak"]"#, 2)))},
             "plain\\n", {\(intent((#"["codeBlock"]"#, 3)))},
             "<div>\\n<b>x</b>\\n</div>\\n", {"NSInlinePresentationIntent": 512, \(intent((#"["paragraph"]"#, 4)))}]
            """
        #expect(
            html(json, unsafeHTML: true)
                == "<pre><code class=\"language-swift\">let x = 1\n</code></pre>\n<hr />\n<pre><code>plain\n</code></pre>\n"
                + "<div>\n<b>x</b>\n</div>\n")
    }

    @Test func tablesPlaceCellsByColumn() {
        let table = #"["table", [{"alignment": 0}, {"alignment": 1}, {"alignment": 2}]]"#
        func cell(_ text: String, _ column: Int, _ identity: Int, row: String, _ rowIdentity: Int) -> String {
            "\"\(text)\", {\(intent((#"["tableCell", \#(column)]"#, identity), (row, rowIdentity), (table, 1)))}"
        }
        let header = #"["tableHeaderRow"]"#
        let row = #"["tableRow", 1]"#
        let json = """
            [\(cell("a", 0, 3, row: header, 2)), \(cell("b", 1, 4, row: header, 2)), \(cell("c", 2, 5, row: header, 2)),
             \(cell("z", 2, 8, row: row, 6)), \(cell("x", 0, 7, row: row, 6))]
            """
        #expect(
            html(json)
                == "<table>\n<thead>\n<tr>\n<th align=\"left\">a</th>\n<th align=\"center\">b</th>\n<th align=\"right\">c</th>\n"
                + "</tr>\n</thead>\n<tbody>\n<tr>\n<td align=\"left\">x</td>\n<td align=\"center\"></td>\n"
                + "<td align=\"right\">z</td>\n</tr>\n</tbody>\n</table>\n")
    }

    @Test func runsWithoutIntentAmongBlocksAreTypedText() {
        let json = """
            ["Heading", {\(intent((#"["header", 1]"#, 1)))}, "line one\\nline two", {}]
            """
        #expect(html(json) == "<h1 id=\"heading\">Heading</h1>\n<p>line one</p>\n<p>line two</p>\n")
    }

    @Test func titleStylesBecomeHeadingsOnlyThroughTextStyleHeadings() {
        let result = JSONTestSupport.read(#"["Big\n", {"notebook.textStyle": "largeTitle"}, "Body", {}]"#)
        guard case .paragraph? = result.note.blocks.first?.kind else {
            Issue.record("\(result.note.blocks)")
            return
        }
        #expect(JSONTestSupport.html(result.note.blocks) == "<h1 id=\"big\">Big</h1>\n<p>Body</p>\n")
    }

    @Test func nestingPastTheLimitIsFlattenedWithOneWarning() {
        let depth = MarkdownReader.maximumNesting + 6
        var components = [(kind: #"["paragraph"]"#, identity: 0)]
        for level in 0..<depth { components.append((kind: #"["blockQuote"]"#, identity: depth - level)) }
        let list = components.map { "{\"kind\":\($0.kind),\"identity\":\($0.identity)}" }.joined(separator: ",")
        let run = "{\"NSPresentationIntent\":{\"components\":[\(list)]}}"
        let result = JSONTestSupport.read("[\"deep\", \(run), \"deeper\", \(run)]")
        #expect(result.diagnostics.map(\.code) == ["json.nesting"])
        #expect(result.diagnostics.first?.location == Location(line: 1, column: 2))
        var depthSeen = 0
        var blocks = result.note.blocks
        while case .blockQuote(let children)? = blocks.first?.kind {
            depthSeen += 1
            blocks = children
        }
        #expect(depthSeen == MarkdownReader.maximumNesting)
        #expect(blocks.map(\.kind) == [.paragraph([.text("deepdeeper", at: Location(line: 1, column: 2))])])
    }

    @Test func locationsPointAtTheRunsText() {
        let json = "[\n \"Hello \", {},\n \"world\", {\"notebook.bold\": true}\n]"
        let blocks = JSONTestSupport.read(json).note.blocks
        #expect(blocks.first?.location == Location(line: 2, column: 2))
        guard case .paragraph(let inlines)? = blocks.first?.kind, inlines.count == 2 else {
            Issue.record("\(blocks)")
            return
        }
        #expect(inlines[1].location == Location(line: 3, column: 2))
    }
}
