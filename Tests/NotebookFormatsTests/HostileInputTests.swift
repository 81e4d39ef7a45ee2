import NotebookSource
import Foundation
import NotebookModel
import Testing
import TestSupport

@testable import NotebookFormats

/// How deep a model nests: block containers (quotes, callouts, lists) and inline spans
/// (spans and images), each measured on its own, walked with an explicit stack.
private struct NestingDepth: Equatable, CustomStringConvertible {
    var blocks = 0
    var inlines = 0
    /// Every block and inline visited.
    var nodes = 0

    var description: String { "blocks \(blocks), inlines \(inlines), nodes \(nodes)" }

    static func of(_ blocks: [Block]) -> NestingDepth {
        enum Item {
            case block(Block, Int)
            case inline(Inline, Int)
        }
        var result = NestingDepth()
        var stack: [Item] = blocks.map { .block($0, 0) }
        while let item = stack.popLast() {
            result.nodes += 1
            switch item {
            case .block(let block, let depth):
                switch block.kind {
                case .paragraph(let inlines), .heading(_, let inlines):
                    stack.append(contentsOf: inlines.map { .inline($0, 0) })
                case .blockQuote(let children):
                    result.blocks = max(result.blocks, depth + 1)
                    stack.append(contentsOf: children.map { .block($0, depth + 1) })
                case .callout(let callout):
                    result.blocks = max(result.blocks, depth + 1)
                    stack.append(contentsOf: callout.title.map { .inline($0, 0) })
                    stack.append(contentsOf: callout.blocks.map { .block($0, depth + 1) })
                case .list(let list):
                    result.blocks = max(result.blocks, depth + 1)
                    for item in list.items { stack.append(contentsOf: item.blocks.map { .block($0, depth + 1) }) }
                case .table(let table):
                    for cell in table.header + table.rows.flatMap({ $0 }) {
                        stack.append(contentsOf: cell.content.map { .inline($0, 0) })
                    }
                case .footnoteDefinition(let definition):
                    stack.append(contentsOf: definition.blocks.map { .block($0, depth) })
                case .codeBlock, .thematicBreak, .html:
                    break
                }
            case .inline(let inline, let depth):
                switch inline.kind {
                case .span(_, let children):
                    result.inlines = max(result.inlines, depth + 1)
                    stack.append(contentsOf: children.map { .inline($0, depth + 1) })
                case .image(let image):
                    result.inlines = max(result.inlines, depth + 1)
                    stack.append(contentsOf: image.alternative.map { .inline($0, depth + 1) })
                case .text, .softBreak, .lineBreak:
                    break
                }
            }
        }
        return result
    }
}

/// Inputs no note should hold, built in code.
private enum HostileInputs {
    static func repeated(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }

    static let nestedQuotes = repeated(">", 100_000) + " x"
    static let nestedListsOnOneLine = repeated("- ", 100_000) + "x"
    static let indentedLists = (0..<2_000).map { repeated("  ", $0) + "- item \($0)" }.joined(separator: "\n") + "\n"
    static let nestedAnnotations = repeated("^[", 5_000) + "x" + repeated("](bold: true)", 5_000)
    static let nestedStrong = repeated("*", 100_000) + "x" + repeated("*", 100_000)
    static let nestedUnderscores = repeated("_", 100_000) + "x" + repeated("_", 100_000)
    static let nestedBrackets = repeated("[", 100_000) + "x" + repeated("]", 100_000)
    static let thousandColumnTable: String = {
        let columns = 0..<1_000
        let header = "|" + columns.map { " c\($0) |" }.joined()
        let delimiter = "|" + columns.map { $0 % 3 == 0 ? ":--|" : $0 % 3 == 1 ? ":-:|" : "--:|" }.joined()
        let row = "|" + columns.map { " v\($0) |" }.joined()
        return [header, delimiter, row, row].joined(separator: "\n") + "\n"
    }()

