/// The text of inline content with its formatting left out.
public enum PlainText {
    /// The text of `inlines`: breaks become `"\n"` or `" "`, images their alternative text,
    /// links and embeds within a line their label.
    ///
    /// The walk keeps its own stack, so content of any depth is safe.
    public static func of(_ inlines: [Inline], softBreak: String = "\n") -> String {
        // Room for a heading or a short paragraph at once.
        var out = UTF8Builder(capacity: 256)
        append(inlines, to: &out, softBreak: softBreak)
        return out.string
    }

    /// The text of a heading as a title shows it, or of a highlighted passage as the highlights
    /// page lists it: as ``of(_:softBreak:)`` with a space for a soft break, but a formula keeps
    /// its dollars (`Energy $E = mc^2$`), since text is no place to typeset it and its TeX alone
    /// reads as other text.
    public static func title(_ inlines: [Inline]) -> String {
        guard holdsFormula(inlines) else { return of(inlines, softBreak: " ") }
        var out = ""
        for inline in inlines {
            if case .span(let formatting, let children) = inline.kind {
                if let style = formatting.math {
                    let dollars = style == .display ? "$$" : "$"
                    out += dollars + of(children, softBreak: " ") + dollars
                } else {
                    out += title(children)
                }
            } else {
                out += of([inline], softBreak: " ")
            }
        }
        return out
    }

    /// Whether a formula is among `inlines`, at any depth.
    public static func holdsFormula(_ inlines: [Inline]) -> Bool {
        inlines.contains { inline in
            guard case .span(let formatting, let children) = inline.kind else { return false }
            return formatting.math != nil || holdsFormula(children)
        }
    }

    /// Whether `text` is white space only (or empty): read by bytes while they are ASCII, by
    /// characters from the first byte that is not.
    @inlinable
    public static func isWhiteSpace(_ text: String) -> Bool {
        for byte in text.utf8 {
            if byte >= 0x80 { return text.allSatisfy(\.isWhitespace) }
            guard byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) else { return false }
        }
        return true
    }

    /// Appends the text of `inlines` to `out`.
    public static func append(_ inlines: [Inline], to out: inout UTF8Builder, softBreak: String = "\n") {
        var parents: [Parent] = []
        append(inlines, to: &out, softBreak: softBreak, parents: &parents)
    }

    /// A level the walk goes back to: its inlines and the index of the next one.
    typealias Parent = (inlines: [Inline], next: Int)

    /// The same with the walk's stack given (empty, and left empty): a walk over many blocks
    /// keeps one, instead of making one for each paragraph with a span.
    static func append(_ inlines: [Inline], to out: inout UTF8Builder, softBreak: String = "\n", parents: inout [Parent]) {
        // Each level is walked by index, reading the inlines in place instead of copying each.
        var current = inlines
        var index = 0
        while true {
            guard index < current.count else {
                guard let parent = parents.popLast() else { return }
                (current, index) = parent
                continue
            }
            index += 1
            switch current[index - 1].kind {
            case .text(let text): out.append(text)
            case .softBreak: out.append(softBreak)
            case .lineBreak: out.append("\n" as Unicode.Scalar)
            case .span(_, let children):
                parents.append((current, index))
                (current, index) = (children, 0)
            case .image(let image):
                parents.append((current, index))
                (current, index) = (image.alternative, 0)
            }
        }
    }

    /// The text of a whole block tree, with a line break between any two blocks, items and cells.
    public static func of(_ blocks: [Block]) -> String {
        String(decoding: utf8(of: blocks), as: UTF8.self)
    }

    /// The inlines of a paragraph that are the note's own text, as its page shows them: none of
    /// an embed alone (the other note's content is shown there), and not the `^id` that ends a
    /// block (its anchor).
    public static func ownText(of paragraph: [Inline]) -> [Inline] {
        if WikiLink.embedAlone(in: paragraph) != nil { return [] }
        return BlockID.trailing(in: paragraph)?.rest ?? paragraph
    }

    /// What an empty list item reads as: a block with no text.
    private static let emptyItem = [Block(.blockQuote([]))]

    /// ``of(_:)-([Block])`` as UTF-8 bytes, for walks over the text that need no `String`.
    public static func utf8(of blocks: [Block]) -> [UInt8] {
        var headings: [Range<Int>] = []
        return utf8(of: blocks, headings: &headings)
    }

    /// The same, with where each heading's text is in it (each on a line of its own), in order.
    public static func utf8(of blocks: [Block], headings: inout [Range<Int>]) -> [UInt8] {
        // Room for a short note's text at once.
        var out = UTF8Builder(capacity: 4096)
        var stack = Block.walkStack(blocks)
        var parents: [Parent] = []
        func separate() {
            if !out.isEmpty && !out.endsWithLineFeed { out.append("\n" as Unicode.Scalar) }
        }
        while let (top, index) = stack.advance() {
            separate()
            switch stack[top].blocks[index].kind {
            case .paragraph(let inlines):
                append(ownText(of: inlines), to: &out, parents: &parents)
            case .heading(_, let inlines):
                let start = out.count
                append(inlines, to: &out, parents: &parents)
                headings.append(start..<out.count)
            case .list(let list):
                // Each item is separated like a block: its blocks are, and an empty item is an
                // empty quote. The first item's on top.
                for item in list.items.indices.reversed() {
                    stack.append((list.items[item].blocks.isEmpty ? emptyItem : list.items[item].blocks, 0))
                }
            case .blockQuote(let children):
                stack.append((children, 0))
            case .callout(let callout):
                stack.append((callout.blocks, 0))
                if !callout.title.isEmpty { append(callout.title, to: &out, parents: &parents) }
            case .codeBlock(let code):
                out.append(code.code)
            case .table(let table):
                for row in [table.header] + table.rows {
                    for cell in row {
                        separate()
                        append(cell.content, to: &out, parents: &parents)
                    }
                }
            case .thematicBreak:
                break
            case .html(let html):
                out.append(html)
            case .footnoteDefinition(let definition):
                stack.append((definition.blocks, 0))
            }
        }
        return out.bytes
    }
}
