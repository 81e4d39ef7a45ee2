import NotebookFiles
import NotebookFormats
import NotebookModel

/// Finds a site's note files (FORMATS.md section 1): `*.md` and `*.json` under `notes/` at any
/// depth, or, without `notes/`, under the site folder minus dot-folders, `assets/`, `templates/`
/// and every output folder (one that carries notebook's output marker, or the one being built).
///
/// Everything is read through the site's `FileTree`: a link that leads outside the site is not
/// followed (a warning names it); `notes/` or `assets/` itself leading outside is an error.
public enum NoteDiscovery {
    /// A note file: where it is, and its path relative to the notes folder.
    public struct File: Hashable, Sendable {
        /// The path as the user would name it: the site's path as given plus the file's place in it.
        public var path: String
        /// The path under the notes folder, with `/` separators, such as `cooking/pancakes.md`.
        public var relativePath: String
        /// Where the file is read from: a real path with no link in it.
        public var source: String

        public init(path: String, relativePath: String, source: String) {
            self.path = path
            self.relativePath = relativePath
            self.source = source
        }
    }

    /// What a site's notes folder holds.
    public struct Contents: Sendable {
        /// Note files, by relative path.
        public var notes: [File]
        /// Other files beside the notes (images, PDFs), by relative path.
        public var others: [File]
        /// Whether the site has a `notes/` folder.
        public var usesNotesFolder: Bool
        /// Links not followed, folders that could not be read.
        public var diagnostics: [Diagnostic]
    }

