import Bytes

/// JSON written as UTF-8 bytes into one buffer: the search files are the site's largest, and
/// strings would be copied again.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `text` as it is: bytes that need no escaping.
    mutating func appendRaw(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string literal; `<` is escaped too, so that no text reads as markup.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// The UTF-8 `text` as a JSON string literal, its line breaks as spaces and none at the end.
    mutating func line(_ text: ArraySlice<UInt8>) {
        var end = text.endIndex
        while end > text.startIndex && (text[end - 1] == UInt8(ascii: "\n") || text[end - 1] == UInt8(ascii: " ")) { end -= 1 }
        text[text.startIndex..<end].withUnsafeBufferPointer { string(utf8: $0, lineBreaksAsSpaces: true) }
    }

    /// The UTF-8 `text` as a JSON string literal (see `string(_:)`).
    mutating func string(utf8 text: UnsafeBufferPointer<UInt8>, lineBreaksAsSpaces: Bool = false) {
        bytes.append(UInt8(ascii: "\""))
        guard let base = text.baseAddress else {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        // Runs with nothing to escape (most text) are copied whole, found sixteen bytes at a time.
        var start = 0
        var index = 0
        while index < text.count {
            index = Self.escaped.firstIndex(in: text, from: index)
            guard index < text.count else { break }
            let byte = base[index]
            index += 1
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - 1 - start))
            start = index
            // Each escape appended a byte at a time: a list of its bytes cost an allocation.
            switch byte {
            case UInt8(ascii: "\""): escape(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escape(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n") where lineBreaksAsSpaces: bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "\n"): escape(UInt8(ascii: "n"))
            case UInt8(ascii: "\t"): escape(UInt8(ascii: "t"))
            default:
                escape(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: text.count - start))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a backslash and `byte`.
    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
    }

    /// The bytes a string escapes: the controls, `"`, `\\` and `<`.
    static let escaped = ByteSet(Array(0..<0x20) + [0x22, 0x5C, 0x3C])
}
