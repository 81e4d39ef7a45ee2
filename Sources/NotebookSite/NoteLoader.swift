import NotebookSource
import NotebookConstraints
import NotebookFiles
import NotebookFormats
import NotebookModel

/// Reads one note file through the steps every note takes, whatever its format:
/// read → constrain the runs → build block structure (headings from text styles).
public struct NoteLoader: Sendable {
    public var definition: FormattingDefinition
    public var palette: [String]
    /// Whether Markdown's dollars make formulas (`math: false` leaves them text).
    public var math: Bool
    /// Whether only the notes selected with `publish: true` are published (`explicitPublish`).
    public var explicitPublish: Bool

    /// Without a `definition`, the built-in one of a site without `formatting.yml`.
    public init(
        definition: FormattingDefinition? = nil, palette: [String] = Color.defaultPalette, math: Bool = true,
        explicitPublish: Bool = false
    ) {
        self.explicitPublish = explicitPublish
        self.definition = definition ?? .builtIn(palette: palette)
        self.palette = palette
        self.math = math
    }

    /// The formats a note can be written in.
    public enum Format: String, Sendable {
        case markdown, json

        /// Each format's file extension: the one table of what a note file is named.
        public var fileExtension: String {
            switch self {
            case .markdown: ".md"
            case .json: ".json"
            }
        }

        /// The format of a file, by its extension; nil for a file that is not a note.
        public init?(path: String) {
            if path.hasSuffix(Format.markdown.fileExtension) {
                self = .markdown
            } else if path.hasSuffix(Format.json.fileExtension) {
                self = .json
            } else {
                return nil
            }
        }

        /// `path` without a note's extension; `path` itself when it is not a note's.
        public static func stem(of path: String) -> String {
            guard let format = Format(path: path) else { return path }
            return String(path.dropLast(format.fileExtension.count))
        }
    }

    /// A loaded note: the note after its steps, its source text, and every finding.
    public struct Loaded: Sendable {
        public var note: Note
        public var source: String
        public var diagnostics: [Diagnostic]
        /// Where each of the note's aliases is written, when its format says (`ReadResult`).
        public var aliasLocations: [SourceLocation] = []
    }

    /// Reads the file at `source` (through no link), or at `path` as the user named it when nil;
    /// an unreadable file, or one over `FileSystem.readLimit`, is an error diagnostic and an
    /// empty note.
    public func load(path: String, from source: String? = nil, format: Format) -> Loaded {
        do {
            // A file the user named (`render FILE`) is read as named; a site's, at its real place.
            let bytes = try source == nil ? FileSystem.read(path, links: .asNamed) : FileSystem.read(source!)
            return load(bytes: bytes, path: path, format: format)
        } catch {
            let diagnostic = Diagnostic(.error, "cannot read the file: \(error.reason)", path: path, code: "io.read")
            return Loaded(note: Note(path: path, blocks: []), source: "", diagnostics: [diagnostic])
        }
    }

    /// ``load(path:from:format:)`` of a site's file when its bytes are in memory already; nil
    /// when reading them would wait for the disk, and the file is then on its way into memory
    /// (``FileSystem/readIfInMemory(_:limit:links:)``): load it again later.
    public func loadIfInMemory(path: String, from source: String, format: Format) -> Loaded? {
        do {
            guard let bytes = try FileSystem.readIfInMemory(source) else { return nil }
            return load(bytes: bytes, path: path, format: format)
        } catch {
            // Read again the one way, so that the finding is worded as it always is.
            return load(path: path, from: source, format: format)
        }
    }

    /// Reads a note from its bytes.
    public func load(bytes: [UInt8], path: String, format: Format) -> Loaded {
        let (source, decoding) = SourceText.decode(bytes, path: path)
        let read: ReadResult
        switch format {
        case .markdown: read = MarkdownReader(palette: palette, math: math).read(source, path: path)
        case .json: read = AttributedJSONReader(palette: palette).read(source, path: path)
        }
        let (constrained, findings) = ConstraintChecker(definition: definition).apply(to: read.note)
        var note = constrained
        note.blocks = TextStyleHeadings.apply(note.blocks)
        // A note the site does not publish is one more draft to it (`publish: false`, or not
        // selected where only the notes selected are published).
        note.metadata.isDraft = !note.metadata.isPublished(explicitly: explicitPublish)
        var diagnostics = decoding + read.diagnostics + findings
        // Where only the notes selected are published, one not selected is not the site's, as
        // Obsidian Publish never reads it (a vault's templates, its private notes): nothing of it is
        // said, but a front matter that cannot be read, which may be one meant to be selected.
        if explicitPublish && note.metadata.publish != true {
            diagnostics = diagnostics.filter { $0.code == "frontmatter.syntax" }
        }
        return Loaded(
            note: note, source: source, diagnostics: diagnostics.foldingRepeatedWarnings(), aliasLocations: read.aliasLocations)
    }
}
