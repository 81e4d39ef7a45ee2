import Foundation
import Mustache
import NotebookFiles
import NotebookModel
import NotebookRender
import NotebookScripts
import Parallel
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
    /// Where highlighted code is kept between builds (``HighlightCache``; the commands pass
    /// ``HighlightCache/folder(environment:)``); nil, the default, keeps none.
    public var cacheFolder: String?

    public init(
        output: String? = nil, strict: Bool = false, includeDrafts: Bool = false, baseURL: String? = nil, force: Bool = false,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount, cacheFolder: String? = nil
    ) {
        self.cacheFolder = cacheFolder
        self.force = force
        self.output = output
        self.strict = strict
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
        self.workers = max(1, workers)
    }
}

/// What a run of the pipeline did.
public struct BuildReport: Sendable {
    /// Every finding, in the order of the steps that made them.
    public var diagnostics: [Diagnostic] = []
    /// The text of the files with findings, by path.
    public var sources: [String: String] = [:]
    public var notes = 0
    /// The pages written, or for `check` the pages rendered.
    public var pages = 0
    public var words = 0
    /// Whether the output was replaced; false leaves the previous output as it was.
    public var succeeded = false
    public var output: String
    public var usedDefaults = false
    /// How long each step took, in order (steps done together are timed together).
    public var timings: [StepTiming] = []
}

/// How long one step of a run took, or several done together.
public struct StepTiming: Sendable {
    public var steps: [BuildStep]
    public var seconds: Double

    /// The steps' names, as `--timings` and the preview's report show them.
    public var title: String { steps.map(\.title).joined(separator: ", ") }
}

