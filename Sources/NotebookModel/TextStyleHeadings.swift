/// Builds headings from text styles, as FORMATS.md section 2 says: a paragraph whose text is all
/// in `largeTitle` or `title`, `title2` or `title3` becomes a heading of level 1, 2 or 3.
///
/// This is the "build block structure" step of every note, after constraints and before links.
public enum TextStyleHeadings {
    /// `blocks` with such paragraphs, at any depth, turned into headings without the text style.
    public static func apply(_ blocks: [Block]) -> [Block] {
        applied(blocks) ?? blocks
    }

    /// The blocks changed, or nil when none is: only what changes is copied.
    private static func applied(_ blocks: [Block]) -> [Block]? {
        var result: [Block]?
        for index in blocks.indices {
            guard let changed = applied(blocks[index]) else { continue }
            if result == nil { result = blocks }
            result![index] = changed
        }
        return result
    }

    private static func applied(_ block: Block) -> Block? {
        var block = block
        switch block.kind {
        case .paragraph(let inlines):
            guard let level = headingLevel(inlines) else { return nil }
            block.kind = .heading(level: level, removingTextStyle(inlines))
        case .blockQuote(let children):
            guard let children = applied(children) else { return nil }
            block.kind = .blockQuote(children)
        case .callout(var callout):
            guard let children = applied(callout.blocks) else { return nil }
            callout.blocks = children
            block.kind = .callout(callout)
        case .list(var list):
            var changed = false
            for index in list.items.indices {
                guard let children = applied(list.items[index].blocks) else { continue }
                list.items[index].blocks = children
                changed = true
            }
            guard changed else { return nil }
            block.kind = .list(list)
        case .footnoteDefinition(var definition):
            guard let children = applied(definition.blocks) else { return nil }
            definition.blocks = children
            block.kind = .footnoteDefinition(definition)
        default:
            return nil
        }
        return block
    }

    /// The level all of the paragraph's visible text agrees on, if any.
    static func headingLevel(_ inlines: [Inline]) -> Int? {
        var level: Int? = nil
        var sawText = false
        let agrees = visitText(inlines, style: nil) { text, style in
            if PlainText.isWhiteSpace(text) { return true }
            sawText = true
            let this = style?.headingLevel
            if this == nil || (level != nil && level != this) { return false }
            level = this
            return true
        }
        return sawText && agrees ? level : nil
    }

    /// Visits the text of `inlines` with the style it is in, until `body` returns false; whether
    /// it never did.
    private static func visitText(
        _ inlines: [Inline], style: TextStyle?, _ body: (String, TextStyle?) -> Bool
    ) -> Bool {
        for inline in inlines {
            switch inline.kind {
            case .text(let text): if !body(text, style) { return false }
            case .span(let formatting, let children):
                if !visitText(children, style: formatting.textStyle ?? style, body) { return false }
            case .image(let image): if !visitText(image.alternative, style: style, body) { return false }
            case .softBreak, .lineBreak: break
            }
        }
        return true
    }

    /// The inlines without text styles; spans left with no formatting give way to their content.
    static func removingTextStyle(_ inlines: [Inline]) -> [Inline] {
        inlines.flatMap { inline -> [Inline] in
            guard case .span(var formatting, let children) = inline.kind else { return [inline] }
            let inner = removingTextStyle(children)
            formatting.textStyle = nil
            return formatting.isPlain ? inner : [Inline(.span(formatting, inner), at: inline.location)]
        }
    }
}
