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
        var seen = DistinctWords()
        bytes.withUnsafeMutableBufferPointer { seen.addWords(lowercasing: $0) }
        return String(decoding: seen.text, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string literal; `<` is escaped too, so the index can sit in a page.
    static func string(_ text: String) -> String {
        // Most text (every note's words) has nothing to escape.
        if text.utf8.withContiguousStorageIfAvailable({ bytes in
            !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "<") }
        }) == true {
            return "\"" + text + "\""
        }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case ..<0x20: out += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }
}
