import Foundation
import NotebookModel
import Testing
import TestSupport

@testable import NotebookFormats

/// No input crashes the reader, and every diagnostic points inside its file.
@Suite struct AttributedJSONRobustnessTests {
    /// Valid notes in every shape: the shared samples, the fixtures, and the writer's output for
    /// Markdown with lists, quotes, tables, code, links and images.
    static func validNotes() throws -> [String] {
        var notes = try ["trip-notes", "sunday-pancakes", "meeting-notes"].map {
            try String(contentsOf: JSONTestSupport.shared("seed-notes/\($0).json"), encoding: .utf8)
        }
        notes.append(try String(contentsOf: JSONTestSupport.shared("corpora/apple-encoded/markdown-sample.json"), encoding: .utf8))
        let markdown = """
            ---
            title: Mixed
            tags: [a, b]
            ---
            # Mixed *note*

            > [!NOTE] Heads up
            > With **bold** and `code`.

            1. one
            2. two
               - [x] done
               - [ ] open

            | a | b |
            |:-|-:|
            | [link](https://example.org "T") | ![img](i.png) |

            ```swift
            let x = "y"
            ```

            ---
            Text^[marked](highlight: 'green', underline: 'dashed') and [[Wiki#Head|label]]\\
            line <b>raw</b>
            """
        let note = MarkdownReader().read(markdown, path: "mixed.md").note
        notes.append(AttributedJSONWriter().write(note).json)
        notes.append(#"{"runs": ["a", 0, "b", {}, "c", 1], "attributeTable": [{"NSInlinePresentationIntent": 2}, {}]}"#)
        return notes
    }

    /// The lengths in bytes of a file's lines, lines ending at LF, CRLF or a lone CR.
    static func lineLengths(_ bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        var length = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || byte == 0x0D {
                lengths.append(length)
                length = 0
                if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }
            } else {
                length += 1
            }
        }
        lengths.append(length)
        return lengths
    }

    fileprivate static func mutate(_ source: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        let structural = Array("{}[]\",:\\/0123456789-.eEtrufalsn \n\r\tuD8DC".utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF]
        var bytes = source
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        case 1:
            for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = structural.randomElement(using: &random)!
            }
        case 2:
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                bytes.insert(structural.randomElement(using: &random)!, at: at)
            }
        case 3:
            if !bytes.isEmpty {
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let end = min(bytes.count, start + Int.random(in: 1...40, using: &random))
                bytes.removeSubrange(start..<end)
            }
        case 4:
            if !bytes.isEmpty {
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let end = min(bytes.count, start + Int.random(in: 1...200, using: &random))
                let at = Int.random(in: 0...bytes.count, using: &random)
                bytes.insert(contentsOf: bytes[start..<end], at: at)
            }
        default:
            // Random input: a soup of JSON tokens and bytes.
            let tokens = [
                "{", "}", "[", "]", ",", ":", "\"a\"", "\"NSPresentationIntent\"", "\"components\"", "\"kind\"",
                "\"identity\"", "\"runs\"", "\"attributeTable\"", "\"body\"", "0", "-1", "1e400", "true", "null",
                "\"listItem\"", "\"table\"", "\"\\ud800\"", "\n", " ",
            ]
            bytes = []
            for _ in 0..<Int.random(in: 0...120, using: &random) {
                bytes += Array(tokens.randomElement(using: &random)!.utf8)
            }
        }
        return bytes
    }

    @Test func mutatedTruncatedAndRandomInputs() throws {
        let notes = try Self.validNotes().map { Array($0.utf8) }
        var random = SplitMix64(state: 0x5EED)
        var withDiagnostics = 0
        var problems: [String] = []
        let count = 10_000
        for index in 0..<count {
            let source = notes[index % notes.count]
            let bytes = Self.mutate(source, using: &random)
            let text = String(decoding: bytes, as: UTF8.self)
            let result = AttributedJSONReader().read(text, path: "fuzz.json")
            if !result.diagnostics.isEmpty { withDiagnostics += 1 }
            let lines = Self.lineLengths(Array(text.utf8))
            for diagnostic in result.diagnostics {
                guard let location = diagnostic.location, location.line >= 1, location.line <= lines.count,
                    location.column >= 1, location.column <= lines[location.line - 1] + 1
                else {
                    problems.append("input \(index): \(diagnostic) outside its file of \(lines.count) lines")
                    continue
                }
            }
            // What the reader makes, the writer can write and the reader read back cleanly.
            if index % 10 == 0 {
                let json = AttributedJSONWriter().write(result.note).json
                let back = AttributedJSONReader().read(json, path: "fuzz.json")
                if !back.diagnostics.isEmpty { problems.append("input \(index): rewritten JSON has \(back.diagnostics)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        // The inputs are mostly broken: the test exercises the error paths.
        #expect(withDiagnostics > count / 2)
        print("robustness: \(count) inputs read, \(withDiagnostics) with diagnostics")
    }

    /// Valid JSON whose presentation intents nest at random: items outside lists, cells outside
    /// rows, leaves inside leaves, identities reused, columns past the table's.
    @Test func randomBlockStructures() {
        var random = SplitMix64(state: 42)
        let kinds = [
            #"["paragraph"]"#, #"["header", 2]"#, #"["orderedList"]"#, #"["unorderedList"]"#, #"["listItem", 4]"#,
            #"["codeBlock", "c"]"#, #"["blockQuote"]"#, #"["thematicBreak"]"#, #"["table", [{"alignment": 2}]]"#,
            #"["tableHeaderRow"]"#, #"["tableRow", 1]"#, #"["tableCell", 0]"#, #"["tableCell", 3]"#,
        ]
        let extras = [
            "", #", "NSInlinePresentationIntent": 512"#, #", "NSInlinePresentationIntent": 64"#, #", "notebook.task": true"#,
            #", "NSImageURL": "i.png""#, #", "NSInlinePresentationIntent": 7"#,
        ]
        var problems: [String] = []
        for index in 0..<2_000 {
            var runs: [String] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let components = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    "{\"kind\": \(kinds.randomElement(using: &random)!), \"identity\": \(Int.random(in: 1...5, using: &random))}"
                }
                let text = ["a", "b\nc", " ", "[!NOTE] x", "\u{FFFC}"].randomElement(using: &random)!
                let extra = extras.randomElement(using: &random)!
                runs.append(
                    "\"\(text.replacingOccurrences(of: "\n", with: "\\n"))\", {\"NSPresentationIntent\": {\"components\": [\(components.joined(separator: ", "))]}\(extra)}"
                )
            }
            let json = "[\n" + runs.joined(separator: ",\n") + "\n]"
            let result = AttributedJSONReader().read(json, path: "random.json")
            if !result.diagnostics.isEmpty { problems.append("input \(index): \(result.diagnostics)") }
            let back = AttributedJSONReader().read(AttributedJSONWriter().write(result.note).json, path: "random.json")
            if !back.diagnostics.isEmpty { problems.append("input \(index): rewritten JSON has \(back.diagnostics)") }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }
}
