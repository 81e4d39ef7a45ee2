import Foundation
import NotebookFiles
import NotebookModel
import NotebookRender
import NotebookScripts
import Parallel

/// What one build of a session did.
public struct SessionReport: Sendable {
    /// Whether the output now shows the site as it is; false leaves it as the last good build made it.
    public var succeeded: Bool
    public var diagnostics: [Diagnostic]
    /// The text of the files with findings, by path.
    public var sources: [String: String]
    public var notes: Int
    /// The site's pages in all.
    public var pages: Int
    public var words: Int
    /// Whether everything was rebuilt: the first build, or a change to settings, templates or theme.
    public var everything: Bool
    /// The groups rebuilt, and the output files written (pages and copies) and removed; sorted.
    public var groups: [PageGroup]
    public var written: [String]
    public var removed: [String]
    /// How long each step took, in order.
    public var timings: [StepTiming] = []
}

/// A site kept in memory between builds, for the preview server: a change rebuilds only the pages
/// that depend on it, in place in the output folder.
///
/// A changed note rebuilds its own page; the pages of the index and of its old and new tags that
/// change (see `pagesToWrite`); the search index; the feed and the highlights page when what they
/// show changed; the pages of the notes that link to it or that it links to (their backlinks list
/// it), and of any note whose links now lead elsewhere or whose backlinks changed; the list of
/// tags and the sitemap when what they show changed. A change to `notebook.yml`, the formatting
/// definition, the site's templates or the theme rebuilds everything. A failed build changes
/// nothing, and the next build makes up for it. A preview shows warnings as warnings: `strict`
/// in its options is not read.
public struct SiteSession: Sendable {
    public let directory: String
    /// The site folder, read through the site's link rule.
    public let tree: FileTree
    public let options: BuildOptions
    /// The output folder, changed in place; for a session in memory, the folder a build would
    /// write (`SITE/public` unless options say), left out of the notes all the same.
    public let output: String
    /// Whether the pages are kept in memory (`pages`) instead of written into `output`.
    public let inMemory: Bool
    /// The last good build; nil before the first.
    var state: SessionState?
    /// Paths (relative to the site) changed since the last good build, and whether everything
    /// must be rebuilt.
    var pending: Set<String> = []
    var pendingEverything = true
    /// Times the steps of the current build.
    var stopwatch = PipelineRun()
    /// Highlights the notes' code, in one script context for the whole session, and keeps what it
    /// made between sessions.
    let highlighter = CodeHighlighter()
    let cache: HighlightCache?
    /// Typesets the notes' math likewise, KaTeX loaded when the first formula comes.
    let typesetter = MathTypesetter()
    let mathCache: HighlightCache?

    /// A session for the site in `directory`, building into `options.output` (`SITE/public` when
    /// nil), or with `inMemory` into `pages`, writing nothing.
    public init(directory: String, options: BuildOptions, inMemory: Bool = false) {
        self.directory = directory
        self.tree = (try? FileTree(directory)) ?? FileTree.unreadable(directory)
        self.options = options
        self.output = options.output ?? tree.display("public")
        self.inMemory = inMemory
        cache = options.cacheFolder.flatMap { HighlightCache(folder: $0, script: CodeHighlighter.debianScript) }
        mathCache = options.cacheFolder.flatMap { HighlightCache(folder: $0, script: MathTypesetter.debianScript, kind: .math) }
    }

    /// For a session in memory, the last good build's pages (and feed, sitemap, search index) by
    /// path in the site.
    public var pages: [String: [UInt8]] {
        state?.pages ?? [:]
    }

    /// The last good build's copied files (attachments, assets): path in the site → the real path
    /// of the file it copies.
    public var copies: [String: String] {
        state?.copies ?? [:]
    }

    /// The folders to watch: the site's, and those of the theme's layers outside it.
    public var watchedFolders: [String] {
        [directory] + (state?.themeDirectories ?? []).filter { !$0.hasPrefix(directory + "/") }
    }

    /// Whether a watcher should leave a path alone: dot-files, the output folders, and what
    /// `ignore` leaves out of the notes (a folder of them is not watched).
    public func ignores(_ path: String) -> Bool {
        if path == output || path.hasPrefix(output + "/") { return true }
        guard let relative = relativePath(path) else { return false }
        if relative == "public" || relative.hasPrefix("public/") || PathSegments.of(relative).contains(where: { $0.hasPrefix(".") }) {
            return true
        }
        guard let state, !state.settings.config.ignore.isEmpty else { return false }
        let notes = state.usesNotesFolder ? (relative.hasPrefix("notes/") ? String(relative.dropFirst("notes/".count)) : nil) : relative
        guard let notes, !notes.isEmpty else { return false }
        return state.settings.config.ignored.leavesOut(notes, isFolder: FileSystem.isFolder(path))
    }

