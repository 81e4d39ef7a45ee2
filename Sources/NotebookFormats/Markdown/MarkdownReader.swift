import NotebookSource
import NotebookModel

/// What reading a note gives: the note, and every finding about its file.
public struct ReadResult: Sendable {
    public var note: Note
    public var diagnostics: [Diagnostic]
    /// Where each `%%comment%%` the reader left out of the note starts.
    public var comments: [SourceLocation]
    /// Where each block or inline HTML whose comments the reader left out starts (``HTMLComments``).
    public var htmlComments: [SourceLocation] = []
    /// Where each of the metadata's aliases is written, when the format says (front matter).
    public var aliasLocations: [SourceLocation]

    public init(note: Note, diagnostics: [Diagnostic], comments: [SourceLocation] = [], aliasLocations: [SourceLocation] = []) {
        self.note = note
        self.diagnostics = diagnostics
        self.comments = comments
        self.aliasLocations = aliasLocations
    }
}

/// Reads annotated Markdown (FORMATS.md section 3) into the notebook's model.
///
/// Reading never fails: whatever is wrong in the input is a diagnostic, and the text is kept.
public struct MarkdownReader: Sendable {
    /// How deep blocks, and inlines, may nest; deeper levels are flattened with a warning.
    public static let maximumNesting = 64

    /// Whether to read the notebook's syntax beyond CommonMark and GFM: annotations `^[…](…)`,
    /// `==highlights==`, `[[wikilinks]]`. Callouts are always read.
    public var notebookSyntax: Bool
    /// The palette names that count as colors.
    public var palette: [String]
    /// Whether dollars make formulas (`$…$`, `$$…$$`); without, they are text.
    public var math: Bool

    public init(notebookSyntax: Bool = true, palette: [String] = Color.defaultPalette, math: Bool = true) {
        self.notebookSyntax = notebookSyntax
        self.palette = palette
        self.math = math
    }

    /// Reads a whole note file: front matter and body.
    public func read(_ source: String, path: String) -> ReadResult {
        let front = FrontMatter.read(source, path: path)
        let body = readBodyAndComments(front.body, path: path, firstLine: front.bodyStartLine)
        let note = Note(path: path, metadata: front.metadata, blocks: body.blocks)
        var result = ReadResult(
            note: note, diagnostics: front.diagnostics + body.diagnostics, comments: body.comments, aliasLocations: front.aliasLocations)
        result.htmlComments = body.htmlComments
        return result
    }

    /// Reads Markdown without front matter; `firstLine` is the file's line number of its first line.
    public func readBody(_ body: Substring, path: String, firstLine: Int = 1) -> ([Block], [Diagnostic]) {
        let read = readBodyAndComments(body, path: path, firstLine: firstLine)
        return (read.blocks, read.diagnostics)
    }

    private func readBodyAndComments(_ body: Substring, path: String, firstLine: Int)
        -> (blocks: [Block], diagnostics: [Diagnostic], comments: [SourceLocation], htmlComments: [SourceLocation])
    {
        var body = body
        var original = body.withUTF8 { Array($0) }
        if SourceText.containsNUL(original) {
            // As CommonMark does, and before the scan, so that no NUL reaches notebook syntax either.
            original = SourceText.withoutNUL(original)
        }
        let scan = MarkupScan(original, enabled: notebookSyntax, math: math)
        let context = MarkdownContext(scan: scan, original: original, path: path, firstLine: firstLine, palette: palette)
        // The converter of the tree kept (its context places the comments below): a fresh one
        // for each tree, since one that found text for autolinks is given up.
        var converter = CmarkConverter(context: context, hidesHTMLComments: notebookSyntax)
        var (blocks, diagnostics) = CmarkParser.withDocument(scan.prepared) { document, checkAutolinks in
            converter = CmarkConverter(context: context, checkAutolinks: checkAutolinks, hidesHTMLComments: notebookSyntax)
            let converted = converter.convert(document)
            return converter.foundAutolinkText ? nil : converted
        }
        // The converter finishes a container's insides before the container (`[[c:d]] *[[a:b]]*`
        // found the second first): its findings are given in the order of the text.
        // One without a place stays after the one before it.
        if diagnostics.count > 1 {
            var place = SourceLocation(line: 0, column: 0)
            let keyed = diagnostics.enumerated().map { index, diagnostic in
                place = diagnostic.location ?? place
                return (place: place, index: index, diagnostic: diagnostic)
            }
            if keyed.indices.dropFirst().contains(where: { keyed[$0].place < keyed[$0 - 1].place }) {
                diagnostics = keyed.sorted { ($0.place, $0.index) < ($1.place, $1.index) }.map(\.diagnostic)
            }
        }
        var comments: [SourceLocation] = []
        if !scan.comments.isEmpty {
            // Placed by the converter's own table of the note's lines.
            comments = scan.comments.map { converter.context.location(originalOffset: $0) }
            if let unclosed = scan.unclosedComment {
                diagnostics.append(
                    Diagnostic(
                        .warning, "this %% comment is never closed: the rest of the note is hidden, as Obsidian hides it",
                        path: path, at: converter.context.location(originalOffset: unclosed), code: "markdown.comment"))
            }
        }
        if notebookSyntax && scan.markers == nil {
            diagnostics.append(
                Diagnostic(
                    .warning, "the note uses every character notebook syntax could mark its place with; annotations, ==highlights== and [[wikilinks]] are read as plain Markdown",
                    path: path, at: SourceLocation(line: firstLine, column: 1), code: "markdown.markers"))
        }
        return (FootnoteLabels.assign(blocks), diagnostics, comments, converter.htmlComments)
    }
}
