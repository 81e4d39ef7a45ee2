/// A piece of inline content: text, a break, an image, or a span that formats its children.
public struct Inline: Hashable, Sendable {
    public var kind: Kind
    /// Where the inline starts in its source, when known.
    public var location: SourceLocation?

    public init(_ kind: Kind, at location: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
    }

    public enum Kind: Hashable, Sendable {
        case text(String)
        /// A line break that a reader may reflow as a space.
        case softBreak
        /// A hard line break.
        case lineBreak
        /// Content with formatting applied, such as bold text or a link.
        indirect case span(Formatting, [Inline])
        indirect case image(Image)
    }

    public static func text(_ text: String, at location: SourceLocation? = nil) -> Inline {
        Inline(.text(text), at: location)
    }

    public static func span(_ formatting: Formatting, _ children: [Inline], at location: SourceLocation? = nil)
        -> Inline
    {
        Inline(.span(formatting, children), at: location)
    }
}

/// An image: where it is, its title, and its alternative description.
public struct Image: Hashable, Sendable {
    public var source: String
    public var title: String?
    /// The alternative description, which may itself be formatted.
    public var alternative: [Inline]
    /// Written as `![[file.png]]`: a file found by its name, as Obsidian finds it.
    public var isEmbed: Bool
    /// The width and height it is shown at, as Obsidian's `![[file.png|200x100]]` gives them.
    public var size: ImageSize?

    public init(source: String, title: String? = nil, alternative: [Inline] = [], isEmbed: Bool = false, size: ImageSize? = nil) {
        self.source = source
        self.title = title
        self.alternative = alternative
        self.isEmbed = isEmbed
        self.size = size
    }
}

/// The size an image is shown at: a width in pixels, and a height when one is given.
public struct ImageSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int?

    public init(width: Int, height: Int? = nil) {
        self.width = width
        self.height = height
    }

    /// `200` or `200x100`, up to 5 digits each; nil for anything else.
    public init?(_ text: Substring) {
        let parts = text.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.count <= 5, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(part)
        }
        guard let width = number(parts[0]) else { return nil }
        if parts.count == 2 {
            guard let height = number(parts[1]) else { return nil }
            self.init(width: width, height: height)
        } else {
            self.init(width: width)
        }
    }

    /// `200` or `200x100`, as written after the bar.
    public var description: String { height.map { "\(width)x\($0)" } ?? "\(width)" }

    /// `text` without a trailing `|200` or `|200x100`, and the size it names; the text itself and
    /// nil when it has none.
    public static func split(_ text: String) -> (text: String, size: ImageSize?) {
        guard let bar = text.lastIndex(of: "|"), let size = ImageSize(text[text.index(after: bar)...]) else { return (text, nil) }
        var rest = text[..<bar]
        if rest.last == "\\" { rest = rest.dropLast() }
        return (String(rest), size)
    }
}
