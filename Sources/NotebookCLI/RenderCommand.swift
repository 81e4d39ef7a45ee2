import Foundation
import NotebookFormats
import NotebookModel
import NotebookRender

/// `notebook render`: one note to an HTML fragment on standard output.
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render one note to an HTML fragment."
    static let usage = "notebook render [--unsafe-html] [--format text|json|github] FILE"
    static let discussion = """
        Reads FILE (a .md note; - reads Markdown from standard input), checks it, and prints the
        note's HTML on standard output. Diagnostics go to standard error; the HTML is printed even
        when there are some.

        Options:
          --unsafe-html        Let raw HTML in the note through (GitHub's tag filter still applies).
                               Without it, raw HTML is shown as text.
          --format FORMAT      How diagnostics are printed: text (default), json or github.

        Exit status: 0 success, 1 errors in the note, 2 a command line not understood.
        """

    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32 {
        let parsed = try Arguments(arguments, flags: ["--unsafe-html"], options: ["--format"], command: name)
        guard parsed.positional.count == 1, let file = parsed.positional.first else {
            throw UsageError(parsed.positional.isEmpty ? "missing FILE" : "expected one FILE", command: name)
        }
        let format = try DiagnosticFormat.parse(parsed.options["--format"], command: name)
        let bytes: [UInt8]
        let path = file == "-" ? "<stdin>" : file
        if file == "-" {
            bytes = Array(terminal.readStandardInput())
        } else if file.hasSuffix(".json") {
            throw UsageError("'\(file)': attributed-string JSON notes are not read yet; render takes Markdown (.md)", command: name)
        } else {
            guard let data = FileManager.default.contents(atPath: file) else {
                terminal.stderr += "\(file): error: cannot read the file\n"
                return ExitStatus.inputErrors
            }
            bytes = Array(data)
        }
        let (source, decoding) = SourceText.decode(bytes, path: path)
        let result = MarkdownReader().read(source, path: path)
        let blocks = TextStyleHeadings.apply(result.note.blocks)
        let html = HTMLRenderer(options: RenderOptions(unsafeHTML: parsed.flags.contains("--unsafe-html"))).render(blocks)
        terminal.stdout += html
        let diagnostics = decoding + result.diagnostics
        let printer = DiagnosticPrinter(format: format, color: terminal.usesColor)
        if format == .json || !diagnostics.isEmpty {
            terminal.stderr += printer.print(diagnostics, sources: [path: source])
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
