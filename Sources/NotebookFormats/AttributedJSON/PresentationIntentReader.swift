import NotebookModel

/// Reads `NSPresentationIntent` values: `{"components": [{"kind": […], "identity": 6}, …]}`.
struct PresentationIntentReader {
    /// The numbers a list item may have: CommonMark's, up to nine digits.
    static let ordinals = 0...999_999_999

    /// How the run is named in messages.
    let run: RunName

    /// The components, innermost first as Apple writes them; invalid ones reported and left out.
    func read(_ value: JSONValue, context: inout JSONReadContext) -> [IntentComponent] {
        guard let members = value.members else {
            context.error("'\(JSONKeys.presentationIntent)' of \(run) should be an object with 'components', not \(value.summary)", at: value.offset)
            return []
        }
        var components: [IntentComponent] = []
        var found = false
        for member in members {
            guard member.key == JSONKeys.components else {
                context.unknownKey(member.key, at: member.keyOffset, known: [JSONKeys.components], in: "a presentation intent")
                continue
            }
            found = true
            guard let elements = member.value.elements else {
                context.error("'components' of \(run) should be an array, not \(member.value.summary)", at: member.value.offset)
                continue
            }
            components = elements.compactMap { component($0, context: &context) }
        }
        if !found {
            context.error("'\(JSONKeys.presentationIntent)' of \(run) has no 'components'", at: value.offset)
        }
        return components
    }

    private func component(_ value: JSONValue, context: inout JSONReadContext) -> IntentComponent? {
        guard let members = value.members else {
            context.error("a presentation intent component of \(run) should be an object, not \(value.summary)", at: value.offset)
            return nil
        }
        var kind: IntentComponent.Kind?
        var identity: Int?
        var isTight: Bool?
        var kindSeen = false
        for member in members {
            switch member.key {
            case JSONKeys.kind:
                kindSeen = true
                kind = self.kind(member.value, context: &context)
            case JSONKeys.identity:
                identity = member.value.integer
                if identity == nil {
                    context.error("'identity' of \(run) should be an integer, not \(member.value.summary)", at: member.value.offset)
                }
            case JSONKeys.isTight:
                isTight = member.value.bool
                if isTight == nil {
                    context.error("'\(JSONKeys.isTight)' of \(run) should be true or false, not \(member.value.summary)", at: member.value.offset)
                }
            default:
                context.unknownKey(
                    member.key, at: member.keyOffset, known: [JSONKeys.kind, JSONKeys.identity, JSONKeys.isTight],
                    in: "a presentation intent component")
            }
        }
        if !kindSeen { context.error("a presentation intent component of \(run) has no 'kind'", at: value.offset) }
        if identity == nil && !members.contains(where: { $0.key == JSONKeys.identity }) {
            context.error("a presentation intent component of \(run) has no 'identity'", at: value.offset)
        }
        guard let kind, let identity else { return nil }
        return IntentComponent(kind: kind, identity: identity, isTight: isTight)
    }

    private func kind(_ value: JSONValue, context: inout JSONReadContext) -> IntentComponent.Kind? {
        guard let elements = value.elements.map(Array.init), let name = elements.first?.string else {
            context.error("'kind' of \(run) should be an array that starts with a name, not \(value.summary)", at: value.offset)
            return nil
        }
        let payload = elements.count > 1 ? elements[1] : nil
        func integer(_ what: String, in range: ClosedRange<Int>) -> Int? {
            guard let payload, let number = payload.integer, range.contains(number) else {
                let at = payload?.offset ?? value.offset
                let found = payload.map { ", not \($0.summary)" } ?? ""
                context.error("'\(name)' of \(run) needs \(what)\(found)", at: at)
                return nil
            }
            return number
        }
        switch name {
        case "paragraph": return .paragraph
        case "header": return integer("a level from 1 to 6", in: 1...6).map { .header(level: $0) }
        case "orderedList": return .orderedList
        case "unorderedList": return .unorderedList
        case "listItem": return integer("an ordinal", in: Self.ordinals).map { .listItem(ordinal: $0) }
        case "codeBlock":
            guard let payload, !payload.isNull else { return .codeBlock(language: nil) }
            guard let language = payload.string else {
                context.error("'codeBlock' of \(run) needs a language name, not \(payload.summary)", at: payload.offset)
                return .codeBlock(language: nil)
            }
            // A language is one word, as a fence's info string's first: another word would be
            // another class on the page (`swift skip-link`), which Markdown could never give.
            let words = language.split(whereSeparator: { $0.isWhitespace })
            if words.count > 1 || (words.first.map { $0 != language } ?? !language.isEmpty) {
                context.report(
                    .warning, "the language of 'codeBlock' of \(run) is one word: '\(words.first ?? "")' is taken, the rest of '\(language)' is ignored",
                    at: payload.offset, code: "json.value")
            }
            return .codeBlock(language: words.first.map(String.init))
        case "blockQuote": return .blockQuote
        case "thematicBreak": return .thematicBreak
        case "table": return .table(columns: columns(payload, at: value.offset, context: &context))
        case "tableHeaderRow": return .tableHeaderRow
        case "tableRow": return integer("a row index", in: 0...Int.max).map { .tableRow(index: $0) }
        case "tableCell": return integer("a column index", in: 0...Int.max).map { .tableCell(column: $0) }
        default:
            context.unknownKey(
                name, at: elements[0].offset, known: IntentComponent.Kind.names, in: "a presentation intent", noun: "kind")
            return nil
        }
    }

    /// A table's column alignments: `[{"alignment": 0}, …]`, 0 left, 1 center, 2 right.
    private func columns(_ payload: JSONValue?, at offset: Int, context: inout JSONReadContext) -> [Table.Alignment] {
        guard let payload else { return [] }
        guard let elements = payload.elements else {
            context.error("'table' of \(run) needs an array of columns, not \(payload.summary)", at: payload.offset)
            return []
        }
        return elements.map { column in
            guard let alignment = column.member(JSONKeys.alignment)?.value else {
                context.error("a table column of \(run) should be an object with 'alignment'", at: column.offset)
                return .none
            }
            switch alignment.integer {
            case 0: return .left
            case 1: return .center
            case 2: return .right
            default:
                context.error("'alignment' of \(run) should be 0 (left), 1 (center) or 2 (right), not \(alignment.summary)", at: alignment.offset)
                return .none
            }
        }
    }
}
