/// Finds formulas between dollars in Markdown source, before libcmark-gfm parses it (FORMATS.md,
/// Math), as Pandoc, Obsidian and Quartz read them:
///
/// - `$…$` on one line: the opening `$` has no white space after it; the formula ends at the next
///   `$`, which must have no white space before it and no digit after it, or there is no formula
///   (`$5 and $10` stays text). Before it, a code span's backtick, an HTML comment, a link's `](`,
///   a wikilink's `[[`, a footnote's `[^`, or a `|` in a table's row means none either.
/// - `$$` alone on its line (after a block quote's `>` or a list's indentation) opens a display
///   formula that ends on the first later line ending in `$$`, blank lines and all (inside a quote
///   or a list, a blank line ends the search).
/// - Any other `$$` is a display formula up to the next `$$` in the same paragraph: a blank line
///   or a line that starts another block (a fence, a heading or setext underline, a thematic
///   break, a list item, a table row, HTML, a block quote the opening line is not in) ends the
///   search, and so do the marks of code, comments, links and footnotes above.
///
/// A dollar after a backslash neither opens nor closes; one inside a bare URL neither opens nor
/// closes. Line ends are read as line feeds: the TeX holds no carriage return.
struct MathDelimiters {
    let bytes: [UInt8]
    /// Where the last search for a line ending in `$$` began, and where that line ends (nil: none
    /// before the end): an opener before the line closes there, one past a failed search nowhere.
    private var flowSearch: (from: Int, close: Int?)?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The formula whose dollars open at `i`, on the line that starts at `lineStart`: its length in the source and its syntax; nil when
    /// the dollars there open none.
    mutating func formula(at i: Int, lineStart: Int) -> (length: Int, syntax: MathSyntax)? {
        if next(i) == UInt8(ascii: "$") { return display(at: i, lineStart: lineStart) }
        return inline(at: i, lineStart: lineStart)
    }

    private func inline(at i: Int, lineStart: Int) -> (length: Int, syntax: MathSyntax)? {
        let open = i + 1
        guard open < bytes.count, !Self.isSpace(bytes[open]), !isInBareURL(i, lineStart: lineStart) else { return nil }
        let tableRow = bytes[(lineStart + containerWidth(from: lineStart, to: i))...].first == UInt8(ascii: "|")
        var j = open
        while j < bytes.count {
            switch bytes[j] {
            case 0x0A:
                return nil
            case _ where endsSearch(at: j):
                return nil
            case UInt8(ascii: "|") where tableRow:
                return nil
            case UInt8(ascii: "\\"):
                guard j + 1 < bytes.count, bytes[j + 1] != 0x0A else { return nil }
                j += 2
                continue
            case UInt8(ascii: "$"):
                guard !Self.isSpace(bytes[j - 1]), !(next(j).map(Self.isDigit) ?? false), !isInBareURL(j, lineStart: lineStart, afterBraces: true)
                else { return nil }
                return (j + 1 - i, MathSyntax(tex: Self.text(bytes[open..<j]), display: false))
            default:
                break
            }
            j += 1
        }
        return nil
    }

    private mutating func display(at i: Int, lineStart: Int) -> (length: Int, syntax: MathSyntax)? {
        let open = i + 2
        let width = containerWidth(from: lineStart, to: i)
        // Alone on its line: only spaces between the line's markers and the dollars, and after
        // them (looked at as far as the spaces go, so that a line of dollars stays linear).
        var before = i
        while before > lineStart + width && (bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09) { before -= 1 }
        var lineEnd = open
        while lineEnd < bytes.count && (bytes[lineEnd] == 0x20 || bytes[lineEnd] == 0x09 || bytes[lineEnd] == 0x0D) { lineEnd += 1 }
        let alone = before == lineStart + width && (lineEnd == bytes.count || bytes[lineEnd] == 0x0A)
        let close = alone ? flowClose(after: lineEnd, width: width) : paragraphClose(from: open, width: width, lineStart: lineStart)
        guard let close, bytes[open..<close].contains(where: { !Self.isSpace($0) }) else { return nil }
        return (close + 2 - i, MathSyntax(tex: tex(from: open, to: close, width: width), display: true))
    }

