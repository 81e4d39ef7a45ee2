import Foundation
import NotebookModel
import Testing

@testable import NotebookFormats

// MARK: - Helpers

private typealias Location = NotebookModel.SourceLocation

private func at(_ line: Int, _ column: Int) -> Location { Location(line: line, column: column) }

private func read(_ source: String, palette: [String] = Color.defaultPalette, path: String = "note.md") -> ReadResult {
    MarkdownReader(palette: palette).read(source, path: path)
}

/// `blocks` without source locations, to compare with models written out by hand.
private func stripped(_ blocks: [Block]) -> [Block] {
    blocks.map { block in
        let kind: Block.Kind
        switch block.kind {
        case .paragraph(let inlines): kind = .paragraph(stripped(inlines))
        case .heading(let level, let inlines): kind = .heading(level: level, stripped(inlines))
        case .list(var list):
            list.items = list.items.map { ListItem(task: $0.task, blocks: stripped($0.blocks)) }
            kind = .list(list)
        case .blockQuote(let children): kind = .blockQuote(stripped(children))
        case .callout(var callout):
            callout.title = stripped(callout.title)
            callout.blocks = stripped(callout.blocks)
            kind = .callout(callout)
        case .table(var table):
            table.header = table.header.map { TableCell(stripped($0.content)) }
            table.rows = table.rows.map { $0.map { TableCell(stripped($0.content)) } }
            kind = .table(table)
        case .footnoteDefinition(var definition):
            definition.blocks = stripped(definition.blocks)
            kind = .footnoteDefinition(definition)
        default: kind = block.kind
        }
        return Block(kind)
    }
}

private func stripped(_ inlines: [Inline]) -> [Inline] {
    inlines.map { inline in
        switch inline.kind {
        case .span(let formatting, let children): return .span(formatting, stripped(children))
        case .image(var image):
            image.alternative = stripped(image.alternative)
            return Inline(.image(image))
        default: return Inline(inline.kind)
        }
    }
}

/// A span found anywhere in a block tree: its formatting, its text, where it starts.
private struct FoundSpan {
    var formatting: Formatting
    var text: String
    var location: Location?
}

private func spans(in blocks: [Block]) -> [FoundSpan] {
    var found: [FoundSpan] = []
    func visit(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline.kind {
            case .span(let formatting, let children):
                found.append(FoundSpan(formatting: formatting, text: PlainText.of(children), location: inline.location))
                visit(children)
            case .image(let image): visit(image.alternative)
            default: break
            }
        }
    }
    func visit(_ blocks: [Block]) {
        for block in blocks {
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines): visit(inlines)
            case .list(let list): list.items.forEach { visit($0.blocks) }
            case .blockQuote(let children): visit(children)
            case .callout(let callout):
                visit(callout.title)
                visit(callout.blocks)
            case .table(let table): (table.header + table.rows.flatMap { $0 }).forEach { visit($0.content) }
            case .footnoteDefinition(let definition): visit(definition.blocks)
            default: break
            }
        }
    }
    visit(blocks)
    return found
}

