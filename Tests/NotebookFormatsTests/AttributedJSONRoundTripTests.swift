import Foundation
import NotebookModel
import NotebookRender
import Testing

@testable import NotebookFormats

/// Markdown → model → JSON → model renders as Markdown → model does, for every example of the
/// CommonMark and GFM specs and for a generated corpus of notes.
///
/// What Apple's format cannot hold is listed below by file and example number, with the reason;
/// every other example must come back whole.
@Suite struct AttributedJSONRoundTripTests {
    /// Why an example does not come back whole.
    enum Loss: String, CaseIterable {
        case emptyBlock = "an empty block (heading, code block, quote, list item) has no run: Apple's runs cannot be empty"
        case unalignedColumn = "a column without alignment comes back left-aligned: Apple's columns are left, center or right"
        case nestedFormatting = "emphasis nested in the same emphasis is one run of text: runs cannot nest a formatting in itself"
        case footnotes = "JSON has no footnotes"
        case coextensiveSpans = "two spans over the same text are one run: which is outer is not kept, and links render outside strikethrough"
    }

    static let losses: [String: [Loss: Set<Int>]] = [
        "spec.txt": [
            .emptyBlock: [49, 96, 100, 114, 187, 215, 217, 218, 258, 259, 260, 261, 262, 295],
            .unalignedColumn: [198, 200, 201, 202, 204, 205],
            .nestedFormatting: [
                378, 382, 398, 416, 417, 418, 426, 427, 428, 434, 435, 436, 441, 470, 472, 473, 474, 475, 477,
            ],
        ],
        "extensions.txt": [
            .unalignedColumn: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 25],
            .footnotes: [23],
            .coextensiveSpans: [24],
        ],
    ]

    static let renderer = HTMLRenderer(options: RenderOptions(unsafeHTML: true, links: .anySafe))

    struct Trip {
        var expected: String
        var actual: String
        var json: String
        var warnings: [Diagnostic]
        var diagnostics: [Diagnostic]
        /// The JSON written again from the note read back.
        var rewritten: String
    }

    static func roundTrip(_ markdown: String) -> Trip {
        let (blocks, _) = MarkdownReader().readBody(Substring(markdown), path: "example.md")
        let (json, warnings) = AttributedJSONWriter().write(Note(path: "example.md", blocks: blocks))
        let back = AttributedJSONReader().read(json, path: "example.json")
        return Trip(
            expected: renderer.render(blocks), actual: renderer.render(back.note.blocks), json: json, warnings: warnings,
            diagnostics: back.diagnostics, rewritten: AttributedJSONWriter().write(back.note).json)
    }

    @Test(arguments: ["spec.txt", "extensions.txt"])
    func specExamples(file: String) throws {
        let text = try String(contentsOf: JSONTestSupport.shared("conformance/commonmark-gfm/\(file)"), encoding: .utf8)
        let examples = SpecFileExample.parse(text, file: file)
        #expect(examples.count > 20)
        var listed: [Int: Loss] = [:]
        for (loss, numbers) in Self.losses[file] ?? [:] {
            for number in numbers { listed[number] = loss }
        }
        var passed = 0
        for example in examples {
            let trip = Self.roundTrip(example.markdown)
            let context = "\(file) example \(example.number): \(example.markdown.debugDescription)\n\(trip.json)"
            #expect(trip.diagnostics.isEmpty, "reading the writer's JSON: \(trip.diagnostics)\n\(context)")
            #expect(trip.rewritten == trip.json, "writing the note read back changes the JSON\n\(context)")
            guard let loss = listed[example.number] else {
                #expect(trip.actual == trip.expected, "\(context)\nexpected: \(trip.expected)\nactual:   \(trip.actual)")
                if trip.actual == trip.expected { passed += 1 }
                continue
            }
            #expect(trip.actual != trip.expected, "listed as lost (\(loss.rawValue)) but comes back whole\n\(context)")
            if loss != .coextensiveSpans {
                #expect(!trip.warnings.isEmpty, "the writer does not warn about what it loses\n\(context)")
            }
        }
        print("\(file): \(passed) of \(examples.count) examples round-trip through JSON; \(listed.count) listed as lost")
        #expect(passed + listed.count == examples.count)
    }

    /// Notes from `../shared/bench/gen_corpus.py`: front matter, headings, emphasis, highlights,
    /// annotations, links, lists, task lists, tables and code.
    @Test func generatedCorpus() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-json-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", JSONTestSupport.shared("bench/gen_corpus.py").path, directory.path, "--notes", "1000", "--seed", "7",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }
        #expect(files.count == 1000)
        let renderer = HTMLRenderer()
        var failures = 0
        var normalized = 0
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            let markdown = MarkdownReader().read(source, path: file.lastPathComponent)
            let (json, _) = AttributedJSONWriter().write(markdown.note)
            let back = AttributedJSONReader().read(json, path: file.lastPathComponent)
            let expected = renderer.render(TextStyleHeadings.apply(Self.asJSONHoldsIt(markdown.note.blocks)))
            let actual = renderer.render(TextStyleHeadings.apply(back.note.blocks))
            if expected != renderer.render(TextStyleHeadings.apply(markdown.note.blocks)) { normalized += 1 }
            let whole = back.diagnostics.isEmpty && expected == actual
                && back.note.metadata == markdown.note.metadata && back.note.wordCount == markdown.note.wordCount
            if !whole {
                failures += 1
                if failures <= 3 {
                    Issue.record(
                        "\(file.lastPathComponent) does not come back whole: \(back.diagnostics)\nexpected: \(expected)\nactual:   \(actual)")
                }
            }
        }
        print(
            "generated corpus: \(files.count - failures) of \(files.count) notes round-trip through JSON; "
                + "\(normalized) compared with unaligned columns as left")
        #expect(failures == 0)
    }

    /// `blocks` as Apple's format holds them: unaligned table columns left-aligned (a list's
    /// tightness is carried, in `notebook.isTight`, where a reader would guess it wrong).
    static func asJSONHoldsIt(_ blocks: [Block]) -> [Block] {
        blocks.map { block in
            var block = block
            switch block.kind {
            case .table(var table):
                table.alignments = table.alignments.map { $0 == .none ? .left : $0 }
                block.kind = .table(table)
            case .list(var list):
                for index in list.items.indices { list.items[index].blocks = asJSONHoldsIt(list.items[index].blocks) }
                block.kind = .list(list)
            case .blockQuote(let children):
                block.kind = .blockQuote(asJSONHoldsIt(children))
            case .callout(var callout):
                callout.blocks = asJSONHoldsIt(callout.blocks)
                block.kind = .callout(callout)
            default:
                break
            }
            return block
        }
    }
}

/// One example of a CommonMark-style spec file.
struct SpecFileExample {
    var file: String
    /// 1-based, as the spec numbers its examples.
    var number: Int
    var markdown: String

    /// The examples of a spec text: Markdown between a line of 32 backticks and ` example` and a
    /// line `.`, HTML up to a line of 32 backticks; `→` stands for a tab.
    static func parse(_ text: String, file: String) -> [SpecFileExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecFileExample] = []
        var markdown: String?
        var inHTML = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if markdown == nil {
                if line.hasPrefix(fence + " example") {
                    markdown = ""
                    inHTML = false
                }
            } else if !inHTML {
                if line == "." { inHTML = true } else { markdown! += line + "\n" }
            } else if line == fence {
                let source = markdown!.replacingOccurrences(of: "→", with: "\t")
                examples.append(SpecFileExample(file: file, number: examples.count + 1, markdown: source))
                markdown = nil
            }
        }
        return examples
    }
}