/// The one pipeline of a site: the ``BuildStep``s in order, the same for `check` and `build`.
///
/// ``check(_:)`` runs every step up to rendering the pages' templates and writes nothing
/// anywhere; ``build(_:progress:)`` runs them all. With errors, neither renders the pages'
/// templates: the notes are still rendered, so that every finding, embeds' and collisions of
/// output paths included, is reported at once.
public struct SitePipeline: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions = BuildOptions()) {
        self.options = options
    }

    /// Runs every step: the site's output is replaced only when all of them succeed.
    public func build(_ directory: String, progress: @escaping @Sendable (BuildStep) -> Void = { _ in }) -> BuildReport {
        run(directory, through: .putInPlace, progress: progress)
    }

    /// Runs every step but writing and putting in place, creating no file.
    public func check(_ directory: String, progress: @escaping @Sendable (BuildStep) -> Void = { _ in }) -> BuildReport {
        run(directory, through: .renderTemplates, progress: progress)
    }

    /// Runs the steps up to `last`, in order.
    public func run(_ directory: String, through last: BuildStep, progress: @escaping @Sendable (BuildStep) -> Void = { _ in }) -> BuildReport {
        var run = PipelineRun(strict: options.strict, progress: progress)
        var report = steps(directory, through: last, run: &run)
        report.diagnostics = run.diagnostics
        report.timings = run.laps
        return report
    }

    private func steps(_ directory: String, through last: BuildStep, run: inout PipelineRun) -> BuildReport {
        let writes = last >= .write
        run.begin(.loadConfiguration)
        let tree: FileTree
        do {
            tree = try FileTree(directory)
        } catch {
            run.add([Diagnostic(.error, "cannot read the site: \(error.reason)", path: directory, code: "io.read")])
            return BuildReport(output: options.output ?? NoteDiscovery.join(directory, "public"))
        }
        let output = options.output ?? tree.display("public")
        let outputReal = OutputStore.realPlace(of: output) ?? FileTree.resolvedForCreation(output)
        let settings = SiteLoader.settings(of: tree)
        run.add(settings.diagnostics)
        // A baseURL notebook.yml gives but that could not be read has its error already.
        if !SiteURLs(baseURL: options.baseURL ?? settings.config.baseURL).isAbsolute && (options.baseURL != nil || !settings.config.baseURLUnread) {
            let given = options.baseURL.map { "--base-url \($0)" } ?? "baseURL \(settings.config.baseURL)"
            run.add([
                Diagnostic(
                    .warning, "\(given) is not an absolute URL: feed.xml and sitemap.xml need one (https://example.org/); "
                        + "their links are relative until it is", path: settings.configPath,
                    at: options.baseURL == nil ? settings.config.baseURLLocation : nil, code: "config.base-url")
            ])
        }
        var report = BuildReport(output: output, usedDefaults: !settings.hasConfig)
        report.sources = settings.sources
        // Before any note is read: the output is no source, may be replaced, and is this build's.
        var lock: FileLock?
        var spareListing: Background<(files: Set<ExactPath>, folders: Set<ExactPath>)?>?
        var earlyStaging: String?
        if writes {
            let usesNotesFolder = NoteDiscovery.folder("notes", in: tree).real != nil
            do {
                if let problem = OutputCheck.problem(output: output, site: tree, config: settings.config, usesNotesFolder: usesNotesFolder) {
                    run.add([problem], as: .write)
                    return report
                }
                lock = try OutputStore.claim(output, force: options.force)
                if OutputStore.makesNewStaging(output) {
                    // A new staging folder: the notes' folders are made in it while they are read.
                    earlyStaging = try OutputStore.makeStaging(output)
                } else {
                    // The spare is listed while the notes are read: its folders are many, and the
                    // listing fills the moments when only one thread of the build has work.
                    spareListing = OutputStore.listSpare(of: output)
                }
            } catch {
                run.add([OutputCheck.diagnostic(for: error, site: directory, output: output)], as: .write)
                return report
            }
        }

        // A build that stops before its store takes the staging folder made early leaves none:
        // as before the notes' folders were made early, a build that fails on its notes makes nothing.
        var stagingTaken = false
        var earlyFolders: EarlyFolders?
        defer {
            if let earlyStaging, !stagingTaken {
                _ = earlyFolders?.finish()
                FileSystem.removeTree(earlyStaging)
            }
        }

        run.begin(.findNotes)
        let found = NoteDiscovery.find(tree, output: outputReal, config: settings.config, configPath: settings.configPath)
        let contents = found.contents
        earlyFolders = earlyStaging.map { EarlyFolders(staging: $0, capacity: contents.notes.count) }
        let siteAssets = found.assets?.files ?? []
        // The theme's layers and assets are found here once: links are checked against its
        // assets, and loading the theme compiles the templates of the same layers.
        let themeSources = ThemeLoader.find(settings.config.theme, site: tree)
        run.add(found.diagnostics)

        run.begin(.readNotes)
        var loader = SiteLoader(
            includeDrafts: options.includeDrafts, workers: options.workers, cacheFolder: options.cacheFolder)
        loader.earlyFolders = earlyFolders
        loader.writesCache = writes
        // The bodies are rendered as the notes are read: their links (`#tags`) take `--base-url` then.
        var read = settings
        if let baseURL = options.baseURL { read.config.baseURL = baseURL }
        var site = loader.read(contents, in: tree, settings: read)
        let madeFolders = earlyFolders?.finish()
        run.add(site.diagnostics)
        report.sources = site.sources
        report.notes = site.notes.count
        report.words = site.wordCount

        run.begin(.resolveLinks)
        let urls = SiteURLs(baseURL: site.config.baseURL)
        let assets = siteAssets.map(\.relativePath) + themeSources.assets.map(\.path)
        site.favicon = Favicon.path(site: siteAssets.map(\.relativePath), theme: themeSources.assets.map(\.path))
        var links = SiteChecks.resolve(site, urls: urls, assets: assets)
        run.add(links.diagnostics)

        run.begin(.loadTheme)
        let (loadedTheme, themeDiagnostics) = ThemeLoader.load(themeSources, name: site.config.theme, configPath: settings.configPath)
        run.add(themeDiagnostics)
        if let loadedTheme { run.add(TemplateCheck.findings(in: loadedTheme.library)) }
        let copies = OutputCopy.all(files: site.files, siteAssets: siteAssets, themeAssets: themeSources.assets)

        // The notes are rendered and their embeds filled even after errors (a broken link under
        // `--strict`, a theme that cannot load): what embeds find, and the paths two pages would
        // write, are reported with every other finding at once.
        run.begin(.renderNotes)
        // Made in a scope of its own, so that once it is made the plan alone holds what it was
        // made of (the rendered pages, the notes): it is then freed with the plan, off this thread.
        var plan: PagePlan? = nil
        let collisions: [Diagnostic]
        do {
            let rendering = NoteRendering(config: site.config, definition: site.definition, urls: urls)
            var bodies = ParallelWork.map(updating: &site.notes, workers: options.workers) { $0.takeBody() }
            let notes = site.notes
            let resolved = links.resolved
            links.resolved = []
            // Where the pages go does not depend on what they show: the plan's index is made by
            // one of the workers meanwhile, and the files two sources would write found after.
            let (rendered, start) = ParallelWork.map(
                updating: &bodies, workers: options.workers,
                alongside: { [site, folders = links.folders] in SiteChecks.startLayout(site, urls: urls, folders: folders) }
            ) { index, body in
                let html = rendering.render(notes[index], body: body, resolved: resolved[index])
                // The pages show the bodies filled: each body as read is freed once filled, on
                // its worker, an empty one left in its place.
                body = SiteNote.Body()
                return html
            }

            let layout = SiteChecks.layout(site, urls: urls, copies: copies, start: start)
            // Notes shown in others, now that every note's own links are filled.
            let embeds = Embeds(notes: notes, rendered: rendered, renderer: rendering.renderer, urls: urls).filled()
            run.add(embeds.diagnostics)

            run.begin(.planPages)
            let index = layout.index
            collisions = layout.collisions
            plan = PagePlan(
                site: site, urls: urls, rendered: embeds.rendered, backlinks: links.backlinks, index: index)
        }
        site.notes = []
        links.backlinks = []
        run.add(collisions)
        guard let theme = loadedTheme, !run.diagnostics.hasErrors else { return report }

        guard writes, let lock else {
            run.begin(.renderTemplates)
            let (pages, failures) = render(plan!, theme: theme, site: site, to: nil)
            run.add(failures)
            run.end()
            report.pages = pages
            return report
        }
        // Each page is written as soon as it is rendered: the two steps are timed together.
        run.begin([.renderTemplates, .write])
        let store: OutputStore
        do {
            store = try OutputStore(destination: output, force: options.force, lock: lock, listing: spareListing, early: madeFolders)
            stagingTaken = true
        } catch {
            run.add([OutputCheck.diagnostic(for: error, site: directory, output: output)], as: .write)
            return report
        }
        let (pageCount, failures) = render(plan!, theme: theme, site: site, copies: copies, to: store)
        run.add(failures)
        // What the pages were made of is freed on a thread of its own (20,000 notes' strings and
        // lists take a tenth of a second to free): nothing after this needs it, and a command
        // that exits next does not wait for it.
        FreeingThread.free((plan.take()!, site))
        guard failures.isEmpty else {
            store.discard()
            return report
        }

        run.begin(.putInPlace)
        do {
            try store.commit()
        } catch {
            store.discard()
            run.add([Diagnostic(.error, "cannot put the output in place: \(error.reason)", path: error.path, code: "output.write")])
            return report
        }
        run.end()
        report.pages = pageCount
        report.succeeded = true
        return report
    }

    /// Renders every page and, into `store`, writes it and makes every copy; how many pages,
    /// and the failures (each marked with its step), if any. Without a store nothing is written.
    private func render(
        _ plan: PagePlan, theme: Theme, site: LoadedSite, copies: [OutputCopy] = [], to store: OutputStore?
    ) -> (pages: Int, failures: [Diagnostic]) {
        let written = Atomic<Int>(0)
        // The site's own groups first: each is one piece of work (the index, a tag's pages, the
        // highlights) and far longer than a note's page, and a long piece last would leave the
        // other workers idle at the end. Then each note's pages, folder by folder, then
        // the copies: a piece is known by its number alone, with no list of the pieces made on
        // this thread first.
        let siteGroups = plan.siteGroups
        let notes = plan.noteCount
        let sequence = plan.writingSequence(streams: options.workers)
        let outcomes = ParallelWork.map(count: siteGroups.count + notes + copies.count, workers: options.workers) { index -> Diagnostic? in
            do {
                let pages: [PagePlan.Page]
                if index < siteGroups.count {
                    pages = plan.pages(of: siteGroups[index])
                } else if index < siteGroups.count + notes {
                    pages = plan.pages(ofNoteAt: sequence[index - siteGroups.count])
                } else {
                    let copy = copies[index - siteGroups.count - notes]
                    try store?.copy(from: copy.source, to: copy.target)
                    return nil
                }
                for page in pages {
                    if let store {
                        try page.write(with: theme, to: store)
                    } else {
                        _ = try page.render(with: theme)
                    }
                }
                written.add(pages.count, ordering: .relaxed)
                return nil
            } catch {
                return Self.diagnostic(for: error, site: site.directory)
            }
        }
        // The notes' failures in the folder by folder order, however the workers took the notes.
        var ordered = outcomes
        for (taken, position) in sequence.enumerated() { ordered[siteGroups.count + position] = outcomes[siteGroups.count + taken] }
        return (written.load(ordering: .relaxed), ordered.compactMap { $0 })
    }
}

