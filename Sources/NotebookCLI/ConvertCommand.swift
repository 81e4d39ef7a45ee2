import Foundation
import NotebookFormats
import NotebookModel
import NotebookSite

/// `notebook convert`: a note from one format to the other.
enum ConvertCommand: Command {
    static let name = "convert"
    static let abstract = "Convert a note between annotated Markdown and attributed-string JSON."
    static let usage = "notebook convert FILE --to json|md [-o OUT] [--format text|json|github]"
    static let discussion = """
        Reads FILE (.md or .json) and writes it in the other format, on standard output or to OUT.
        Formatting the target can express is kept; what it cannot express (footnotes in JSON,
        for example) is a warning naming it. The note is converted as written: the formatting
        definition is not applied.

        Options:
          --to FORMAT          json or md.
          -o, --output OUT     Write to OUT instead of standard output.
          --format FORMAT      How diagnostics are printed: text (default), json or github.

        Exit status: 0 success, 1 errors in the note, 2 a command line not understood.
        """

    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32 {
        let parsed = try Arguments(arguments, flags: [], options: ["--to", "-o", "--output", "--format"], command: name)
        guard parsed.positional.count == 1, let file = parsed.positional.first else {
            throw UsageError(parsed.positional.isEmpty ? "missing FILE" : "expected one FILE", command: name)
        }
        guard let target = parsed.options["--to"] else { throw UsageError("missing --to json|md", command: name) }
        guard target == "json" || target == "md" else {
            throw UsageError("unknown target '\(target)'; expected json or md", command: name)
        }
        let format = try DiagnosticFormat.parse(parsed.options["--format"], command: name)
        guard let source = NoteLoader.Format(path: file) else {
            throw UsageError("'\(file)' is not a note: expected a .md or .json file", command: name)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            terminal.stderr += "\(file): error: cannot read the file\n"
            return ExitStatus.inputErrors
        }
        let (text, decoding) = SourceText.decode(Array(data), path: file)
        let read = source == .markdown ? MarkdownReader().read(text, path: file) : AttributedJSONReader().read(text, path: file)
        var diagnostics = decoding + read.diagnostics
        let output: String
        if target == "json" {
            let written = AttributedJSONWriter().write(read.note)
            output = written.json.hasSuffix("\n") ? written.json : written.json + "\n"
            diagnostics += written.warnings
        } else {
            output = MarkdownWriter().write(read.note)
        }
        if let path = parsed.options["-o"] ?? parsed.options["--output"] {
            do {
                try Data(output.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                terminal.stderr += "\(path): error: cannot write the file\n"
                return ExitStatus.inputErrors
            }
        } else {
            terminal.stdout += output
        }
        let printer = DiagnosticPrinter(format: format, color: terminal.usesColor)
        if format == .json || !diagnostics.isEmpty {
            terminal.stderr += printer.print(diagnostics, sources: [file: text])
        }
        return diagnostics.hasErrors ? ExitStatus.inputErrors : ExitStatus.success
    }
}
