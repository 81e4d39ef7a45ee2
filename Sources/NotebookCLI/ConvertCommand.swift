import NotebookSource
import Foundation
import NotebookFiles
import NotebookFormats
import NotebookModel
import NotebookSite

/// `notebook convert`: a note from one format to the other.
enum ConvertCommand: Command {
    static let name = "convert"
    static let abstract = "Convert a note between annotated Markdown and attributed-string JSON."
    static let operands = "FILE"
    static let options: [CommandOption] = [
        .value("--to", value: "FORMAT", help: "json or md.", shown: "json|md", required: true),
        .value("-o", "--output", value: "OUT", help: "Write to OUT instead of standard output. An existing OUT is replaced only with --force, and never when it is FILE itself."),
        .flag("--force", help: "Replace an existing OUT."),
        .format,
    ]
    static let discussion = """
        Reads FILE (.md or .json) and writes it in the other format, on standard output or to OUT.
        Formatting the target can express is kept; what it cannot express (footnotes in JSON,
        for example) is a warning naming it. The note is converted as written: the formatting
        definition is not applied.
        """
    static let exitStatus = """
        Exit status: 0 success, 1 errors in the note, 2 a command line not understood.
        """

    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32 {
        let parsed = try parse(arguments)
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
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(file, links: .asNamed)
        } catch {
            terminal.stderr += "\(file): error: cannot read the file: \(error.reason)\n"
            return ExitStatus.inputErrors
        }
        let outputPath = parsed.options["-o"] ?? parsed.options["--output"]
        if let outputPath, let problem = Self.outputProblem(outputPath, input: file, force: parsed.flags.contains("--force")) {
            terminal.stderr += "\(outputPath): error: \(problem)\n"
            return ExitStatus.inputErrors
        }
        let (text, decoding) = SourceText.decode(bytes, path: file)
        let read = source == .markdown ? MarkdownReader().read(text, path: file) : AttributedJSONReader().read(text, path: file)
        var diagnostics = decoding + read.diagnostics
        if source == .markdown {
            for (key, reason, place) in FrontMatter.keysNotCarried(in: text) {
                diagnostics.append(
                    Diagnostic(
                        .warning, "the front matter's '\(key)' is left out of the converted note: \(reason)", path: file, at: place,
                        code: "convert.frontmatter"))
            }
        }
        for place in (read.comments + read.htmlComments).sorted() {
            diagnostics.append(
                Diagnostic(
                    .warning, "this comment is left out of the converted note: comments are never published, and no format carries them",
                    path: file, at: place, code: "convert.comment"))
        }
        let output: String
        if target == "json" {
            let written = AttributedJSONWriter().write(read.note)
            output = written.json.hasSuffix("\n") ? written.json : written.json + "\n"
            diagnostics += written.warnings
        } else {
            output = MarkdownWriter().write(read.note)
            // A formula the Markdown does not carry is said, at the formula: read back, it is text.
            let reread = MarkdownReader().read(output, path: outputPath ?? file)
            for formula in FormulaRoundTrip.lost(from: read.note, in: reread.note) {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "this formula does not read back as itself from the Markdown written: TeX with a backtick, ](, [[, [^, "
                            + "<!-- or, in a table, | ends a $…$ formula there, and the text around it may be read otherwise too",
                        path: file, at: formula.location, code: "convert.math"))
            }
        }
        if let path = outputPath {
            do {
                try FileSystem.write(output, to: path, exclusive: !parsed.flags.contains("--force"), linkedFolders: true)
            } catch {
                terminal.stderr += "\(path): error: cannot write the file: \(error.reason)\n"
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

    /// Why `output` may not be written: it is the input (by any name), or it exists without `force`.
    static func outputProblem(_ output: String, input: String, force: Bool) -> String? {
        switch FileSystem.status(output)?.kind {
        case .link: return "is a symbolic link; not written"
        case .folder: return "is a folder; give a file name"
        case .other: return "is not a regular file; not written"
        case .file, nil: break
        }
        guard let existing = FileSystem.status(output, followingLinks: true) else { return nil }
        if let source = FileSystem.status(input, followingLinks: true), source.device == existing.device, source.inode == existing.inode {
            return "is the file being converted; write the result to another file"
        }
        return force ? nil : "the file exists; add --force to replace it"
    }
}
