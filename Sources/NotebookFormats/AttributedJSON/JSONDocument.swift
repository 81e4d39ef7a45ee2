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
    /// The byte offset where each line starts; line 1 starts at 0.
    let lineStarts: [Int]
    /// The byte offset of each array or object nested past ``JSONParser/maximumDepth``, which
    /// the document holds as a string of its source text.
    let flattened: [Int]

    init(nodes: [Node], strings: [String], lineStarts: [Int], flattened: [Int] = []) {
        self.nodes = nodes
        self.strings = strings
        self.lineStarts = lineStarts
        self.flattened = flattened
    }

    /// The first value of the text, if any.
    var root: JSONValue? { nodes.isEmpty ? nil : JSONValue(document: self, index: 0) }

    /// The 1-based line and byte column of a byte offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let line = Self.line(of: offset, in: lineStarts, from: 0)
        return (line + 1, offset - lineStarts[line] + 1)
    }

    /// The index of the last line of `lineStarts` at or after `low` that starts at or before
    /// `offset`, or `low` when none does.
    fileprivate static func line(of offset: Int, in lineStarts: [Int], from low: Int) -> Int {
        var low = low
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// Finds the line and column of byte offsets that mostly come in increasing order, as the runs of
/// a body do: each search steps on from the line of the one before, so that placing a run costs
/// a step or two instead of a search of every line. Its answers are `JSONDocument.location(of:)`'s.
struct LineCursor {
    private let lineStarts: [Int]
    /// The index of the line of the previous offset.
    private var line = 0

    init(_ document: JSONDocument) {
        lineStarts = document.lineStarts
    }

    /// The 1-based line and byte column of a byte offset.
    mutating func location(of offset: Int) -> SourceLocation {
        if lineStarts[line] > offset {
            line = JSONDocument.line(of: offset, in: lineStarts, from: 0)
        } else {
            var steps = 0
            while line + 1 < lineStarts.count && lineStarts[line + 1] <= offset {
                line += 1
                steps += 1
                if steps == 8 {
                    line = JSONDocument.line(of: offset, in: lineStarts, from: line)
                    break
                }
            }
        }
        return SourceLocation(line: line + 1, column: offset - lineStarts[line] + 1)
    }
}

/// Why JSON text is not valid, and where.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    /// UTF-8 byte offset of the fault.
    var offset: Int
}
