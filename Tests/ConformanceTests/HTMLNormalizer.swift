/// The normalization under which rendered HTML is compared with a spec's: white space between
/// tags collapsed, attribute order ignored, heading `id` attributes and a link's `bare-url`
/// class (notebook's marks, for anchors and printed pages) removed, `<s>` read as `<del>` (and a
/// self-closing slash ignored).
enum HTMLNormalizer {
    static func normalize(_ html: String) -> String {
        var pieces: [String] = []
        var text = ""
        var i = html.startIndex
        func flushText() {
            if !text.isEmpty && !text.allSatisfy(\.isWhitespace) { pieces.append(text) }
            text = ""
        }
        while i < html.endIndex {
            if html[i] == "<", let end = tagEnd(html, from: i) {
                flushText()
                pieces.append(canonicalTag(String(html[html.index(after: i)..<end])))
                i = html.index(after: end)
            } else {
                text.append(html[i])
                i = html.index(after: i)
            }
        }
        flushText()
        return pieces.joined()
    }

    /// The `>` that ends a tag opening at `start`, honouring quoted attribute values.
    private static func tagEnd(_ html: String, from start: String.Index) -> String.Index? {
        let next = html.index(after: start)
        guard next < html.endIndex, html[next].isLetter || html[next] == "/" || html[next] == "!" || html[next] == "?"
        else { return nil }
        var quote: Character? = nil
        var i = next
        while i < html.endIndex {
            let c = html[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                return i
            }
            i = html.index(after: i)
        }
        return nil
    }

    private static func canonicalTag(_ inside: String) -> String {
        if inside.hasPrefix("!") || inside.hasPrefix("?") { return "<\(inside)>" }
        var body = Substring(inside)
        let closing = body.hasPrefix("/")
        if closing { body = body.dropFirst() }
        if body.hasSuffix("/") { body = body.dropLast() }
        let nameEnd = body.firstIndex(where: { $0.isWhitespace }) ?? body.endIndex
        var name = body[..<nameEnd].lowercased()
        if name == "s" { name = "del" }
        var attributes = parseAttributes(body[nameEnd...])
        if name.count == 2, name.hasPrefix("h"), name.last?.isNumber == true {
            attributes.removeAll { $0.name == "id" }
        }
        if name == "a" { attributes.removeAll { $0.name == "class" && $0.value == "bare-url" } }
        let rendered = attributes.sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
            .map { attribute in attribute.value.map { "\(attribute.name)=\"\($0)\"" } ?? attribute.name }
        return "<" + (closing ? "/" : "") + ([name] + rendered).joined(separator: " ") + ">"
    }

    private static func parseAttributes(_ text: Substring) -> [(name: String, value: String?)] {
        var attributes: [(name: String, value: String?)] = []
        var i = text.startIndex
        func skipSpace() { while i < text.endIndex && text[i].isWhitespace { i = text.index(after: i) } }
        while true {
            skipSpace()
            guard i < text.endIndex else { break }
            let nameStart = i
            while i < text.endIndex && !text[i].isWhitespace && text[i] != "=" { i = text.index(after: i) }
            let name = text[nameStart..<i].lowercased()
            skipSpace()
            guard i < text.endIndex, text[i] == "=" else {
                attributes.append((name, nil))
                continue
            }
            i = text.index(after: i)
            skipSpace()
            var value = ""
            if i < text.endIndex, text[i] == "\"" || text[i] == "'" {
                let quote = text[i]
                i = text.index(after: i)
                while i < text.endIndex && text[i] != quote {
                    value.append(text[i])
                    i = text.index(after: i)
                }
                if i < text.endIndex { i = text.index(after: i) }
            } else {
                while i < text.endIndex && !text[i].isWhitespace {
                    value.append(text[i])
                    i = text.index(after: i)
                }
            }
            attributes.append((name, value))
        }
        return attributes
    }
}
