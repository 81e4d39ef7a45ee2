/// A heading of a note, with the id its page gives it.
public struct NoteHeading: Hashable, Sendable {
    public var level: Int
    public var text: String
    public var id: String
    public var location: SourceLocation?

    public init(level: Int, text: String, id: String, location: SourceLocation? = nil) {
        self.level = level
        self.text = text
        self.id = id
        self.location = location
    }
}

extension Note {
    /// The note's headings in page order, with their ids: depth first, footnotes last, as the
    /// HTML renderer writes them.
    public var headings: [NoteHeading] { NoteHeading.list(blocks) }
}

extension NoteHeading {
    /// The headings of `blocks` in page order, with ids deduplicated as `HeadingIDs` does; of
    /// the blocks from `start` on when given (the same as of a list of those, without one).
    public static func list(_ blocks: [Block], from start: Int = 0) -> [NoteHeading] {
        var ids = HeadingIDs()
        var found: [NoteHeading] = []
        var footnotes: [Block] = []
        var stack = Block.walkStack(blocks, from: start)
        var inFootnotes = false
        while true {
            guard let (top, index) = stack.advance() else {
                if inFootnotes || footnotes.isEmpty { break }
                inFootnotes = true
                stack.append((footnotes, 0))
                continue
            }
            switch stack[top].blocks[index].kind {
            case .heading(let level, let inlines):
                let text = PlainText.of(inlines, softBreak: " ")
                found.append(NoteHeading(level: level, text: text, id: ids.id(for: text), location: stack[top].blocks[index].location))
            case .blockQuote(let children): stack.append((children, 0))
            case .callout(let callout): stack.append((callout.blocks, 0))
            case .list(let list):
                // The items' blocks in order: the first item's on top.
                for item in list.items.indices.reversed() { stack.append((list.items[item].blocks, 0)) }
            case .footnoteDefinition(let definition):
                if inFootnotes { stack.append((definition.blocks, 0)) } else { footnotes.append(stack[top].blocks[index]) }
            default: break
            }
        }
        return found
    }
}
