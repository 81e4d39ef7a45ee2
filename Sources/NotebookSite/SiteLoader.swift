import Foundation
import NotebookConstraints
import NotebookFiles
import NotebookFormats
import NotebookModel
import NotebookScripts
import NotebookSearch
import NotebookSource
import Parallel
import ScriptEngine

/// A site read from its folder: settings, constraint definition, and every note, checked.
struct LoadedSite: Sendable {
    /// The site folder, as the user named it.
    public var directory: String { tree.display.isEmpty ? "." : tree.display }
    /// The site folder, read through the site's link rule.
    public var tree: FileTree
    public var config: SiteConfig
    public var definition: FormattingDefinition
    /// The notes in the site's order (FORMATS.md section 6), drafts included only when asked.
    public var notes: [SiteNote]
    /// Every finding, note by note in path order, then the site's own.
    public var diagnostics: [Diagnostic]
    /// The text of the files with findings so far, by path (see `SourceTexts`).
    public var sources: [String: String]
    /// Files beside the notes that are not notes (images, PDFs): copied next to the pages.
    public var files: [NoteDiscovery.File]
    /// Whether the folder had a `notes/` folder.
    public var usesNotesFolder: Bool
    /// Whether the folder had a `notebook.yml`.
    public var hasConfig: Bool
    /// The site path of its icon (``Favicon``), once its assets are known.
    public var favicon: String? = nil

    /// The number of words of all notes.
    public var wordCount: Int { notes.reduce(0) { $0 + $1.wordCount } }
}

/// What a command that adds a note needs of a site's settings.
public enum SiteSettings {
    /// Whether the site at `site` publishes only the notes with `publish: true` (its
    /// notebook.yml's `explicitPublish`).
    public static func publishesOnlySelected(_ site: FileTree) -> Bool {
        SiteLoader.settings(of: site).config.explicitPublish
    }
}

/// Reads a whole site: `notebook.yml`, `formatting.yml`, and the notes, in parallel.
struct SiteLoader: Sendable {
    public var includeDrafts: Bool
    /// How many notes are read at once.
    public var workers: Int
    /// The folder of the cache of highlighted code; nil for none.
    public var cacheFolder: String?
    /// Where the folders of the notes' pages are made as the notes are read, if anywhere.
    var earlyFolders: EarlyFolders?
    /// Whether what the scripts make is kept in the cache: not by a run that creates no file.
    var writesCache = true

    public init(
        includeDrafts: Bool = false, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        cacheFolder: String? = nil
    ) {
        self.cacheFolder = cacheFolder
        self.includeDrafts = includeDrafts
        self.workers = max(1, workers)
    }

    /// A site's settings: `notebook.yml` and its formatting definition, with their findings.
    struct Settings: Sendable {
        var config = SiteConfig()
        var definition = FormattingDefinition.seeds
        var hasConfig = false
        var diagnostics: [Diagnostic] = []
        var sources: [String: String] = [:]
        /// The paths of the two files, read or not.
        var configPath = ""
        var definitionPath = ""
    }

