import NotebookModel

/// The search index the site's client-side search reads: for each note its title, URL, date,
/// tags and the distinct words of its text, lowercased, in a small JSON array.
enum SearchIndex {
    struct Entry {
        var title: String
        var url: String
        var date: String?
        var tags: [String]
        /// The distinct words of the note, from `words(_:)`.
        var words: String
    }

    /// The index of the entries made by `entry(_:)`.
    static func json(_ entries: [String]) -> String {
        var out = "["
        out.reserveCapacity(entries.reduce(8) { $0 + $1.utf8.count + 2 })
        for (index, entry) in entries.enumerated() {
            out += index > 0 ? ",\n" : "\n"
            out += entry
        }
        return out + "\n]\n"
    }

    /// One note's entry, as JSON.
    static func entry(_ entry: Entry) -> String {
        var out = "{\"title\":\(string(entry.title)),\"url\":\(string(entry.url))"
        if let date = entry.date { out += ",\"date\":\(string(date))" }
        out += ",\"tags\":[" + entry.tags.map(string).joined(separator: ",") + "]"
        out += ",\"words\":\(string(entry.words))}"
        return out
    }

    /// The distinct words of `text`, lowercased, in order of first use: runs of ASCII letters and
    /// digits, and of any non-ASCII characters (lowercased as Unicode says).
    static func words(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] |= 0x20 }
        var seen = DistinctWords()
        var start = 0
        var hasNonASCII = false
        func finish(_ end: Int) {
            guard end > start else { return }
            if hasNonASCII {
                seen.add(Array(String(decoding: bytes[start..<end], as: UTF8.self).lowercased().utf8)[...])
            } else {
                seen.add(bytes[start..<end])
            }
        }
        for (index, byte) in bytes.enumerated() {
            let isWordByte = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A)
            if isWordByte {
                if byte >= 0x80 { hasNonASCII = true }
                continue
            }
            finish(index)
            start = index + 1
            hasNonASCII = false
        }
        finish(bytes.count)
        return String(decoding: seen.text, as: UTF8.self)
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
