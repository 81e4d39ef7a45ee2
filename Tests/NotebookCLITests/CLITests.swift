import Foundation
import Testing

@testable import NotebookCLI

// MARK: - Helpers

private struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
}

private func run(
    _ arguments: [String], stdin: [UInt8]? = nil, stderrIsTerminal: Bool = false, environment: [String: String] = [:]
) -> Outcome {
    let input = Data(stdin ?? [])
    var terminal = Terminal(
        readStandardInput: { input }, stderrIsTerminal: stderrIsTerminal, environment: environment)
    let status = NotebookCommandLine.run(arguments, terminal: &terminal)
    return Outcome(status: status, stdout: terminal.stdout, stderr: terminal.stderr)
}

private func run(_ arguments: [String], stdin: String, stderrIsTerminal: Bool = false, environment: [String: String] = [:])
    -> Outcome
{
    run(arguments, stdin: Array(stdin.utf8), stderrIsTerminal: stderrIsTerminal, environment: environment)
}

private let seedsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/seed-notes")

/// A folder of its own for one test's files, removed after `body`.
private func withTemporaryFile<T>(
    named name: String, _ contents: String, _ body: (String) throws -> T
) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(name)
    try Data(contents.utf8).write(to: file)
    return try body(file.path)
}

/// A note whose annotation has a value that is not allowed, on line 5, the value at column 24.
private let invalidNote = """
    ---
    title: Bad
    ---

    See ^[this](underline: 'wavy') now.

    """
private let invalidMessage = "value 'wavy' is not allowed for 'underline': expected one of single, double, thick, dotted, dashed"

/// A note with an unknown annotation key: a warning only, on line 1, the key at column 14.
private let warningNote = "Some ^[text](sparkle: true) here.\n"

// MARK: - Tests

