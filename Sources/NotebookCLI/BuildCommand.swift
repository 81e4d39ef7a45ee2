import Foundation
import NotebookModel
import NotebookScripts
import NotebookSite

/// `notebook build`: the whole site into an output folder.
enum BuildCommand: Command {
    static let name = "build"
    static let abstract = "Build a site into an output folder."
    static let operands = "[SITE]"
    static let options: [CommandOption] = [
        .value("-o", "--output", value: "DIR", help: "Where to write the site (default: SITE/public). An existing DIR is replaced only when notebook made it (it holds .notebook-output) or it is empty."),
        .flag("--force", help: "Replace DIR even when notebook did not make it."),
        .flag("--strict", help: "Treat every warning (corrected formatting, broken links and embeds, template names, code and math the scripts could not show) as an error."),
        .flag("--drafts", help: "Include draft notes."),
        .value("--base-url", value: "URL", help: "The URL the site is published at, replacing notebook.yml's baseURL."),
        .flag("--timings", help: "Print how long each step of the build took."),
        .format,
    ]
    static let discussion = """
        Reads every note of SITE (default: the current folder), checks and links them, and writes
        the site into DIR (default: SITE/public). The output is written beside DIR and put in
        place only when the build succeeds: a failed build leaves the previous output as it was.
        """
    static let exitStatus = """
        Exit status: 0 built, 1 errors (nothing written), 2 a command line not understood.
        """

    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32 {
        let parsed = try parse(arguments)
        let format = try DiagnosticFormat.parse(parsed.options["--format"], command: name)
        if let baseURL = parsed.options["--base-url"], let problem = SiteURLs.problem(withBaseURL: baseURL) {
            throw UsageError(problem.replacingOccurrences(of: "baseURL", with: "--base-url"), command: name)
        }
        let directory = try parsed.siteFolder(command: name)
        if let output = parsed.options["-o"] ?? parsed.options["--output"], output.isEmpty {
            throw UsageError("the output folder is empty; give -o DIR", command: name)
        }
        let options = BuildOptions(
            output: parsed.options["-o"] ?? parsed.options["--output"], strict: parsed.flags.contains("--strict"),
            includeDrafts: parsed.flags.contains("--drafts"), baseURL: parsed.options["--base-url"],
            force: parsed.flags.contains("--force"), cacheFolder: HighlightCache.folder())
        let start = ContinuousClock.now
        let showsProgress = terminal.stderrIsTerminal && format == .text
        let report = SitePipeline(options: options).build(directory) { step in
            if showsProgress { FileHandle.standardError.write(Data("\u{1B}[2K\r\(step.title)…".utf8)) }
        }
        if showsProgress { FileHandle.standardError.write(Data("\u{1B}[2K\r".utf8)) }
        let elapsed = ContinuousClock.now - start
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let warnings = report.diagnostics.filter { $0.severity == .warning }.count
        let printer = DiagnosticPrinter(format: format, color: terminal.usesColor)
        let counts = ["notes": report.notes, "pages": report.pages, "words": report.words]
        let printed = printer.print(
            report.diagnostics, sources: SourceTexts.completing(report.sources, for: report.diagnostics), counts: counts)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let time = String(format: "%.2f s", seconds)
        var summary = report.succeeded
            ? "built \(plural(report.notes, "note")), \(plural(report.pages, "page")), \(plural(report.words, "word")): "
            : "build failed, \(report.output) left as it was: "
        summary += "\(plural(errors, "error")), \(plural(warnings, "warning")) in \(time)"
        if report.succeeded { summary += " → \(report.output)" }
        if report.usedDefaults { summary += " (no notebook.yml: default settings)" }
        if parsed.flags.contains("--timings") {
            for timing in report.timings { summary += String(format: "\n  %6.3f s  %@", timing.seconds, timing.title) }
        }
        switch format {
        case .text:
            terminal.stderr += printed
            terminal.stdout += summary + "\n"
        case .json:
            terminal.stdout += printed
        case .github:
            terminal.stdout += printed + summary + "\n"
        }
        return report.succeeded ? ExitStatus.success : ExitStatus.inputErrors
    }
}
