import NotebookModel

/// What a fence's info string says of its code: the language (its first word), a title
/// (`title="Package.swift"` or `title='…'`, a backslash escaping the next character once
/// CommonMark has taken its own level out) and lines to mark (`{1,3-5}`). Other words are let
/// go, as other tools' attributes.
struct CodeFenceInfo: Equatable {
    var language: String?
    var title: String?
    var markedLines: [ClosedRange<Int>] = []

    /// The highest line number a mark can name.
    static let lineLimit = 1_000_000

    init(language: String? = nil, title: String? = nil, markedLines: [ClosedRange<Int>] = []) {
        self.language = language
        self.title = title
        self.markedLines = markedLines
    }

    /// The parts of `info`; a first word that is an attribute (`title=…`, `{…}`) names no language.
    init(parsing info: String) {
        var rest = Substring(info)
        var first = true
        while let start = rest.firstIndex(where: { $0 != " " && $0 != "\t" }) {
            rest = rest[start...]
            if rest.hasPrefix("title="), let (title, after) = Self.quoted(rest.dropFirst(6)) {
                if self.title == nil { self.title = title }
                rest = after
            } else if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
                if markedLines.isEmpty { markedLines = Self.lines(rest[rest.index(after: rest.startIndex)..<close]) }
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? rest.endIndex
                if first && !rest[..<end].contains("=") { language = String(rest[..<end]) }
                rest = rest[end...]
            }
            first = false
        }
    }

    /// The info string that reads back as these parts, as Markdown writes it: CommonMark takes
    /// one level of backslashes out of an info string, so the title's are doubled.
    var markdown: String {
        var words = language.map { [$0] } ?? []
        if let title {
            let escaped = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            words.append("title=\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\") + "\"")
        }
        if !markedLines.isEmpty {
            words.append("{" + markedLines.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",") + "}")
        }
        return words.joined(separator: " ")
    }

    /// A quoted text at the start of `text` (`"…"` or `'…'`, with `\` escaping the next
    /// character), and what follows it; nil when it is not closed.
    private static func quoted(_ text: Substring) -> (String, Substring)? {
        guard let quote = text.first, quote == "\"" || quote == "'" else { return nil }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == quote { return (value, text[text.index(after: index)...]) }
            if character == "\\", text.index(after: index) < text.endIndex {
                index = text.index(after: index)
            }
            value.append(text[index])
            index = text.index(after: index)
        }
        return nil
    }

    /// The lines `1,3-5` names, sorted and merged; none when any part is not a number or a range.
    private static func lines(_ list: Substring) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for part in list.split(separator: ",") {
            let bounds = part.trimmingBlanks.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count),
                let low = Int(bounds[0].trimmingBlanks), let high = Int(bounds[bounds.count - 1].trimmingBlanks),
                1 <= low, low <= high, high <= lineLimit
            else { return [] }
            ranges.append(low...high)
        }
        var merged: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
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
