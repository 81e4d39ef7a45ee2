/// Obsidian's tags in text, `#travel` or `#plugin/emitter`: `#` at the start of the text or after
/// white space, then letters, digits, `_`, `-` and `/`, not all digits. Code, links and URLs
/// hold none; a heading's `#` marks are not part of its text.
public enum InlineTags {
    /// A tag in a piece of text: where its `#` starts, where it ends, and the tag.
    public struct Found: Hashable, Sendable {
        public var range: Range<String.Index>
        public var tag: TagName
    }

    /// The tags in `text`; `afterBoundary` says whether what comes before the text is its
    /// container's start or white space.
    public static func find(in text: String, afterBoundary: Bool) -> [Found] {
        guard text.utf8.contains(UInt8(ascii: "#")) else { return [] }
        var found: [Found] = []
        var boundary = afterBoundary
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "#" && boundary {
                var end = text.index(after: index)
                var hasNonDigit = false
                while end < text.endIndex, isTagCharacter(text[end]) {
                    if !text[end].isNumber { hasNonDigit = true }
                    end = text.index(after: end)
                }
                if hasNonDigit, let tag = TagName(String(text[text.index(after: index)..<end])) {
                    found.append(Found(range: index..<end, tag: tag))
                    index = end
                    boundary = false
                    continue
                }
            }
            boundary = character.isWhitespace
            index = text.index(after: index)
        }
        return found
    }

    /// Whether `text` ends in white space; nil when it is empty.
    public static func endsInWhiteSpace(_ text: String) -> Bool? {
        guard let last = text.utf8.last else { return nil }
        if last < 0x80 { return last == 0x20 || (last >= 0x09 && last <= 0x0D) }
        return text.last?.isWhitespace
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "/"
    }

    /// Whether what follows `inline` starts after a boundary, given whether `inline` did.
    public static func boundary(after inline: Inline, startingAfterBoundary: Bool) -> Bool {
        switch inline.kind {
        case .text(let text): endsInWhiteSpace(text) ?? startingAfterBoundary
        case .softBreak, .lineBreak: true
        case .image: false
        case .span(_, let children):
            children.reduce(startingAfterBoundary) { boundary(after: $1, startingAfterBoundary: $0) }
        }
    }

    /// Every tag in the text of `blocks`, in order, by the rule above.
    public static func all(in blocks: [Block]) -> [TagName] {
        var tags: [TagName] = []
        func visit(_ inlines: [Inline], _ boundary: inout Bool) {
            for inline in inlines {
                switch inline.kind {
                case .text(let text):
                    tags += find(in: text, afterBoundary: boundary).map(\.tag)
                case .span(let formatting, let children) where formatting.holdsTags:
                    visit(children, &boundary)
                    continue
                default:
                    break
                }
                boundary = Self.boundary(after: inline, startingAfterBoundary: boundary)
            }
        }
        var unchanged = blocks
        Block.rewriteInlines(in: &unchanged) { content, _ in
            var boundary = true
            visit(content, &boundary)
            return false
        }
        return tags
    }
}

extension Formatting {
    /// Whether tags in the span's text count: not in code, a link, a wikilink or raw HTML.
    public var holdsTags: Bool { !code && link == nil && wikilink == nil && !rawHTML && footnote == nil }
}
