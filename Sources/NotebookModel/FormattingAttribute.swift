/// The formatting attributes a note can carry through the seeds' formatting bar, declared once:
/// their names in Markdown annotations, their keys in JSON, and the values they allow. The
/// Markdown and JSON readers and writers and the formatting definition all read this table.
public enum FormattingAttribute: String, CaseIterable, Sendable {
    case bold, italic, underline, strikethrough, highlight, color, textStyle, scale

    /// A value as a reader found it, before it is checked.
    public enum Scalar: Sendable {
        case bool(Bool)
        case string(String)
        case number(Double)
        /// Anything else (null, an array, an object).
        case other
    }

    /// A checked value of an attribute.
    public enum Value: Hashable, Sendable {
        case flag(Bool)
        case lineStyle(LineStyle)
        case color(Color)
        case textStyle(TextStyle)
        case number(Double)
    }

    /// The font size factors a scale may take.
    public static let scaleRange: ClosedRange<Double> = 0.1...10

    /// The range in words: `from 0.1 to 10`.
    public static var scaleRangeText: String { "from \(scaleRange.lowerBound.formatted) to \(scaleRange.upperBound.formatted)" }

    /// The name in a Markdown annotation, `^[text](highlight: 'green')`.
    public var markdownName: String { rawValue }

    /// The key in attributed-string JSON, `notebook.highlight`.
    public var jsonKey: String { "notebook." + rawValue }

    /// Whether `formatting.yml` constrains it with `values` and `default` (scale has a range).
    public var isConstrainedByValues: Bool { self != .bold && self != .italic && self != .scale }

    /// The attribute with this annotation name.
    public init?(markdownName: String) { self.init(rawValue: markdownName) }

    /// The attribute with this JSON key.
    public init?(jsonKey: String) {
        guard jsonKey.hasPrefix("notebook.") else { return nil }
        self.init(rawValue: String(jsonKey.dropFirst("notebook.".count)))
    }

    /// `scalar` checked for this attribute, colors against `palette`; else what it may be.
    public func value(_ scalar: Scalar, palette: [String]) -> Result<Value, Expected> {
        switch (self, scalar) {
        case (.bold, .bool(let flag)), (.italic, .bool(let flag)):
            return .success(.flag(flag))
        case (.underline, .string(let name)), (.strikethrough, .string(let name)):
            if let style = LineStyle(rawValue: name) { return .success(.lineStyle(style)) }
        case (.highlight, .string(let name)), (.color, .string(let name)):
            if let color = Color(name, palette: palette) { return .success(.color(color)) }
        case (.textStyle, .string(let name)):
            if let style = TextStyle(rawValue: name) { return .success(.textStyle(style)) }
        case (.scale, .number(let number)):
            if Self.scaleRange.contains(number) { return .success(.number(number)) }
        default:
            break
        }
        return .failure(Expected(description: expected(palette: palette)))
    }

    /// What a value of this attribute may be, in words.
    public func expected(palette: [String]) -> String {
        switch self {
        case .bold, .italic: "true or false"
        case .underline, .strikethrough: "one of \(LineStyle.allCases.map(\.rawValue).joined(separator: ", "))"
        case .highlight, .color: "a palette color (\(palette.joined(separator: ", "))), primary, secondary or #rrggbb"
        case .textStyle: "one of \(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))"
        case .scale: "a number \(Self.scaleRangeText)"
        }
    }

    /// Why a value was refused: what it may be.
    public struct Expected: Error, Sendable {
        public var description: String
    }

    /// This attribute's value in `formatting`, if set.
    public func value(in formatting: Formatting) -> Value? {
        switch self {
        case .bold: formatting.bold.map(Value.flag)
        case .italic: formatting.italic.map(Value.flag)
        case .underline: formatting.underline.map(Value.lineStyle)
        case .strikethrough: formatting.strikethrough.map(Value.lineStyle)
        case .highlight: formatting.highlight.map(Value.color)
        case .color: formatting.color.map(Value.color)
        case .textStyle: formatting.textStyle.map(Value.textStyle)
        case .scale: formatting.scale.map(Value.number)
        }
    }

    /// Sets this attribute of `formatting` to `value` (of its kind).
    public func set(_ value: Value, in formatting: inout Formatting) {
        switch (self, value) {
        case (.bold, .flag(let flag)): formatting.bold = flag
        case (.italic, .flag(let flag)): formatting.italic = flag
        case (.underline, .lineStyle(let style)): formatting.underline = style
        case (.strikethrough, .lineStyle(let style)): formatting.strikethrough = style
        case (.highlight, .color(let color)): formatting.highlight = color
        case (.color, .color(let color)): formatting.color = color
        case (.textStyle, .textStyle(let style)): formatting.textStyle = style
        case (.scale, .number(let number)): formatting.scale = number
        default: break
        }
    }
}

extension Double {
    /// `0.1`, `10`: the shortest text that reads back as the number.
    fileprivate var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
