/// Obsidian's block identifiers: `^id` at the end of a paragraph or list item (after a space,
/// or alone on the block's last line) names the block, so that `[[Note#^id]]` links to it.
/// The identifier is letters, digits and `-`; it is not part of the text shown.
public enum BlockID {
    /// The identifier that ends `inlines`, and the inlines without it (and without the space or
    /// line break before it); nil when they end otherwise.
    public static func trailing(in inlines: [Inline]) -> (id: String, rest: [Inline])? {
        guard let last = inlines.last, case .text(let text) = last.kind else { return nil }
        // Back from the end over the identifier's bytes only: most blocks end otherwise at once.
        let utf8 = text.utf8
        var start = utf8.endIndex
        var length = 0
        while start > utf8.startIndex, length <= 64 {
            let previous = utf8.index(before: start)
            guard isIDByte(utf8[previous]) else { break }
            start = previous
            length += 1
        }
        guard length > 0, length <= 64, start > utf8.startIndex else { return nil }
        let caret = utf8.index(before: start)
        guard utf8[caret] == UInt8(ascii: "^") else { return nil }
        let name = utf8[start...]
        let before = text[..<caret]
        var rest = Array(inlines.dropLast())
        if before.isEmpty {
            // `^id` alone on the block's last line, or the block's only text.
            guard rest.isEmpty || rest.last?.kind == .softBreak || rest.last?.kind == .lineBreak else { return nil }
            if !rest.isEmpty { rest.removeLast() }
        } else {
            guard before.last == " " || before.last == "\t" else { return nil }
            let kept = before.dropLast(while: { $0 == " " || $0 == "\t" })
            if !kept.isEmpty { rest.append(Inline(.text(String(kept)), at: last.location)) }
        }
        return (String(decoding: name, as: UTF8.self), rest)
    }

    /// The identifiers given again after their first block, in page order, with where each
    /// later block is: as the renderer gives them (a paragraph's at any depth but one alone with
    /// an embed, a list item's first paragraph's to the item).
    public static func repeated(in blocks: [Block]) -> [(id: String, location: SourceLocation?)] {
        var seen = Set<String>()
        var found: [(id: String, location: SourceLocation?)] = []
        func given(_ id: String, at location: SourceLocation?) {
            if !seen.insert(id).inserted { found.append((id, location)) }
        }
        func walk(_ blocks: [Block]) {
            for block in blocks {
                switch block.kind {
                case .paragraph(let inlines):
                    if WikiLink.embedAlone(in: inlines) == nil, let (id, _) = trailing(in: inlines) { given(id, at: block.location) }
                case .list(let list):
                    for item in list.items {
                        var content = item.blocks
                        if case .paragraph(let inlines)? = content.first?.kind, let (id, rest) = trailing(in: inlines), !rest.isEmpty {
                            given(id, at: content[0].location ?? item.location)
                            content.removeFirst()
                        }
                        walk(content)
                    }
                case .blockQuote(let children): walk(children)
                case .callout(let callout): walk(callout.blocks)
                // A footnote's text gives no identifier: it is shown as written there.
                default: break
                }
            }
        }
        walk(blocks)
        return found
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "-")
    }
}

extension Substring {
    /// The substring without the characters at its end that match `predicate`.
    fileprivate func dropLast(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
