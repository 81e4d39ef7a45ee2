import NotebookModel

/// Reads notes in Apple's `AttributedString` JSON wire format (FORMATS.md section 2) into the
/// notebook's model: the body alone, in any of Apple's three shapes, or inside the
/// `NoteDocument` envelope.
///
/// Reading never fails: malformed JSON, bad values and unknown keys are diagnostics with their
/// line and column, and whatever could be read is kept.
public struct AttributedJSONReader: Sendable {
    /// The palette names that count as colors.
    public var palette: [String]

    public init(palette: [String] = Color.defaultPalette) {
        self.palette = palette
    }

    /// Whether the JSON text `bytes` is a note, or data that a vault keeps beside its notes
    /// (`{"foo": 1}`, `[1, 2, 3]`): a note is an object holding one of a note's keys (`title`,
    /// `body`, …, or Apple's `runs`), Apple's runs (an array that is empty or starts with a
    /// string), or a string (the body alone). Text that is no JSON at all is taken for a note,
    /// whose errors are then said.
    public static func isNote(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let (document, syntaxError) = JSONParser.parse(bytes)
        guard syntaxError == nil, let root = document.root else { return true }
        if root.string != nil { return true }
        if let elements = root.elements {
            var iterator = elements.makeIterator()
            return iterator.next().map { $0.string != nil } ?? true
        }
        if let members = root.members {
            return members.contains { JSONKeys.envelope.contains($0.key) || $0.key == JSONKeys.runs || $0.key == JSONKeys.attributeTable }
        }
        return false
    }

    /// Reads a whole note file.
    public func read(_ source: String, path: String) -> ReadResult {
        var source = source
        return source.withUTF8 { read($0, path: path) }
    }

    private func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> ReadResult {
        let (document, syntaxError) = JSONParser.parse(bytes)
        var context = JSONReadContext(path: path, document: document, palette: palette)
        if let syntaxError {
            context.isTruncated = true
            context.report(.error, "invalid JSON: \(syntaxError.message)", at: syntaxError.offset, code: "json.syntax")
        }
        for offset in document.flattened {
            let message = "arrays and objects nest deeper than \(JSONParser.maximumDepth) levels; the deeper levels are kept as text"
            context.report(.warning, message, at: offset, code: "json.nesting")
        }
        var metadata = NoteMetadata()
        var body = document.root
        if let members = body?.members, !RunListReader.isKeyedBody(members) {
            (metadata, body) = NoteEnvelopeReader.read(members, context: &context)
        }
        var blocks: [Block] = []
        if let body {
            let runs = RunListReader.read(body, context: &context)
            blocks = BlockBuilder.build(runs, context: &context)
        }
        // HTML comments are never published, whatever format holds them (Markdown's reader leaves
        // them out as it reads).
        let (kept, comments) = HTMLComments.removed(from: blocks)
        var result = ReadResult(note: Note(path: path, metadata: metadata, blocks: kept), diagnostics: context.diagnostics)
        result.htmlComments = comments
        return result
    }
}
