import NotebookModel

/// Where a JSON note's body and each of its runs are in the file, and how runs are written: what
/// an editor needs to write some runs again and keep every other byte.
public struct JSONBodyMap: Sendable {
    /// The body's shape (FORMATS.md): a bare string, the flat array, or `runs` with a table.
    public enum Shape: Sendable, Equatable {
        case string, flat, keyed
    }

    /// A run of the body.
    public struct Run: Sendable {
        /// Its text, decoded.
        public var text: String
        /// The bytes of its text value, quotes included.
        public var textRange: Range<Int>
        /// The bytes of its attributes: the object (flat), the table index (keyed); nil for a
        /// bare string body.
        public var attributesRange: Range<Int>?
        /// Its presentation intent's value as JSON text, nil without one.
        public var presentationIntent: String?
        /// The checked state of the task-list item it is in, when it says one.
        public var task: Bool?
    }

    public var shape: Shape
    /// The bytes of the body's value.
    public var bodyRange: Range<Int>
    public var runs: [Run]
    /// For the keyed shape, the bytes of the attribute table's value, and of each entry.
    public var tableRange: Range<Int>?
    public var table: [Range<Int>]

    /// The map of a JSON note's bytes; nil when they are not well-formed JSON with a body of one
    /// of the three shapes.
    public static func read(_ bytes: [UInt8]) -> JSONBodyMap? {
        bytes.withUnsafeBufferPointer { buffer -> JSONBodyMap? in
            let (document, error) = JSONParser.parse(buffer)
            guard error == nil, document.flattened.isEmpty, var body = document.root else { return nil }
            if let members = body.members, !RunListReader.isKeyedBody(members) {
                guard let found = members.first(where: { $0.key == "body" })?.value else { return nil }
                body = found
            }
            let end = { (value: JSONValue) in JSONValueEnd.of(buffer, at: value.offset) }
            let bodyRange = body.offset..<end(body)
            if let text = body.string {
                return JSONBodyMap(
                    shape: .string, bodyRange: bodyRange,
                    runs: [Run(text: text, textRange: bodyRange, attributesRange: nil, presentationIntent: nil, task: nil)], tableRange: nil,
                    table: [])
            }
            var shape = Shape.flat
            var elements = body.elements
            var tableRange: Range<Int>?
            var table: [JSONValue] = []
            if let members = body.members {
                shape = .keyed
                for member in members {
                    if member.key == JSONKeys.runs, let runs = member.value.elements {
                        elements = runs
                    } else if member.key == JSONKeys.attributeTable, let entries = member.value.elements {
                        table = Array(entries)
                        tableRange = member.value.offset..<end(member.value)
                    }
                }
            }
            guard let elements else { return nil }
            let values = Array(elements)
            guard values.count % 2 == 0 else { return nil }
            var runs: [Run] = []
            for index in stride(from: 0, to: values.count, by: 2) {
                guard let text = values[index].string else { return nil }
                let attributes = values[index + 1]
                var object = attributes
                if shape == .keyed, attributes.members == nil {
                    guard let number = attributes.integer, number >= 0, number < table.count else { return nil }
                    object = table[number]
                }
                guard let members = object.members else { return nil }
                let intent = members.first { $0.key == JSONKeys.presentationIntent }.map { member in
                    String(decoding: buffer[member.value.offset..<end(member.value)], as: UTF8.self)
                }
                let task = members.first { $0.key == JSONKeys.task }?.value.bool
                runs.append(
                    Run(
                        text: text, textRange: values[index].offset..<end(values[index]),
                        attributesRange: attributes.offset..<end(attributes), presentationIntent: intent, task: task))
            }
            return JSONBodyMap(
                shape: shape, bodyRange: bodyRange, runs: runs, tableRange: tableRange,
                table: table.map { $0.offset..<end($0) })
        }
    }

    /// The runs that write `inlines` (a paragraph's or a heading's) as `AttributedJSONWriter`
    /// writes them, each run's attributes given `presentationIntent` (JSON text, as read from
    /// the note) and `task` when there are: JSON text of each run's text and of its attributes.
    public static func runs(of inlines: [Inline], presentationIntent: String?, task: Bool? = nil) -> [(text: String, attributes: String)] {
        var encoder = BodyEncoder(path: "")
        encoder.encodeInlines(inlines, intent: presentationIntent.map(JSONOutput.raw), task: task)
        return encoder.runs.map { run in (JSONOutput.string(run.text).text(pretty: false), run.attributes.text(pretty: false)) }
    }

    /// `text` as a JSON string, as the writer writes one.
    public static func string(_ text: String) -> String {
        JSONOutput.string(text).text(pretty: false)
    }
}

/// Where a JSON value ends, found from where it starts in well-formed JSON.
enum JSONValueEnd {
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        var index = start
        var depth = 0
        repeat {
            guard index < bytes.count else { return bytes.count }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: ":"):
                index += 1
            default:
                // A number or a literal: to the next delimiter.
                while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
            }
        } while depth > 0
        return index
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: "\t"), UInt8(ascii: ":"):
            true
        default: false
        }
    }
}
