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

/// A value of a `JSONDocument`.
struct JSONValue: Sendable {
    let document: JSONDocument
    let index: Int

    private var node: JSONDocument.Node { document.nodes[index] }

    /// UTF-8 byte offset of the value's first byte.
    var offset: Int { node.offset }

    var isNull: Bool { node.kind == .null }
    var isObject: Bool { node.kind == .object }
    var isArray: Bool { node.kind == .array }
    var isNumber: Bool { node.kind == .integer || node.kind == .number }

    var string: String? {
        let node = node
        return node.kind == .string ? document.strings[node.payload] : nil
    }

    var bool: Bool? {
        let node = node
        return node.kind == .bool ? node.payload != 0 : nil
    }

    /// The value as an integer: an integer literal, or a number with no fraction within ±2^53.
    var integer: Int? {
        let node = node
        switch node.kind {
        case .integer: return node.payload
        case .number:
            let value = Double(bitPattern: UInt64(bitPattern: Int64(node.payload)))
            guard value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else { return nil }
            return Int(value)
        default: return nil
        }
    }

    var number: Double? {
        let node = node
        switch node.kind {
        case .integer: return Double(node.payload)
        case .number: return Double(bitPattern: UInt64(bitPattern: Int64(node.payload)))
        default: return nil
        }
    }

    /// An array's elements; nil for any other value.
    var elements: Elements? {
        let node = node
        return node.kind == .array ? Elements(document: document, first: index + 1, count: node.payload) : nil
    }

    /// An object's members in source order, duplicates kept; nil for any other value.
    var members: Members? {
        let node = node
        return node.kind == .object ? Members(document: document, first: index + 1, count: node.payload) : nil
    }

    /// The first member named `key`.
    func member(_ key: String) -> JSONMember? {
        members?.first { $0.key == key }
    }

    /// A short description of the value for messages: `'wavy'`, `12`, `an array`.
    var summary: String {
        let node = node
        switch node.kind {
        case .null: return "null"
        case .bool: return String(node.payload != 0)
        case .integer: return String(node.payload)
        case .number: return String(number!)
        case .string:
            let text = document.strings[node.payload]
            let scalars = text.unicodeScalars
            let shown = scalars.count > 40 ? String(String.UnicodeScalarView(scalars.prefix(40))) + "…" : text
            return "'\(shown)'"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The elements of an array, read one after the other.
    struct Elements: Sequence, Sendable {
        let document: JSONDocument
        let first: Int
        let count: Int

        func makeIterator() -> Iterator { Iterator(document: document, position: first, left: count) }

        var underestimatedCount: Int { count }

        struct Iterator: IteratorProtocol {
            let document: JSONDocument
            var position: Int
            var left: Int

            mutating func next() -> JSONValue? {
                guard left > 0 else { return nil }
                left -= 1
                let value = JSONValue(document: document, index: position)
                position = document.nodes[position].end
                return value
            }
        }
    }

    /// The members of an object, read one after the other.
    struct Members: Sequence, Sendable {
        let document: JSONDocument
        let first: Int
        let count: Int

        func makeIterator() -> Iterator { Iterator(document: document, position: first, left: count) }

        var underestimatedCount: Int { count }

        var isEmpty: Bool { count == 0 }

        struct Iterator: IteratorProtocol {
            let document: JSONDocument
            var position: Int
            var left: Int

            mutating func next() -> JSONMember? {
                guard left > 0 else { return nil }
                left -= 1
                let key = document.nodes[position]
                let value = JSONValue(document: document, index: position + 1)
                position = document.nodes[position + 1].end
                return JSONMember(key: document.strings[key.payload], keyOffset: key.offset, value: value)
            }
        }
    }
}

/// One `"key": value` member of a JSON object.
struct JSONMember: Sendable {
    var key: String
    /// UTF-8 byte offset of the key's opening quote.
    var keyOffset: Int
    var value: JSONValue
}

/// Why JSON text is not valid, and where.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    /// UTF-8 byte offset of the fault.
    var offset: Int
}
