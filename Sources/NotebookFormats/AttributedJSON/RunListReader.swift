import NotebookModel

/// Reads the runs of a body in any of Apple's three shapes: a bare string, a flat array
/// alternating text and attribute objects, or `{"runs": […], "attributeTable": […]}`.
struct RunListReader {
    static let keyedKeys = [JSONKeys.runs, JSONKeys.attributeTable]

    /// Whether an object is the keyed body form rather than an envelope.
    static func isKeyedBody(_ members: JSONValue.Members) -> Bool {
        !members.contains { $0.key == "body" }
            && members.contains { $0.key == JSONKeys.runs || $0.key == JSONKeys.attributeTable }
    }

    private var list = RunList()
    private var context: JSONReadContext

    private init(context: JSONReadContext) {
        self.context = context
    }

    /// The runs of `body`, empty runs left out.
    static func read(_ body: JSONValue, context: inout JSONReadContext) -> RunList {
        var reader = RunListReader(context: context)
        if let text = body.string {
            if !text.isEmpty { reader.list.runs.append(DecodedRun(text: text, offset: body.offset, attributes: 0)) }
        } else if let elements = body.elements {
            reader.readRuns(elements, table: nil)
        } else if let members = body.members {
            reader.readKeyed(members, at: body.offset)
        } else {
            reader.context.error(
                "the body should be a string, an array of runs, or an object with 'runs', not \(body.summary)",
                at: body.offset)
        }
        context = reader.context
        return reader.list
    }

    private mutating func readKeyed(_ members: JSONValue.Members, at offset: Int) {
        var runs: JSONValue.Elements?
        var table = AttributeTable(entries: [])
        for member in members {
            switch member.key {
            case JSONKeys.runs:
                guard let elements = member.value.elements else {
                    context.error("'runs' should be an array, not \(member.value.summary)", at: member.value.offset)
                    continue
                }
                runs = elements
            case JSONKeys.attributeTable:
                guard let elements = member.value.elements else {
                    context.error("'attributeTable' should be an array, not \(member.value.summary)", at: member.value.offset)
                    continue
                }
                table = AttributeTable(entries: Array(elements))
            default:
                context.unknownKey(member.key, at: member.keyOffset, known: Self.keyedKeys, in: "the keyed body")
            }
        }
        guard let runs else {
            if !context.isTruncated { context.error("the keyed body has no 'runs'", at: offset) }
            return
        }
        readRuns(runs, table: table)
    }

    /// Reads text and attributes in turn; `table` is nil for the flat form.
    ///
    /// The elements are read from the document's nodes directly, and a `JSONValue` made only for
    /// what needs one (an attribute object, a message), as the runs of a large note are many.
    private mutating func readRuns(_ elements: JSONValue.Elements, table: AttributeTable?) {
        var table = table
        let document = elements.document
        let nodes = document.nodes
        let strings = document.strings
        var position = elements.first
        var left = elements.count
        var number = 0
        list.runs.reserveCapacity(elements.count / 2)
        while left > 0 {
            let elementIndex = position
            let element = nodes[position]
            position = element.end
            left -= 1
            guard element.kind == .string else {
                let value = JSONValue(document: document, index: elementIndex)
                context.error("expected the text of run \(number) (a string), found \(value.summary)", at: element.offset)
                continue
            }
            let text = strings[element.payload]
            let name = RunName(run: number)
            var attributes = 0
            if left > 0 {
                let nextIndex = position
                let next = nodes[position]
                switch next.kind {
                case .object:
                    if next.payload != 0 {
                        let value = JSONValue(document: document, index: nextIndex)
                        list.attributes.append(RunAttributeReader(run: name).read(value, context: &context))
                        attributes = list.attributes.count - 1
                    }
                    position = next.end
                    left -= 1
                case .integer, .number:
                    position = next.end
                    left -= 1
                    if table == nil {
                        context.error(
                            "\(name) refers to an attribute table entry, but a flat array of runs has no 'attributeTable'",
                            at: next.offset, code: "json.table-index")
                    } else if let found = table!.attributes(
                        at: nextIndex, in: document, run: number, into: &list, context: &context)
                    {
                        attributes = found
                    }
                case .string:
                    context.error("\(name) has no attributes: expected an object after its text", at: next.offset)
                default:
                    position = next.end
                    left -= 1
                    let value = JSONValue(document: document, index: nextIndex)
                    context.error("the attributes of \(name) should be an object, not \(value.summary)", at: next.offset)
                }
            } else if !context.isTruncated {
                context.error("\(name) has no attributes: the runs end after its text", at: element.offset)
            }
            if text.isEmpty {
                if !list.attributes[attributes].isEmpty {
                    context.error(
                        "\(name) is empty but carries attributes; a run needs text", at: element.offset,
                        code: "json.empty-run")
                } else if elements.count > 2 {
                    context.error("\(name) is empty; only a note's single run may be empty", at: element.offset, code: "json.empty-run")
                }
            } else {
                list.runs.append(DecodedRun(text: text, offset: element.offset, attributes: attributes))
            }
            number += 1
        }
    }
}

/// The keyed form's shared attribute objects, each read the first time a run uses it.
private struct AttributeTable {
    let entries: [JSONValue]
    /// For each entry read so far, its index in `RunList.attributes`.
    private var indices: [Int?]

    init(entries: [JSONValue]) {
        self.entries = entries
        self.indices = Array(repeating: nil, count: entries.count)
    }

    /// The index in `list.attributes` of the entry that the node at `position` (a run's table
    /// index) refers to; nil after reporting a bad index.
    mutating func attributes(
        at position: Int, in document: JSONDocument, run: Int, into list: inout RunList, context: inout JSONReadContext
    ) -> Int? {
        let node = document.nodes[position]
        let index: Int
        if node.kind == .integer {
            index = node.payload
        } else {
            let value = JSONValue(document: document, index: position)
            guard let integer = value.integer else {
                context.error(
                    "the attribute table index of run \(run) should be an integer, not \(value.summary)", at: value.offset,
                    code: "json.table-index")
                return nil
            }
            index = integer
        }
        guard index >= 0 && index < entries.count else {
            // A table cut short by a syntax error is no fault of the index.
            if context.isTruncated { return nil }
            let range = entries.isEmpty ? "the table is empty" : "the table has entries 0…\(entries.count - 1)"
            context.error(
                "attribute table index \(index) of run \(run) is out of range: \(range)", at: node.offset,
                code: "json.table-index")
            return nil
        }
        if let known = indices[index] { return known }
        let name = RunName(run: run, tableEntry: index)
        list.attributes.append(RunAttributeReader(run: name).read(entries[index], context: &context))
        indices[index] = list.attributes.count - 1
        return list.attributes.count - 1
    }
}