    /// About 10 MB of ordinary notes: mostly prose, with headings, every kind of syntax, lists and callouts.
    static let tenMegabytes: String = {
        let prose = repeated(
            "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et "
                + "dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut. ", 6)
        let chunk = """
            ## Section heading

            Rest the batter for *ten minutes* before ^[cooking](underline: 'single', bold: true). The ==pan== \
            should be [[Sunday Pancakes|hot]] and `code ==x==` here, see [link](https://example.com).

            \(prose)
            \(prose)

            \(prose)

            - [ ] item one with **bold**
            - [x] item two

            > [!NOTE] A callout
            > with a body


            """
        let count = 10 * 1024 * 1024 / chunk.utf8.count + 1
        return repeated(chunk, count)
    }()
}

@Suite struct HostileInputTests {
    private func read(_ source: String) -> ReadResult {
        MarkdownReader().read(source, path: "hostile.md")
    }

    private func codes(_ result: ReadResult) -> [String] { result.diagnostics.map(\.code) }

    /// Nesting past the limit is a warning, and the model stays within the limit with the text kept.
    private func expectBounded(
        _ result: ReadResult, keeps text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let depth = NestingDepth.of(result.note.blocks)
        #expect(codes(result).contains("markdown.nesting"), "\(codes(result))", sourceLocation: sourceLocation)
        #expect(
            result.diagnostics.filter { $0.code == "markdown.nesting" }.allSatisfy { $0.severity == .warning },
            sourceLocation: sourceLocation)
        #expect(depth.blocks <= MarkdownReader.maximumNesting, "\(depth)", sourceLocation: sourceLocation)
        #expect(depth.inlines <= MarkdownReader.maximumNesting, "\(depth)", sourceLocation: sourceLocation)
        #expect(PlainText.of(result.note.blocks).contains(text), sourceLocation: sourceLocation)
        #expect(!result.diagnostics.hasErrors, sourceLocation: sourceLocation)
    }

    @Test func emptyFile() {
        let result = read("")
        #expect(result.note.blocks.isEmpty)
        #expect(result.diagnostics.isEmpty)
        #expect(result.note.metadata == NoteMetadata())
        #expect(read("\n\n   \n").note.blocks.isEmpty)
    }

    @Test func onlyFrontMatter() {
        for source in ["---\ntitle: Only\n---\n", "---\ntitle: Only\n---", "---\r\ntitle: Only\r\n...\r\n"] {
            let result = read(source)
            #expect(result.note.blocks.isEmpty, "\(source.debugDescription)")
            #expect(result.diagnostics.isEmpty, "\(source.debugDescription)")
            #expect(result.note.metadata.title == "Only", "\(source.debugDescription)")
        }
        let empty = read("---\n---\n")
        #expect(empty.note.blocks.isEmpty)
        #expect(empty.diagnostics.isEmpty)
        let unclosed = read("---\ntitle: Only\n")
        #expect(codes(unclosed) == ["frontmatter.unclosed"])
        #expect(unclosed.diagnostics.first?.location == NotebookModel.SourceLocation(line: 1, column: 1))
    }

    @Test func binaryGarbage() {
        var generator = SplitMix64(state: 0x5EED_2026)
        let bytes = generator.bytes(200 * 1024)
        let (text, decoding) = SourceText.decode(bytes, path: "garbage.md")
        #expect(decoding.map(\.code) == ["source.utf8"])
        #expect(decoding.first?.severity == .warning)
        let result = read(text)
        #expect(!result.note.blocks.isEmpty)
        // A second, different stream, with Markdown's special characters mixed in.
        var second = SplitMix64(state: 42)
        let alphabet = Array("*_[]()^=!`<>|#-+ \n\\:'\"{}~&;x".utf8)
        let markdownish = (0..<200 * 1024).map { _ in alphabet[Int(second.next() % UInt64(alphabet.count))] }
        let (markdown, none) = SourceText.decode(markdownish, path: "garbage.md")
        #expect(none.isEmpty)
        let parsed = read(markdown)
        #expect(NestingDepth.of(parsed.note.blocks).inlines <= MarkdownReader.maximumNesting)
        #expect(NestingDepth.of(parsed.note.blocks).blocks <= MarkdownReader.maximumNesting)
    }

    @Test(arguments: [
        ([0x6F, 0x6B, 0x0A, 0x61, 0x62, 0xFF, 0x63] as [UInt8], 2, 3),
        ([0x61, 0xE2, 0x82], 1, 2),
        ([0xC0, 0x80, 0x0A], 1, 1),
        ([0x0A, 0x0A, 0xC3, 0xA9, 0xED, 0xA0, 0x80], 3, 3),
        ([0x61, 0x0A, 0x62, 0x0A, 0xF8, 0x88, 0x80, 0x80, 0x80], 3, 1),
    ])
    func invalidUTF8(_ bytes: [UInt8], _ line: Int, _ column: Int) {
        let (text, diagnostics) = SourceText.decode(bytes, path: "bad.md")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.code == "source.utf8")
        #expect(diagnostics.first?.path == "bad.md")
        #expect(diagnostics.first?.location == NotebookModel.SourceLocation(line: line, column: column))
        #expect(text.contains("\u{FFFD}"))
        _ = read(text)
    }

    @Test func validUTF8HasNoWarning() {
        let (text, diagnostics) = SourceText.decode(Array("Café ✓ 🎉\n".utf8), path: "ok.md")
        #expect(diagnostics.isEmpty)
        #expect(text == "Café ✓ 🎉\n")
        let (withoutBOM, none) = SourceText.decode([0xEF, 0xBB, 0xBF] + Array("# T\n".utf8), path: "ok.md")
        #expect(none.isEmpty)
        #expect(withoutBOM == "# T\n")
    }

    /// Columns count the file's bytes, as `FrontMatter` does for a file opening with a BOM (column 4).
    @Test func invalidUTF8AfterAByteOrderMark() {
        let (_, diagnostics) = SourceText.decode([0xEF, 0xBB, 0xBF, 0x61, 0x62, 0xFF], path: "bom.md")
        #expect(diagnostics.first?.location == NotebookModel.SourceLocation(line: 1, column: 6))
    }

    @Test func nulBytes() {
        let source = "a\u{0}b\n\n\u{0}\u{0}\n\n^[x\u{0}](bold: true) [[a\u{0}b]] `c\u{0}d` ==\u{0}==\n\n```\n\u{0}\n```\n"
        let (text, diagnostics) = SourceText.decode(Array(source.utf8), path: "nul.md")
        #expect(diagnostics.isEmpty)
        let result = read(text)
        let plain = PlainText.of(result.note.blocks)
        // CommonMark: NUL is replaced by U+FFFD, wherever it stands.
        let hasNUL = plain.unicodeScalars.contains("\u{0}")
        #expect(!hasNUL, "\(plain.debugDescription)")
        #expect(plain.contains("a\u{FFFD}b"))
        let wikilinks = result.note.blocks.flatMap { block -> [WikiLink] in
            guard case .paragraph(let inlines) = block.kind else { return [] }
            return inlines.compactMap { if case .span(let f, _) = $0.kind { f.wikilink } else { nil } }
        }
        let targetsHaveNUL = wikilinks.contains { $0.target.unicodeScalars.contains("\u{0}") }
        #expect(!targetsHaveNUL, "\(wikilinks.map(\.target.debugDescription))")
    }

    @Test func tenMegabyteNote() {
        let source = HostileInputs.tenMegabytes
        #expect(source.utf8.count >= 10 * 1024 * 1024)
        let result = read(source)
        #expect(result.diagnostics.isEmpty)
        let depth = NestingDepth.of(result.note.blocks)
        #expect(depth.nodes > 100_000)
        #expect(result.note.wordCount > 1_000_000)
    }

    @Test func hundredThousandNestedQuotes() {
        expectBounded(read(HostileInputs.nestedQuotes), keeps: "x")
    }

    @Test func hundredThousandNestedListsOnOneLine() {
        expectBounded(read(HostileInputs.nestedListsOnOneLine), keeps: "x")
    }

    @Test func thousandsOfIndentedListLevels() {
        let result = read(HostileInputs.indentedLists)
        expectBounded(result, keeps: "item 1999")
        #expect(PlainText.of(result.note.blocks).contains("item 0"))
        #expect(result.note.wordCount == 4_000)
    }

    @Test func fiveThousandNestedAnnotations() {
        let result = read(HostileInputs.nestedAnnotations)
        expectBounded(result, keeps: "x")
        #expect(PlainText.of(result.note.blocks) == "x")
        #expect(!codes(result).contains("annotation.value"))
    }

    @Test func hundredThousandAsterisksAndUnderscores() {
        for source in [HostileInputs.nestedStrong, HostileInputs.nestedUnderscores] {
            expectBounded(read(source), keeps: "x")
        }
        for mark in ["*", "_"] {
            // A thematic break, openers without closers, closers without openers.
            for source in [
                HostileInputs.repeated(mark, 100_000), HostileInputs.repeated(mark + "a", 100_000),
                HostileInputs.repeated("a" + mark + " ", 50_000), HostileInputs.repeated(mark + mark + "a ", 50_000),
            ] {
                let result = read(source)
                #expect(NestingDepth.of(result.note.blocks).inlines <= MarkdownReader.maximumNesting)
                #expect(!result.diagnostics.hasErrors)
            }
        }
    }

    @Test func hundredThousandBrackets() {
        let nested = read(HostileInputs.nestedBrackets)
        #expect(PlainText.of(nested.note.blocks).contains("x"))
        #expect(NestingDepth.of(nested.note.blocks).inlines <= MarkdownReader.maximumNesting)
        for source in [
            HostileInputs.repeated("[", 100_000), HostileInputs.repeated("]", 100_000), HostileInputs.repeated("[[", 50_000),
            HostileInputs.repeated("^[", 50_000), HostileInputs.repeated("[a](", 25_000), HostileInputs.repeated("![[a", 25_000),
            // Annotation closers with no `)` on their line (the reader scans the rest of the line for each).
            HostileInputs.repeated("^[a](", 2_000),
        ] {
            let result = read(source)
            #expect(!result.note.blocks.isEmpty)
            #expect(!result.diagnostics.hasErrors)
        }
    }

    @Test func longLines() {
        let words = HostileInputs.repeated("word ", 200_000)
        #expect(read(words).note.wordCount == 200_000)
        let solid = HostileInputs.repeated("a", 1_000_000)
        #expect(PlainText.of(read(solid).note.blocks) == solid)
        let annotations = read(HostileInputs.repeated("^[a](bold: true) ", 10_000))
        #expect(annotations.diagnostics.isEmpty)
        #expect(annotations.note.wordCount == 10_000)
        let links = read(HostileInputs.repeated("[[Note]] ==x== ", 10_000))
        #expect(links.note.wordCount == 20_000)
    }

    @Test func thousandColumnTable() {
        let result = read(HostileInputs.thousandColumnTable)
        guard case .table(let table)? = result.note.blocks.first?.kind else {
            Issue.record("no table")
            return
        }
        #expect(table.alignments.count == 1_000)
        #expect(table.alignments.prefix(3) == [.left, .center, .right])
        #expect(table.header.count == 1_000)
        #expect(table.rows.count == 2)
        #expect(table.rows.allSatisfy { $0.count == 1_000 })
        #expect(PlainText.of(table.rows[1][999].content) == "v999")
        #expect(result.note.wordCount == 3_000)
    }
}
