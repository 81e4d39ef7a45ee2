import NotebookModel

/// A note as the browser's editor shows it: its blocks in the order of the text, each a paragraph
/// or a heading made of pieces, or a fixed block the editor shows but does not change.
public struct EditorDocument: Hashable, Sendable {
    public var blocks: [EditorBlock]

    public init(blocks: [EditorBlock]) {
        self.blocks = blocks
    }
}

/// A block of an ``EditorDocument``.
public struct EditorBlock: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case paragraph
        /// A heading at the level its note writes (not as a page shifts it).
        case heading(Int)
        /// A block the editor shows as it is (a table, code, a formula, a callout…) and never
        /// changes: `label` says what it is.
        case fixed
    }

    public var kind: Kind
    /// Inside a list, a quote or a footnote: it can be edited, but not split or removed.
    public var isNested: Bool
    public var pieces: [EditorPiece]
    /// For a fixed block, its text as the note writes it.
    public var label: String

    public init(kind: Kind, isNested: Bool = false, pieces: [EditorPiece] = [], label: String = "") {
        self.kind = kind
        self.isNested = isNested
        self.pieces = pieces
        self.label = label
    }

    public var isEditable: Bool { kind != .fixed }
}

/// A piece of an editable block.
public enum EditorPiece: Hashable, Sendable {
    /// Text with its formatting: only the attributes a run of the seeds' editor carries (bold,
    /// italic, underline, strikethrough, highlight, colour, text style, scale), a link and code.
    case text(String, Formatting)
    /// A line break that a reader may reflow as a space, as the note writes it.
    case softBreak
    /// A hard line break.
    case lineBreak
    /// What the editor cannot show (a wikilink, a formula, a footnote reference, an inline tag,
    /// raw HTML, an image, a block identifier): the index of its entry in the note's
    /// ``EditableNote/opaque`` table, put back as it was.
    case opaque(Int)

    /// Whether a run's formatting is only what the editor carries.
    static func isEditorFormatting(_ formatting: Formatting) -> Bool {
        formatting.wikilink == nil && formatting.footnote == nil && formatting.math == nil && !formatting.rawHTML
    }
}

/// What an opaque piece stands for.
public struct OpaquePiece: Hashable, Sendable {
    /// Its text as the note writes it, shown in the editor.
    public var label: String
    /// Its text as the page shows it, which the word count counts.
    public var text: String
    let content: Content

    enum Content: Hashable, Sendable {
        /// An inline of the note (a wikilink, a formula, an image…), put back whole, inside the
        /// formatting of the spans that held it.
        case inline(Inline, context: Formatting)
        /// Text of the note kept as it is, inside the text around it (an inline tag, or the
        /// ` ^id` that names a block), in that text's formatting.
        case literal(String, context: Formatting)
        /// A `%%comment%%` inside the text, which the reader leaves out of the note: written
        /// back where it was, never part of the text as read.
        case comment(String, context: Formatting)
    }
}
