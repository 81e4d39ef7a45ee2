/// Reads the inside of `[[…]]`: `Target`, `Target|label`, `Target#Heading`, `Target\|label`.
/// A target with a character that no file name may hold (`*"<>:?`) is not a wikilink.
enum WikiLinkParser {
    /// What the inside of `[[…]]` is.
    enum Parsed {
        /// A wikilink.
        case link(WikiLinkSyntax)
        /// No wikilink, read as one would be: its target holds `character`, which no note's or
        /// file's name may hold.
        case refused(WikiLinkSyntax, character: Character)
    }

    /// The inside of `[[…]]` read; nil when it names nothing (`[[]]`, `[[ |x]]`).
    static func parse(_ inner: String, embed: Bool) -> Parsed? {
        var body = Substring(inner)
        var label: String? = nil
        if let bar = body.firstIndex(of: "|") {
            var targetEnd = bar
            if bar > body.startIndex, body[body.index(before: bar)] == "\\" {
                targetEnd = body.index(before: bar)
            }
            label = String(body[body.index(after: bar)...]).trimmingSpaces()
            body = body[..<targetEnd]
        }
        var heading: String? = nil
        if let hash = body.firstIndex(of: "#") {
            heading = String(body[body.index(after: hash)...]).trimmingSpaces()
            body = body[..<hash]
        }
        let target = String(body).trimmingSpaces()
        guard !target.isEmpty || heading?.isEmpty == false else { return nil }
        // Characters no note's file name may hold, as Obsidian forbids them.
        let syntax = WikiLinkSyntax(
            target: target, heading: heading?.isEmpty == true ? nil : heading,
            label: label?.isEmpty == true ? nil : label, isEmbed: embed)
        if let refused = target.first(where: { "*\"<>:?".contains($0) }) { return .refused(syntax, character: refused) }
        return .link(syntax)
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
