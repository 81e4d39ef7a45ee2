import NotebookModel

/// The search index the site's client-side search reads: for each note its title, URL, date,
/// tags and the distinct words of its text, lowercased, in a small JSON array.
enum SearchIndex {
    struct Entry {
        var title: String
        var url: String
        var date: String?
        var tags: [String]
        var text: String
    }

    static func json(_ entries: [Entry]) -> String {
        var out = "["
        for (index, entry) in entries.enumerated() {
            if index > 0 { out += "," }
            out += "\n{\"title\":\(string(entry.title)),\"url\":\(string(entry.url))"
            if let date = entry.date { out += ",\"date\":\(string(date))" }
            out += ",\"tags\":[" + entry.tags.map(string).joined(separator: ",") + "]"
            out += ",\"words\":\(string(words(entry.text)))}"
        }
        return out + "\n]\n"
    }

    /// The distinct words of `text`, lowercased, in order of first use.
    static func words(_ text: String) -> String {
        var seen = Set<Substring>()
        var out: [Substring] = []
        let lower = text.lowercased()
        for word in lower.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where seen.insert(word).inserted {
            out.append(word)
        }
        return out.joined(separator: " ")
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