    /// Reads `notebook.yml` and the formatting definition it names, which must lie inside the site.
    static func settings(of site: FileTree) -> Settings {
        var settings = Settings()
        settings.configPath = site.display("notebook.yml")
        switch site.place(of: "notebook.yml") {
        case .inside(let real):
            settings.hasConfig = true
            let text = readText(settings.configPath, from: real, into: &settings.diagnostics)
            settings.sources[settings.configPath] = text
            let read = SiteConfigReader.read(text, path: settings.configPath)
            settings.config = read.config
            settings.diagnostics += read.diagnostics
        case .outside:
            settings.hasConfig = true
            settings.diagnostics.append(
                Diagnostic(
                    .error, "notebook.yml is a symbolic link that leads outside the site; not followed", path: settings.configPath,
                    code: "files.symlink"))
        case .missing:
            settings.diagnostics.append(
                Diagnostic(.note, "no notebook.yml; building with default settings", path: settings.configPath, code: "config.missing"))
        }

        let formatting = settings.config.formatting
        settings.definition = .builtIn(palette: settings.config.paletteNames)
        settings.definitionPath = formatting.hasPrefix("/") ? formatting : site.display(formatting)
        let absolute = formatting.hasPrefix("/") ? formatting : site.real(formatting)
        let real = FileSystem.resolve(absolute)
        if let real, FileTree.isInside(real, site.real), real != site.real {
            let text = readText(settings.definitionPath, from: real, into: &settings.diagnostics)
            settings.sources[settings.definitionPath] = text
            let read = FormattingDefinitionReader.read(text, path: settings.definitionPath, palette: settings.config.paletteNames)
            settings.definition = read.definition
            settings.diagnostics += read.diagnostics
        } else if real != nil || FileSystem.exists(absolute) {
            // Nothing of a file outside the site is read: its lines must never reach a log.
            settings.diagnostics.append(
                Diagnostic(
                    .error,
                    "the formatting definition '\(formatting)' "
                        + (FileSystem.status(absolute)?.kind == .link ? "is a symbolic link that leads outside the site" : "is outside the site")
                        + "; it must be a file inside the site folder",
                    path: settings.configPath, at: settings.config.formattingLocation, code: "config.formatting"))
        } else if settings.hasConfig && formatting != "formatting.yml" {
            settings.diagnostics.append(
                Diagnostic(
                    .error, "the formatting definition '\(formatting)' does not exist", path: settings.configPath,
                    at: settings.config.formattingLocation, code: "config.formatting"))
        }
        return settings
    }

    /// Reads the site at `directory`; a folder that cannot be read is a site with that error.
    public func load(_ directory: String, output: String? = nil) -> LoadedSite {
        do {
            return load(try FileTree(directory), output: output)
        } catch {
            let diagnostic = Diagnostic(.error, "cannot read the site: \(error.reason)", path: directory, code: "io.read")
            let tree = FileTree.unreadable(directory)
            return LoadedSite(
                tree: tree, config: SiteConfig(), definition: .seeds, notes: [], diagnostics: [diagnostic], sources: [:], files: [],
                usesNotesFolder: false, hasConfig: false)
        }
    }

    /// Reads the site `site`; `output` is the real path of the output folder, never read as notes.
    public func load(_ site: FileTree, output: String? = nil) -> LoadedSite {
        load(site, output: output, settings: Self.settings(of: site))
    }

    /// The same with the site's settings read already (a build reads them first, to check the output).
    func load(_ site: FileTree, output: String?, settings: Settings) -> LoadedSite {
        let contents = NoteDiscovery.scan(site, output: output, ignoring: settings.config.ignored)
        var loaded = read(contents, in: site, settings: settings)
        loaded.diagnostics = settings.diagnostics + contents.diagnostics + loaded.diagnostics
        return loaded
    }

    /// Reads and checks the notes that a scan of `site` found, in parallel, and checks their
    /// URLs; the site's diagnostics are these notes' alone, its sources the settings' and theirs.
    func read(_ contents: NoteDiscovery.Contents, in site: FileTree, settings: Settings) -> LoadedSite {
        var diagnostics: [Diagnostic] = []
        var sources = settings.sources
        let config = settings.config
        let files = contents.notes
        let loader = NoteLoader(
            definition: settings.definition, palette: config.paletteNames, math: config.math,
            explicitPublish: config.explicitPublish)
        let rendering = NoteRendering(
            config: config, definition: settings.definition, urls: SiteURLs(baseURL: config.baseURL),
            // A site whose settings are wrong is written nowhere: its code is not worth the script.
            highlighter: settings.diagnostics.hasErrors ? nil : CodeHighlighter(),
            caches: (
                cacheFolder.flatMap { HighlightCache(folder: $0, script: CodeHighlighter.debianScript, writes: writesCache) },
                cacheFolder.flatMap { HighlightCache(folder: $0, script: MathTypesetter.debianScript, kind: .math, writes: writesCache) }
            ), drafts: includeDrafts)
        let loaded = loadAll(files, with: loader, rendering: rendering)
        let highlights = rendering.finishCode()

        var notes: [SiteNote] = []
        notes.reserveCapacity(loaded.count)
        for (note, findings, source) in loaded {
            diagnostics += findings
            if let source { sources[note.path] = source }
            if note.isDraft && !includeDrafts { continue }
            notes.append(note)
        }
        rendering.fillCode(&notes, with: highlights, workers: workers)
        // Its script's context is let go on a thread of its own, while the workers go on.
        FreeingThread.free(consume rendering)
        diagnostics += Self.findings(of: highlights, settings: settings)
        // The URLs are checked (in the files' order) on a thread of their own while the workers sort.
        let unsorted = notes
        let urlFindings = Background { Self.checkURLs(unsorted) }
        notes = SiteOrder.sorted(notes, workers: workers)
        diagnostics += urlFindings.value
        return LoadedSite(
            tree: site, config: config, definition: settings.definition, notes: notes, diagnostics: diagnostics,
            sources: sources, files: contents.others, usesNotesFolder: contents.usesNotesFolder, hasConfig: settings.hasConfig)
    }

