/// A value of a `JSONDocument`.
struct JSONValue: Sendable {
    let document: JSONDocument
    let index: Int

    private var node: JSONDocument.Node { document.nodes[index] }

    /// UTF-8 byte offset of the value's first byte.
    var offset: Int { node.offset }

    var isNull: Bool { node.kind == .null }
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
