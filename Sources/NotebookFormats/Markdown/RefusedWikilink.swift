import NotebookModel

/// A `[[…]]` or `![[…]]` whose target holds a character no file name may hold (`*"<>:?`): no
/// wikilink. Markdown reads its brackets as it reads any; where the page shows them as written
/// (no link, image or other syntax took them), the reader warns, with what to write instead.
struct RefusedWikilink: Sendable {
    /// Where `[[` (or `![[`) starts in the original text, and where the `]]` ends.
    var offset: Int
    var end: Int
    /// What stands between the brackets, as written.
    var inner: String
    /// Its parts, as a wikilink's would be read.
    var syntax: WikiLinkSyntax
    /// The character of its target that no name may hold.
    var character: Character

    var isEmbed: Bool { syntax.isEmbed }

    /// Where the text that may show it stands.
    enum Placement {
        case text, cell, link
    }

    /// Whether `text` starts with it as written, or, in a table's cell, as the cell shows it
    /// (`\|` read as `|`).
    func opens(_ text: String, in placement: Placement) -> Bool {
        let open = isEmbed ? "![[" : "[["
        var rest = text.utf8[...]
        guard rest.starts(with: open.utf8) else { return false }
        rest = rest.dropFirst(open.utf8.count)
        if rest.starts(with: inner.utf8) {
            if rest.dropFirst(inner.utf8.count).starts(with: "]]".utf8) { return true }
        }
        guard placement == .cell, inner.utf8.contains(UInt8(ascii: "|")) else { return false }
        // In a cell: every `\|` of it shows as `|`.
        var written = inner.utf8[...]
        while let byte = written.first {
            if byte == UInt8(ascii: "\\"), written.dropFirst().first == UInt8(ascii: "|") { written = written.dropFirst() }
            guard rest.first == written.first else { return false }
            rest = rest.dropFirst()
            written = written.dropFirst()
        }
        return rest.starts(with: "]]".utf8)
    }

    /// Why it is shown as written, and what to write instead. What it quotes of the note is cut
    /// at 60 characters, a suggestion at 200 (`…`): a line may hold brackets of any length.
    var message: String {
        func clipped(_ text: Substring, _ limit: Int = 60) -> String { text.count > limit ? text.prefix(limit) + "…" : String(text) }
        let shown = "'\(clipped(Substring((isEmbed ? "![[" : "[[") + inner + "]]")))' is shown as written"
        let (address, heading, label) = (Substring(syntax.target), syntax.heading, syntax.label)
        // A scheme as RFC 3986 has it: a letter, then letters, digits, `+`, `-` and `.`.
        if let scheme = address.firstRange(of: "://"), let first = address.first, first.isASCII && first.isLetter,
            address[..<scheme.lowerBound].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        {
            let reason = "\(shown): a wikilink names a note or a file, not a URL"
            let web = address[..<scheme.lowerBound].lowercased()
            // No link to suggest where Markdown's `<…>` cannot hold the address either.
            guard web == "http" || web == "https",
                !address.contains(where: { $0 == "<" || $0 == ">" || ($0 != " " && ($0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true)) })
            else { return reason }
            // The address as written, its `#fragment` too; in `<…>` where Markdown would end it early.
            let fragment: String = heading.map { "#" + $0 } ?? ""
            let url = String(address) + fragment
            let destination = url.contains(where: { " ()".contains($0) }) ? "<" + url + ">" : url
            let form = isEmbed ? "![\(label ?? "")](\(destination))" : "[\(label ?? "text")](\(destination))"
            return "\(reason); write \(clipped(Substring(form), 200))"
        }
        let reason = "\(shown): a wikilink's target may not hold '\(character)', as no file name may in Obsidian"
        guard !isEmbed else { return reason }
        let place: String = heading.map { "#" + $0 } ?? ""
        let shownAs = label ?? syntax.target
        let wikilink = "[[file name\(place)|\(shownAs)]]"
        return "\(reason); link the note by its file name: \(clipped(Substring(wikilink), 200))"
    }
}