@Suite struct CLITests {
    @Test func aBaseURLThatIsNotOneIsAUsageError() {
        let outcome = run(["build", "/nonexistent-site", "--base-url", "not a url"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--base-url 'not a url' is not a URL"), "\(outcome.stderr)")
        let escape = run(["build", "--base-url", "https://e.org/\u{1B}[31m"])
        #expect(escape.status == 2 && !escape.stderr.contains("\u{1B}") && escape.stderr.contains("\\x1B"), "\(escape.stderr)")
    }

    @Test func version() {
        let outcome = run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "notebook \(NotebookCommandLine.version)\n")
        #expect(outcome.stdout == "notebook 0.1.0\n")
        #expect(outcome.stderr.isEmpty)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func help(_ arguments: [String]) {
        let outcome = run(arguments)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("usage: notebook COMMAND"))
        #expect(outcome.stdout.contains("render"))
        #expect(outcome.stdout.contains("--version"))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func helpForServeTellsWhichHostsAreAnswered() {
        let help = run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("[--allowed-host NAME]..."))
        #expect(help.stdout.contains("--allowed-host NAME    Also answer requests for NAME"))
        #expect(help.stdout.contains("Host header"))
    }

    @Test func editingBeyondThisComputerNeedsAToken() {
        let open = run(["serve", FileManager.default.temporaryDirectory.path, "--edit", "--host", "0.0.0.0"])
        #expect(open.status == 2)
        #expect(open.stderr.contains("needs --edit-token"), "\(open.stderr)")
        let alone = run(["serve", "--edit-token", "a-long-enough-edit-token"])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--edit-token is for --edit"), "\(alone.stderr)")
        let short = run(["serve", "--edit", "--edit-token", "short"])
        #expect(short.status == 2)
        #expect(short.stderr.contains("at least 16"), "\(short.stderr)")
        let help = run(["serve", "--help"])
        #expect(help.stdout.contains("--edit ") && help.stdout.contains("POST /_notebook/save/PAGE"))
    }

    @Test func helpForRender() {
        let help = run(["help", "render"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: notebook render"))
        #expect(help.stdout.contains("--format"))
        #expect(help.stdout.contains("--unsafe-html"))
        #expect(help.stderr.isEmpty)
        for arguments in [["render", "--help"], ["render", "-h"], ["render", "note.md", "--help"]] {
            let outcome = run(arguments)
            #expect(outcome.status == 0, "\(arguments)")
            #expect(outcome.stdout == help.stdout, "\(arguments)")
            #expect(outcome.stderr.isEmpty, "\(arguments)")
        }
    }

    @Test func noArguments() {
        let outcome = run([])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("usage: notebook COMMAND"))
    }

    @Test func unknownCommand() {
        let outcome = run(["frobnicate", "x.md"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("notebook: error: unknown command 'frobnicate'\n"))
        let help = run(["help", "frobnicate"])
        #expect(help.status == 2)
        #expect(help.stderr.contains("'frobnicate'"))
        let option = run(["--bogus"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("'--bogus'"))
    }

    @Test func unknownOption() {
        let outcome = run(["render", "--bogus", "x.md"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "notebook render: error: unknown option '--bogus'\nusage: \(RenderCommand.usage)\n")
        let flagWithValue = run(["render", "--unsafe-html=yes", "x.md"])
        #expect(flagWithValue.status == 2)
        #expect(flagWithValue.stderr.contains("unknown option '--unsafe-html=yes'"))
    }

    @Test(arguments: [
        (["render"], "missing FILE"),
        (["render", "a.md", "b.md"], "expected one FILE"),
        (["render", "--format", "xml", "a.md"], "unknown format 'xml'"),
        (["render", "a.md", "--format"], "option '--format' needs a value"),
        (["serve", ".", "--allowed-host", "notebook.test:8000"], "'notebook.test:8000' is not a host name or address"),
        (["serve", ".", "--allowed-host"], "option '--allowed-host' needs a value"),
    ])
    func otherUsageErrors(_ arguments: [String], _ message: String) {
        let outcome = run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test func renderSeedNote() {
        let path = seedsFolder.appendingPathComponent("trip-notes.md").path
        let outcome = run(["render", path])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(
            outcome.stdout == """
                <h2 id="trip-notes"><strong>Trip notes</strong></h2>
                <p>Book the night train before Friday. <mark class="highlight highlight-yellow">Seats sell out fast.</mark></p>

                """)
    }

    @Test func renderFromStandardInput() {
        let outcome = run(["render", "-"], stdin: "# Hi\n\n==there==\n")
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(outcome.stdout == "<h1 id=\"hi\">Hi</h1>\n<p><mark class=\"highlight highlight-yellow\">there</mark></p>\n")
        let errors = run(["render", "-"], stdin: "x\n\n^[y](bold: 1)\n")
        #expect(errors.status == 1)
        #expect(errors.stderr.hasPrefix("<stdin>:3:12: error: "))
    }

    @Test func renderHighlightsCodeAsPagesDo() {
        let note = "```swift\nlet x = 1\n```\n"
        let outcome = run(["render", "-"], stdin: note)
        #expect(outcome.status == 0 && outcome.stderr.isEmpty)
        #expect(outcome.stdout == "<pre><code class=\"language-swift hljs\"><span class=\"hljs-keyword\">let</span> x = <span class=\"hljs-number\">1</span>\n</code></pre>\n")
        let plain = run(["render", "--no-highlight", "-"], stdin: note)
        #expect(plain.stdout == "<pre><code class=\"language-swift\">let x = 1\n</code></pre>\n")
    }

    @Test func missingFile() {
        let outcome = run(["render", "/nonexistent/notebook/note.md"])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("/nonexistent/notebook/note.md"))
    }

    @Test func invalidAnnotationValue() throws {
        try withTemporaryFile(named: "bad.md", invalidNote) { path in
            let outcome = run(["render", path])
            #expect(outcome.status == 1)
            #expect(outcome.stdout == "<p>See this now.</p>\n")
            #expect(
                outcome.stderr == """
                    \(path):5:24: error: \(invalidMessage)
                    See ^[this](underline: 'wavy') now.
                                           ^

                    """)
            let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 4)
            #expect(lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) } == 23)
        }
    }

    @Test func caretUnderAColumnAfterTabsAndWideCharacters() {
        let outcome = run(["render", "-"], stdin: "Café\t^[x](bold: 1)\n")
        #expect(outcome.status == 1)
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("<stdin>:1:18: error: ") == true)
        #expect(lines.count >= 3)
        if lines.count >= 3 {
            #expect(lines[1] == "Café\t^[x](bold: 1)")
            #expect(lines[2] == "    \t" + String(repeating: " ", count: 11) + "^")
        }
        // Characters a terminal shows two columns wide take two spaces: CJK, full-width, emoji.
        let wide = run(["render", "-"], stdin: "日本語テキスト Ａ🚀é ^[x](bold: 1)\n")
        let wideLines = wide.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(wideLines.count >= 3 && wideLines[2] == String(repeating: " ", count: 7 * 2 + 1 + 2 + 2 + 1 + 1 + 11) + "^", "\(wideLines)")
    }

    @Test func charactersTakeTheColumnsATerminalShowsThemIn() {
        #expect(["日", "テ", "한", "Ａ", "🚀", "😀", "🇫🇷", "👍🏽", "❤️", "1️⃣"].allSatisfy { SourceExcerpts.columns($0) == 2 })
        #expect(["a", "é", "Ω", "ж", "→", "☺", "ｱ"].allSatisfy { SourceExcerpts.columns($0) == 1 })
        // Marks that combine with the character before take no column of their own: an accent,
        // a Devanagari vowel sign written over or under it (कु), a Hangul vowel and final consonant
        // after their initial (한 as three jamo), a zero-width joiner; a vowel sign written beside
        // it (कि) takes one, as glibc's `wcwidth` counts them all.
        #expect(SourceExcerpts.columns("e\u{0301}") == 1 && SourceExcerpts.columns("\u{0301}") == 0)
        #expect(SourceExcerpts.columns("कु") == 1 && SourceExcerpts.columns("कि") == 2)
        #expect(SourceExcerpts.columns("\u{1112}\u{1161}\u{11AB}") == 2)
        #expect(SourceExcerpts.columns(Character("\u{200D}")) == 0)
        // A conjunct of two consonants is two columns, as one character or as two.
        #expect("क्ष".reduce(0) { $0 + SourceExcerpts.columns($1) } == 2)
        // What the C library's `wcwidth` says beyond the usual blocks: Hangul's extended jamo
        // (an initial two columns, the vowels and finals after it none), Tangut, a soft hyphen,
        // and U+FE0F after a letter, which asks for no picture.
        #expect(SourceExcerpts.columns("\u{1112}\u{D7B0}\u{D7CB}") == 2 && SourceExcerpts.columns("\u{A960}") == 2)
        #expect(SourceExcerpts.columns("\u{17000}") == 2)
        #expect(SourceExcerpts.columns("\u{00AD}") == 1 && SourceExcerpts.columns("a\u{FE0F}") == 1)
        // An emoji sequence is one picture, two columns, as terminals that draw emoji show it.
        #expect(["👨‍👩‍👧‍👦", "👩‍💻", "🏳️‍🌈"].allSatisfy { SourceExcerpts.columns($0) == 2 })
    }

    /// A character that makes a terminal reorder the line (a right-to-left override) is shown
    /// as `\u{202E}`, so that the line reads as written and the caret stays under its column.
    @Test func reorderingCharactersAreShownInExcerpts() {
        let outcome = run(["render", "-"], stdin: "see \u{202E} olleh ^[x](bold: 1)\n")
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 3 && lines[1] == "see \\u{202E} olleh ^[x](bold: 1)", "\(lines)")
        #expect(lines.count >= 3 && lines[2] == String(repeating: " ", count: 4 + 8 + 7 + 11) + "^", "\(lines)")
    }

    @Test func theCaretStandsUnderItsColumnAfterCombiningMarks() {
        // Devanagari with a vowel sign and a conjunct, and Hangul written as jamo: 1, 2 and 2 columns.
        let outcome = run(["render", "-"], stdin: "कु क्ष \u{1112}\u{1161}\u{11AB} ^[x](bold: 1)\n")
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 3 && lines[2] == String(repeating: " ", count: 1 + 1 + 2 + 1 + 2 + 1 + 11) + "^", "\(lines)")
    }

    @Test func warningsOnlyExitZero() throws {
        try withTemporaryFile(named: "warn.md", warningNote) { path in
            let outcome = run(["render", path])
            #expect(outcome.status == 0)
            #expect(outcome.stdout == "<p>Some text here.</p>\n")
            #expect(outcome.stderr.hasPrefix("\(path):1:14: warning: unknown annotation key 'sparkle'"))
            #expect(outcome.stderr.contains("\nSome ^[text](sparkle: true) here.\n" + String(repeating: " ", count: 13) + "^\n"))
        }
    }

    @Test func jsonFormat() throws {
        try withTemporaryFile(named: "bad.md", invalidNote + "\n" + warningNote) { path in
            for arguments in [["render", "--format", "json", path], ["render", "--format=json", path]] {
                let outcome = run(arguments)
                #expect(outcome.status == 1)
                #expect(outcome.stdout.contains("<p>See this now.</p>"))
                let object = try JSONSerialization.jsonObject(with: Data(outcome.stderr.utf8))
                let document = try #require(object as? [String: Any])
                #expect(document["errors"] as? Int == 1)
                #expect(document["warnings"] as? Int == 1)
                let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
                try #require(diagnostics.count == 2)
                #expect(diagnostics[0]["severity"] as? String == "error")
                #expect(diagnostics[0]["path"] as? String == path)
                #expect(diagnostics[0]["line"] as? Int == 5)
                #expect(diagnostics[0]["column"] as? Int == 24)
                #expect(diagnostics[0]["message"] as? String == invalidMessage)
                #expect(diagnostics[0]["code"] as? String == "annotation.value")
                #expect(diagnostics[1]["severity"] as? String == "warning")
                #expect(diagnostics[1]["line"] as? Int == 7)
                #expect(diagnostics[1]["column"] as? Int == 14)
                #expect(diagnostics[1]["code"] as? String == "annotation.unknown-key")
            }
        }
    }

    @Test func jsonFormatWithoutDiagnostics() throws {
        let outcome = run(["render", "--format", "json", "-"], stdin: "Fine.\n")
        #expect(outcome.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stderr.utf8)) as? [String: Any])
        #expect((document["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(document["errors"] as? Int == 0)
        #expect(document["warnings"] as? Int == 0)
    }

    @Test func githubFormat() throws {
        try withTemporaryFile(named: "bad.md", invalidNote + "\n" + warningNote) { path in
            let outcome = run(["render", "--format", "github", path])
            #expect(outcome.status == 1)
            #expect(outcome.stdout.contains("<p>See this now.</p>"))
            let lines = outcome.stderr.split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    "::error file=\(path),line=5,col=24::\(invalidMessage)",
                    "::warning file=\(path),line=7,col=14::unknown annotation key 'sparkle'; known keys: bold, italic, underline, strikethrough, highlight, color, textStyle, scale",
                ])
        }
    }

    @Test func githubFormatEscapesProperties() {
        let outcome = run(["render", "--format", "github", "-"], stdin: "^[x](bold: 1)\n")
        #expect(outcome.stderr.hasPrefix("::error file=<stdin>,line=1,col=12::"))
        let printer = DiagnosticPrinter(format: .github)
        let printed = printer.print([.init(.warning, "50% done\nnext", path: "a:b,c.md", code: "x")])
        #expect(printed == "::warning file=a%3Ab%2Cc.md::50%25 done%0Anext\n")
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        try withTemporaryFile(named: "bad.md", invalidNote) { path in
            let escape = "\u{1B}["
            let coloured = run(["render", path], stderrIsTerminal: true)
            #expect(coloured.status == 1)
            #expect(coloured.stderr.contains(escape))
            #expect(coloured.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m"))
            #expect(!coloured.stdout.contains(escape))
            let emptyNoColor = run(["render", path], stderrIsTerminal: true, environment: ["NO_COLOR": ""])
            #expect(emptyNoColor.stderr.contains(escape))
            for (terminal, environment) in [
                (true, ["NO_COLOR": "1"]), (false, [:]), (false, ["NO_COLOR": "1"]), (true, ["TERM": "dumb"]),
            ] {
                let plain = run(["render", path], stderrIsTerminal: terminal, environment: environment)
                #expect(plain.status == 1)
                #expect(!plain.stderr.contains(escape), "\(terminal) \(environment)")
                #expect(plain.stderr.hasPrefix("\(path):5:24: error: "))
            }
            // JSON and GitHub output are never coloured.
            for format in ["json", "github"] {
                let other = run(["render", "--format", format, path], stderrIsTerminal: true)
                #expect(!other.stderr.contains(escape), "\(format)")
            }
        }
    }

    @Test func unsafeHTMLFlag() {
        let source = "<b>x</b> <script>y</script>\n"
        #expect(run(["render", "-"], stdin: source).stdout == "<p>&lt;b&gt;x&lt;/b&gt; &lt;script&gt;y&lt;/script&gt;</p>\n")
        #expect(run(["render", "--unsafe-html", "-"], stdin: source).stdout == "<p><b>x</b> &lt;script>y&lt;/script></p>\n")
    }

    @Test func invalidUTF8OnStandardInput() {
        let outcome = run(["render", "-"], stdin: Array("ok\nab".utf8) + [0xFF] + Array("cd\n".utf8))
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "<p>ok\nab\u{FFFD}cd</p>\n")
        #expect(outcome.stderr.hasPrefix("<stdin>:2:3: warning: "))
    }
}
