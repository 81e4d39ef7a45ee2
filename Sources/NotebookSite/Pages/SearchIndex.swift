import Bytes
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
        /// `folder` for a folder's page (the home page's too); nil for a note's.
        var kind: String? = nil
    }

    /// `entry` (made by `entry(_:)`) as the entry of a folder's page that a note introduces.
    static func folderEntry(_ entry: String) -> String {
        "{\"kind\":\"folder\"," + entry.dropFirst()
    }

    /// The index of the entries made by `entry(_:)`, as the UTF-8 bytes of its file: made as
    /// bytes, since the index is the site's largest file and a string would be copied again.
    static func json(_ entries: [String]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.reduce(8) { $0 + $1.utf8.count + 2 })
        out.append(UInt8(ascii: "["))
        for index in entries.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\n"))
            entries[index].withBorrowedUTF8 { out.append(contentsOf: $0) }
        }
        out.append(contentsOf: "\n]\n".utf8)
        return out
    }

    /// One note's entry, as JSON: written as bytes into one buffer (a note's words are long).
    static func entry(_ entry: Entry) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(entry.words.utf8.count + entry.title.utf8.count + entry.url.utf8.count + 96)
        func raw(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        raw("{")
        if let kind = entry.kind {
            raw("\"kind\":")
            append(kind, to: &out)
            raw(",")
        }
        raw("\"title\":")
        append(entry.title, to: &out)
        raw(",\"url\":")
        append(entry.url, to: &out)
        if let date = entry.date {
            raw(",\"date\":")
            append(date, to: &out)
        }
        raw(",\"tags\":[")
        for (index, tag) in entry.tags.enumerated() {
            if index > 0 { raw(",") }
            append(tag, to: &out)
        }
        raw("],\"words\":")
        append(entry.words, to: &out)
        raw("}")
        return String(decoding: out, as: UTF8.self)
    }

    /// The distinct words of `text`, lowercased, in order of first use: runs of ASCII letters and
    /// digits, and of any non-ASCII characters (lowercased as Unicode says).
    static func words(_ text: String) -> String {
        words(utf8: Array(text.utf8))
    }

    /// ``words(_:)`` of UTF-8 text, lowercased in place.
    static func words(utf8: consuming [UInt8]) -> String {
        var bytes = utf8
        var seen = DistinctWords(capacity: bytes.count)
        bytes.withUnsafeMutableBufferPointer { seen.addWords(lowercasing: $0) }
        return seen.string
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string literal; `<` is escaped too, so the index can sit in a page.
    static func string(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal (see `string(_:)`).
    private static func append(_ text: String, to out: inout [UInt8]) {
        text.withBorrowedUTF8 { bytes in
            out.append(UInt8(ascii: "\""))
            // Runs with nothing to escape (most text, every note's words) are copied whole.
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "<") else {
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
                default: out += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            out.append(UInt8(ascii: "\""))
        }
    }
}
