import Foundation
import NotebookConstraints
import NotebookModel

/// The editor's document and submissions as JSON, the form the browser's editor reads and sends
/// (docs/EDITOR.md). A piece of text is `{"text": …}` with the formatting table's attribute
/// names (`bold`, `highlight`, `textStyle`…), `link` (and `linkTitle`) and `code`; a break
/// `{"br": "soft"}` or `{"br": "hard"}`; a placeholder `{"opaque": N}`.
public enum EditorWire {
    /// The document of `note` as the editor opens it: its blocks, placeholders, hash, what the
    /// formatting definition offers, and the words outside the editable text (for the count).
    public static func document(
        _ note: EditableNote, path: String, readOnly: Bool, definition: FormattingDefinition, palette: [String], noteWords: Int
    ) -> [String: Any] {
        let editableWords = EditorWire.editableWords(note.document, opaque: note.opaque)
        return [
            "format": note.format.rawValue,
            "hash": note.hash,
            "path": path,
            "readOnly": readOnly,
            "fixedWords": max(0, noteWords - editableWords),
            "blocks": blocks(note.document),
            "opaque": note.opaque.map { ["label": $0.label, "text": $0.text] },
            "definition": offered(definition, palette: palette),
        ]
    }

    /// The blocks of a document as JSON.
    public static func blocks(_ document: EditorDocument) -> [[String: Any]] {
        document.blocks.map { block -> [String: Any] in
            switch block.kind {
            case .fixed: return ["kind": "fixed", "label": block.label]
            case .paragraph: return ["kind": "paragraph", "nested": block.isNested, "pieces": block.pieces.map(piece)]
            case .heading(let level): return ["kind": "heading", "level": level, "nested": block.isNested, "pieces": block.pieces.map(piece)]
            }
        }
    }

    static func piece(_ piece: EditorPiece) -> [String: Any] {
        switch piece {
        case .softBreak: return ["br": "soft"]
        case .lineBreak: return ["br": "hard"]
        case .opaque(let number): return ["opaque": number]
        case .text(let text, let formatting):
            var out: [String: Any] = ["text": text]
            for attribute in FormattingAttribute.allCases {
                switch attribute.value(in: formatting) {
                case .flag(let flag)?: out[attribute.markdownName] = flag
                case .lineStyle(let style)?: out[attribute.markdownName] = style.rawValue
                case .color(let color)?: out[attribute.markdownName] = color.description
                case .textStyle(let style)?: out[attribute.markdownName] = style.rawValue
                case .number(let number)?: out[attribute.markdownName] = number
                case nil: break
                }
            }
            if let link = formatting.link {
                out["link"] = link.destination
                if let title = link.title { out["linkTitle"] = title }
            }
            if formatting.code { out["code"] = true }
            return out
        }
    }

    /// What the bar offers under `definition`: the line styles, highlights and text styles it
    /// allows (every one when it says nothing), and the link schemes (nil: any).
    public static func offered(_ definition: FormattingDefinition, palette: [String]) -> [String: Any] {
        func values(_ constraint: ValueConstraint?, all: [String]) -> [String] {
            guard let constraint else { return all }
            return constraint.values.filter { $0 != "none" }
        }
        var out: [String: Any] = [
            "underline": values(definition.underline, all: LineStyle.allCases.map(\.rawValue)),
            "strikethrough": values(definition.strikethrough, all: LineStyle.allCases.map(\.rawValue)),
            "highlight": values(definition.highlight, all: palette),
            "textStyle": values(definition.textStyle, all: TextStyle.allCases.map(\.rawValue)),
        ]
        if let schemes = definition.linkSchemes { out["linkSchemes"] = schemes.sorted() }
        return out
    }

    /// The words of the editable text, placeholders counted by their text, by the seeds' rule.
    public static func editableWords(_ document: EditorDocument, opaque: [OpaquePiece]) -> Int {
        WordCount.count(
            document.blocks.filter(\.isEditable).map { block in
                block.pieces.map { piece -> String in
                    switch piece {
                    case .text(let text, _): text
                    case .softBreak, .lineBreak: "\n"
                    case .opaque(let number): number < opaque.count ? opaque[number].text : ""
                    }
                }.joined()
            }.joined(separator: "\n"))
    }