    /// What a watcher of the site depends on: the folders it watches, and what it leaves alone in them.
    public var watchKey: [String] {
        watchedFolders + ["", state.map { $0.usesNotesFolder ? "notes/" : "" } ?? ""] + (state?.settings.config.ignore ?? [])
    }

    /// Builds everything.
    public mutating func build() -> SessionReport {
        update(changing: [], everything: true)
    }

    /// Rebuilds what depends on `paths` (as a watcher names them: inside the site or the theme).
    public mutating func update(changing paths: Set<String>, everything forced: Bool = false) -> SessionReport {
        stopwatch = PipelineRun()
        var report = update(paths, everything: forced)
        report.timings = stopwatch.laps
        return report
    }

    private mutating func update(_ paths: Set<String>, everything forced: Bool) -> SessionReport {
        let relative = paths.compactMap(relativePath)
        pending.formUnion(relative)
        var everything = forced || pendingEverything || state == nil
        if let state {
            let settingsFiles = ["notebook.yml", state.settings.config.formatting, "templates", "notes"]
            // Every page names the icon: a change to one, or to the folder that holds them, changes every page.
            let icons = ["assets"] + Favicon.names.map { "assets/" + $0 }
            if pending.contains(where: { path in settingsFiles.contains { path == $0 || ($0 == "templates" && path.hasPrefix("templates/")) } })
                || pending.contains(where: icons.contains)
                || paths.contains(where: { path in state.themeDirectories.contains { path == $0 || path.hasPrefix($0 + "/") } })
            {
                everything = true
            }
        }
        if everything { pendingEverything = true }

        var next: SessionState
        var changedNotes: Set<String>
        if !everything, let state {
            next = state
            changedNotes = reread(into: &next)
            if next.usesNotesFolder != state.usesNotesFolder { return update([], everything: true) }
        } else {
            switch readEverything() {
            case .success(let fresh): next = fresh
            case .failure(let failure): return failure.report
            }
            changedNotes = Set(next.records.keys)
        }
        stopwatch.lap(.findNotes, .readNotes)
        return rebuild(next, changedNotes: changedNotes, everything: everything)
    }

    /// Reads settings, theme and every file.
    private mutating func readEverything() -> Result<SessionState, SessionReportFailure> {
        var settings = SiteLoader.settings(of: tree)
        settings.diagnostics = settings.diagnostics.made(by: .loadConfiguration)
        stopwatch.lap(.loadConfiguration)
        let themeSources = ThemeLoader.find(settings.config.theme, site: tree)
        let (theme, themeDiagnostics) = ThemeLoader.load(themeSources, name: settings.config.theme, configPath: settings.configPath)
        settings.diagnostics += themeDiagnostics.made(by: .loadTheme)
        if let theme { settings.diagnostics += TemplateCheck.findings(in: theme.library).made(by: .loadTheme) }
        stopwatch.lap(.loadTheme)
        guard let theme else {
            return .failure(SessionReportFailure(report: failed(settings.diagnostics, sources: settings.sources, everything: true)))
        }
        let layers = themeSources.layers.filter { !$0.isSiteTemplates }
        var directories: [String] = []
        for layer in layers.map({ Self.withoutDotSegments($0.directory) }) where !directories.contains(layer) { directories.append(layer) }
        let found = NoteDiscovery.find(tree, output: FileTree.resolvedForCreation(output), config: settings.config, configPath: settings.configPath)
        let contents = found.contents
        var state = SessionState(settings: settings, theme: theme, themeDirectories: directories, usesNotesFolder: contents.usesNotesFolder)
        state.others = contents.others
        state.assets = found.assets?.files ?? []
        state.assetDiagnostics = (found.assets?.diagnostics ?? []).made(by: .findNotes)
        state.discoveryDiagnostics = (contents.diagnostics + found.ignoreWarnings).made(by: .findNotes)
        for record in read(contents.notes, settings: settings) { state.records[record.note.relativePath] = record }
        state.sortedPaths = contents.notes.map(\.relativePath)
        return .success(state)
    }