/// The inlines of a note that is one paragraph.
private func onlyParagraph(_ result: ReadResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> [Inline]
{
    let blocks = result.note.blocks
    try #require(blocks.count == 1, "\(blocks)", sourceLocation: sourceLocation)
    guard case .paragraph(let inlines) = blocks[0].kind else {
        Issue.record("not a paragraph: \(blocks[0])", sourceLocation: sourceLocation)
        return []
    }
    return inlines
}

private func text(_ string: String) -> Inline { .text(string) }

/// The byte column (1-based) of the first `needle` in `line`.
private func byteColumn(of needle: String, in line: String) -> Int? {
    guard let range = line.range(of: needle) else { return nil }
    return line.utf8.distance(from: line.utf8.startIndex, to: range.lowerBound) + 1
}

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private func seed(_ name: String) throws -> String {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/seed-notes/\(name).md")
    return try String(contentsOf: url, encoding: .utf8)
}

private func fixture(_ name: String) throws -> String {
    let url = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/Markdown/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

// MARK: - Front matter and annotations

@Suite struct MarkdownReaderTests {
    @Test func frontMatterMetadata() {
        let source = """
            ---
            title: Sunday Pancakes
            date: 2026-10-03
            tags: [cooking, breakfast]
            draft: true
            summary: Fluffy ones.
            slug: pancakes
            aliases: [/old/pancakes/]
            ---
            Body.
            """
        let result = read(source, path: "notes/Cooking/Sunday Pancakes.md")
        #expect(
            result.note.metadata
                == NoteMetadata(
                    title: "Sunday Pancakes", date: "2026-10-03", tags: ["cooking", "breakfast"], isDraft: true,
                    summary: "Fluffy ones.", slug: "pancakes", aliases: ["/old/pancakes/"]))
        #expect(result.note.path == "notes/Cooking/Sunday Pancakes.md")
        #expect(result.diagnostics.isEmpty)
        #expect(stripped(result.note.blocks) == [Block(.paragraph([text("Body.")]))])
        #expect(result.note.blocks.first?.location == at(10, 1))
    }

    @Test func tripNotesSeed() throws {
        let result = read(try seed("trip-notes"), path: "trip-notes.md")
        #expect(result.diagnostics.isEmpty)
        #expect(result.note.metadata == NoteMetadata(title: "Trip notes", date: "2026-06-12", tags: ["travel"]))
        #expect(
            stripped(result.note.blocks) == [
                Block(.paragraph([.span(Formatting(bold: true, textStyle: .title2), [text("Trip notes")])])),
                Block(.paragraph([
                    text("Book the night train before Friday. "),
                    .span(Formatting(highlight: .palette("yellow")), [text("Seats sell out fast.")]),
                ])),
            ])
        #expect(result.note.blocks.map(\.location) == [at(7, 1), at(9, 1)])
        #expect(result.note.wordCount == 12)
    }

    @Test func annotationWithSeveralKeys() throws {
        let result = read(
            "^[Seats](highlight: 'green', underline: 'single', bold: true, italic: false, strikethrough: \"double\", "
                + "color: '#ABC', textStyle: 'title3', scale: 1.5,)")
        #expect(result.diagnostics.isEmpty)
        let expected = Formatting(
            bold: true, italic: false, underline: .single, strikethrough: .double, highlight: .palette("green"),
            color: .hex("#aabbcc"), textStyle: .title3, scale: 1.5)
        #expect(stripped(try onlyParagraph(result)) == [.span(expected, [text("Seats")])])
    }

    @Test func nestedAnnotations() throws {
        let result = read("^[a ^[b](italic: true) c](bold: true)")
        #expect(result.diagnostics.isEmpty)
        #expect(
            stripped(try onlyParagraph(result)) == [
                .span(Formatting(bold: true), [text("a "), .span(Formatting(italic: true), [text("b")]), text(" c")])
            ])
        let three = read("^[^[^[x](underline: 'dotted')](color: 'primary')](highlight: 'pink')")
        #expect(three.diagnostics.isEmpty)
        #expect(
            stripped(try onlyParagraph(three)) == [
                .span(
                    Formatting(highlight: .palette("pink")),
                    [.span(Formatting(color: .semantic(.primary)), [.span(Formatting(underline: .dotted), [text("x")])])])
            ])
    }

    @Test func markdownInsideAnnotationBrackets() throws {
        let result = read("^[**bold** and _it_](highlight: 'green')")
        #expect(result.diagnostics.isEmpty)
        #expect(
            stripped(try onlyParagraph(result)) == [
                .span(
                    Formatting(highlight: .palette("green")),
                    [.span(Formatting(bold: true), [text("bold")]), text(" and "), .span(Formatting(italic: true), [text("it")])])
            ])
        let link = read("^[see [docs](https://example.com) and `code`](bold: true)")
        #expect(
            stripped(try onlyParagraph(link)) == [
                .span(
                    Formatting(bold: true),
                    [
                        text("see "), .span(Formatting(link: Link(destination: "https://example.com")), [text("docs")]),
                        text(" and "), .span(Formatting(code: true), [text("code")]),
                    ])
            ])
    }

    @Test func annotationsInOtherContainers() throws {
        let heading = read("# ^[Title](color: 'red')")
        #expect(stripped(heading.note.blocks) == [Block(.heading(level: 1, [.span(Formatting(color: .palette("red")), [text("Title")])]))])
        let softBreak = read("^[a\nb](bold: true)")
        #expect(stripped(try onlyParagraph(softBreak)) == [.span(Formatting(bold: true), [text("a"), Inline(.softBreak), text("b")])])
        let inLink = read("[link ^[x](bold: true)](https://e.com \"T\")")
        #expect(
            stripped(try onlyParagraph(inLink)) == [
                .span(
                    Formatting(link: Link(destination: "https://e.com", title: "T")),
                    [text("link "), .span(Formatting(bold: true), [text("x")])])
            ])
        let table = read("| h |\n|---|\n| ^[c](italic: true) |")
        guard case .table(let t) = table.note.blocks.first?.kind else {
            Issue.record("no table: \(table.note.blocks)")
            return
        }
        #expect(stripped(t.rows[0][0].content) == [.span(Formatting(italic: true), [text("c")])])
    }

    /// Diagnostics point into the file, front matter lines counted; the text is kept in every case.
    @Test func annotationDiagnosticsPointIntoTheFile() throws {
        let source = try fixture("located.md")
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line7 = lines[6]
        let result = read(source, path: "located.md")
        let found = result.diagnostics.map { "\($0.severity) \($0.code) \($0.location.map(String.init(describing:)) ?? "-")" }
        #expect(
            found == [
                "error annotation.value 7:49", "warning annotation.unknown-key 7:68", "error annotation.json5 7:100",
            ])
        // The same places, found in the fixture's own text.
        #expect(byteColumn(of: "'wavy'", in: line7) == 49)
        #expect(byteColumn(of: "sparkle", in: line7) == 68)
        #expect(byteColumn(of: "tru)", in: line7) == 100)
        #expect(result.diagnostics.allSatisfy { $0.path == "located.md" })
        #expect(result.diagnostics[0].message.contains("'wavy'"))
        #expect(result.diagnostics[0].message.contains("underline"))
        #expect(result.diagnostics[1].message.contains("'sparkle'"))
        #expect(result.diagnostics[2].message.contains("JSON5"))
        let paragraph = result.note.blocks.first { $0.location?.line == 7 }
        guard case .paragraph(let inlines)? = paragraph?.kind else {
            Issue.record("no paragraph on line 7: \(result.note.blocks)")
            return
        }
        #expect(PlainText.of(inlines) == "A paragraph with bold and bad and odd and ^[broken](bold: tru).")
        // No formatting comes from the bad attributes.
        let formatted = spans(in: [paragraph!]).filter { $0.text != "bold" }
        #expect(formatted.allSatisfy { $0.formatting == .plain }, "\(formatted.map(\.formatting))")
    }

    @Test func valueErrorKeepsTheOtherKeys() throws {
        let result = read("^[x](bold: true, underline: 'wavy', highlight: 'red;x', color: 'url(x)', scale: 11, textStyle: 'huge')")
        #expect(result.diagnostics.map(\.code) == Array(repeating: "annotation.value", count: 5))
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
        #expect(result.diagnostics.map { $0.location?.column } == [29, 48, 64, 81, 96])
        #expect(stripped(try onlyParagraph(result)) == [.span(Formatting(bold: true), [text("x")])])
    }

    @Test func unknownKeyIsAWarningAndTheRestApplies() throws {
        let result = read("^[x](bold: true, sparkle: 1)")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.code == "annotation.unknown-key")
        #expect(result.diagnostics.first?.location == at(1, 18))
        #expect(stripped(try onlyParagraph(result)) == [.span(Formatting(bold: true), [text("x")])])
    }

    @Test func brokenJSON5IsAnErrorAndTheMarkupStaysAsWritten() throws {
        for (source, column) in [("^[x](bold: tru)", 12), ("^[x](: true)", 6), ("^[x](bold true)", 11), ("^[x](bold: true,, x: 1)", 17)] {
            let result = read("Go " + source + " now")
            #expect(result.diagnostics.count == 1, "\(source)")
            #expect(result.diagnostics.first?.severity == .error, "\(source)")
            #expect(result.diagnostics.first?.code == "annotation.json5", "\(source)")
            #expect(result.diagnostics.first?.location == at(1, column + 3), "\(source)")
            #expect(PlainText.of(try onlyParagraph(result)) == "Go \(source) now", "\(source)")
        }
        // An unclosed quote is the reader's error too, not markup passing for text.
        let unclosed = read("A ^[x](highlight: 'yellow) b.")
        #expect(unclosed.diagnostics.map(\.code) == ["annotation.json5"])
        #expect(unclosed.diagnostics.first?.message.contains("unterminated string") == true)
        #expect(unclosed.diagnostics.first?.location == at(1, 19))
        #expect(PlainText.of(try onlyParagraph(unclosed)) == "A ^[x](highlight: 'yellow) b.")
    }

    @Test func diagnosticColumnsCountUTF8Bytes() {
        let result = read("---\ntitle: Café\n---\nCafé ^[x](bold: 1)")
        #expect(result.diagnostics.map(\.location) == [at(4, 18)])
    }

    @Test func crlfLineEndings() throws {
        let result = read("---\r\ntitle: T\r\n---\r\n\r\nA ^[x](bold: 1)\r\n")
        #expect(result.note.metadata.title == "T")
        #expect(result.note.blocks.first?.location == at(5, 1))
        #expect(result.diagnostics.map(\.location) == [at(5, 14)])
        #expect(PlainText.of(try onlyParagraph(result)) == "A x")
    }

    /// CommonMark and the front matter reader both end lines at a lone CR as well.
    @Test func loneCarriageReturnLineEndings() throws {
        let result = read("---\rtitle: T\r---\r\rA ^[x](bold: 1)\r")
        #expect(result.note.metadata.title == "T")
        #expect(result.note.blocks.first?.location == at(5, 1))
        #expect(result.diagnostics.map(\.location) == [at(5, 14)])
    }

    // MARK: Highlights

    @Test func highlightUsesThePalettesFirstColor() throws {
        #expect(stripped(try onlyParagraph(read("==x=="))) == [.span(Formatting(highlight: .palette("yellow")), [text("x")])])
        let custom = read("a ==big deal== b", palette: ["green", "pink"])
        #expect(
            stripped(try onlyParagraph(custom))
                == [text("a "), .span(Formatting(highlight: .palette("green")), [text("big deal")]), text(" b")])
        #expect(stripped(try onlyParagraph(read("==**x**=="))) == [
            .span(Formatting(highlight: .palette("yellow")), [.span(Formatting(bold: true), [text("x")])])
        ])
    }

    @Test func equalsSignsThatAreNotHighlights() throws {
        // White space outside ASCII counts as white space next to a marker, as a character's.
        for source in ["a == b", "a ==b == c", "x === y ===", "==open only", "close only==", "a ==\u{3000}b==", "==b\u{2003}== c"] {
            #expect(stripped(try onlyParagraph(read(source))) == [text(source)], "\(source)")
        }
        // A setext underline is not a highlight.
        #expect(stripped(read("Title\n==\n").note.blocks) == [Block(.heading(level: 1, [text("Title")]))])
    }

    @Test func highlightsNextToCharactersOutsideASCII() throws {
        let yellow = Formatting(highlight: .palette("yellow"))
        #expect(stripped(try onlyParagraph(read("==é==")))  == [.span(yellow, [text("é")])])
        #expect(stripped(try onlyParagraph(read("a ==日本== b"))) == [text("a "), .span(yellow, [text("日本")]), text(" b")])
        // A space and a combining mark are one character, which starts with white space: no closer.
        #expect(stripped(try onlyParagraph(read("==b \u{301}== c"))) == [text("==b \u{301}== c")])
    }

    @Test func highlightIsNotPairedAcrossACodeSpan() throws {
        let open = read("==a `b==` c")
        #expect(stripped(try onlyParagraph(open)) == [text("==a "), .span(Formatting(code: true), [text("b==")]), text(" c")])
        let around = read("==a `x==y` b==")
        #expect(
            stripped(try onlyParagraph(around)) == [
                .span(Formatting(highlight: .palette("yellow")), [text("a "), .span(Formatting(code: true), [text("x==y")]), text(" b")])
            ])
    }

    @Test func highlightsAndAnnotationsNestOrStayText() throws {
        #expect(
            stripped(try onlyParagraph(read("==a ^[b](bold: true) c=="))) == [
                .span(Formatting(highlight: .palette("yellow")), [text("a "), .span(Formatting(bold: true), [text("b")]), text(" c")])
            ])
        // Crossing pairs: the annotation wins, the stray `==` stay text.
        #expect(
            stripped(try onlyParagraph(read("^[a ==b](bold: true) c=="))) == [
                .span(Formatting(bold: true), [text("a ==b")]), text(" c=="),
            ])
    }

    @Test func escapedSyntaxIsText() throws {
        #expect(stripped(try onlyParagraph(read("\\==x=="))) == [text("==x==")])
        #expect(stripped(try onlyParagraph(read("\\^[x](bold: true)"))) == [text("^[x](bold: true)")])
        #expect(stripped(try onlyParagraph(read("^\\[x](bold: true)"))) == [text("^[x](bold: true)")])
        #expect(stripped(try onlyParagraph(read("\\[[T]]"))) == [text("[[T]]")])
        #expect(read("\\^[x](bold: tru)").diagnostics.isEmpty)
    }

    /// `&#x700;` decodes to a character the reader may use as a token marker; it must stay text.
    @Test func characterReferencesToMarkerCharactersStayText() throws {
        let result = read("[[Secret]] and &#x700;0&#x701; and &#1792;0&#1793;")
        #expect(
            stripped(try onlyParagraph(result)) == [
                .span(Formatting(wikilink: WikiLink(target: "Secret")), [text("Secret")]),
                text(" and \u{700}0\u{701} and \u{700}0\u{701}"),
            ])
        let link = read("^[x](bold: true) [a](&#x700;1&#x701;)")
        let destinations = spans(in: link.note.blocks).compactMap(\.formatting.link?.destination)
        #expect(destinations == ["\u{700}1\u{701}"])
    }

    /// When the note holds every character the reader could use as a marker, notebook syntax
    /// cannot be read; the note must say so rather than silently show the syntax as text.
    @Test func noteHoldingEveryMarkerCandidate() {
        let candidates: [UInt32] =
            Array(0x700...0x70D) + Array(0x55A...0x55F) + Array(0x7F7...0x7F9) + Array(0x66A...0x66D)
            + [0x5F3, 0x5F4, 0x5C0, 0x5C3, 0x5C6, 0x609, 0x60A]
        let all = String(String.UnicodeScalarView(candidates.compactMap(Unicode.Scalar.init)))
        let result = read(all + "\n\n^[x](bold: true) ==y== [[T]]")
        let formatted = spans(in: result.note.blocks).contains { $0.formatting.bold == true }
        #expect(formatted || !result.diagnostics.isEmpty, "annotation neither read nor reported: \(result.note.blocks)")
        #expect(PlainText.of(result.note.blocks).contains("x"))
    }

    // MARK: Wikilinks

    @Test func wikilinksInEveryForm() throws {
        let result = read("[[Sunday Pancakes]] [[Sunday Pancakes|pancakes]] [[Sunday Pancakes#Batter]] [[#Batter]] [[Cooking/Sunday Pancakes#Batter|the batter]]")
        #expect(result.diagnostics.isEmpty)
        let space = text(" ")
        #expect(
            stripped(try onlyParagraph(result)) == [
                .span(Formatting(wikilink: WikiLink(target: "Sunday Pancakes")), [text("Sunday Pancakes")]), space,
                .span(Formatting(wikilink: WikiLink(target: "Sunday Pancakes")), [text("pancakes")]), space,
                .span(Formatting(wikilink: WikiLink(target: "Sunday Pancakes", heading: "Batter")), [text("Sunday Pancakes")]),
                space,
                .span(Formatting(wikilink: WikiLink(target: "", heading: "Batter")), [text("Batter")]), space,
                .span(Formatting(wikilink: WikiLink(target: "Cooking/Sunday Pancakes", heading: "Batter")), [text("the batter")]),
            ])
    }

    @Test func embeds() throws {
        let result = read("![[img.png]] ![[Photo.JPEG]] ![[Other note]]")
        #expect(
            stripped(try onlyParagraph(result)) == [
                Inline(.image(Image(source: "img.png", alternative: [text("img.png")], isEmbed: true))), text(" "),
                Inline(.image(Image(source: "Photo.JPEG", alternative: [text("Photo.JPEG")], isEmbed: true))), text(" "),
                .span(Formatting(wikilink: WikiLink(target: "Other note", isEmbed: true)), [text("Other note")]),
            ])
    }

    @Test func wikilinkInATableCellDoesNotSplitTheCell() throws {
        let result = read("| note | other |\n|---|---|\n| [[A\\|B]] | c |")
        guard case .table(let table) = result.note.blocks.first?.kind else {
            Issue.record("no table: \(result.note.blocks)")
            return
        }
        #expect(table.header.count == 2)
        #expect(table.rows.count == 1)
        #expect(table.rows.first?.count == 2)
        #expect(stripped(table.rows[0][0].content) == [.span(Formatting(wikilink: WikiLink(target: "A")), [text("B")])])
        #expect(stripped(table.rows[0][1].content) == [text("c")])
    }

    @Test func notWikilinks() throws {
        for source in ["[[]]", "[[a:b]]", "[[a?]]", "[[[x]]]", "`[[T]]`x", "[[T]"] {
            let found = spans(in: read(source).note.blocks).compactMap(\.formatting.wikilink)
            #expect(found.isEmpty, "\(source): \(found)")
        }
    }

    /// A `[[…]]` whose target holds a character no name may hold is no wikilink: Markdown reads it
    /// as any brackets, and when the page shows it as written the reader warns at its `[[`, saying
    /// why and, for a web address, what to write. Nothing is said where code, a comment, a link or
    /// a reference took it, and what Markdown makes of it is as before.
    @Test func refusedWikilinksWarnWhereShownAsWritten() throws {
        let cases: [(source: String, line: Int, column: Int, says: String)] = [
            ("See [[a:b]] here", 1, 5, "may not hold ':'"),
            ("See [[a:b]] here", 1, 5, "link the note by its file name: [[file name|a:b]]"),
            ("x ![[q?.pdf]]", 1, 3, "may not hold '?'"),
            ("[[https://example.org/y|why]] and", 1, 1, "not a URL; write [why](https://example.org/y)"),
            ("go ![[https://example.org/x.pdf]]", 1, 4, "write ![](https://example.org/x.pdf)"),
            ("**[[\"quoted\"]]**", 1, 3, "may not hold '\"'"),
            ("[[https://example.org/my_page#frag]]", 1, 1, "write [text](https://example.org/my_page#frag)"),
            ("a [[https://example.org/a b]]", 1, 3, "write [text](<https://example.org/a b>)"),
            ("$[[m:a]]$ text", 1, 2, "may not hold ':'"),
            ("| A |\n|---|\n| x [[Note: more\\|label]] |", 3, 5, "[[file name|label]]"),
            ("> - é [[a:b]]", 1, 8, "may not hold ':'"),
            // Where a paragraph's later lines start left of its first.
            ("> quote\n[[a:b]]", 2, 1, "may not hold ':'"),
            ("- item\n[[a:b]]", 2, 1, "may not hold ':'"),
            ("a[^1]\n\n[^1]: para\n    [[a:b]] see", 4, 5, "may not hold ':'"),
            // One that no text shows does not hide the next.
            ("[[a\\:b]] then [[c:d]] shown", 1, 15, "[[file name|c:d]]"),
            ("[[https://example.org/x)y]]", 1, 1, "write [text](<https://example.org/x)y>)"),
            ("[[Note: more#Heading]]", 1, 1, "[[file name#Heading|Note: more]]"),
            // At a line's start before a colon: no definition, shown as written.
            ("[[a:b]]: x", 1, 1, "may not hold ':'"),
        ]
        for (source, line, column, says) in cases {
            let result = read(source)
            #expect(spans(in: result.note.blocks).compactMap(\.formatting.wikilink).isEmpty, "\(source)")
            #expect(result.diagnostics.count == 1, "\(source): \(result.diagnostics)")
            let warning = try #require(result.diagnostics.first)
            #expect(warning.severity == .warning && warning.code == "wikilink.name")
            #expect(warning.location == NotebookModel.SourceLocation(line: line, column: column), "\(source)")
            #expect(warning.message.contains(says), "\(warning.message)")
        }
        // Shown as written.
        #expect(PlainText.of(read("See [[a:b]] and ![[q?.pdf]] here").note.blocks) == "See [[a:b]] and ![[q?.pdf]] here")
        // Two alike on a line, one taken by a link: only the other is warned about.
        let two = read("[[a:b]](https://example.org/) then [[a:b]]").diagnostics
        #expect(two.map(\.location) == [NotebookModel.SourceLocation(line: 1, column: 36)], "\(two)")
        // An address of another scheme, or one Markdown's `<…>` cannot hold, is named as one,
        // with nothing to write instead.
        for address in ["[[ftp://example.org/x]]", "[[s3://bucket/key]]", "[[git+ssh://h/r]]", "[[https://x.org/a b>c]]", "[[https://x.org/a\tb]]"] {
            let said = try #require(read(address).diagnostics.first, "\(address)").message
            #expect(said.hasSuffix("not a URL") && !said.contains("write"), "\(said)")
        }
        // In the order of the text, though the converter finishes emphasis first.
        let ordered = read("[[c:d]] *[[a:b]]* ~~[[e:f]]~~ [[g:h]]").diagnostics.map(\.location)
        #expect(ordered == [1, 10, 21, 31].map { NotebookModel.SourceLocation(line: 1, column: $0) }, "\(ordered)")
        // A long one is quoted in part.
        let long = read("[[" + String(repeating: "a:", count: 5000) + "]]").diagnostics
        #expect(long.count == 1 && long[0].message.count < 450, "\(long.first?.message.count ?? 0)")
        #expect(long.first?.message.hasPrefix("'[[" + String(repeating: "a:", count: 29) + "…' is shown as written") == true)
        // Nothing said where Markdown read it as something else, or where nothing shows it.
        for quiet in [
            "`[[a:b]]`", "%%[[a:b]]%% x", "```\n[[a:b]]\n```", "    [[a:b]]", "[[]]", "[[ok]]", "[[T#Part: two]]",
            "[[arXiv:1]](https://example.org/)", "![[fig: one]](https://example.org/f.png)",
            "[[a:b]]\n\n[a:b]: https://example.org/ab", "[[see: docs]][docs]\n\n[docs]: https://example.org/d",
            "<div>\n[[a:b]]\n</div>", "[x](<a:b> \"[[a:b]]\")", "\\[[a:b]]", "[[a:==b==]]", "[[a: *b*]]",
            // Links, autolinks and images take what they hold.
            "www.x.org/[[a:b]]", "https://x.org/[[a:b]]", "[see [[a:b]] there](https://e.org/)", "[*[[a:b]]*](https://e.org/)",
            "![alt [[a:b]] x](https://e.org/i.png)",
            // `\|` shows as `|` outside a table: not as written.
            "b [[a:b\\|c]] c",
        ] {
            #expect(read(quiet).diagnostics.isEmpty, "\(quiet): \(read(quiet).diagnostics)")
        }
        // What Markdown makes of them is its own: a link whose text is `[arXiv:1]`.
        let cited = spans(in: read("[[arXiv:1]](https://example.org/)").note.blocks).compactMap(\.formatting.link)
        #expect(cited.map(\.destination) == ["https://example.org/"])
    }

    /// Notebook syntax is Markdown inside an annotation, so a wikilink may be annotated.
    @Test func annotatedWikilink() throws {
        let result = read("^[[[T]]](bold: true)")
        #expect(
            stripped(try onlyParagraph(result)) == [
                .span(Formatting(bold: true), [.span(Formatting(wikilink: WikiLink(target: "T")), [text("T")])])
            ])
    }

    // MARK: Blocks

    @Test func callouts() {
        let result = read(
            """
            > [!NOTE]
            > Body text

            > [!WARNING] Mind the gap
            > Body

            > [!tip] Title only

            > [!Question]- **Bold** title
            >
            > Second paragraph

            > plain quote
            """)
        #expect(
            stripped(result.note.blocks) == [
                Block(.callout(Callout(kind: "note", title: [], blocks: [Block(.paragraph([text("Body text")]))]))),
                Block(.callout(Callout(kind: "warning", title: [text("Mind the gap")], blocks: [Block(.paragraph([text("Body")]))]))),
                Block(.callout(Callout(kind: "tip", title: [text("Title only")], blocks: []))),
                Block(
                    .callout(
                        Callout(
                            kind: "question", title: [.span(Formatting(bold: true), [text("Bold")]), text(" title")],
                            blocks: [Block(.paragraph([text("Second paragraph")]))], folding: .closed))),
                Block(.blockQuote([Block(.paragraph([text("plain quote")]))])),
            ])
    }

    @Test func taskItems() {
        let result = read("- [ ] todo\n- [x] done\n- [X] also done\n- plain")
        guard case .list(let list) = result.note.blocks.first?.kind else {
            Issue.record("no list: \(result.note.blocks)")
            return
        }
        #expect(list.items.map(\.task) == [false, true, true, nil])
        #expect(list.items.map { PlainText.of(stripped($0.blocks)) } == ["todo", "done", "also done", "plain"])
        #expect(!list.isOrdered)
        #expect(list.isTight)
    }

    @Test func orderedListStart() {
        guard case .list(let list) = read("3. three\n4. four").note.blocks.first?.kind else {
            Issue.record("no list")
            return
        }
        #expect(list.isOrdered)
        #expect(list.start == 3)
    }

    @Test func tableWithAlignment() {
        let result = read("| L | C | R | N |\n|:--|:-:|--:|---|\n| 1 | **2** | 3 | 4 |\n| 5 |")
        #expect(
            stripped(result.note.blocks) == [
                Block(
                    .table(
                        Table(
                            alignments: [.left, .center, .right, .none],
                            header: ["L", "C", "R", "N"].map { TableCell([text($0)]) },
                            rows: [
                                [TableCell([text("1")]), TableCell([.span(Formatting(bold: true), [text("2")])]), TableCell([text("3")]), TableCell([text("4")])],
                                [TableCell([text("5")]), TableCell([]), TableCell([]), TableCell([])],
                            ])))
            ])
    }

    @Test func footnotesAreOrderedByFirstReference() throws {
        let result = read("Text[^a] more[^b] and again[^a].\n\n[^b]: Bee.\n[^a]: Ay.\n[^c]: Never referred to.")
        let references = spans(in: result.note.blocks).compactMap(\.formatting.footnote)
        let definitions = result.note.blocks.compactMap { block -> FootnoteDefinition? in
            if case .footnoteDefinition(let d) = block.kind { d } else { nil }
        }
        #expect(definitions.map { PlainText.of(stripped($0.blocks)) } == ["Ay.", "Bee."])
        try #require(references.count == 3)
        #expect(references[0] == references[2])
        #expect(references[0] != references[1])
        // Each reference names the definition it points to.
        #expect(definitions.map { FootnoteDefinition.key($0.label) } == [references[0], references[1]].map(FootnoteDefinition.key))
        #expect(PlainText.of(try onlyParagraphBlocks(result)) == "Text more and again.")
    }

    /// The model keeps the author's labels, as the definitions wrote them; references name
    /// their definition's label.
    @Test func footnoteLabelsAreTheAuthors() {
        let result = read("Text[^a] more[^Note] and again[^a].\n\n[^note]: Bee.\n[^a]: Ay.")
        let references = spans(in: result.note.blocks).compactMap(\.formatting.footnote)
        let labels = result.note.blocks.compactMap { block -> String? in
            if case .footnoteDefinition(let d) = block.kind { d.label } else { nil }
        }
        #expect(references == ["a", "note", "a"])
        #expect(labels == ["a", "note"])
    }

    private func onlyParagraphBlocks(_ result: ReadResult) throws -> [Inline] {
        let paragraphs = result.note.blocks.compactMap { block -> [Inline]? in
            if case .paragraph(let inlines) = block.kind { inlines } else { nil }
        }
        try #require(paragraphs.count == 1)
        return paragraphs[0]
    }

    @Test func codeBlocksKeepNotebookSyntax() {
        let syntax = "^[x](bold: true) ==x== [[T]] ![[i.png]] ^[y](bold: tru)"
        let source = """
            ```
            \(syntax)
            ```

            ~~~swift
            \(syntax)
            ~~~

                \(syntax)

            > ```
            > \(syntax)
            > ```
            """
        let result = read(source)
        #expect(result.diagnostics.isEmpty)
        let codes = result.note.blocks.map { block -> CodeBlock? in
            switch block.kind {
            case .codeBlock(let code): code
            case .blockQuote(let children): if case .codeBlock(let code)? = children.first?.kind { code } else { nil }
            default: nil
            }
        }
        #expect(
            codes == [
                CodeBlock(code: syntax + "\n"), CodeBlock(language: "swift", code: syntax + "\n"), CodeBlock(code: syntax + "\n"),
                CodeBlock(code: syntax + "\n"),
            ])
    }

    @Test func inlineCodeKeepsNotebookSyntax() throws {
        let result = read("`^[x](bold: true)` and ``==x== ` [[T]]`` and `^[y](bold: tru)`")
        #expect(result.diagnostics.isEmpty)
        #expect(
            stripped(try onlyParagraph(result)) == [
                .span(Formatting(code: true), [text("^[x](bold: true)")]), text(" and "),
                .span(Formatting(code: true), [text("==x== ` [[T]]")]), text(" and "),
                .span(Formatting(code: true), [text("^[y](bold: tru)")]),
            ])
    }

    @Test func notebookSyntaxOff() throws {
        let reader = MarkdownReader(notebookSyntax: false)
        let (blocks, diagnostics) = reader.readBody("==x== [[T]] ^[y](bold: tru)\n\n> [!NOTE]\n> body", path: "n.md")
        #expect(diagnostics.isEmpty)
        #expect(spans(in: blocks).allSatisfy { $0.formatting.wikilink == nil && $0.formatting.highlight == nil })
        #expect(PlainText.of(Array(blocks.prefix(1))).contains("==x== [[T]]"))
        guard case .callout(let callout)? = blocks.last?.kind else {
            Issue.record("callouts are always read: \(blocks)")
            return
        }
        #expect(callout.kind == "note")
    }

    // MARK: Source locations

    @Test func sourceLocationsOfBlocksAndInlines() throws {
        let source = try fixture("located.md")
        let blocks = read(source, path: "located.md").note.blocks
        try #require(blocks.count == 5, "\(blocks)")
        #expect(blocks.map(\.location) == [at(5, 1), at(7, 1), at(9, 1), at(12, 1), at(15, 1)])
        // The heading's annotation and the paragraph's bold text.
        let found = spans(in: blocks)
        #expect(found.first { $0.text == "one" }?.location == at(5, 11))
        #expect(found.first { $0.text == "bold" && $0.formatting.bold == true }?.location == at(7, 18))
        #expect(found.first { $0.text == "bad" }?.location == at(7, 31))
        guard case .paragraph(let inlines) = blocks[1].kind else {
            Issue.record("not a paragraph")
            return
        }
        #expect(inlines.first?.location == at(7, 1))
        // The bad annotation's markup is text, joined to the text before it.
        #expect(inlines.last?.location == at(7, 79))
        guard case .list(let list) = blocks[2].kind else {
            Issue.record("not a list")
            return
        }
        #expect(list.items.map(\.location) == [at(9, 1), at(10, 1)])
        #expect(list.items.map(\.task) == [nil, false])
        #expect(list.items.map { $0.blocks.first?.location } == [at(9, 3), at(10, 7)])
        guard case .callout(let callout) = blocks[3].kind else {
            Issue.record("not a callout")
            return
        }
        #expect(callout.title.first?.location == at(12, 3))
        #expect(callout.blocks.first?.location == at(13, 3))
        guard case .table(let table) = blocks[4].kind else {
            Issue.record("not a table")
            return
        }
        #expect(table.alignments == [.left, .right])
        #expect(table.header.map(\.location) == [at(15, 2), at(15, 6)])
        #expect(table.rows.first?.map(\.location) == [at(17, 2), at(17, 6)])
    }

    @Test func locationAfterAnnotationOnTheSameLine() throws {
        let inlines = try onlyParagraph(read("x\n^[a](bold: true) tail"))
        #expect(inlines.map(\.location) == [at(1, 1), nil, at(2, 1), at(2, 17)])
    }

    @Test func paragraphOnLineSevenAfterFourFrontMatterLines() throws {
        let source = "---\ntitle: T\ndate: 2026-01-01\n---\n# Heading\n\nPara with **bold** and ^[ann](italic: true) tail\n"
        let result = read(source)
        #expect(result.note.blocks.map(\.location) == [at(5, 1), at(7, 1)])
        let found = spans(in: result.note.blocks)
        #expect(found.map(\.location) == [at(7, 11), at(7, 24)])
    }
}
