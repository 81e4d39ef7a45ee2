import Foundation
import NotebookModel
import Testing

@testable import NotebookCLI

/// Control characters from a note never reach the terminal raw: they are shown as `\xNN`.
@Suite struct DiagnosticEscapingTests {
    static let controls = (0..<0x20).map { Unicode.Scalar($0)! } + [Unicode.Scalar(0x7F)!] + (0x80...0x9F).map { Unicode.Scalar($0)! }

    func hasControl(_ text: String, except kept: Set<Unicode.Scalar> = ["\n"]) -> Bool {
        text.unicodeScalars.contains { Self.controls.contains($0) && !kept.contains($0) }
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func everyLineEndingKeepsTheSourceLineAndTheCaret(_ end: String) {
        let source = ["first", "second ^[x](bold: tru)", "third"].joined(separator: end) + end
        let diagnostic = Diagnostic(.error, "bad", path: "n.md", at: SourceLocation(line: 2, column: 20), code: "x")
        let text = DiagnosticPrinter(format: .text).print([diagnostic], sources: ["n.md": source])
        #expect(text == "n.md:2:20: error: bad\nsecond ^[x](bold: tru)\n                   ^\n", "\(text.debugDescription)")
    }

    @Test func renderShowsEscapeSequencesOfANoteVisiblyWithTheCaretUnderItsColumn() {
        // A raw ESC before the annotation in the source line, and one in the unknown key (a JSON5 escape).
        let note = "\u{1B}[31m\t^[x](\"\\u001B[2J\": 1)\n"
        let input = Data(note.utf8)
        var terminal = Terminal(readStandardInput: { input }, stderrIsTerminal: false, environment: [:])
        _ = NotebookCommandLine.run(["render", "-"], terminal: &terminal)
        let lines = terminal.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!hasControl(terminal.stderr, except: ["\n", "\t"]), "\(terminal.stderr.debugDescription)")
        #expect(lines.first?.contains("unknown annotation key '\\x1B[2J'") == true, "\(lines)")
        #expect(lines.count >= 3 && lines[1] == "\\x1B[31m\t^[x](\"\\u001B[2J\": 1)", "\(lines)")
        guard lines.count >= 3, let caret = lines[2].firstIndex(of: "^") else {
            Issue.record("no caret: \(lines)")
            return
        }
        let column = lines[2].distance(from: lines[2].startIndex, to: caret)
        #expect(lines[2].prefix(column).allSatisfy { $0 == " " || $0 == "\t" })
        #expect(Array(lines[1])[column] == "\"", "caret at \(column) of \(lines[1])")
    }

    @Test func everyControlIsShownInMessagesAndPathsOfEachFormat() throws {
        let hostile = String(String.UnicodeScalarView(Self.controls))
        let diagnostic = Diagnostic(.error, "bad \(hostile) end", path: "notes/\u{1B}[2J\u{9B}x.md", code: "x")
        let text = DiagnosticPrinter(format: .text).print([diagnostic])
        #expect(!hasControl(text), "\(text.debugDescription)")
        #expect(text.contains("notes/\\x1B[2J\\x9Bx.md:") && text.contains("\\x00\\x01") && text.contains("\\x09\\x0A"))
        #expect(text.contains("\\x1F\\x7F\\x80") && text.contains("\\x9F end"))
        let github = DiagnosticPrinter(format: .github).print([diagnostic])
        #expect(!hasControl(github), "\(github.debugDescription)")
        #expect(github.contains("\\x09%0A\\x0B\\x0C%0D\\x0E") && github.contains("file=notes/\\x1B[2J\\x9Bx.md::"))
        let json = DiagnosticPrinter(format: .json).print([diagnostic])
        #expect(!hasControl(json), "\(json.debugDescription)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let entry = (decoded?["diagnostics"] as? [[String: Any]])?.first
        #expect(entry?["message"] as? String == "bad \(hostile) end" && entry?["path"] as? String == diagnostic.path)
    }
}