extension SitePipeline {
    /// A failure to render or write a page, as a diagnostic.
    static func diagnostic(for error: any Error, site: String) -> Diagnostic {
        switch error {
        case let error as MustacheError:
            Diagnostic(
                .error, error.message, path: error.templateName, at: SourceLocation(line: error.line, column: error.column),
                code: "template.render", step: BuildStep.renderTemplates.rawValue)
        case let error as OutputError:
            Diagnostic(
                .error, error.reason.hasPrefix("cannot") ? error.reason : "cannot write: \(error.reason)", path: error.path,
                code: "output.write", step: BuildStep.write.rawValue)
        default: Diagnostic(.error, "\(error)", path: site, code: "build")
        }
    }
}

/// Times the steps of a run, collects their findings (each marked with its step, and under
/// `--strict` every warning an error), and tells progress which step begins.
struct PipelineRun: Sendable {
    private let strict: Bool
    private let progress: @Sendable (BuildStep) -> Void
    private var current: [BuildStep] = []
    private var started = ContinuousClock.now
    private(set) var laps: [StepTiming] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(strict: Bool = false, progress: @escaping @Sendable (BuildStep) -> Void = { _ in }) {
        self.strict = strict
        self.progress = progress
    }

    /// Ends the step under way and begins `step`.
    mutating func begin(_ step: BuildStep) {
        begin([step])
    }

    /// Ends the step under way and begins `steps`, done together.
    mutating func begin(_ steps: [BuildStep]) {
        end()
        current = steps
        if let first = steps.first { progress(first) }
    }

    /// Notes that `steps` took the time since the last step ended (for work that is timed after
    /// it is done, as the preview's rebuilds).
    mutating func lap(_ steps: BuildStep...) {
        current = steps
        end()
    }

    /// Ends the step under way, noting how long it took.
    mutating func end() {
        let now = ContinuousClock.now
        if !current.isEmpty {
            let elapsed = now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            laps.append(StepTiming(steps: current, seconds: seconds))
        }
        current = []
        started = now
    }

    /// Adds findings of the step under way (or of `step`).
    mutating func add(_ findings: [Diagnostic], as step: BuildStep? = nil) {
        guard let step = step ?? current.first else { return diagnostics += findings.strict(strict) }
        diagnostics += findings.made(by: step).strict(strict)
    }
}
