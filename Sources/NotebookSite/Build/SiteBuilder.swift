import Foundation
import Mustache
import NotebookFiles
import NotebookModel
import NotebookRender
import Synchronization

/// How a site is built.
public struct BuildOptions: Sendable {
    /// The output folder; `SITE/public` when nil.
    public var output: String?
    public var strict: Bool
    public var includeDrafts: Bool
    /// Replaces `baseURL` of `notebook.yml`.
    public var baseURL: String?
    /// Replaces an existing output folder that notebook did not make.
    public var force: Bool
    /// How many notes are read and pages written at once.
    public var workers: Int

    public init(
        output: String? = nil, strict: Bool = false, includeDrafts: Bool = false, baseURL: String? = nil, force: Bool = false,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.force = force
        self.output = output
        self.strict = strict
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
        self.workers = max(1, workers)
    }
}

/// What a build did.
public struct BuildReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var sources: [String: String]
    public var notes: Int
    public var pages: Int
    public var words: Int
    /// Whether the output was replaced; false leaves the previous output as it was.
    public var succeeded: Bool
    public var output: String
    public var usedDefaults: Bool
    /// How long each step took, in order.
    public var timings: [(step: String, seconds: Double)] = []
}

/// Builds a whole site: load, resolve links, render, write; a list of named steps.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions = BuildOptions()) {
        self.options = options
    }

    public func build(_ directory: String, progress: @Sendable (String) -> Void = { _ in }) -> BuildReport {
        var stopwatch = Stopwatch()
        let report = build(directory, progress: progress, stopwatch: &stopwatch)
        var timed = report
        timed.timings = stopwatch.laps
        return timed
    }

    private func build(_ directory: String, progress: @Sendable (String) -> Void, stopwatch: inout Stopwatch) -> BuildReport {
        progress("reading notes")
        let tree: FileTree
        do {
            tree = try FileTree(directory)
        } catch {
            let diagnostic = Diagnostic(.error, "cannot read the site: \(error.reason)", path: directory, code: "io.read")
            return BuildReport(
                diagnostics: [diagnostic], sources: [:], notes: 0, pages: 0, words: 0, succeeded: false,
                output: options.output ?? NoteDiscovery.join(directory, "public"), usedDefaults: false)
        }
        let output = options.output ?? tree.display("public")
        let outputReal = OutputStore.realPlace(of: output) ?? FileTree.resolvedForCreation(output)
        // Before any note is read: the output is no source, may be replaced, and is this build's.
        let settings = SiteLoader.settings(of: tree)
        let usesNotesFolder = NoteDiscovery.folder("notes", in: tree).real != nil
        let lock: FileLock
        do {
            if let problem = OutputCheck.problem(output: output, site: tree, config: settings.config, usesNotesFolder: usesNotesFolder) {
                return BuildReport(
                    diagnostics: settings.diagnostics + [problem], sources: settings.sources, notes: 0, pages: 0, words: 0,
                    succeeded: false, output: output, usedDefaults: !settings.hasConfig)
            }
            lock = try OutputStore.claim(output, force: options.force)
        } catch {
            return BuildReport(
                diagnostics: settings.diagnostics + [OutputCheck.diagnostic(for: error, site: directory, output: output)],
                sources: settings.sources, notes: 0, pages: 0, words: 0, succeeded: false, output: output,
                usedDefaults: !settings.hasConfig)
        }
        let loader = SiteLoader(strict: options.strict, includeDrafts: options.includeDrafts, workers: options.workers)
        var site = loader.load(tree, output: outputReal, settings: settings)
        if let baseURL = options.baseURL { site.config.baseURL = baseURL }
        var diagnostics = site.diagnostics
        var report = BuildReport(
            diagnostics: [], sources: site.sources, notes: site.notes.count, pages: 0, words: site.wordCount,
            succeeded: false, output: output, usedDefaults: !site.hasConfig)

        stopwatch.lap("read and check notes")
        progress("resolving links")
        let (theme, themeDiagnostics) = ThemeLoader.load(site.config.theme, site: tree, configPath: tree.display("notebook.yml"))
        let (siteAssets, assetDiagnostics) = NoteDiscovery.files(in: "assets", of: tree)

        let urls = SiteURLs(baseURL: site.config.baseURL)
        let assets = siteAssets.map(\.relativePath) + (theme?.assets.map(\.path) ?? [])
        let links = SiteChecks.resolve(site, urls: urls, strict: options.strict, assets: theme == nil ? nil : assets)
        site.notes = links.notes
        diagnostics += links.diagnostics + themeDiagnostics + assetDiagnostics
        let copies = OutputCopy.all(files: site.files, siteAssets: siteAssets, themeAssets: theme?.assets ?? [])
        // With errors already, the build stops here: the collisions are found on a layout of the
        // pages, so that every finding is reported at once. Otherwise on the plan itself, below.
        if theme != nil && diagnostics.hasErrors { diagnostics += SiteChecks.collisions(site, urls: urls, copies: copies) }

        stopwatch.lap("resolve links, load theme")
        diagnostics = diagnostics.strictAboutLinks(options.strict)
        guard let theme, !diagnostics.hasErrors else {
            report.diagnostics = diagnostics
            return report
        }

        progress("rendering \(site.notes.count) notes")
        let rendering = NoteRendering(config: site.config, definition: site.definition, urls: urls)
        let notes = site.notes
        let rendered = ParallelWork.map(count: notes.count, workers: options.workers) { index in
            rendering.render(notes[index], blocks: notes[index].note.blocks)
        }

        stopwatch.lap("render notes")
        // The pages show what was rendered: the notes' models are no longer needed.
        for index in site.notes.indices { site.notes[index].note.blocks = [] }
        let plan = PagePlan(site: site, urls: urls, rendered: rendered.map(\.html), search: rendered.map(\.search), backlinks: links.backlinks)
        site.notes = []
        let collisions = OutputCollisions.find(plan.claims() + copies.map(\.claim))
        guard collisions.isEmpty else {
            report.diagnostics = diagnostics + collisions
            return report
        }
        stopwatch.lap("plan pages")
        progress("writing pages")
        let store: OutputStore
        do {
            store = try OutputStore(destination: output, force: options.force, lock: lock)
        } catch {
            report.diagnostics = diagnostics + [OutputCheck.diagnostic(for: error, site: directory, output: output)]
            return report
        }
        let (pageCount, failures) = write(plan, theme: theme, site: site, copies: copies, to: store)
        stopwatch.lap("render templates, write files")
        guard failures.isEmpty else {
            store.discard()
            report.diagnostics = diagnostics + failures
            return report
        }
        do {
            try store.commit()
        } catch {
            store.discard()
            report.diagnostics = diagnostics + [Diagnostic(.error, "cannot put the output in place: \(error.reason)", path: error.path, code: "output.write")]
            return report
        }
        stopwatch.lap("replace the previous output")
        report.diagnostics = diagnostics
        report.pages = pageCount
        report.succeeded = true
        return report
    }

    /// Renders and writes every page, makes every copy; how many pages, and the failures, if any.
    private func write(
        _ plan: PagePlan, theme: Theme, site: LoadedSite, copies: [OutputCopy], to store: OutputStore
    ) -> (pages: Int, failures: [Diagnostic]) {
        let written = Atomic<Int>(0)
        let work: [@Sendable () throws -> Void] =
            plan.groups.map { group in
                { @Sendable in
                    let pages = plan.pages(of: group)
                    for page in pages { try store.write(try page.render(with: theme), to: page.path) }
                    written.add(pages.count, ordering: .relaxed)
                }
            }
            + copies.map { copy in { @Sendable in try store.copy(from: copy.source, to: copy.target) } }
        let outcomes = ParallelWork.map(count: work.count, workers: options.workers) { index -> Diagnostic? in
            do {
                try work[index]()
                return nil
            } catch {
                return Self.diagnostic(for: error, site: site.directory)
            }
        }
        return (written.load(ordering: .relaxed), outcomes.compactMap { $0 })
    }
}

extension SiteBuilder {
    /// A failure to render or write a page, as a diagnostic.
    static func diagnostic(for error: any Error, site: String) -> Diagnostic {
        switch error {
        case let error as MustacheError:
            Diagnostic(
                .error, error.message, path: error.templateName, at: SourceLocation(line: error.line, column: error.column),
                code: "template.render")
        case let error as OutputError:
            Diagnostic(
                .error, error.reason.hasPrefix("cannot") ? error.reason : "cannot write: \(error.reason)", path: error.path,
                code: "output.write")
        default: Diagnostic(.error, "\(error)", path: site, code: "build")
        }
    }
}

/// Times the steps of a build.
struct Stopwatch {
    private var last = ContinuousClock.now
    private(set) var laps: [(step: String, seconds: Double)] = []

    mutating func lap(_ step: String) {
        let now = ContinuousClock.now
        let elapsed = now - last
        laps.append((step, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
        last = now
    }
}
