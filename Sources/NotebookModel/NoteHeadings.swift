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
    /// The headings of `blocks` in page order, with ids deduplicated as `HeadingIDs` does.
    public static func list(_ blocks: [Block]) -> [NoteHeading] {
        var ids = HeadingIDs()
        var found: [NoteHeading] = []
        var footnotes: [Block] = []
        var stack = Block.walkStack(blocks)
        var inFootnotes = false
        while true {
            guard var top = stack.popLast() else {
                if inFootnotes || footnotes.isEmpty { break }
                inFootnotes = true
                stack.append(footnotes[...])
                continue
            }
            guard let block = top.popFirst() else { continue }
            stack.append(top)
            switch block.kind {
            case .heading(let level, let inlines):
                let text = PlainText.of(inlines, softBreak: " ")
                found.append(NoteHeading(level: level, text: text, id: ids.id(for: text), location: block.location))
            case .blockQuote(let children): stack.append(children[...])
            case .callout(let callout): stack.append(callout.blocks[...])
            case .list(let list):
                // The items' blocks in order: the first item's on top.
                for item in list.items.indices.reversed() { stack.append(list.items[item].blocks[...]) }
            case .footnoteDefinition(let definition):
                if inFootnotes { stack.append(definition.blocks[...]) } else { footnotes.append(block) }
            default: break
            }
        }
        return found
    }
}
