/// A block of a note's body, with where it starts in its source.
public struct Block: Hashable, Sendable {
    public var kind: Kind
    public var location: SourceLocation?

    public init(_ kind: Kind, at location: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
    }

    public indirect enum Kind: Hashable, Sendable {
        case paragraph([Inline])
        case heading(level: Int, [Inline])
        case list(List)
        case blockQuote([Block])
        case callout(Callout)
        case codeBlock(CodeBlock)
        case table(Table)
        case thematicBreak
        /// Raw HTML, shown as text unless unsafe HTML is allowed.
        case html(String)
        case footnoteDefinition(FootnoteDefinition)
    }
}

/// An ordered or unordered list.
public struct List: Hashable, Sendable {
    public var isOrdered: Bool
    /// The number of the first item of an ordered list.
    public var start: Int
    /// A tight list shows its items' paragraphs without spacing.
    public var isTight: Bool
    public var items: [ListItem]

    public init(isOrdered: Bool, start: Int = 1, isTight: Bool = true, items: [ListItem]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

/// An item of a list; a task-list item has a checked state.
public struct ListItem: Hashable, Sendable {
    /// `nil` for an ordinary item, otherwise whether the task is done.
    public var task: Bool?
    public var blocks: [Block]
    public var location: SourceLocation?

    public init(task: Bool? = nil, blocks: [Block], at location: SourceLocation? = nil) {
        self.task = task
        self.blocks = blocks
        self.location = location
    }
}

/// A block quote that opens with `[!KIND]`: GitHub's alerts and Obsidian's callouts.
public struct Callout: Hashable, Sendable {
    /// The kind, lowercased: `note`, `tip`, `warning`, or any other word.
    public var kind: String
    /// The text after the marker on its first line, if any.
    public var title: [Inline]
    public var blocks: [Block]
    /// Obsidian's `[!kind]-` (folded) and `[!kind]+` (open, foldable).
    public var folding: Folding

    /// Whether a callout can be folded, and how it first shows.
    public enum Folding: String, Hashable, Sendable {
        /// `[!kind]`: always open.
        case none = ""
        /// `[!kind]+`: open, and can be folded.
        case open = "+"
        /// `[!kind]-`: folded until opened.
        case closed = "-"
    }

    public init(kind: String, title: [Inline] = [], blocks: [Block], folding: Folding = .none) {
        self.kind = kind
        self.title = title
        self.blocks = blocks
        self.folding = folding
    }

    /// The documented kind it looks like.
    public var look: CalloutKind { CalloutKind(named: kind) }
}

/// Preformatted code with an optional language.
public struct CodeBlock: Hashable, Sendable {
    /// The first word of the info string, if any.
    public var language: String?
    public var code: String
    /// A title shown above the code (```` ```swift title="Package.swift" ````).
    public var title: String?
    /// The lines to mark, numbered from 1 (```` ```js {1,3-5} ````), in order, apart.
    public var markedLines: [ClosedRange<Int>]
    /// The code as a build highlighted it: its text, escaped, in `span` elements with classes,
    /// checked before it was kept (see NotebookScripts); nil to show it plain. No format keeps it.
    public var highlighted: String?

    public init(
        language: String? = nil, code: String, title: String? = nil, markedLines: [ClosedRange<Int>] = [], highlighted: String? = nil
    ) {
        self.language = language
        self.code = code
        self.title = title
        self.markedLines = markedLines
        self.highlighted = highlighted
    }
}

/// A table: a header row, body rows, and each column's alignment.
public struct Table: Hashable, Sendable {
    public enum Alignment: String, Hashable, Sendable {
        case none, left, center, right
    }

    public var alignments: [Alignment]
    public var header: [TableCell]
    public var rows: [[TableCell]]

    public init(alignments: [Alignment], header: [TableCell], rows: [[TableCell]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}

/// A cell of a table.
public struct TableCell: Hashable, Sendable {
    public var content: [Inline]
    public var location: SourceLocation?

    public init(_ content: [Inline], at location: SourceLocation? = nil) {
        self.content = content
        self.location = location
    }
}

/// The text a footnote reference points to.
public struct FootnoteDefinition: Hashable, Sendable {
    public var label: String
    public var blocks: [Block]

    public init(label: String, blocks: [Block]) {
        self.label = label
        self.blocks = blocks
    }

    /// The key under which labels match, as link labels do: case-insensitively, white space
    /// collapsed.
    public static func key(_ label: String) -> String {
        label.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension Block {
    /// A level of a depth-first walk over blocks without recursion: its blocks, and the index of
    /// the next one. Read by index, the blocks are not copied one by one as they are walked.
    public typealias WalkLevel = (blocks: [Block], next: Int)

    /// A stack for walking `blocks` depth first without recursion, `blocks` on it: with room for
    /// several levels and a list's items at once, so that pushing seldom makes it grow.
    public static func walkStack(_ blocks: [Block], from start: Int = 0) -> [WalkLevel] {
        var stack: [WalkLevel] = []
        stack.reserveCapacity(16)
        stack.append((blocks, start))
        return stack
    }
}

extension Array where Element == Block.WalkLevel {
    /// The next block of the walk, as its level and its index there (`self[level].blocks[index]`),
    /// the walk moved past it; nil when every level is done (they are then all removed).
    public mutating func advance() -> (level: Int, index: Int)? {
        while let top = indices.last {
            let index = self[top].next
            if index < self[top].blocks.count {
                self[top].next = index + 1
                return (top, index)
            }
            removeLast()
        }
        return nil
    }
}
