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

    /// Which bytes a string literal escapes: controls, `"`, `\\` and `<`.
    private static let escaped: [Bool] = (0...255).map { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C }

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
        // Runs with nothing to escape (most text) are copied whole; a table says which bytes stop one.
        var start = 0
        for index in 0..<text.count {
            let byte = text[index]
            guard Self.escaped[Int(byte)] else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n") where lineBreaksAsSpaces: bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            default: bytes += Array("\\u00".utf8) + [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]]
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
        bytes.append(UInt8(ascii: "\""))
    }
}
