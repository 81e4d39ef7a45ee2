import NotebookSource
import CCmarkGFM
import NotebookModel

/// What reading one Markdown body needs to know and collects: the scan, positions, findings.
struct MarkdownContext {
    let scan: MarkupScan
    let path: String
    /// The file's line number of the body's first line.
    let firstLine: Int
    let palette: [String]
    private let preparedLines: LineTable
    /// The original body's lines, searched from the line of the location found before: the
    /// converter asks for locations mostly in the order of the text.
    private var originalLines: LineTable.Cursor
    /// How many of the scan's replaced stretches start before the last location asked for.
    private var passedReplacements = 0
    private(set) var diagnostics: [Diagnostic] = []
    private var reportedNesting = false

    init(scan: MarkupScan, original: [UInt8], path: String, firstLine: Int, palette: [String]) {
        self.scan = scan
        self.path = path
        self.firstLine = firstLine
        self.palette = palette
        self.preparedLines = LineTable(scan.prepared)
        self.originalLines = LineTable.Cursor(LineTable(original))
    }

    /// The file location of a line and column that libcmark-gfm reported for the prepared text.
    mutating func location(preparedLine line: Int, column: Int) -> SourceLocation {
        location(originalOffset: scan.originalOffset(of: preparedLines.offset(line: line, column: column), passed: &passedReplacements))
    }

    /// Where `<!--` opens in the prepared text from the line and column libcmark-gfm gave a text
    /// node's start to those of its end (a text lies on one line), but after an escaping
    /// backslash: comments never closed there, which CommonMark reads as text. An escaped `\<!--`
    /// or `&lt;!--` is text as written.
    mutating func commentOpenings(line: Int, from column: Int, to endColumn: Int) -> [SourceLocation] {
        let bytes = scan.prepared
        let start = preparedLines.offset(line: line, column: column)
        let end = min(preparedLines.offset(line: line, column: endColumn) + 1, bytes.count)
        var found: [Int] = []
        var index = start
        while index + 3 < end {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "!"), bytes[index + 2] == UInt8(ascii: "-"),
                bytes[index + 3] == UInt8(ascii: "-")
            {
                // Escaped when an odd number of backslashes stands before it.
                var backslashes = 0
                while index - backslashes > 0 && bytes[index - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { found.append(index) }
            }
            index += 1
        }
        return found.map { location(originalOffset: scan.originalOffset(of: $0, passed: &passedReplacements)) }
    }

    /// The label of the footnote definition whose content libcmark-gfm places at `node`.
    func footnoteLabel(before node: OpaquePointer) -> String? {
        let line = Int(cmark_node_get_start_line(node))
        guard line > 0 else { return nil }
        let offset = preparedLines.offset(line: line, column: Int(cmark_node_get_start_column(node)))
        return FootnoteLabels.label(in: scan.prepared, before: offset)
    }

    /// The file location of a byte offset in the original body.
    mutating func location(originalOffset offset: Int) -> SourceLocation {
        let (line, column) = originalLines.location(of: offset)
        return SourceLocation(line: line + firstLine - 1, column: column)
    }

    mutating func report(
        _ severity: Severity, _ message: String, at location: SourceLocation?, code: String
    ) {
        diagnostics.append(Diagnostic(severity, message, path: path, at: location, code: code))
    }

    mutating func report(contentsOf more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    /// Reports, once per note, that nesting past the limit was flattened.
    mutating func reportNesting(at location: SourceLocation?) {
        guard !reportedNesting else { return }
        reportedNesting = true
        report(
            .warning,
            "content nests deeper than \(MarkdownReader.maximumNesting) levels; the deeper levels are flattened",
            at: location, code: "markdown.nesting")
    }
}