    /// A submission read from JSON: `{"hash": …, "blocks": [{"id": N}, {"id": N, "pieces": […]},
    /// {"pieces": […]}]}`, colours read against `palette`. A value not valid for its key, or
    /// anything else not in this form, is `.invalid`.
    public static func submission(_ body: [UInt8], palette: [String]) throws(EditRefusal) -> EditSubmission {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)), let root = object as? [String: Any] else {
            throw .invalid("the body is not a JSON object")
        }
        guard let hash = root["hash"] as? String else { throw .invalid("the body has no \"hash\"") }
        guard let blocks = root["blocks"] as? [[String: Any]] else { throw .invalid("the body has no \"blocks\" array of objects") }
        var submitted: [SubmittedBlock] = []
        for (index, block) in blocks.enumerated() {
            var original: Int?
            if let id = block["id"] {
                guard let number = integer(id) else { throw .invalid("block \(index + 1): \"id\" is not a whole number") }
                original = number
            }
            var pieces: [EditorPiece] = []
            if let list = block["pieces"] {
                guard let list = list as? [[String: Any]] else { throw .invalid("block \(index + 1): \"pieces\" is not an array of objects") }
                for (number, item) in list.enumerated() {
                    pieces.append(try piece(item, at: "block \(index + 1), piece \(number + 1)", palette: palette))
                }
            }
            submitted.append(SubmittedBlock(original: original, pieces: pieces))
        }
        var overwriting: String?
        if let value = root["overwrite"] {
            guard let current = value as? String else { throw .invalid("\"overwrite\" is the hash of the file to overwrite") }
            overwriting = current
        }
        return EditSubmission(hash: hash, blocks: submitted, overwriting: overwriting)
    }

    static func piece(_ item: [String: Any], at place: String, palette: [String]) throws(EditRefusal) -> EditorPiece {
        if let kind = item["br"] {
            switch kind as? String {
            case "soft": return .softBreak
            case "hard": return .lineBreak
            default: throw .invalid("\(place): \"br\" is \"soft\" or \"hard\"")
            }
        }
        if let number = item["opaque"] {
            guard let number = integer(number) else { throw .invalid("\(place): \"opaque\" is not a whole number") }
            return .opaque(number)
        }
        guard let text = item["text"] as? String else { throw .invalid("\(place): a piece is text, a break or a placeholder") }
        var formatting = Formatting.plain
        for (key, value) in item where key != "text" {
            switch key {
            case "link":
                guard let destination = value as? String, !destination.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                else { throw .invalid("\(place): \"link\" is not a string without control characters") }
                formatting.link = Link(destination: destination, title: item["linkTitle"] as? String)
            case "linkTitle":
                guard value is String else { throw .invalid("\(place): \"linkTitle\" is not a string") }
            case "code":
                guard isBoolean(value), let flag = value as? Bool else { throw .invalid("\(place): \"code\" is true or false") }
                formatting.code = flag
            default:
                guard let attribute = FormattingAttribute(markdownName: key) else { throw .invalid("\(place): \"\(key)\" is no attribute of text") }
                switch attribute.value(scalar(value), palette: palette) {
                case .success(let checked): attribute.set(checked, in: &formatting)
                case .failure(let expected): throw .invalid("\(place): \(key) is \(expected.description)")
                }
            }
        }
        return .text(text, formatting)
    }

    /// A JSON value as the formatting table reads it.
    private static func scalar(_ value: Any) -> FormattingAttribute.Scalar {
        if let number = value as? NSNumber {
            return isBoolean(number) ? .bool(number.boolValue) : .number(number.doubleValue)
        }
        if let text = value as? String { return .string(text) }
        return .other
    }

    /// Whether JSONSerialization read `true` or `false`: it gives them as numbers too, of type `c`.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// A whole number, not a boolean.
    private static func integer(_ value: Any) -> Int? {
        guard !isBoolean(value), let number = value as? NSNumber, let exact = Int(exactly: number.doubleValue) else { return nil }
        return exact
    }

    /// JSON text of `value`, with every `<` written `\u003c`, so that it can sit inside a page's
    /// script element whatever the note holds (`</script>`, `<!--`, `<script`).
    public static func text(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
