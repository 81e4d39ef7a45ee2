import NotebookModel

/// Which values a note's formatting may take, like SwiftUI's `AttributedTextFormattingDefinition`
/// with `ValueConstraint(for:values:default:)`: `formatting.yml` (FORMATS.md section 4).
public struct FormattingDefinition: Hashable, Sendable {
    public var underline: ValueConstraint?
    public var strikethrough: ValueConstraint?
    public var highlight: ValueConstraint?
    public var color: ValueConstraint?
    public var textStyle: ValueConstraint?
    /// Font scale factors outside are clamped into the range.
    public var scale: ClosedRange<Double>?
    /// Link schemes allowed, lowercased; links without a scheme are internal and always kept.
    public var linkSchemes: Set<String>?

    public init(
        underline: ValueConstraint? = nil, strikethrough: ValueConstraint? = nil, highlight: ValueConstraint? = nil,
        color: ValueConstraint? = nil, textStyle: ValueConstraint? = nil, scale: ClosedRange<Double>? = nil,
        linkSchemes: Set<String>? = nil
    ) {
        self.underline = underline
        self.strikethrough = strikethrough
        self.highlight = highlight
        self.color = color
        self.textStyle = textStyle
        self.scale = scale
        self.linkSchemes = linkSchemes
    }

    /// The seeds' definition, which applies when a site has no `formatting.yml`.
    public static let seeds = FormattingDefinition(
        underline: ValueConstraint(values: ["none", "single"], default: "single"),
        strikethrough: ValueConstraint(values: ["none", "single"], default: "single"),
        highlight: ValueConstraint(values: ["yellow", "green", "pink"], default: "yellow"),
        linkSchemes: ["https", "http", "mailto"])

    /// The definition of a site without a formatting definition, as an Obsidian vault is: the
    /// seeds' lines, with every colour of the site's `palette` allowed as a highlight.
    public static func builtIn(palette: [String]) -> FormattingDefinition {
        var definition = seeds
        definition.highlight = ValueConstraint(values: palette, default: palette.contains("yellow") ? "yellow" : palette.first)
        return definition
    }

    /// Nothing constrained.
    public static let unconstrained = FormattingDefinition()
}

/// The values one attribute may take, and what replaces any other.
public struct ValueConstraint: Hashable, Sendable {
    /// The allowed values as a note writes them (`none` allows the attribute's absence).
    public var values: [String]
    /// What replaces a value outside `values`; nil (or `none`) removes the attribute.
    public var `default`: String?

    public init(values: [String], default: String? = nil) {
        self.values = values
        self.default = `default`
    }

    /// The outcome for `value`: kept, replaced, or removed.
    public func check(_ value: String) -> Outcome {
        if values.contains(value) { return .kept }
        if let replacement = `default`, replacement != "none" { return .replaced(by: replacement) }
        return .removed
    }

    public enum Outcome: Hashable, Sendable {
        case kept
        case replaced(by: String)
        case removed
    }
}
