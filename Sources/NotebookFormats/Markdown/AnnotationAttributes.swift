import NotebookModel

/// Reads the attributes of an annotation, `^[text](highlight: 'green', underline: 'single')`,
/// by the Markdown names of FORMATS.md section 2.
struct AnnotationAttributes: Sendable {
    /// A finding, at a byte offset into the attribute text.
    struct Finding: Sendable {
        var severity: Severity
        var message: String
        var offset: Int
        var code: String
    }

    /// The palette names that count as colors.
    var palette: [String]

    /// The Markdown names an annotation may use.
    static let names = ["bold", "italic", "underline", "strikethrough", "highlight", "color", "textStyle", "scale"]
    private static let known = names.joined(separator: ", ")

    func read(_ text: String) -> (Formatting, [Finding]) {
        let members: [JSON5Member]
        let outcome = JSON5Parser.readMembers(text)
        var findings = outcome.flattened.map { offset in
            Finding(
                severity: .warning,
                message: "arrays and objects nest deeper than \(JSON5Parser.maximumDepth) levels; the deeper levels are kept as text",
                offset: offset, code: "annotation.nesting")
        }
        switch outcome.result {
        case .success(let parsed):
            members = parsed
        case .failure(let error):
            let finding = Finding(
                severity: .error, message: "annotation attributes are not valid JSON5: \(error.message)",
                offset: error.offset, code: "annotation.json5")
            return (.plain, findings + [finding])
        }
        var formatting = Formatting()
        for member in members {
            if let problem = apply(member, to: &formatting) {
                findings.append(Finding(severity: .error, message: problem, offset: member.valueOffset, code: "annotation.value"))
            }
            if !Self.names.contains(member.key) {
                findings.append(
                    Finding(
                        severity: .warning,
                        message: "unknown annotation key '\(member.key)'; known keys: \(Self.known)",
                        offset: member.keyOffset, code: "annotation.unknown-key"))
            }
        }
        return (formatting, findings)
    }

    /// Sets the attribute `member` names; a message when its value is not allowed.
    private func apply(_ member: JSON5Member, to formatting: inout Formatting) -> String? {
        let value = member.value
        func expected(_ what: String) -> String {
            "value \(Self.describe(value)) is not allowed for '\(member.key)': expected \(what)"
        }
        switch member.key {
        case "bold", "italic":
            guard case .bool(let flag) = value else { return expected("true or false") }
            if member.key == "bold" { formatting.bold = flag } else { formatting.italic = flag }
        case "underline", "strikethrough":
            let styles = LineStyle.allCases.map(\.rawValue)
            guard case .string(let name) = value, let style = LineStyle(rawValue: name) else {
                return expected("one of \(styles.joined(separator: ", "))")
            }
            if member.key == "underline" { formatting.underline = style } else { formatting.strikethrough = style }
        case "highlight", "color":
            guard case .string(let name) = value, let color = Color(name, palette: palette) else {
                return expected("a palette color (\(palette.joined(separator: ", "))), primary, secondary or #rrggbb")
            }
            if member.key == "highlight" { formatting.highlight = color } else { formatting.color = color }
        case "textStyle":
            guard case .string(let name) = value, let style = TextStyle(rawValue: name) else {
                return expected("one of \(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            formatting.textStyle = style
        case "scale":
            guard case .number(let number) = value, number >= 0.1, number <= 10 else {
                return expected("a number from 0.1 to 10")
            }
            formatting.scale = number
        default:
            break
        }
        return nil
    }

    private static func describe(_ value: JSON5Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text): "'\(text)'"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
