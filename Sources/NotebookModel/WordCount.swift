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
    /// byte: a word starts at each byte that is not a space after one that is.
    private static func countASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var words = 0
        var previousSpace = 1
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            // Tab, line feed, vertical tab, form feed, carriage return and space: the ASCII
            // characters whose `isWhitespace` or `isNewline` is true.
            let space = byte == 0x20 || byte &- 0x09 <= 4 ? 1 : 0
            words &+= previousSpace & (space ^ 1)
            previousSpace = space
        }
        return high >= 0x80 ? nil : words
    }
}