    /// The warnings of highlighting a site's code and typesetting its math: one at each block or
    /// formula a script failed on or warned about, or one for the whole site when no script could
    /// run.
    static func findings(of highlights: ScriptResults, settings: Settings) -> [Diagnostic] {
        // A script that cannot run gives no warning at blocks: it is said once, at notebook.yml.
        (highlights.diagnostics + highlights.unavailableWarnings(at: settings.configPath, codeOff: codeOff, mathOff: mathOff))
            .made(by: .readNotes)
    }

    /// How a site turns highlighting and math off, as the warnings that they cannot run say.
    static let codeOff = "set highlight: false"
    static let mathOff = "set math: false"

    /// Reads every file, `workers` at a time, and makes its site note (title, summary, words);
    /// results in the files' order. Only the text of notes with findings is kept (`SourceTexts`
    /// reads others when needed); the rest is freed on the workers.
    ///
    /// The notes whose bytes are in memory are read first; one that would wait for the disk is
    /// asked for and read in a second pass. The disk then reads many at once while the workers
    /// read the others, instead of one at a time per worker: 5,000 notes out of memory are read
    /// in 0.30 s this way, 0.60 s waiting for each (0.24 s in memory).
    private func loadAll(_ files: [NoteDiscovery.File], with loader: NoteLoader, rendering: NoteRendering)
        -> [(SiteNote, [Diagnostic], String?)]
    {
        let folders = earlyFolders, drafts = includeDrafts
        @Sendable func result(_ read: (loaded: NoteLoader.Loaded, note: SiteNote)) -> (SiteNote, [Diagnostic], String?) {
            if let folders { Self.makeFolder(of: read.note, in: folders, drafts: drafts) }
            return (read.note, read.loaded.diagnostics, read.loaded.diagnostics.isEmpty ? nil : read.loaded.source)
        }
        var results = ParallelWork.map(count: files.count, workers: workers) { index in
            Self.load(files[index], with: loader, rendering: rendering, waiting: false).map(result)
        }
        let waiting = results.indices.filter { results[$0] == nil }
        if !waiting.isEmpty {
            let read = ParallelWork.map(count: waiting.count, workers: workers) { index in
                result(Self.load(files[waiting[index]], with: loader, rendering: rendering))
            }
            for (index, result) in zip(waiting, read) { results[index] = result }
        }
        return results.map { $0! }
    }

    /// Reads one note file and makes its site note, its body rendered and its model let go
    /// (the model stays in what was loaded).
    static func load(_ file: NoteDiscovery.File, with loader: NoteLoader, rendering: NoteRendering) -> (NoteLoader.Loaded, SiteNote) {
        // Waiting for the disk is allowed: there is always a note.
        load(file, with: loader, rendering: rendering, waiting: true)!
    }

