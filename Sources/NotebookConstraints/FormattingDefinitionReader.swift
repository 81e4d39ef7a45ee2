import NotebookSource
import NotebookModel

/// Reads `formatting.yml` into a `FormattingDefinition`, reporting any fault with its place.
public enum FormattingDefinitionReader {
    static let valueKeys = FormattingAttribute.allCases.filter(\.isConstrainedByValues).map(\.markdownName)
    static let keys = valueKeys + ["scale", "links"]

    /// The definition in `text`; with errors, the parts that could be read (and the seeds' lines
    /// for what could not).
    public static func read(_ text: String, path: String, palette: [String] = Color.defaultPalette)
        -> (definition: FormattingDefinition, diagnostics: [Diagnostic])
    {
        var diagnostics: [Diagnostic] = []
        func error(_ message: String, at location: SourceLocation) {
            diagnostics.append(Diagnostic(.error, message, path: path, at: location, code: "formatting.definition"))
        }
        let root: YAMLNode
        let outcome = YAMLReader.read(text)
        for place in outcome.flattened { diagnostics.append(Diagnostic(.warning, YAMLReader.flattenedMessage, path: path, at: place, code: "formatting.definition")) }
        switch outcome.result {
        case .failure(let problem):
            error(problem.description, at: problem.location)
            return (.seeds, diagnostics)
        case .success(nil):
            return (.unconstrained, [])
        case .success(let node?):
            root = node
        }
        guard let entries = root.mapping else {
            error("formatting.yml must be a mapping of attribute names, found \(root.kindDescription)", at: root.location)
            return (.seeds, diagnostics)
        }
        var definition = FormattingDefinition()
        for entry in entries {
            guard let key = entry.key.string else {
                error("expected an attribute name, found \(entry.key.kindDescription)", at: entry.key.location)
                continue
            }
            switch key {
            case "scale":
                definition.scale = readScale(entry.value, error: error)
            case "links":
                definition.linkSchemes = readSchemes(entry.value, error: error)
            case _ where valueKeys.contains(key):
                let constraint = readConstraint(entry.value, key: key, palette: palette, error: error)
                switch key {
                case "underline": definition.underline = constraint
                case "strikethrough": definition.strikethrough = constraint
                case "highlight": definition.highlight = constraint
                case "color": definition.color = constraint
                default: definition.textStyle = constraint
                }
            default:
                error("unknown attribute '\(key)'; expected one of \(keys.joined(separator: ", "))", at: entry.key.location)
            }
        }
        return (definition, diagnostics)
    }

    private static func readConstraint(
        _ node: YAMLNode, key: String, palette: [String], error: (String, SourceLocation) -> Void
    ) -> ValueConstraint? {
        guard let mapping = node.mapping else {
            error("'\(key)' must be a mapping with 'values' and an optional 'default'", node.location)
            return nil
        }
        var values: [String] = []
        var defaultValue: String? = nil
        for entry in mapping {
            switch entry.key.string {
            case "values":
                guard let items = entry.value.sequence else {
                    error("'\(key).values' must be a list", entry.value.location)
                    continue
                }
                for item in items {
                    guard let value = item.string, isValid(value, for: key, palette: palette) else {
                        error("'\(item.string ?? item.kindDescription)' is not a value of '\(key)'", item.location)
                        continue
                    }
                    values.append(value)
                }
            case "default":
                guard let value = entry.value.string, isValid(value, for: key, palette: palette) else {
                    error("'\(entry.value.string ?? entry.value.kindDescription)' is not a value of '\(key)'", entry.value.location)
                    continue
                }
                defaultValue = value
            default:
                error("unknown setting '\(entry.key.string ?? "?")' of '\(key)'; expected values or default", entry.key.location)
            }
        }
        if let value = defaultValue, !values.contains(value) {
            let at = mapping.first { $0.key.string == "default" }?.value.location ?? node.location
            error("the default '\(value)' of '\(key)' is not one of its values", at)
        }
        return ValueConstraint(values: values, default: defaultValue)
    }

    /// Whether `value` is something attribute `key` can hold at all.
    static func isValid(_ value: String, for key: String, palette: [String]) -> Bool {
        if value == "none" && key != FormattingAttribute.textStyle.markdownName { return true }
        guard let attribute = FormattingAttribute(markdownName: key), attribute.isConstrainedByValues else { return false }
        return (try? attribute.value(.string(value), palette: palette).get()) != nil
    }

    private static func readScale(_ node: YAMLNode, error: (String, SourceLocation) -> Void) -> ClosedRange<Double>? {
        let low = node["min"]?.number ?? FormattingAttribute.scaleRange.lowerBound
        let high = node["max"]?.number ?? FormattingAttribute.scaleRange.upperBound
        guard node.mapping != nil else {
            error("'scale' must be a mapping with 'min' and 'max'", node.location)
            return nil
        }
        for entry in node.mapping ?? [] where entry.key.string != "min" && entry.key.string != "max" {
            error("unknown setting '\(entry.key.string ?? "?")' of 'scale'; expected min or max", entry.key.location)
        }
        for bound in ["min", "max"] {
            if let value = node[bound], value.number == nil {
                error("'scale.\(bound)' must be a number, found \(value.kindDescription)", value.location)
            }
        }
        guard low <= high else {
            error("'scale.min' (\(low)) is greater than 'scale.max' (\(high))", node.location)
            return nil
        }
        return low...high
    }

    private static func readSchemes(_ node: YAMLNode, error: (String, SourceLocation) -> Void) -> Set<String>? {
        guard let items = node["schemes"]?.sequence else {
            error("'links' must be a mapping with a 'schemes' list", node.location)
            return nil
        }
        var schemes = Set<String>()
        for item in items {
            guard let scheme = item.string, !scheme.isEmpty,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else {
                error("'\(item.string ?? item.kindDescription)' is not a URL scheme", item.location)
                continue
            }
            schemes.insert(scheme.lowercased())
        }
        return schemes
    }
}
