import Bytes
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

/// How a formula is set: in the line of text (`$…$`) or as a display of its own (`$$…$$`).
public enum MathStyle: String, Hashable, Sendable, CaseIterable {
    case inline, display
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
        // Over the bytes, read in place: a scheme is ASCII, and any other byte ends the search.
        // Found first, then made in one go: appended a character at a time, "https" took about
        // 1,800 instructions.
        destination.withBorrowedUTF8 { bytes -> String? in
            var length = 0
            var start = 0
            var ended = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if Self.isIgnoredInScheme(byte) { continue }
                if length == 0 && byte <= 0x20 {
                    start = index
                    continue
                }
                if byte == UInt8(ascii: ":") {
                    ended = true
                    break
                }
                guard Self.isSchemeByte(byte, first: length == 0) else { return nil }
                length += 1
            }
            guard ended, length > 0 else { return nil }
            return String(unsafeUninitializedCapacity: length) { scheme in
                var count = 0
                var index = start
                while count < length {
                    let byte = bytes[index]
                    index += 1
                    if Self.isIgnoredInScheme(byte) { continue }
                    scheme[count] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                    count += 1
                }
                return count
            }
        }
    }

    /// Whether a browser passes over `byte` anywhere in a URL: a tab or a line break.
    private static func isIgnoredInScheme(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `byte` may be part of a scheme there: a letter, or after the first a digit, `+`,
    /// `-` or `.`.
    private static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        let isLetter = (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        let isOther = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        return isLetter || (!first && isOther)
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
    /// Written `![[Target]]`: the target's content is shown in place (a heading's section, or
    /// the block `^id` names, when the heading says so).
    public var isEmbed: Bool

    public init(target: String, heading: String? = nil, url: String? = nil, isEmbed: Bool = false) {
        self.target = target
        self.heading = heading
        self.url = url
        self.isEmbed = isEmbed
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
    /// Math: the content is a TeX formula, typeset as MathML by a build.
    public var math: MathStyle?
    public var highlight: Color?
    /// The text color.
    public var color: Color?
    public var textStyle: TextStyle?
    /// A font size factor, as `Font.scaled(by:)`.
    public var scale: Double?
    /// Raw HTML, shown as text unless unsafe HTML is allowed.
    public var rawHTML: Bool
    /// The link, wikilink and footnote, which few spans carry, in one box (nil when none is
    /// set): every step that reads a span copies its formatting, and copied in place, these
    /// attributes' six strings made the copy several times larger and slower.
    @usableFromInline var targets: Targets?

    /// A link's destination and title, a wikilink, a footnote's label: never all nil.
    @usableFromInline final class Targets: Hashable, Sendable {
        @usableFromInline let link: Link?
        @usableFromInline let wikilink: WikiLink?
        @usableFromInline let footnote: String?

        @usableFromInline init(link: Link?, wikilink: WikiLink?, footnote: String?) {
            self.link = link
            self.wikilink = wikilink
            self.footnote = footnote
        }

        /// A box of the three, nil when none is set.
        @inlinable static func of(link: Link?, wikilink: WikiLink?, footnote: String?) -> Targets? {
            link == nil && wikilink == nil && footnote == nil ? nil : Targets(link: link, wikilink: wikilink, footnote: footnote)
        }

        @usableFromInline static func == (a: Targets, b: Targets) -> Bool {
            a === b || (a.link == b.link && a.wikilink == b.wikilink && a.footnote == b.footnote)
        }

        @usableFromInline func hash(into hasher: inout Hasher) {
            hasher.combine(link)
            hasher.combine(wikilink)
            hasher.combine(footnote)
        }
    }

    public var link: Link? {
        get { targets?.link }
        set { targets = .of(link: newValue, wikilink: wikilink, footnote: footnote) }
    }

    public var wikilink: WikiLink? {
        get { targets?.wikilink }
        set { targets = .of(link: link, wikilink: newValue, footnote: footnote) }
    }

    /// Whether a link or a wikilink is set: read without copying either.
    public var isLink: Bool {
        guard let targets else { return false }
        return targets.link != nil || targets.wikilink != nil
    }

    /// Whether the wikilink set is an embed (`![[Note]]`): read without copying it.
    public var isEmbed: Bool { targets?.wikilink?.isEmbed == true }

    /// The label of the footnote this span refers to.
    public var footnote: String? {
        get { targets?.footnote }
        set { targets = .of(link: link, wikilink: wikilink, footnote: newValue) }
    }

    // Inlinable: most spans set one attribute (`Formatting(bold: true)`), and called across
    // modules the initializer took every argument, its defaults included, as values to copy and
    // free (about 480 instructions a span).
    @inlinable public init(
        bold: Bool? = nil, italic: Bool? = nil, underline: LineStyle? = nil, strikethrough: LineStyle? = nil,
        code: Bool = false, math: MathStyle? = nil, highlight: Color? = nil, color: Color? = nil, textStyle: TextStyle? = nil,
        scale: Double? = nil, link: Link? = nil, wikilink: WikiLink? = nil, footnote: String? = nil,
        rawHTML: Bool = false
    ) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.code = code
        self.math = math
        self.highlight = highlight
        self.color = color
        self.textStyle = textStyle
        self.scale = scale
        self.rawHTML = rawHTML
        targets = .of(link: link, wikilink: wikilink, footnote: footnote)
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
            code: inner.code || code, math: inner.math ?? math, highlight: inner.highlight ?? highlight, color: inner.color ?? color,
            textStyle: inner.textStyle ?? textStyle, scale: inner.scale ?? scale, link: inner.link ?? link,
            wikilink: inner.wikilink ?? wikilink, footnote: inner.footnote ?? footnote,
            rawHTML: inner.rawHTML || rawHTML)
    }
}
