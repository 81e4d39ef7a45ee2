import NotebookModel

/// What reading one JSON note needs to know and collects: positions and findings.
struct JSONReadContext {
    let path: String
    let palette: [String]
    private let document: JSONDocument
    private(set) var diagnostics: [Diagnostic] = []
    /// Unknown keys already reported: each is reported once per note.
    private var reportedKeys: Set<String> = []
    private var reportedNesting = false
    /// Whether the JSON text was cut short by a syntax error, so parts of it may be missing.
    var isTruncated = false

    init(path: String, document: JSONDocument, palette: [String]) {
        self.path = path
        self.palette = palette
        self.document = document
    }

    /// The line and column of a byte offset in the file.
    func location(_ offset: Int) -> SourceLocation {
        let (line, column) = document.location(of: offset)
        return SourceLocation(line: line, column: column)
    }

    /// A cursor for the locations of many offsets, in mostly increasing order.
    func lineCursor() -> LineCursor { LineCursor(document) }

    mutating func report(_ severity: Severity, _ message: String, at offset: Int, code: String) {
        diagnostics.append(Diagnostic(severity, message, path: path, at: location(offset), code: code))
    }

    mutating func error(_ message: String, at offset: Int, code: String = "json.value") {
        report(.error, message, at: offset, code: code)
    }

    /// Reports an unknown key the first time the note uses it.
    mutating func unknownKey(
        _ key: String, at offset: Int, known: [String], in place: String, noun: String = "key"
    ) {
        guard reportedKeys.insert(place + "\u{0}" + key).inserted else { return }
        report(
            .warning,
            "unknown \(noun) '\(key)' in \(place) is ignored; known \(noun)s: \(known.joined(separator: ", "))",
            at: offset, code: "json.unknown-key")
    }

    /// Reports, once per note, that nesting past the limit was flattened.
    mutating func reportNesting(at offset: Int) {
        guard !reportedNesting else { return }
        reportedNesting = true
        report(
            .warning,
            "content nests deeper than \(MarkdownReader.maximumNesting) levels; the deeper levels are flattened",
            at: offset, code: "json.nesting")
    }
}