    /// Where the `$$` ending the first line after `from` that ends in `$$` starts; inside a
    /// container (`width` above 0), none past a blank line.
    private mutating func flowClose(after from: Int, width: Int) -> Int? {
        if width == 0, let search = flowSearch, search.from <= from, search.close.map({ $0 >= from }) ?? true {
            return search.close
        }
        var start = from + 1
        var found: Int?
        while start < bytes.count {
            let end = Self.lineEnd(from: start, in: bytes)
            let content = start + min(width, strippable(from: start, to: end))
            if width > 0 && bytes[content..<end].allSatisfy({ Self.isSpace($0) || $0 == UInt8(ascii: ">") }) { return nil }
            var last = end
            while last > content && Self.isSpace(bytes[last - 1]) { last -= 1 }
            if last - content >= 2 && bytes[last - 1] == UInt8(ascii: "$") && bytes[last - 2] == UInt8(ascii: "$") && !isEscaped(last - 2) {
                found = last - 2
                break
            }
            start = end + 1
        }
        if width == 0 { flowSearch = (from, found) }
        return found
    }

    /// The next `$$` from `from` in the same paragraph.
    private func paragraphClose(from: Int, width: Int, lineStart: Int) -> Int? {
        let tableRow = bytes[(lineStart + width)...].first == UInt8(ascii: "|")
        let quotes = bytes[lineStart..<(lineStart + width)].count { $0 == UInt8(ascii: ">") }
        var j = from
        while j < bytes.count {
            switch bytes[j] {
            case 0x0A:
                if tableRow || startsAnotherBlock(j + 1, quotes: quotes) { return nil }
            case _ where endsSearch(at: j):
                return nil
            case UInt8(ascii: "\\"):
                // A backslash before a line break is a hard break, not an escape of it.
                j += next(j) == 0x0A ? 1 : 2
                continue
            case UInt8(ascii: "$") where next(j) == UInt8(ascii: "$"):
                return j
            default:
                break
            }
            j += 1
        }
        return nil
    }

    /// Whether the search for a closing dollar stops at `j`: a code span's backtick, an HTML
    /// comment, a link's `](`, a wikilink's `[[`, a footnote's `[^`: what follows is not the
    /// formula's.
    private func endsSearch(at j: Int) -> Bool {
        switch bytes[j] {
        case UInt8(ascii: "`"): true
        case UInt8(ascii: "<"): bytes[j...].starts(with: "<!--".utf8)
        case UInt8(ascii: "]"): next(j) == UInt8(ascii: "(")
        case UInt8(ascii: "["): next(j) == UInt8(ascii: "[") || next(j) == UInt8(ascii: "^")
        default: false
        }
    }

