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
    static let names = FormattingAttribute.allCases.map(\.markdownName)
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
        guard let attribute = FormattingAttribute(markdownName: member.key) else { return nil }
        let scalar: FormattingAttribute.Scalar
        switch value {
        case .bool(let flag): scalar = .bool(flag)
        case .string(let text): scalar = .string(text)
        case .number(let number): scalar = .number(number)
        default: scalar = .other
        }
        switch attribute.value(scalar, palette: palette) {
        case .success(let checked): attribute.set(checked, in: &formatting)
        case .failure(let refused): return expected(refused.description)
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
