import NotebookModel

/// What a fence's info string says of its code: the language (its first word), a title
/// (`title="Package.swift"` or `title='…'`) and lines to mark (`{1,3-5}`, also right after the
/// language: `js{1,3}`). Inside a title, `\"` (or `\'`) is the quote and `\\` a backslash, once
/// CommonMark has taken its own level of backslashes out; any other backslash is itself. A brace
/// group that is not a list of lines is a word like any other; other words are let go, as other
/// tools' attributes.
struct CodeFenceInfo: Equatable {
    var language: String?
    var title: String?
    var markedLines: [ClosedRange<Int>] = []
    /// Braces of digits, commas and dashes that mark no line (`{0,2}`, `{2-1}`), as written: a
    /// warning's matter, since they were surely meant as marks.
    var unreadMarks: String?

    /// The highest line number a mark can name.
    static let lineLimit = 1_000_000

    init(language: String? = nil, title: String? = nil, markedLines: [ClosedRange<Int>] = []) {
        self.language = language
        self.title = title
        self.markedLines = markedLines
    }

    /// The parts of `info`; a first word that is an attribute (`title=…`, `{1}`) names no language.
    init(parsing info: String) {
        // Nearly every info string is one plain word, the language: read over its bytes alone
        // (the walk below goes by characters).
        if !info.isEmpty, info.utf8.allSatisfy(Self.isPlainWordByte) {
            language = info
            return
        }
        var rest = Substring(info)
        var first = true
        while let start = rest.firstIndex(where: { $0 != " " && $0 != "\t" }) {
            rest = rest[start...]
            defer { first = false }
            if rest.hasPrefix("title="), let (title, after) = Self.quoted(rest.dropFirst(6)) {
                if self.title == nil, !title.isEmpty { self.title = title }
                rest = after
                continue
            }
            if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let lines = Self.lines(inside) {
                    if markedLines.isEmpty { markedLines = lines }
                    rest = rest[rest.index(after: close)...]
                    continue
                }
                if Self.looksLikeMarks(inside) {
                    if unreadMarks == nil { unreadMarks = String(rest[...close]) }
                    rest = rest[rest.index(after: close)...]
                    continue
                }
            }
            let end = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? rest.endIndex
            var word = rest[..<end]
            rest = rest[end...]
            guard first, !word.contains("=") else { continue }
            // `js{1,3}`: the language, then its marks.
            if word.hasSuffix("}"), let open = word.firstIndex(of: "{"), open > word.startIndex {
                let inside = word[word.index(after: open)..<word.index(before: word.endIndex)]
                if let lines = Self.lines(inside) {
                    markedLines = lines
                    word = word[..<open]
                } else if Self.looksLikeMarks(inside) {
                    unreadMarks = String(word[open...])
                    word = word[..<open]
                }
            }
            language = String(word)
        }
    }

    /// Whether `byte` can be part of a word that is only a language: no space, tab, brace, `=`,
    /// and ASCII (a longer character may be a space of another kind).
    private static func isPlainWordByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "{") && byte != UInt8(ascii: "}") && byte != UInt8(ascii: "=")
    }

    /// The info string that reads back as these parts, as Markdown writes it. A language that
    /// would not read back as itself (a space, an attribute, a line break in it) keeps only what
    /// reads back.
    var markdown: String {
        var words: [String] = []
        if let language, let kept = Self.readableLanguage(language) { words.append(Self.escapedForCommonMark(kept)) }
        if let title {
            let quoted = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            words.append("title=\"" + Self.escapedForCommonMark(quoted) + "\"")
        }
        if !markedLines.isEmpty {
            words.append("{" + markedLines.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",") + "}")
        }
        return words.joined(separator: " ")
    }

    /// The part of `language` that an info string reads back as the language; nil for none.
    private static func readableLanguage(_ language: String) -> String? {
        let word = language.prefix { !$0.isWhitespace && !$0.isNewline }
        guard !word.isEmpty, CodeFenceInfo(parsing: String(word)) == CodeFenceInfo(language: String(word)) else { return nil }
        return String(word)
    }

    /// `text` as CommonMark reads it back from an info string: every backslash doubled and every
    /// `&` written `&amp;`, since it takes one level of backslashes out and reads references.
    private static func escapedForCommonMark(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "&", with: "&amp;")
    }

    /// A quoted text at the start of `text` (`"…"` or `'…'`), and what follows it; nil when it
    /// is not closed.
    private static func quoted(_ text: Substring) -> (String, Substring)? {
        guard let quote = text.first, quote == "\"" || quote == "'" else { return nil }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == quote { return (value, text[text.index(after: index)...]) }
            let next = text.index(after: index)
            if character == "\\", next < text.endIndex, text[next] == quote || text[next] == "\\" {
                value.append(text[next])
                index = text.index(after: next)
                continue
            }
            value.append(character)
            index = next
        }
        return nil
    }

    /// The lines `1,3-5` names, sorted and merged; nil when any part is not a number or a range.
    /// Whether `list` holds digits, and only digits, commas, dashes, spaces and tabs: marks meant.
    private static func looksLikeMarks(_ list: Substring) -> Bool {
        list.utf8.contains { $0 >= 0x30 && $0 <= 0x39 }
            && list.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "-") || $0 == 0x20 || $0 == 0x09 }
    }

    /// A number past ``lineLimit`` is taken as it, as past a block's last line: `{1-99999999999}`
    /// marks every line, as `{1-5}` does a block of two.
    private static func lines(_ list: Substring) -> [ClosedRange<Int>]? {
        func number(_ text: Substring) -> Int? {
            let digits = text.trimmingBlanks
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            let significant = digits.drop { $0 == "0" }
            return significant.utf8.count > 7 ? lineLimit : Swift.min(Int(significant) ?? 0, lineLimit)
        }
        var ranges: [ClosedRange<Int>] = []
        for part in list.split(separator: ",") {
            let bounds = part.trimmingBlanks.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = number(bounds[0]), let high = number(bounds[bounds.count - 1]),
                1 <= low, low <= high
            else { return nil }
            ranges.append(low...high)
        }
        guard !ranges.isEmpty else { return nil }
        var merged: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingBlanks: Substring {
        let start = firstIndex(where: { $0 != " " && $0 != "\t" }) ?? endIndex
        let end = lastIndex(where: { $0 != " " && $0 != "\t" }).map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
