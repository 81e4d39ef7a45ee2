import NotebookModel

/// HTML comments (`<!-- … -->`) in a note's raw HTML, which are never published: Obsidian hides
/// them as it hides `%%` comments, and a comment is where a writer keeps what readers are not to
/// see. Left out of the model as the note is read, so that no page, summary, feed or search
/// text holds them, whether raw HTML is shown as text or as HTML.
enum HTMLComments {
    /// Whether `html`, an inline piece of raw HTML as CommonMark finds it, is a comment.
    static func isComment(_ html: String) -> Bool {
        html.utf8.starts(with: "<!--".utf8)
    }

    /// `html`, a block of raw HTML, without its comments: each from `<!--` to the `-->` that ends
    /// it (`<!-->` and `<!--->` are empty comments, as browsers read them), or to the end when
    /// none does (`unclosed`, its offset). In `<script>`, `<style>` and `<textarea>` blocks too:
    /// the pages never keep these elements (GitHub's tag filter writes them as text), so there
    /// `<!--` would open a real comment. `kept` is nil when nothing but white space is left;
    /// `starts` are the comments' offsets in `html`'s bytes.
    static func removed(from html: String) -> (kept: String?, starts: [Int], unclosed: Int?) {
        let bytes = Array(html.utf8)
        guard let first = find(open, in: bytes, from: 0) else { return (html, [], nil) }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var starts: [Int] = []
        var unclosed: Int? = nil
        var cursor = 0
        var start: Int? = first
        while let opening = start {
            starts.append(opening)
            kept.append(contentsOf: bytes[cursor..<opening])
            if let end = end(ofCommentAt: opening, in: bytes) {
                cursor = end
            } else {
                unclosed = opening
                cursor = bytes.count
            }
            start = find(open, in: bytes, from: cursor)
        }
        kept.append(contentsOf: bytes[cursor...])
        guard kept.contains(where: { !($0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D)) }) else { return (nil, starts, unclosed) }
        return (String(decoding: kept, as: UTF8.self), starts, unclosed)
    }

    /// `blocks`, read from a format that keeps raw HTML as written (a JSON note's HTML runs),
    /// without the comments in it: a block of raw HTML without its comments, or none when
    /// nothing else is left; a piece of inline raw HTML the same; with the place of the block or
    /// piece of each comment left out, when known.
    static func removed(from blocks: [Block]) -> (blocks: [Block], places: [SourceLocation]) {
        var places: [SourceLocation] = []
        func inlines(_ content: [Inline], near: SourceLocation?) -> [Inline]? {
            var changed = false
            var result: [Inline] = []
            for inline in content {
                guard case .span(let formatting, let children) = inline.kind else {
                    result.append(inline)
                    continue
                }
                if formatting.rawHTML {
                    let (kept, starts, _) = removed(from: PlainText.of(children))
                    if !starts.isEmpty {
                        changed = true
                        if let at = inline.location ?? near { places.append(contentsOf: starts.map { _ in at }) }
                        if let kept { result.append(Inline(.span(formatting, [.text(kept)]), at: inline.location)) }
                        continue
                    }
                } else if let inner = inlines(children, near: inline.location ?? near) {
                    changed = true
                    result.append(Inline(.span(formatting, inner), at: inline.location))
                    continue
                }
                result.append(inline)
            }
            return changed ? result : nil
        }
        func walk(_ blocks: [Block]) -> [Block] {
            var result: [Block] = []
            for var block in blocks {
                switch block.kind {
                case .html(let html):
                    let (kept, starts, _) = removed(from: html)
                    if let at = block.location { places.append(contentsOf: starts.map { _ in at }) }
                    guard let kept else { continue }
                    block.kind = .html(kept)
                case .blockQuote(let children): block.kind = .blockQuote(walk(children))
                case .callout(var callout):
                    callout.blocks = walk(callout.blocks)
                    block.kind = .callout(callout)
                case .list(var list):
                    for index in list.items.indices { list.items[index].blocks = walk(list.items[index].blocks) }
                    block.kind = .list(list)
                case .footnoteDefinition(var definition):
                    definition.blocks = walk(definition.blocks)
                    block.kind = .footnoteDefinition(definition)
                default: break
                }
                result.append(block)
            }
            Block.rewriteInlines(in: &result) { content, at in
                guard let changed = inlines(content, near: at) else { return false }
                content = changed
                return true
            }
            return result
        }
        let result = walk(blocks)
        return (result, places)
    }

    /// Where the byte at `offset` of a block's text is, the block starting at `start`: its
    /// lines are the source's from there, each at the block's column (a container's marks, such
    /// as a quote's `> `, are not in its text).
    static func location(of offset: Int, in html: String, blockAt start: SourceLocation) -> SourceLocation {
        var line = start.line
        var lineStart = 0
        for (index, byte) in html.utf8.prefix(offset).enumerated() where byte == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(line: line, column: start.column + offset - lineStart)
    }

    /// Where the comment whose `<!--` is at `opening` in `bytes` ends, past its `-->` (`<!-->` and
    /// `<!--->` are empty comments that end at once, as browsers and CommonMark 0.31 read them);
    /// nil when no `-->` ends it before `limit` (the end of `bytes` when nil).
    static func end(ofCommentAt opening: Int, in bytes: [UInt8], before limit: Int? = nil) -> Int? {
        let body = opening + open.count
        let limit = min(limit ?? bytes.count, bytes.count)
        if body < limit, bytes[body] == UInt8(ascii: ">") { return body + 1 }
        if body + 1 < limit, bytes[body] == UInt8(ascii: "-"), bytes[body + 1] == UInt8(ascii: ">") { return body + 2 }
        return find(close, in: bytes, from: body, before: limit).map { $0 + close.count }
    }

    private static let open = Array("<!--".utf8)
    private static let close = Array("-->".utf8)

    /// Where `needle` first stands whole in `bytes` from `start` and before `limit`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, before limit: Int? = nil) -> Int? {
        let limit = min(limit ?? bytes.count, bytes.count)
        guard limit >= needle.count, start <= limit - needle.count else { return nil }
        var index = start
        while index <= limit - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
