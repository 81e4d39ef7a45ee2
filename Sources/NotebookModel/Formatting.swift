/// The style of an underline or a strikethrough line.
public enum LineStyle: String, Hashable, Sendable, CaseIterable {
    case single, double, thick, dotted, dashed
}

/// SwiftUI's text styles, as `Font.TextStyle` names them.
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

    /// The heading level a paragraph entirely in this style becomes, if any.
    public var headingLevel: Int? {
        switch self {
        case .largeTitle, .title: 1
        case .title2: 2
        case .title3: 3
        default: nil
        }
    }
}

/// A link's destination and optional title.
public struct Link: Hashable, Sendable {
    public var destination: String
    public var title: String?

    public init(destination: String, title: String? = nil) {
        self.destination = destination
        self.title = title
    }

    /// The scheme of a URL as a browser reads it (leading controls and spaces skipped, tabs and
    /// newlines ignored), lowercased; nil for a URL without one.
    public static func scheme(of destination: String) -> String? {
        var scheme = ""
        var started = false
        for scalar in destination.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if !started && scalar.value <= 0x20 { continue }
            started = true
            if scalar == ":" { return scheme.isEmpty ? nil : scheme }
            let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            let isOther = (scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme += String(scalar).lowercased()
        }
        return nil
    }
}

/// A `[[wikilink]]`: the note it names, and optionally a heading in it.
public struct WikiLink: Hashable, Sendable {
    /// The note's title, path or slug, as written.
    public var target: String
    /// The heading after `#`, if any.
    public var heading: String?
    /// Where the link leads, once the site has resolved it; nil while unresolved or broken.
    public var url: String?

    public init(target: String, heading: String? = nil, url: String? = nil) {
        self.target = target
        self.heading = heading
        self.url = url
    }
}

/// The formatting a span applies to its content: every attribute a note can carry.
///
/// A `nil` attribute leaves the surrounding formatting as it is; `bold: false` turns bold off.
public struct Formatting: Hashable, Sendable {
    public var bold: Bool?
    public var italic: Bool?
    public var underline: LineStyle?
    public var strikethrough: LineStyle?
    /// Inline code: the content is shown as it is, in a monospaced font.
    public var code: Bool
    public var highlight: Color?
    /// The text color.
    public var color: Color?
    public var textStyle: TextStyle?
    /// A font size factor, as `Font.scaled(by:)`.
    public var scale: Double?
    public var link: Link?
    public var wikilink: WikiLink?
    /// The label of the footnote this span refers to.
    public var footnote: String?
    /// Raw HTML, shown as text unless unsafe HTML is allowed.
    public var rawHTML: Bool

    public init(
        bold: Bool? = nil, italic: Bool? = nil, underline: LineStyle? = nil, strikethrough: LineStyle? = nil,
        code: Bool = false, highlight: Color? = nil, color: Color? = nil, textStyle: TextStyle? = nil,
        scale: Double? = nil, link: Link? = nil, wikilink: WikiLink? = nil, footnote: String? = nil,
        rawHTML: Bool = false
    ) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.code = code
        self.highlight = highlight
        self.color = color
        self.textStyle = textStyle
        self.scale = scale
        self.link = link
        self.wikilink = wikilink
        self.footnote = footnote
        self.rawHTML = rawHTML
    }

    /// No attribute set.
    public static let plain = Formatting()

    /// Whether no attribute is set.
    public var isPlain: Bool { self == .plain }

    /// This formatting with `inner`'s attributes laid over it, as a nested span sees it.
    public func merged(with inner: Formatting) -> Formatting {
        Formatting(
            bold: inner.bold ?? bold, italic: inner.italic ?? italic,
            underline: inner.underline ?? underline, strikethrough: inner.strikethrough ?? strikethrough,
            code: inner.code || code, highlight: inner.highlight ?? highlight, color: inner.color ?? color,
            textStyle: inner.textStyle ?? textStyle, scale: inner.scale ?? scale, link: inner.link ?? link,
            wikilink: inner.wikilink ?? wikilink, footnote: inner.footnote ?? footnote,
            rawHTML: inner.rawHTML || rawHTML)
    }
}
