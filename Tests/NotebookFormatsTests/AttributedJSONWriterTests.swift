import Foundation
import NotebookModel
import Testing

@testable import NotebookFormats

private func paragraph(_ inlines: [Inline]) -> Block { Block(.paragraph(inlines)) }

private func note(_ blocks: [Block], metadata: NoteMetadata = NoteMetadata()) -> Note {
    Note(path: "note.md", metadata: metadata, blocks: blocks)
}

/// The attribute objects of the runs of written JSON, in order, whatever the shape.
private func runAttributes(_ json: String) throws -> [(text: String, attributes: JSONValue)] {
    let (document, error) = JSONParser.parse(json)
    #expect(error == nil)
    var body = try #require(document.root)
    if let members = body.members, !RunListReader.isKeyedBody(members) { body = try #require(body.member("body")?.value) }
    if body.string != nil { return [] }
    var table: [JSONValue] = []
    var elements: [JSONValue]
    if let runs = body.member("runs")?.value.elements {
        elements = Array(runs)
        table = Array(try #require(body.member("attributeTable")?.value.elements))
    } else {
        elements = Array(try #require(body.elements))
    }
    var out: [(text: String, attributes: JSONValue)] = []
    for index in stride(from: 0, to: elements.count, by: 2) {
        let attributes = elements[index + 1].integer.map { table[$0] } ?? elements[index + 1]
        out.append((try #require(elements[index].string), attributes))
    }
    return out
}

/// JSON text with keys sorted and no white space, to compare documents written differently.
private func canonical(_ json: String) -> String {
    func convert(_ value: JSONValue) -> JSONOutput {
        if let text = value.string { return .string(text) }
        if let flag = value.bool { return .bool(flag) }
        if let integer = value.integer { return .integer(integer) }
        if let number = value.number { return .number(number) }
        if let elements = value.elements { return .array(elements.map(convert)) }
        if let members = value.members { return .object(sorting: members.map { ($0.key, convert($0.value)) }) }
        return .string("null")
    }
    guard let root = JSONParser.parse(json).document.root else { return "" }
    return convert(root).text(pretty: false)
}

@Suite struct AttributedJSONWriterTests {
    private func write(_ blocks: [Block], metadata: NoteMetadata = NoteMetadata()) -> (json: String, warnings: [Diagnostic]) {
        AttributedJSONWriter().write(note(blocks, metadata: metadata))
    }

    // MARK: Apple's shapes and bytes

    @Test func theWrittenBytesAreStable() throws {
        let blocks = [
            Block(.heading(level: 1, [.text("Title")])),
            paragraph([.text("A "), .span(Formatting(bold: true), [.text("b/c")]), Inline(.softBreak), .text("d")]),
        ]
        let (json, warnings) = write(blocks)
        #expect(warnings.isEmpty)
        #expect(json == (try JSONTestSupport.fixture("writer-golden.json")))
        #expect(write(blocks).json == json)
    }

    @Test func anEmptyNoteIsAnEmptyString() {
        #expect(write([]).json == "\"\"\n")
    }

    @Test func upToTenRunsAreAFlatArrayAndMoreAKeyedTable() throws {
        func words(_ count: Int) -> [Block] {
            [paragraph((0..<count).flatMap { [.text("w\($0) "), .span(Formatting(italic: true), [.text("i")])] }.dropLast())]
        }
        let ten = write(words(5)).json
        #expect(ten.hasPrefix("[\n \"w0 \",\n {"))
        #expect(try runAttributes(ten).count == 9)
        let eleven = write(words(6)).json
        #expect(eleven.hasPrefix("{\n \"attributeTable\": [\n"))
        let runs = try runAttributes(eleven)
        #expect(runs.count == 11)
        // Two attribute objects in all, shared in order of first use.
        let (document, _) = JSONParser.parse(eleven)
        #expect(document.root?.member("attributeTable")?.value.elements.map(Array.init)?.count == 2)
        #expect(document.root?.member("runs")?.value.elements?.compactMap(\.integer) == [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0])
    }

    @Test func theEnvelopeHoldsTheMetadataWithSortedKeys() throws {
        let metadata = NoteMetadata(
            id: "A", title: "T/1", date: "2026-06-12", tags: ["x"], isDraft: true, summary: "S", slug: "t", aliases: ["/o/"])
        let json = write([paragraph([.text("Hi")])], metadata: metadata).json
        let (document, error) = JSONParser.parse(json)
        #expect(error == nil)
        let keys = try #require(document.root?.members).map(\.key)
        #expect(keys == ["aliases", "body", "date", "draft", "id", "slug", "summary", "tags", "title"])
        #expect(json.contains("\"title\": \"T\\/1\""))
        let back = JSONTestSupport.read(json)
        #expect(back.diagnostics.isEmpty)
        #expect(back.note.metadata == metadata)
        // A draft flag of false is not written.
        #expect(!write([], metadata: NoteMetadata(title: "T")).json.contains("draft"))
    }

    /// Reading Apple's own output and writing it again gives Apple's document back, key order and
    /// white space aside.
    @Test func appleEncodedSampleIsWrittenAsAppleWroteIt() throws {
        let json = try String(contentsOf: JSONTestSupport.shared("corpora/apple-encoded/markdown-sample.json"), encoding: .utf8)
        let written = AttributedJSONWriter().write(JSONTestSupport.read(json).note)
        #expect(written.warnings.isEmpty)
        #expect(canonical(written.json) == canonical(json))
    }

    @Test(arguments: ["trip-notes", "sunday-pancakes", "meeting-notes"])
    func seedNotesComeBackWhole(name: String) throws {
        let json = try String(contentsOf: JSONTestSupport.shared("seed-notes/\(name).json"), encoding: .utf8)
        let note = JSONTestSupport.read(json).note
        let written = AttributedJSONWriter().write(note)
        #expect(written.warnings.isEmpty)
        let back = JSONTestSupport.read(written.json)
        #expect(back.diagnostics.isEmpty)
        #expect(back.note.metadata == note.metadata)
        #expect(JSONTestSupport.html(back.note.blocks) == JSONTestSupport.html(note.blocks))
        #expect(AttributedJSONWriter().write(back.note).json == written.json)
    }

    // MARK: Attributes

    @Test func emphasisAndCodeAreInlineIntentBitsTheRestNotebookKeys() throws {
        let formatting: [(Formatting, String)] = [
            (Formatting(italic: true), #"{"NSInlinePresentationIntent":1}"#),
            (Formatting(bold: true, italic: true, code: true), #"{"NSInlinePresentationIntent":7}"#),
            (Formatting(strikethrough: .single), #"{"NSInlinePresentationIntent":32}"#),
            (Formatting(rawHTML: true), #"{"NSInlinePresentationIntent":256}"#),
            (Formatting(bold: false, italic: false), #"{"notebook.bold":false,"notebook.italic":false}"#),
            (Formatting(underline: .dotted, strikethrough: .double), #"{"notebook.strikethrough":"double","notebook.underline":"dotted"}"#),
            (Formatting(highlight: .palette("green"), color: .hex("#ff0000")), ##"{"notebook.color":"#ff0000","notebook.highlight":"green"}"##),
            (Formatting(textStyle: .title2, scale: 1.25), #"{"notebook.scale":1.25,"notebook.textStyle":"title2"}"#),
            (Formatting(link: Link(destination: "https://x.org/a", title: "T")), #"{"NSLink":{"relative":"https:\/\/x.org\/a"},"notebook.linkTitle":"T"}"#),
            (Formatting(wikilink: WikiLink(target: "Trip notes", heading: "Day 1")), #"{"notebook.wikilink":"Trip notes#Day 1"}"#),
        ]
        for (format, expected) in formatting {
            let json = write([paragraph([.span(format, [.text("x")])])]).json
            let attributes = try #require(try runAttributes(json).first).attributes
            var members = Array(try #require(attributes.members))
            members.removeAll { $0.key == JSONKeys.presentationIntent }
            #expect(canonical("{" + members.map { "\"\($0.key)\":\(Self.text(of: $0.value))" }.joined(separator: ",") + "}") == expected)
            #expect(JSONTestSupport.read(json).diagnostics.isEmpty)
        }
    }

    /// The JSON text of a parsed value, compact with sorted keys.
    private static func text(of value: JSONValue) -> String {
        if let text = value.string { return JSONOutput.string(text).text(pretty: false) }
        if let flag = value.bool { return String(flag) }
        if let integer = value.integer { return String(integer) }
        if let number = value.number { return JSONOutput.numberText(number) }
        if let elements = value.elements { return "[" + elements.map(text(of:)).joined(separator: ",") + "]" }
        if let members = value.members {
            return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\(text(of: $0.value))" }.joined(separator: ",") + "}"
        }
        return "null"
    }

    @Test func breaksAreApplesRuns() throws {
        let runs = try runAttributes(
            write([paragraph([.text("a"), Inline(.softBreak), .text("b"), Inline(.lineBreak), .text("c")])]).json)
        #expect(runs.map(\.text) == ["a", " ", "b", "\n", "c"])
        #expect(runs.map { $0.attributes.member(JSONKeys.inlineIntent)?.value.integer } == [nil, 64, nil, 128, nil])
    }

    @Test func imagesAreTheirAlternativeText() throws {
        let image = Image(source: "cat.png", title: "Cat", alternative: [.text("a cat")])
        let empty = Image(source: "dot.png")
        let runs = try runAttributes(write([paragraph([Inline(.image(image)), Inline(.image(empty))])]).json)
        #expect(runs.map(\.text) == ["a cat", "\u{FFFC}"])
        #expect(Self.text(of: runs[0].attributes).contains(#""NSImageURL":{"relative":"cat.png"},"#))
        #expect(Self.text(of: runs[0].attributes).contains(#""notebook.linkTitle":"Cat""#))
        #expect(Self.text(of: runs[1].attributes).contains(#""NSAlternateDescription":"""#))
    }

    @Test(arguments: [true, false])
    func aListsTightnessComesBackWhereverAReaderWouldGuessIt(_ tight: Bool) throws {
        let items = [
            ListItem(blocks: [paragraph([.text("a")])]),
            ListItem(blocks: [paragraph([.text("b")]), Block(.codeBlock(CodeBlock(language: nil, code: "x\n")))]),
        ]
        for shown in [Array(items.prefix(1)), items] {
            let (json, warnings) = write([Block(.list(List(isOrdered: false, isTight: tight, items: shown)))])
            #expect(warnings.isEmpty)
            let back = AttributedJSONReader().read(json, path: "note.json")
            #expect(back.diagnostics.isEmpty)
            guard case .list(let list) = back.note.blocks.first?.kind else {
                Issue.record("no list")
                continue
            }
            #expect(list.isTight == tight, "\(json)")
            let guessed = ListTightness.guess(shown) == tight
            #expect(json.contains("notebook.isTight") == !guessed, "written only where the guess is wrong: \(json)")
        }
    }

    @Test func blocksGetIdentitiesInDocumentOrder() throws {
        let list = List(
            isOrdered: true, start: 3,
            items: [
                ListItem(task: true, blocks: [paragraph([.text("a")])]),
                ListItem(blocks: []),
                ListItem(blocks: [paragraph([.text("b")]), Block(.codeBlock(CodeBlock(language: "swift", code: "x\n")))]),
            ])
        let (json, warnings) = write([Block(.thematicBreak), Block(.list(list)), paragraph([.text("end")])])
        #expect(warnings.map(\.message) == ["an empty list item is left out: a run cannot be empty"])
        let runs = try runAttributes(json)
        let intents = runs.map { Self.text(of: $0.attributes.member(JSONKeys.presentationIntent)!.value) }
        #expect(runs.map(\.text) == ["\u{2015}", "a", "b", "x\n", "end"])
        #expect(intents == [
            #"{"components":[{"identity":1,"kind":["thematicBreak"]}]}"#,
            // A tight list whose item holds two blocks would be guessed loose: its component says it is tight.
            #"{"components":[{"identity":4,"kind":["paragraph"]},{"identity":3,"kind":["listItem",3]},{"identity":2,"kind":["orderedList"],"notebook.isTight":true}]}"#,
            #"{"components":[{"identity":6,"kind":["paragraph"]},{"identity":5,"kind":["listItem",4]},{"identity":2,"kind":["orderedList"],"notebook.isTight":true}]}"#,
            #"{"components":[{"identity":7,"kind":["codeBlock","swift"]},{"identity":5,"kind":["listItem",4]},{"identity":2,"kind":["orderedList"],"notebook.isTight":true}]}"#,
            #"{"components":[{"identity":8,"kind":["paragraph"]}]}"#,
        ])
        #expect(runs.map { $0.attributes.member(JSONKeys.task)?.value.bool } == [nil, true, nil, nil, nil])
    }

    @Test func tablesAndCalloutsAndHTMLBlocks() throws {
        let table = Table(
            alignments: [.left, .right], header: [TableCell([.text("h1")]), TableCell([.text("h2")])],
            rows: [[TableCell([]), TableCell([.text("v")])]])
        let callout = Callout(kind: "warning", title: [.text("Careful")], blocks: [paragraph([.text("Hot.")])])
        let blocks = [Block(.table(table)), Block(.callout(callout)), Block(.html("<div>\n</div>\n"))]
        let (json, warnings) = write(blocks)
        #expect(warnings.isEmpty)
        let back = JSONTestSupport.read(json)
        #expect(back.diagnostics.isEmpty)
        #expect(JSONTestSupport.html(back.note.blocks, unsafeHTML: true) == JSONTestSupport.html(blocks, unsafeHTML: true))
        let runs = try runAttributes(json)
        #expect(runs.map(\.text) == ["h1", "h2", "v", "[!warning] Careful", "Hot.", "<div>\n</div>\n"])
        #expect(runs.last?.attributes.member(JSONKeys.inlineIntent)?.value.integer == 512)
    }

    // MARK: What JSON cannot hold

    @Test func whatTheFormatCannotHoldIsAWarningNamingIt() {
        let at = NotebookModel.SourceLocation(line: 4, column: 2)
        let italic = Formatting(italic: true)
        let cases: [(Block, String)] = [
            (paragraph([.text("a"), .span(Formatting(footnote: "1"), [], at: at)]), "the footnote reference [^1] is left out: JSON has no footnotes"),
            (Block(.footnoteDefinition(FootnoteDefinition(label: "1", blocks: [paragraph([.text("x")])])), at: at),
             "the footnote definition [^1] is left out: JSON has no footnotes"),
            (paragraph([.span(italic, [.text("a "), .span(italic, [.text("b")], at: at)])]),
             "italic inside the same italic is written as one span: runs cannot nest a formatting in itself"),
            (paragraph([.span(italic, [.text("a")]), .span(italic, [.text("b")], at: at)]),
             "two neighbouring spans with the same italic join into one: runs cannot tell them apart"),
            (Block(.heading(level: 2, []), at: at), "an empty heading is left out: a run cannot be empty"),
            (Block(.codeBlock(CodeBlock(code: "")), at: at), "an empty code block is left out: a run cannot be empty"),
            (Block(.blockQuote([]), at: at), "an empty block quote is left out: a run cannot be empty"),
            (paragraph([.text("x"), .span(Formatting(link: Link(destination: "u")), [], at: at)]),
             "a link to 'u' with no text is left out: a run cannot be empty"),
            (Block(.table(Table(alignments: [.none], header: [TableCell([.text("h")])], rows: [])), at: at),
             "table columns without alignment are written as left-aligned: Apple's columns are left, center or right"),
            (paragraph([Inline(.image(Image(source: "i.png", alternative: [.span(italic, [.text("a")])])), at: at)]),
             "the formatting of an image's alternative text is left out: it is written as plain text"),
            (paragraph([Inline(.image(Image(source: "i.png", alternative: [.text("i")], isEmbed: true)), at: at)]),
             "the embed ![[i.png]] is written as an ordinary image"),
            (paragraph([.span(Formatting(link: Link(destination: "u")), [Inline(.image(Image(source: "i.png", title: "T", alternative: [.text("i")])), at: at)])]),
             "the title of an image inside a link is left out: one title key serves both"),
            (paragraph([.span(Formatting(scale: 20), [.text("x")], at: at)]), "scale 20.0 is left out: a scale is from 0.1 to 10"),
            (Block(.list(List(isOrdered: true, start: Int.max, items: [ListItem(blocks: [paragraph([.text("a")])])])), at: at),
             "the list start \(Int.max) is written as 999999998: an item's number has at most nine digits"),
            (paragraph([.text("a"), Inline(.image(Image(source: "i.png", alternative: [.text("i")]))), Inline(.image(Image(source: "i.png", alternative: [.text("i")])), at: at)]),
             "two neighbouring images or breaks with the same attributes read back as one"),
        ]
        for (block, message) in cases {
            let warnings = write([paragraph([.text("before")]), block]).warnings
            #expect(warnings.map(\.message) == [message])
            #expect(warnings.map(\.location) == [at], "\(message)")
            #expect(warnings.allSatisfy { $0.severity == .warning && $0.code == "json.unexpressible" && $0.path == "note.md" })
        }
    }

    @Test func deepModelsAreFlattenedWithAWarning() {
        var block = paragraph([.text("deep")])
        for _ in 0..<(BodyEncoder.maximumDepth + 5) { block = Block(.blockQuote([block])) }
        let (json, warnings) = write([block])
        #expect(warnings.map(\.message) == ["blocks nest deeper than 256 levels; the deeper levels are flattened"])
        #expect(JSONTestSupport.read(json).diagnostics.map(\.code) == ["json.nesting"])
    }
}