    /// Rereads the notes and files named by pending changes, finds notes added and removed; the
    /// paths (under the notes folder) of the notes read or removed.
    private func reread(into state: inout SessionState) -> Set<String> {
        // Most changes are saves of notes already known: read them again, without a scan.
        let prefix = state.usesNotesFolder ? "notes/" : ""
        let known = pending.compactMap { path -> NoteDiscovery.File? in
            guard path.hasPrefix(prefix), let record = state.records[String(path.dropFirst(prefix.count))] else { return nil }
            guard case .inside(let real) = tree.place(of: path), FileSystem.status(real)?.kind == .file else { return nil }
            let file = NoteDiscovery.File(path: record.note.path, relativePath: record.note.relativePath, source: real)
            // A JSON note that now holds data is a file beside the notes: the scan below says so.
            return NoteDiscovery.isData(file) ? nil : file
        }
        if !known.isEmpty && known.count == pending.count {
            for record in read(known, settings: state.settings) { state.records[record.note.relativePath] = record }
            return Set(known.map(\.relativePath))
        }
        // The assets are walked again only when they changed (or the patterns name them).
        let found = NoteDiscovery.find(
            tree, output: FileTree.resolvedForCreation(output), config: state.settings.config, configPath: state.settings.configPath,
            assets: pending.contains { $0 == "assets" || $0.hasPrefix("assets/") })
        let contents = found.contents
        let usedNotesFolder = state.usesNotesFolder
        state.usesNotesFolder = contents.usesNotesFolder
        guard usedNotesFolder == contents.usesNotesFolder else { return [] }
        let touched = pending.compactMap { path -> String? in
            guard contents.usesNotesFolder else { return path }
            return path.hasPrefix("notes/") ? String(path.dropFirst("notes/".count)) : nil
        }
        func isTouched(_ path: String) -> Bool {
            touched.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        let present = Set(contents.notes.map(\.relativePath))
        let removed = state.records.keys.filter { !present.contains($0) }
        for path in removed { state.records[path] = nil }
        let toRead = contents.notes.filter { state.records[$0.relativePath] == nil || isTouched($0.relativePath) }
        state.sortedPaths = contents.notes.map(\.relativePath)
        for record in read(toRead, settings: state.settings) { state.records[record.note.relativePath] = record }
        state.others = contents.others
        if let assets = found.assets {
            state.assets = assets.files
            state.assetDiagnostics = assets.diagnostics.made(by: .findNotes)
        }
        state.discoveryDiagnostics = (contents.diagnostics + found.ignoreWarnings).made(by: .findNotes)
        return Set(removed).union(toRead.map(\.relativePath))
    }

    /// Reads note files in parallel.
    private func read(_ files: [NoteDiscovery.File], settings: SiteLoader.Settings) -> [NoteRecord] {
        let loader = NoteLoader(
            definition: settings.definition, palette: settings.config.paletteNames, math: settings.config.math,
            explicitPublish: settings.config.explicitPublish)
        var config = settings.config
        if let baseURL = options.baseURL { config.baseURL = baseURL }
        let rendering = NoteRendering(
            config: config, definition: settings.definition, urls: SiteURLs(baseURL: config.baseURL),
            highlighter: highlighter, typesetter: typesetter, caches: (cache, mathCache), drafts: options.includeDrafts)
        let read = ParallelWork.map(count: files.count, workers: options.workers) { index in
            SiteLoader.load(files[index], with: loader, rendering: rendering)
        }
        var notes = read.map(\.1)
        let highlights = rendering.finishCode()
        rendering.fillCode(&notes, with: highlights, workers: options.workers)
        // A block the script failed on is a finding of its note; that no script runs is the site's.
        let failed = Dictionary(grouping: highlights.diagnostics, by: \.path)
        return zip(read, notes).map { read, note in
            let diagnostics = read.0.diagnostics + (failed[note.path] ?? [])
            return NoteRecord(
                note: note, diagnostics: diagnostics.made(by: .readNotes), source: diagnostics.isEmpty ? nil : read.0.source,
                references: note.body.links.compactMap { if case .link(let reference, _) = $0 { reference } else { nil } })
        }
    }

    /// The warnings that no code could be highlighted, or no math typeset, once the session's
    /// script failed to run.
    func codeUnavailable(_ settings: SiteLoader.Settings) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        if settings.config.highlight, let unavailable = highlighter.unavailable {
            warnings.append(ScriptResults.codeUnavailable(unavailable, at: settings.configPath, off: SiteLoader.codeOff))
        }
        if settings.config.math, let unavailable = typesetter.unavailable {
            warnings.append(ScriptResults.mathUnavailable(unavailable, at: settings.configPath, off: SiteLoader.mathOff))
        }
        return warnings.made(by: .readNotes)
    }

    /// `path` without `.` segments and empty ones (`site/./theme/` → `site/theme`), as a watcher
    /// names what is inside it.
    static func withoutDotSegments(_ path: String) -> String {
        let kept = PathSegments.of(path).filter { $0 != "." }.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + kept : kept.isEmpty ? "." : kept
    }

    /// A path inside the site, relative to it; nil for one outside.
    func relativePath(_ path: String) -> String? {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        if base == "." || base.isEmpty {
            if path.hasPrefix("./") { return String(path.dropFirst(2)) }
            return path.hasPrefix("/") || path == "." ? nil : path
        }
        guard path.hasPrefix(base + "/") else { return nil }
        return String(path.dropFirst(base.count + 1))
    }

    func failed(_ diagnostics: [Diagnostic], sources: [String: String], everything: Bool) -> SessionReport {
        SessionReport(
            succeeded: false, diagnostics: diagnostics, sources: sources, notes: 0, pages: 0, words: 0, everything: everything,
            groups: [], written: [], removed: [])
    }
}

/// A report of a build that could not start.
struct SessionReportFailure: Error {
    var report: SessionReport
}
