import NotebookModel

/// A `[[…]]` or `![[…]]` whose target holds a character no file name may hold (`*"<>:?`): no
/// wikilink. Markdown reads it as it reads any brackets; when both of its opening brackets reach
/// the page as text (no link or image took them), it is shown as written and the reader warns.
struct RefusedWikilink: Sendable {
    /// Where `[[` (or `![[`) starts in the original text, and how long the whole is.
    var offset: Int
    var length: Int
    /// What stands between the brackets, as written.
    var inner: String
    var target: String
    var label: String?
    var character: Character
    var isEmbed: Bool

    /// How a page's text shows it as written: as it stands, and in a table's cell, where `\|`
    /// is read as `|`.
    var forms: [String] {
        let written = (isEmbed ? "![[" : "[[") + inner + "]]"
        guard inner.contains("\\|") else { return [written] }
        var unescaped = ""
        var rest = Substring(written)
        while let slash = rest.firstIndex(of: "\\") {
            let next = rest.index(after: slash)
            unescaped += rest[..<slash]
            if next < rest.endIndex, rest[next] == "|" {
                unescaped += "|"
                rest = rest[rest.index(after: next)...]
            } else {
                unescaped += "\\"
                rest = rest[next...]
            }
        }
        return [written, unescaped + rest]
    }

    /// Why it is shown as written, and what to write instead. Text quoted is cut at 60
    /// characters (`…`): a line may hold brackets of any length.
    var message: String {
        func clipped(_ text: String) -> String { text.count > 60 ? text.prefix(60) + "…" : text }
        let written = (isEmbed ? "![[" : "[[") + inner + "]]"
        let shown = "'\(clipped(written))' is shown as written"
        if let destination = webDestination {
            let form = isEmbed ? "![](\(destination))" : "[\(label ?? "text")](\(destination))"
            return "\(shown): a wikilink names a note or a file, not a URL; write \(clipped(form))"
        }
        let reason = "\(shown): a wikilink's target may not hold '\(character)', as no file name may in Obsidian"
        return isEmbed ? reason : reason + "; link the note by its file name: [[file name|\(clipped(label ?? target))]]"
    }

    /// The destination of a Markdown link to the `http` or `https` URL written as the target
    /// (with its `#fragment`), in `<…>` when it holds a space; nil for anything else.
    private var webDestination: String? {
        let lowered = target.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        // The URL as written, up to the label's bar: the parser took its `#fragment` for a heading.
        var url = Substring(inner)
        if let bar = url.firstIndex(of: "|") {
            url = url[..<bar]
            if url.last == "\\" { url = url.dropLast() }
        }
        let trimmed = url.trimmingCharacters(in: " \t")
        guard !trimmed.contains(where: { $0 == "<" || $0 == ">" || $0 == "\n" }) else { return nil }
        return trimmed.contains(" ") ? "<\(trimmed)>" : trimmed
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}

/// Finds, among the parser's text nodes, the refused wikilinks that reached the page as they
/// were written (no link, image or other syntax took their brackets): those are warned about.
/// The parser joins a line's plain text into one node, so each is looked for in the text of the
/// nodes that start at or before it on its line, in order.
struct RefusedWikilinkWatch {
    /// By line, the refused wikilinks there in order of their columns, and the first not yet
    /// found nor passed.
    private var byLine: [Int: (entries: [(index: Int, column: Int)], next: Int)] = [:]

    /// Whether there is nothing to watch for.
    var isEmpty: Bool { byLine.isEmpty }

    /// Watches for the refused wikilink `index`, which starts at `location`: added in the order
    /// of the text.
    mutating func add(_ index: Int, at location: SourceLocation) {
        byLine[location.line, default: ([], 0)].entries.append((index, location.column))
    }

    /// Whether a refused wikilink not yet found starts on `line`.
    func watches(line: Int) -> Bool { byLine[line] != nil }

    /// The refused wikilinks that `text`, a text node starting at `location`, shows as written
    /// (as any of `forms(index)` gives it), in order. The nodes of a line come in its order: one
    /// that starts before a node is in none after it, and one that a node does not show ends the
    /// node's share (what took it, a link say, is another node), so each is looked for once.
    mutating func shown(in text: String, at location: SourceLocation, as forms: (Int) -> [String]) -> [Int] {
        guard var line = byLine[location.line] else { return [] }
        while line.next < line.entries.count && line.entries[line.next].column < location.column { line.next += 1 }
        let bytes = Array(text.utf8)
        var cursor = 0
        var found: [Int] = []
        while line.next < line.entries.count {
            let entry = line.entries[line.next]
            guard let end = forms(entry.index).lazy.compactMap({ Self.end(of: Array($0.utf8), in: bytes, from: cursor) }).first
            else { break }
            found.append(entry.index)
            cursor = end
            line.next += 1
        }
        byLine[location.line] = line.next < line.entries.count ? line : nil
        return found
    }

    /// Where the first `needle` in `bytes` at or after `start` ends; nil when there is none.
    private static func end(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count - start >= needle.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if bytes[i] == first && bytes[i..<i + needle.count].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return nil
    }
}