    /// Whether the line at `start` is blank (a block quote's `>` aside) or starts a block that
    /// ends a paragraph opened inside `quotes` block quotes: a fence, a heading or a setext
    /// underline, a thematic break, a list item, a table row, HTML, another depth of quote.
    private func startsAnotherBlock(_ start: Int, quotes: Int) -> Bool {
        var j = start
        var depth = 0
        while j < bytes.count && (bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0D || bytes[j] == UInt8(ascii: ">")) {
            if bytes[j] == UInt8(ascii: ">") { depth += 1 }
            j += 1
        }
        guard j < bytes.count, bytes[j] != 0x0A else { return true }
        if depth != quotes && depth > 0 { return true }
        let byte = bytes[j]
        let after = j + 1 < bytes.count ? bytes[j + 1] : 0x0A
        if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") {
            // A setext underline (`===`, `---`) or a thematic break (`***`, `- - -`): the line is
            // that mark alone, spaces aside.
            let line = bytes[j..<Self.lineEnd(from: j, in: bytes)].filter { !Self.isSpace($0) }
            let least = byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") ? 3 : 1
            if line.allSatisfy({ $0 == byte }) && line.count >= least { return true }
        }
        switch byte {
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            return j + 2 < bytes.count && bytes[j + 1] == byte && bytes[j + 2] == byte
        case UInt8(ascii: "#"):
            var k = j
            while k < bytes.count && bytes[k] == UInt8(ascii: "#") { k += 1 }
            return k - j <= 6 && (k == bytes.count || Self.isSpace(bytes[k]))
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            return Self.isSpace(after)
        case UInt8(ascii: "|"), UInt8(ascii: "<"):
            return true
        case _ where Self.isDigit(byte):
            var k = j
            while k < bytes.count && Self.isDigit(bytes[k]) { k += 1 }
            return k < bytes.count && (bytes[k] == UInt8(ascii: ".") || bytes[k] == UInt8(ascii: ")"))
                && (k + 1 == bytes.count || Self.isSpace(bytes[k + 1]))
        default:
            return false
        }
    }

    /// The TeX between `from` and `to`: on each line after the first, up to `width` spaces and
    /// `>` (a block quote's markers, a list item's indentation) are left out.
    private func tex(from: Int, to: Int, width: Int) -> String {
        let content = bytes[from..<to]
        guard width > 0, content.contains(0x0A) else { return Self.text(content) }
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var lines = content.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        out.append(contentsOf: lines.removeFirst())
        for line in lines {
            out.append(0x0A)
            out.append(contentsOf: line.dropFirst(min(width, strippable(from: line.startIndex, to: line.endIndex))))
        }
        return Self.text(out[...])
    }

    /// Bytes as text, a carriage return before a line feed left out.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x0D) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for index in bytes.indices where !(bytes[index] == 0x0D && index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A) {
            out.append(bytes[index])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// How many bytes from `start` are spaces and `>`, before `end`.
    private func strippable(from start: Int, to end: Int) -> Int {
        var k = start
        while k < end && (bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == UInt8(ascii: ">")) { k += 1 }
        return k - start
    }

    /// How many bytes at the start of a line, before `end`, are block quote markers, list markers
    /// and indentation.
    private func containerWidth(from start: Int, to end: Int) -> Int {
        var j = start
        // Deeper nesting than this many bytes of markers is not looked into.
        let end = min(end, start + 128)
        while j < end {
            let byte = bytes[j]
            if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") {
                j += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*"), j + 1 < end, Self.isSpace(bytes[j + 1]) {
                j += 2
            } else if Self.isDigit(byte) {
                var k = j
                while k < end && Self.isDigit(bytes[k]) { k += 1 }
                guard k + 1 < end, bytes[k] == UInt8(ascii: ".") || bytes[k] == UInt8(ascii: ")"), Self.isSpace(bytes[k + 1]) else { break }
                j = k + 2
            } else {
                break
            }
        }
        return j - start
    }

    /// Whether the dollar at `i` is part of a bare URL (`https://…?$filter=…`, `www.…`): the text
    /// before it on its line, back to white space, holds `://` or starts with `www.`. At most 256
    /// bytes are looked at.
    /// With `afterBraces`, for a closing dollar: a brace ends the URL too, as TeX writes one in a
    /// group (`$\href{https://x.org}{link}$`, `$\url{http://a}$`).
    private func isInBareURL(_ i: Int, lineStart: Int, afterBraces: Bool = false) -> Bool {
        var start = i
        while start > lineStart && i - start < 256 && !Self.isSpace(bytes[start - 1]) && bytes[start - 1] != UInt8(ascii: "(")
            && bytes[start - 1] != UInt8(ascii: "<")
            && !(afterBraces && (bytes[start - 1] == UInt8(ascii: "}") || bytes[start - 1] == UInt8(ascii: "{")))
        {
            start -= 1
        }
        let token = bytes[start..<i]
        if token.starts(with: "www.".utf8) { return true }
        return token.indices.contains { k in
            k + 2 < i && bytes[k] == UInt8(ascii: ":") && bytes[k + 1] == UInt8(ascii: "/") && bytes[k + 2] == UInt8(ascii: "/")
        }
    }

    /// Whether an odd number of backslashes stands right before `i`.
    private func isEscaped(_ i: Int) -> Bool {
        var k = i
        while k > 0 && bytes[k - 1] == UInt8(ascii: "\\") { k -= 1 }
        return (i - k) % 2 == 1
    }

    private func next(_ i: Int) -> UInt8? { i + 1 < bytes.count ? bytes[i + 1] : nil }

    static func lineEnd(from i: Int, in bytes: [UInt8]) -> Int {
        var end = i
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        return end
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
