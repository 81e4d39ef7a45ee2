/// The seeds' word-count rule: split on whitespace and newlines, formatting ignored.
///
/// `RichTextEditorLogic.wordCount(of:)` splits the characters where
/// `$0.isWhitespace || $0.isNewline`; this gives the same count, with a byte loop for ASCII text.
public enum WordCount {
    /// The number of words in a note's blocks, with a break between any two blocks, items and cells.
    public static func count(_ blocks: [Block]) -> Int {
        count(utf8: PlainText.utf8(of: blocks))
    }

    /// The number of words in UTF-8 text.
    public static func count(utf8 bytes: [UInt8]) -> Int {
        if let words = bytes.withUnsafeBufferPointer(countASCII) { return words }
        return count(String(decoding: bytes, as: UTF8.self))
    }

    /// The number of words in `text`.
    public static func count(_ text: String) -> Int {
        var utf8 = text.utf8
        if let fast = utf8.withContiguousStorageIfAvailable(countASCII) {
            if let words = fast { return words }
        } else {
            var copy = text
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            if let words = utf8.withContiguousStorageIfAvailable(countASCII) ?? nil { return words }
        }
        return text.split { $0.isWhitespace || $0.isNewline }.count
    }

    /// Counts words in pure ASCII text; nil when any byte is not ASCII. Without a branch per
    /// byte: a word starts at each byte that is not a space after one that is. Eight bytes at a
    /// time, each byte's verdict in its top bit.
    private static func countASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var words = 0
        var previousSpace = 1
        var index = 0
        if let base = bytes.baseAddress {
            let top: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if word & top != 0 { return nil }
                // Below 0x80 every byte, so no sum below carries into the next byte.
                let other = word ^ 0x2020_2020_2020_2020
                let notSpace = ((other & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | other) & top
                // 0x09 through 0x0D: at least 9 and not at least 14.
                let control = (word &+ 0x7777_7777_7777_7777) & ~(word &+ 0x7272_7272_7272_7272) & top
                let space = (~notSpace & top) | control
                let spaceBefore = (space << 8) | (previousSpace == 1 ? 0x80 : 0)
                words &+= (~space & spaceBefore & top).nonzeroBitCount
                previousSpace = Int(space >> 63)
                index += 8
            }
        }
        var high: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            high |= byte
            // Tab, line feed, vertical tab, form feed, carriage return and space: the ASCII
            // characters whose `isWhitespace` or `isNewline` is true.
            let space = byte == 0x20 || byte &- 0x09 <= 4 ? 1 : 0
            words &+= previousSpace & (space ^ 1)
            previousSpace = space
            index += 1
        }
        return high >= 0x80 ? nil : words
    }
}
