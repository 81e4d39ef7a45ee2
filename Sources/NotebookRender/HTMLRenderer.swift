import NotebookModel

/// Renders a note's blocks to an HTML fragment.
///
/// All text is escaped; links keep only allowed schemes; colors reach the page only as classes
/// or validated hex values. The markup follows libcmark-gfm's HTML renderer wherever the model
/// is plain CommonMark, so pages look as Markdown readers expect.
public struct HTMLRenderer: Sendable {
    public var options: RenderOptions

    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// The HTML of `blocks`, footnotes gathered at the end.
    public func render(_ blocks: [Block]) -> String {
        renderNote(blocks).html
    }

    /// The HTML of `blocks` with what a page around it needs: its headings and highlights.
    public func renderNote(_ blocks: [Block]) -> RenderedNote {
        var writer = HTMLWriter(options: options)
        writer.marks.blocks.reserveCapacity(blocks.count)
        writer.numberFootnotes(in: blocks)
        writer.blocks(blocks, tight: false)
        writer.footnoteSection()
        return RenderedNote(
            html: writer.out.string, headings: writer.headings, highlights: writer.highlights, slots: writer.slots, tags: writer.tags,
            marks: writer.marks)
    }

    /// The HTML of `inlines` alone, as a heading or paragraph holds them (no element around them),
    /// with the slots, tags and highlights they hold.
    public func renderInlines(_ inlines: [Inline]) -> RenderedNote {
        var writer = HTMLWriter(options: options)
        writer.inlinesHTML(inlines)
        return RenderedNote(html: writer.out.string, highlights: writer.highlights, slots: writer.slots, tags: writer.tags)
    }
}

/// A note rendered to HTML, with the headings and highlighted passages it holds, in page order.
public struct RenderedNote: Hashable, Sendable {
    public var html: String
    public var headings: [NoteHeading]
    public var highlights: [RenderedHighlight]
    /// Where links go once resolved, in order, with ``RenderOptions/deferLinks``; else none.
    public var slots: [LinkSlot]
    /// The tags of the text (`#travel`), in order, with ``RenderOptions/tagURL``; else none.
    public var tags: [TagName]
    /// Where the parts of the HTML are, for an embed of a section or a block.
    public var marks: Marks
    /// The inner HTML of the page's title when it shows more than its text (a formula, code,
    /// emphasis), as a site sets it; nil when the title is its text alone.
    public var title: String?

    /// Byte offsets in `html`: where each top-level block starts, where the footnotes start,
    /// and where each block with an identifier (`^id`, without the `^`; its element's id is
    /// `^id`) is.
    public struct Marks: Hashable, Sendable {
        public struct Block: Hashable, Sendable {
            public var offset: Int
            /// A heading's level, and its index in `headings`.
            public var headingLevel: Int?
            public var headingIndex: Int?
        }

        public var blocks: [Block] = []
        public var bodyEnd = 0
        public var identified: [String: Range<Int>] = [:]
        /// How many blocks were given an identifier, those given one again counted: more than
        /// `identified` holds when one was given again (``BlockID/repeated(in:)`` says where).
        /// A number, not a list: marks are copied with every rendered note.
        public var identifiedCount = 0

        public init() {}

        /// The marks with `shift(offset)` applied to every offset.
        func moved(_ shift: (Int) -> Int) -> Marks {
            var moved = self
            moved.blocks = blocks.map { Block(offset: shift($0.offset), headingLevel: $0.headingLevel, headingIndex: $0.headingIndex) }
            moved.bodyEnd = shift(bodyEnd)
            moved.identified = identified.mapValues { shift($0.lowerBound)..<shift($0.upperBound) }
            return moved
        }
    }

    public init(
        html: String = "", headings: [NoteHeading] = [], highlights: [RenderedHighlight] = [], slots: [LinkSlot] = [],
        tags: [TagName] = [], marks: Marks = Marks()
    ) {
        self.marks = marks
        self.html = html
        self.headings = headings
        self.highlights = highlights
        self.slots = slots
        self.tags = tags
    }
}

/// A highlighted passage as rendered: its text, color, and the id of its `mark` element.
public struct RenderedHighlight: Hashable, Sendable {
    public var text: String
    public var color: Color
    /// The element id, when `RenderOptions.anchorHighlights` is on.
    public var id: String?
}
