import Foundation
import NotebookFormats
import NotebookModel
import NotebookRender
import NotebookScripts
import NotebookSite

/// `notebook render`: one note to an HTML fragment on standard output.
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render one note to an HTML fragment."
    static let operands = "FILE"
    static let options: [CommandOption] = [
        .flag("--unsafe-html", help: "Let raw HTML in the note through (GitHub's tag filter still applies). Without it, raw HTML is shown as text."),
        .flag("--strict", help: "Treat every warning (what the formatting definition corrects, say) as an error."),
        .flag("--no-highlight", help: "Show fenced code plain instead of highlighting it with highlight.js."),
        .flag("--no-math", help: "Show math as its TeX instead of typesetting it with KaTeX."),
        .format,
    ]
    static let discussion = """
        Reads FILE (a .md or .json note; - reads Markdown from standard input), checks it against
        the built-in formatting definition (that of a site without formatting.yml), and prints the note's HTML on standard output,
        its fenced code highlighted and its math typeset as a site's pages show them.
        Diagnostics go to standard error; the HTML is printed even when there are some.
        """
    static let exitStatus = """
        Exit status: 0 success, 1 errors in the note, 2 a command line not understood.
        """

    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32 {
        let parsed = try parse(arguments)
        guard parsed.positional.count == 1, let file = parsed.positional.first else {
            throw UsageError(parsed.positional.isEmpty ? "missing FILE" : "expected one FILE", command: name)
        }
        let format = try DiagnosticFormat.parse(parsed.options["--format"], command: name)
        let loader = NoteLoader(math: !parsed.flags.contains("--no-math"))
        let loaded: NoteLoader.Loaded
        if file == "-" {
            loaded = loader.load(bytes: Array(terminal.readStandardInput()), path: "<stdin>", format: .markdown)
        } else {
            guard let format = NoteLoader.Format(path: file) else {
                throw UsageError("'\(file)' is not a note: expected a .md or .json file", command: name)
            }
            loaded = loader.load(path: file, format: format)
        }
        let note = loaded.note
        var diagnostics = loaded.diagnostics
        let options = RenderOptions(unsafeHTML: parsed.flags.contains("--unsafe-html"))
        let (html, findings) = NoteScripts.render(
            note, options: options, highlighter: parsed.flags.contains("--no-highlight") ? nil : CodeHighlighter(),
            typesetter: parsed.flags.contains("--no-math") ? nil : MathTypesetter(), source: loaded.source)
        diagnostics += findings
        diagnostics = diagnostics.strict(parsed.flags.contains("--strict"))
        terminal.stdout += html
        let printer = DiagnosticPrinter(format: format, color: terminal.usesColor)
        if format == .json || !diagnostics.isEmpty {
            terminal.stderr += printer.print(diagnostics, sources: [loaded.note.path: loaded.source])
        }
        return diagnostics.hasErrors ? ExitStatus.inputErrors : ExitStatus.success
    }
}

extension DiagnosticFormat {
    static func parse(_ value: String?, command: String) throws(UsageError) -> DiagnosticFormat {
        guard let value else { return .text }
        guard let format = DiagnosticFormat(rawValue: value) else {
            throw UsageError("unknown format '\(value)'; expected text, json or github", command: command)
        }
        return format
    }
}
