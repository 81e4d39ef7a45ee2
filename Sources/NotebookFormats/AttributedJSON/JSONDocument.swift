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
    /// The byte offset where each line starts; line 1 starts at 0.
    let lineStarts: [Int]

    init(nodes: [Node], strings: [String], lineStarts: [Int]) {
        self.nodes = nodes
        self.strings = strings
        self.lineStarts = lineStarts
    }

    /// The first value of the text, if any.
    var root: JSONValue? { nodes.isEmpty ? nil : JSONValue(document: self, index: 0) }

    /// The 1-based line and byte column of a byte offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}

/// Why JSON text is not valid, and where.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    /// UTF-8 byte offset of the fault.
    var offset: Int
}
