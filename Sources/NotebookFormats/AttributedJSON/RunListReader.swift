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
            reader.readRuns(Array(elements), table: nil)
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
        var runs: [JSONValue]?
        var table = AttributeTable(entries: [])
        for member in members {
            switch member.key {
            case JSONKeys.runs:
                guard let elements = member.value.elements else {
                    context.error("'runs' should be an array, not \(member.value.summary)", at: member.value.offset)
                    continue
                }
                runs = Array(elements)
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
    private mutating func readRuns(_ elements: [JSONValue], table: AttributeTable?) {
        var table = table
        var index = 0
        var number = 0
        list.runs.reserveCapacity(elements.count / 2)
        while index < elements.count {
            let element = elements[index]
            index += 1
            guard let text = element.string else {
                context.error("expected the text of run \(number) (a string), found \(element.summary)", at: element.offset)
                continue
            }
            let name = RunName(run: number)
            var attributes = 0
            if index < elements.count {
                let next = elements[index]
                if let members = next.members {
                    if !members.isEmpty {
                        list.attributes.append(RunAttributeReader(run: name).read(next, context: &context))
                        attributes = list.attributes.count - 1
                    }
                    index += 1
                } else if next.isNumber {
                    index += 1
                    if table == nil {
                        context.error(
                            "\(name) refers to an attribute table entry, but a flat array of runs has no 'attributeTable'",
                            at: next.offset, code: "json.table-index")
                    } else if let found = table!.attributes(at: next, run: number, into: &list, context: &context) {
                        attributes = found
                    }
                } else if next.string != nil {
                    context.error("\(name) has no attributes: expected an object after its text", at: next.offset)
                } else {
                    index += 1
                    context.error("the attributes of \(name) should be an object, not \(next.summary)", at: next.offset)
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

    /// The index in `list.attributes` of the entry `value` (a run's table index) refers to; nil
    /// after reporting a bad index.
    mutating func attributes(
        at value: JSONValue, run: Int, into list: inout RunList, context: inout JSONReadContext
    ) -> Int? {
        guard let index = value.integer else {
            context.error(
                "the attribute table index of run \(run) should be an integer, not \(value.summary)", at: value.offset,
                code: "json.table-index")
            return nil
        }
        guard index >= 0 && index < entries.count else {
            // A table cut short by a syntax error is no fault of the index.
            if context.isTruncated { return nil }
            let range = entries.isEmpty ? "the table is empty" : "the table has entries 0…\(entries.count - 1)"
            context.error(
                "attribute table index \(index) of run \(run) is out of range: \(range)", at: value.offset,
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
