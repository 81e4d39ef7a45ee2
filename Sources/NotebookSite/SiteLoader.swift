import Foundation
import NotebookConstraints
import NotebookFormats
import NotebookModel

/// A site read from its folder: settings, constraint definition, and every note, checked.
public struct LoadedSite: Sendable {
    /// The site folder, as the user named it.
    public var directory: String
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

    /// The number of words of all notes.
    public var wordCount: Int { notes.reduce(0) { $0 + $1.wordCount } }
}

/// Reads a whole site: `notebook.yml`, `formatting.yml`, and the notes, in parallel.
public struct SiteLoader: Sendable {
    public var strict: Bool
    public var includeDrafts: Bool
    /// How many notes are read at once.
    public var workers: Int

    public init(strict: Bool = false, includeDrafts: Bool = false, workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.strict = strict
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

    /// Reads `notebook.yml` and the formatting definition it names.
    static func settings(of directory: String) -> Settings {
        var settings = Settings()
        settings.configPath = NoteDiscovery.join(directory, "notebook.yml")
        settings.hasConfig = FileManager.default.fileExists(atPath: settings.configPath)
        if settings.hasConfig {
            let text = readText(settings.configPath, into: &settings.diagnostics)
            settings.sources[settings.configPath] = text
            let read = SiteConfigReader.read(text, path: settings.configPath)
            settings.config = read.config
            settings.diagnostics += read.diagnostics
        } else {
            settings.diagnostics.append(
                Diagnostic(.warning, "no notebook.yml; building with default settings", path: settings.configPath, code: "config.missing"))
        }

        settings.definitionPath = NoteDiscovery.join(directory, settings.config.formatting)
        if FileManager.default.fileExists(atPath: settings.definitionPath) {
            let text = readText(settings.definitionPath, into: &settings.diagnostics)
            settings.sources[settings.definitionPath] = text
            let read = FormattingDefinitionReader.read(text, path: settings.definitionPath, palette: settings.config.paletteNames)
            settings.definition = read.definition
            settings.diagnostics += read.diagnostics
        } else if settings.hasConfig && settings.config.formatting != "formatting.yml" {
            settings.diagnostics.append(
                Diagnostic(
                    .error, "the formatting definition '\(settings.config.formatting)' does not exist", path: settings.configPath,
                    code: "config.formatting"))
        }
        return settings
    }

    public func load(_ directory: String) -> LoadedSite {
        let settings = Self.settings(of: directory)
        var diagnostics = settings.diagnostics
        var sources = settings.sources
        let config = settings.config

        let contents = NoteDiscovery.scan(site: directory)
        let files = contents.notes
        diagnostics += contents.diagnostics
        let loader = NoteLoader(definition: settings.definition, palette: config.paletteNames, strict: strict)
        let loaded = loadAll(files, with: loader)

        var notes: [SiteNote] = []
        for (result, note) in loaded {
            diagnostics += result.diagnostics
            // Only the text of notes with findings is kept; `SourceTexts` reads others when needed.
            if !result.diagnostics.isEmpty { sources[note.path] = result.source }
            if note.isDraft && !includeDrafts { continue }
            notes.append(note)
        }
        diagnostics += Self.checkURLs(notes)
        notes = SiteOrder.sorted(notes)
        return LoadedSite(
            directory: directory, config: config, definition: settings.definition, notes: notes, diagnostics: diagnostics,
            sources: sources, files: contents.others, usesNotesFolder: contents.usesNotesFolder, hasConfig: settings.hasConfig)
    }

    /// Reads every file, `workers` at a time, and makes its site note (title, summary, words);
    /// results in the files' order.
    private func loadAll(_ files: [NoteDiscovery.File], with loader: NoteLoader) -> [(NoteLoader.Loaded, SiteNote)] {
        ParallelWork.map(count: files.count, workers: workers) { index in
            Self.load(files[index], with: loader)
        }
    }

    /// Reads one note file and makes its site note.
    static func load(_ file: NoteDiscovery.File, with loader: NoteLoader) -> (NoteLoader.Loaded, SiteNote) {
        let format = NoteLoader.Format(path: file.path) ?? .markdown
        let loaded = loader.load(path: file.path, format: format)
        let note = SiteNote(
            note: loaded.note, relativePath: file.relativePath,
            title: SiteNote.title(of: loaded.note, relativePath: file.relativePath),
            summary: SiteNote.summary(of: loaded.note),
            url: NoteURL.path(for: file.relativePath, slug: loaded.note.metadata.slug) ?? "", wordCount: loaded.note.wordCount)
        return (loaded, note)
    }

    /// Checks the notes' URLs: none, two notes on one, or one on a reserved URL are errors.
    static func checkURLs(_ notes: [SiteNote]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var owners: [String: String] = [:]
        for index in notes.indices {
            let note = notes[index]
            let url = note.url
            guard !url.isEmpty else {
                diagnostics.append(
                    Diagnostic(.error, "cannot make a URL from the file name; give the note a 'slug'", path: note.path, code: "url.empty"))
                continue
            }
            if NoteURL.isReserved(url) {
                diagnostics.append(
                    Diagnostic(.error, "the note's URL \(url) is reserved for the site's own pages", path: note.path, code: "url.reserved"))
            } else if let owner = owners[url] {
                diagnostics.append(
                    Diagnostic(.error, "the note's URL \(url) is also the URL of \(owner)", path: note.path, code: "url.collision"))
            } else {
                owners[url] = note.path
            }
        }
        return diagnostics
    }

    private static func readText(_ path: String, into diagnostics: inout [Diagnostic]) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.append(Diagnostic(.error, "cannot read the file", path: path, code: "io.read"))
            return ""
        }
        let (text, decoding) = SourceText.decode(Array(data), path: path)
        diagnostics += decoding
        return text
    }
}
