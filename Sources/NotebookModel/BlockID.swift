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
