import Foundation
import NotebookModel
import NotebookScripts
import NotebookSite

/// `notebook check`: reads every note of a site and reports every finding.
enum CheckCommand: Command {
    static let name = "check"
    static let abstract = "Check every note of a site and report all findings."
    static let operands = "[SITE]"
    static let options: [CommandOption] = [
        .flag("--strict", help: "Treat every warning (corrected formatting, broken links and embeds, template names, code and math the scripts could not show) as an error."),
        .flag("--drafts", help: "Include draft notes."),
        .format,
    ]
    static let discussion = """
        Runs every step of a build but writing: reads notebook.yml, formatting.yml and every
        note of SITE (default: the current folder), resolves links, loads the theme and renders
        every page in memory, then reports every finding, then a summary. Creates no file.
        """
    static let exitStatus = """
        Exit status: 0 no errors, 1 errors in the notes or the site's files, 2 a command line
        not understood.
        """

    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32 {
        let parsed = try parse(arguments)
        let format = try DiagnosticFormat.parse(parsed.options["--format"], command: name)
        let directory = try parsed.siteFolder(command: name)
        let options = BuildOptions(
            strict: parsed.flags.contains("--strict"), includeDrafts: parsed.flags.contains("--drafts"), cacheFolder: HighlightCache.folder())
        let showsProgress = terminal.stderrIsTerminal && format == .text
        let report = SitePipeline(options: options).check(directory) { step in
            if showsProgress { FileHandle.standardError.write(Data("\u{1B}[2K\r\(step.title)…".utf8)) }
        }
        if showsProgress { FileHandle.standardError.write(Data("\u{1B}[2K\r".utf8)) }
        let diagnostics = report.diagnostics
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let printer = DiagnosticPrinter(format: format, color: terminal.usesColor)
        let counts = ["notes": report.notes, "pages": report.pages, "words": report.words]
        let printed = printer.print(diagnostics, sources: SourceTexts.completing(report.sources, for: diagnostics), counts: counts)
        switch format {
        case .text:
            terminal.stderr += printed
            terminal.stdout += "checked \(plural(report.notes, "note")), \(plural(report.words, "word")): "
                + "\(plural(errors, "error")), \(plural(warnings, "warning"))\n"
        case .json, .github:
            terminal.stdout += printed
        }
        return errors > 0 ? ExitStatus.inputErrors : ExitStatus.success
    }
}