    /// The same; without `waiting`, nil when the file's bytes are not in memory (and are then
    /// on their way: ``NoteLoader/loadIfInMemory(path:from:format:)``).
    static func load(_ file: NoteDiscovery.File, with loader: NoteLoader, rendering: NoteRendering, waiting: Bool)
        -> (NoteLoader.Loaded, SiteNote)?
    {
        let format = NoteLoader.Format(path: file.path) ?? .markdown
        let read = waiting
            ? loader.load(path: file.path, from: file.source, format: format)
            : loader.loadIfInMemory(path: file.path, from: file.source, format: format)
        guard let loaded = read else { return nil }
        // The text is walked once, for its words and the search index's.
        var headings: [Range<Int>] = []
        let text = PlainText.utf8(of: loaded.note.blocks, headings: &headings)
        var analyzer = SearchAnalyzer()
        var note = SiteNote(
            note: loaded.note, relativePath: file.relativePath,
            title: SiteNote.title(of: loaded.note, relativePath: file.relativePath),
            summary: SiteNote.summary(of: loaded.note),
            url: NoteURL.path(for: file.relativePath, slug: loaded.note.metadata.slug) ?? "", wordCount: WordCount.count(utf8: text),
            search: (analyzer.wordCounts(utf8: text), SearchText(utf8: text, headings: headings)),
            aliasLocations: loaded.aliasLocations)
        note.body = rendering.body(of: note, blocks: loaded.note.blocks, source: loaded.source)
        note.addFound(in: note.body.rendered)
        let marks = note.body.rendered.marks
        guard marks.identifiedCount > marks.identified.count else {
            note.note.blocks = []
            return (loaded, note)
        }
        // An identifier given again: found where, in the blocks, only then.
        var warned = loaded
        for (id, location) in BlockID.repeated(in: loaded.note.blocks) {
            warned.diagnostics.append(
                Diagnostic(
                    .warning, "the block identifier '^\(id)' is given again: links and embeds lead to its first block",
                    path: file.path, at: location, code: "markdown.blockid"))
        }
        note.note.blocks = []
        return (warned, note)
    }

    /// Hands the folder of a published note's page to `folders` to make now (`EarlyFolders`).
    @inline(never)
    private static func makeFolder(of note: SiteNote, in folders: EarlyFolders, drafts: Bool) {
        guard !note.isDraft || drafts, let folder = PagePlan.folder(note.url) else { return }
        folders.make(folder)
    }

    /// Checks the notes' URLs: none, two notes on one, or one on a reserved URL are errors.
    static func checkURLs(_ notes: [SiteNote]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var owners: [String: String] = [:]
        owners.reserveCapacity(notes.count)
        for index in notes.indices {
            let note = notes[index]
            let url = note.url
            // A folder's name is the part of the URL a `slug` does not replace.
            let folders = PathSegments.of(note.relativePath).dropLast()
            guard !url.isEmpty else {
                let nameless = folders.first { Slug.make(String($0)).isEmpty }
                let message = nameless.map { "cannot make a URL from the folder name '\($0)', which has no letter or digit; rename the folder" }
                    ?? "cannot make a URL from the file name; give the note a 'slug'"
                diagnostics.append(Diagnostic(.error, message, path: note.path, code: "url.empty"))
                continue
            }
            if NoteURL.isReserved(url) {
                let first = folders.first.map { "/" + Slug.make(String($0)) + "/" }
                let fix = first.map(NoteURL.isReserved) == true
                    ? "move it out of the folder '\(folders.first!)' or rename the folder"
                    : "give the note another URL with a 'slug' in its front matter (slug: \(PathSegments.of(url).last ?? "page")-note)"
                diagnostics.append(
                    Diagnostic(
                        .error, "the note's URL \(url) is reserved for the site's own pages; \(fix)", path: note.path, code: "url.reserved"))
            } else if let owner = owners[url] {
                diagnostics.append(
                    Diagnostic(.error, "the note's URL \(url) is also the URL of \(owner)", path: note.path, code: "url.collision"))
            } else {
                owners[url] = note.path
            }
        }
        return diagnostics
    }

    /// The text of the file at `real`, shown as `path`; a file that cannot be read is an error.
    private static func readText(_ path: String, from real: String, into diagnostics: inout [Diagnostic]) -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(real)
        } catch {
            diagnostics.append(Diagnostic(.error, "cannot read the file: \(error.reason)", path: path, code: "io.read"))
            return ""
        }
        let (text, decoding) = SourceText.decode(bytes, path: path)
        diagnostics += decoding
        return text
    }
}