    /// The site's note files and the files beside them, in a stable order (by relative path).
    /// `output` is the real path of the folder being built (`SITE/public` when nil), left out when
    /// it is inside the site.
    /// `ignored` is what the site leaves out of its notes (``SiteConfig/ignore``): never read.
    public static func scan(_ site: FileTree, output: String? = nil, ignoring ignored: PathPatterns = PathPatterns()) -> Contents {
        let output = output ?? site.real("public")
        let (notesFolder, problems) = folder("notes", in: site)
        guard problems.isEmpty else { return Contents(notes: [], others: [], usesNotesFolder: true, diagnostics: problems) }
        // Output folders are never read as notes, wherever a link or the site's layout puts them.
        let isOutput: @Sendable (String) -> Bool = { real in real == output || OutputMarker.isMarked(real) }
        let walk: FileTree.Walk
        if notesFolder != nil {
            walk = site.walk("notes", ignoring: ignored, skipsFolder: isOutput)
        } else {
            walk = site.walk("", skip: ["assets", "templates", "notebook.yml", "formatting.yml"], ignoring: ignored, skipsFolder: isOutput)
        }
        var (all, diagnostics) = files(from: walk)
        if notesFolder != nil { diagnostics += leftAtTheRoot(of: site) }
        var notes = all.filter { isNote($0.relativePath) }
        var others = all.filter { !isNote($0.relativePath) }
        // A JSON file that holds data, not a note, is a file beside the notes, as Quartz publishes it.
        let data = notes.filter(isData)
        if !data.isEmpty {
            let set = Set(data)
            notes.removeAll(where: set.contains)
            others = (others + data).sorted { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
            diagnostics += data.map {
                Diagnostic(
                    .note, "published as a file beside the notes, not read as a note: its JSON is data (a note is an object with a note's keys, such as title or body, Apple's runs, or a string)",
                    path: $0.path, code: "json.data")
            }
        }
        return Contents(notes: notes, others: others, usesNotesFolder: notesFolder != nil, diagnostics: diagnostics)
    }

    /// What a site's folder holds as its settings read it: its notes found with `ignore`, its
    /// `assets/` (unless `assets` is false, and the patterns need no walk of them: a vault's name
    /// its assets too), and the findings of both walks and of the patterns. The one way a build
    /// and a preview find them.
    struct Found {
        var contents: Contents
        /// The site's assets and the findings of their walk, when walked.
        var assets: (files: [File], diagnostics: [Diagnostic])?
        /// What the patterns found (``SiteConfig/ignoreWarnings(_:notes:path:)``).
        var ignoreWarnings: [Diagnostic]

        /// Every finding: the notes' walk's, the assets', the patterns'.
        var diagnostics: [Diagnostic] { contents.diagnostics + (assets?.diagnostics ?? []) + ignoreWarnings }
    }

    static func find(_ site: FileTree, output: String, config: SiteConfig, configPath: String, assets: Bool = true) -> Found {
        let ignored = config.ignored
        let contents = scan(site, output: output, ignoring: ignored)
        let walked: (files: [File], diagnostics: [Diagnostic])?
        if assets || (!ignored.isEmpty && !contents.usesNotesFolder) {
            walked = files(in: "assets", of: site, ignoring: contents.usesNotesFolder ? PathPatterns() : ignored)
        } else {
            walked = nil
        }
        return Found(contents: contents, assets: walked, ignoreWarnings: config.ignoreWarnings(ignored, notes: contents.notes.count, path: configPath))
    }

    /// A warning when a site with `notes/` also has Markdown notes beside it, which are not read:
    /// nothing is left out unsaid. The Markdown files at its top, a repository's own pages
    /// (`README.md`, `LICENSE-MIT.md`, `CHANGELOG.md`, `CODE_OF_CONDUCT.md`, …) excepted; in an
    /// Obsidian vault (a `.obsidian/` folder beside `notes/`, one of the vault's folders), those
    /// in its other folders too.
    static func leftAtTheRoot(of site: FileTree) -> [Diagnostic] {
        guard let entries = try? FileSystem.entries(site.real("")) else { return [] }
        var left = entries.filter { entry in
            entry.kind == .file && entry.name.lowercased().hasSuffix(".md") && !entry.name.hasPrefix(".") && !isRepositoryPage(entry.name)
        }.map(\.name).sorted()
        if entries.contains(where: { $0.name == ".obsidian" && $0.kind == .folder }) {
            for folder in entries where folder.kind == .folder && !folder.name.hasPrefix(".") && !["notes", "assets", "templates"].contains(folder.name) {
                let (files, _) = NoteDiscovery.files(from: site.walk(folder.name, skipsFolder: { OutputMarker.isMarked($0) }))
                left += files.map(\.relativePath).filter { $0.lowercased().hasSuffix(".md") }.map { folder.name + "/" + $0 }.sorted()
            }
        }
        guard let first = left.first else { return [] }
        let named = left.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (left.count > 3 ? " and \(left.count - 3) more" : "")
        return [
            Diagnostic(
                .warning,
                "\(left.count == 1 ? "a Markdown file" : "\(left.count) Markdown files") beside notes/ \(left.count == 1 ? "is" : "are") not published "
                    + "(\(named)): a site with a notes/ folder reads its notes from there only; move \(left.count == 1 ? "it" : "them") into notes/ "
                    + "or rename the folder",
                path: site.display(first), code: "files.outside")
        ]
    }

    /// Whether a file at a site's top is a repository's own page: its name, before `.md`, is one
    /// of theirs or starts with one and `-`, `_` or `.` (`LICENSE-MIT`, `README.ja`).
    static func isRepositoryPage(_ name: String) -> Bool {
        let stem = name.dropLast(3).uppercased().replacingOccurrences(of: "-", with: "_")
        return repositoryPages.contains { page in
            stem == page || (stem.hasPrefix(page) && ["_", "."].contains(stem.dropFirst(page.count).first.map(String.init) ?? ""))
        }
    }

    private static let repositoryPages = [
        "README", "LICENSE", "LICENCE", "COPYING", "CHANGELOG", "CHANGES", "HISTORY", "NEWS", "RELEASES", "CONTRIBUTING",
        "CONTRIBUTORS", "CODE_OF_CONDUCT", "SECURITY", "SUPPORT", "AUTHORS", "NOTICE", "MAINTAINERS", "GOVERNANCE", "AGENTS", "CLAUDE",
    ]

    /// The files under the site's folder `name` (`assets`), with the walk's findings; none when
    /// it does not exist.
    /// `ignored` leaves out what it names there as a path from the site's top (`assets/private`).
    public static func files(in name: String, of site: FileTree, ignoring ignored: PathPatterns = PathPatterns()) -> ([File], [Diagnostic]) {
        let (present, problems) = folder(name, in: site)
        guard problems.isEmpty, present != nil else { return ([], problems) }
        return files(from: site.walk(name, ignoring: ignored.within(name)))
    }

    /// The real path of the site's top-level folder `name` when it is one; an error when it is a
    /// link that leads outside the site.
    public static func folder(_ name: String, in site: FileTree) -> (real: String?, diagnostics: [Diagnostic]) {
        switch site.place(of: name) {
        case .missing:
            guard FileSystem.status(site.real(name))?.kind == .link else { return (nil, []) }
            return (nil, [
                Diagnostic(.error, "'\(name)' is a symbolic link that leads nowhere", path: site.display(name), code: "files.symlink")
            ])
        case .inside(let real):
            guard FileSystem.status(real)?.kind == .folder else {
                return (nil, [
                    Diagnostic(.error, "'\(name)' is not a folder; the site's \(name) must be one", path: site.display(name), code: "files.kind")
                ])
            }
            return (real, [])
        case .outside(let shown):
            let target = FileSystem.resolve(site.real(name)) ?? shown
            return (nil, [
                Diagnostic(
                    .error, "'\(name)' is a symbolic link to \(target), outside the site; links out of the site are not followed: "
                        + "build the real folder instead, or copy it into the site", path: shown, code: "files.symlink")
            ])
        }
    }

    /// A walk's files, and its findings as diagnostics: links not followed, folders that cannot
    /// be listed, and files other than notes that cannot be read (a note is read next anyway).
    static func files(from walk: FileTree.Walk) -> ([File], [Diagnostic]) {
        var files: [File] = []
        var unreadable: [Diagnostic] = []
        for (index, file) in walk.files.enumerated() {
            // Names that are the same text once Unicode normalizes them (`café` written with é, and
            // with e and a combining accent) are two files here but one name everywhere a note's
            // path is a key: the walk sorts them next to each other.
            if index > 0, walk.files[index - 1].relative == file.relative {
                unreadable.append(
                    Diagnostic(
                        .error,
                        "has the same name as \(walk.files[index - 1].display) once Unicode normalizes both (one is written "
                            + "with a combining mark); the site would take them for one file: rename one", path: file.display,
                        code: "files.same-name"))
                continue
            }
            if isNote(file.relative) || FileSystem.isReadable(file.real) {
                files.append(File(path: file.display, relativePath: file.relative, source: file.real))
            } else {
                unreadable.append(Diagnostic(.error, "cannot read: permission denied", path: file.display, code: "io.read"))
            }
        }
        let diagnostics =
            walk.skippedLinks.map {
                Diagnostic(.warning, "symbolic link leads outside the site; not followed", path: $0, code: "files.symlink")
            }
            + walk.danglingLinks.map { Diagnostic(.warning, "symbolic link leads nowhere; skipped", path: $0, code: "files.symlink") }
            + walk.loopingLinks.map {
                Diagnostic(.warning, "symbolic link leads to a folder that holds it; not followed", path: $0, code: "files.symlink")
            }
            + walk.ignoredLinks.map {
                Diagnostic(.warning, "symbolic link leads to what 'ignore' leaves out; not followed", path: $0, code: "files.symlink")
            }
            + walk.unreadable.map { Diagnostic(.error, "cannot read: \($0.reason)", path: $0.path, code: "io.read") } + unreadable
        return (files, diagnostics)
    }

    /// Whether the note file `file` is a JSON file that holds data, not a note
    /// (``AttributedJSONReader/isNote(_:)``); one that cannot be read is taken for a note, whose
    /// reading says why.
    static func isData(_ file: File) -> Bool {
        guard file.relativePath.hasSuffix(".json"), let bytes = try? FileSystem.read(file.source) else { return false }
        return !bytes.withUnsafeBufferPointer(AttributedJSONReader.isNote)
    }

    /// Whether a file name is a note's.
    public static func isNote(_ name: String) -> Bool {
        NoteLoader.Format(path: name) != nil
    }

    /// `name` inside the folder `base`.
    public static func join(_ base: String, _ name: String) -> String {
        FileTree.join(base == "." ? "" : base, name)
    }
}
