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
    /// Written as `![[file.png]]`: a file beside the note.
    public var isEmbed: Bool

    public init(source: String, title: String? = nil, alternative: [Inline] = [], isEmbed: Bool = false) {
        self.source = source
        self.title = title
        self.alternative = alternative
        self.isEmbed = isEmbed
    }
}
