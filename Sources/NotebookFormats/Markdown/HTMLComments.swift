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
    /// none does. A block of `<script>`, `<style>` or `<textarea>` is kept as it is: there `<!--`
    /// is text. Nil when nothing but white space is left.
    static func removed(from html: String) -> String? {
        let bytes = Array(html.utf8)
        guard let first = find(open, in: bytes, from: 0) else { return html }
        if startsRawTextElement(bytes) { return html }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var cursor = 0
        var start: Int? = first
        while let opening = start {
            kept.append(contentsOf: bytes[cursor..<opening])
            let body = opening + open.count
            // `<!-->` and `<!--->` close at once.
            if body < bytes.count, bytes[body] == UInt8(ascii: ">") {
                cursor = body + 1
            } else if body + 1 < bytes.count, bytes[body] == UInt8(ascii: "-"), bytes[body + 1] == UInt8(ascii: ">") {
                cursor = body + 2
            } else if let closing = find(close, in: bytes, from: body) {
                cursor = closing + close.count
            } else {
                cursor = bytes.count
            }
            start = find(open, in: bytes, from: cursor)
        }
        kept.append(contentsOf: bytes[cursor...])
        guard kept.contains(where: { !($0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D)) }) else { return nil }
        return String(decoding: kept, as: UTF8.self)
    }

    private static let open = Array("<!--".utf8)
    private static let close = Array("-->".utf8)

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Whether the block opens with `<script`, `<style` or `<textarea` (in any case), after the
    /// up to three spaces CommonMark allows.
    private static func startsRawTextElement(_ bytes: [UInt8]) -> Bool {
        let start = bytes.prefix(3).prefix { $0 == 0x20 }.count
        let rest = bytes[start...].lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
        return ["<script", "<style", "<textarea"].contains { name in
            rest.starts(with: name.utf8) && rest.dropFirst(name.utf8.count).first.map { [0x20, 0x09, 0x0A, 0x0D, 0x3E].contains($0) } != false
        }
    }
}
