import NotebookSource
import NotebookModel

/// A parsed JSON text: every value a node of one array in document order, each array or object
/// followed by its contents, so that parsing allocates little and keeps every byte offset.
final class JSONDocument: Sendable {
    struct Node: Sendable {
        enum Kind: UInt8, Sendable {
            case null, bool, integer, number, string, array, object
        }

        var kind: Kind
        /// UTF-8 byte offset of the value's first byte.
        var offset: Int
        /// A bool's 0 or 1, an integer's value, a number's bit pattern, a string's index in
        /// `strings`, or the number of an array's elements or of an object's members.
        var payload: Int
        /// The index of the node after the value and its contents.
        var end: Int
    }

    let nodes: [Node]
    let strings: [String]
    /// The lines of the text, from the starts the parser found on its way.
    let lines: LineTable
    /// The byte offset where each line starts; line 1 starts at 0.
    var lineStarts: [Int] { lines.starts }
    /// The byte offset of each array or object nested past ``JSONParser/maximumDepth``, which
    /// the document holds as a string of its source text.
    let flattened: [Int]

    init(nodes: [Node], strings: [String], lineStarts: [Int], flattened: [Int] = []) {
        self.nodes = nodes
        self.strings = strings
        self.lines = LineTable(starts: lineStarts)
        self.flattened = flattened
    }

    /// The first value of the text, if any.
    var root: JSONValue? { nodes.isEmpty ? nil : JSONValue(document: self, index: 0) }

    /// The 1-based line and byte column of a byte offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        lines.location(of: offset)
    }
}

/// A `LineTable.Cursor` over a document's lines, giving source locations.
struct LineCursor {
    private var cursor: LineTable.Cursor

    init(_ document: JSONDocument) {
        cursor = LineTable.Cursor(document.lines)
    }

    /// The 1-based line and byte column of a byte offset.
    mutating func location(of offset: Int) -> SourceLocation {
        let (line, column) = cursor.location(of: offset)
        return SourceLocation(line: line, column: column)
    }
}

/// Why JSON text is not valid, and where.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    /// UTF-8 byte offset of the fault.
    var offset: Int
}
