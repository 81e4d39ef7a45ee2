import NotebookModel

/// Where a character of a formula's TeX is in the note's own text: what a reader took out of the
/// text (JSON's escapes, a block quote's `>` and a list's indentation on each line) counted back
/// in. Columns are in UTF-8 bytes, as every finding's.
enum SourcePlaces {
    /// The character at `offset` (UTF-16 units) of the JSON string whose quote is at `start` in
    /// `text`; nil when `text` has no such string there.
    static func inJSONString(_ text: String, from start: SourceLocation, offset: Int) -> SourceLocation? {
        let bytes = Array(text.utf8)
        guard let quote = byteOffset(of: start, in: bytes), quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else { return nil }
        var at = quote + 1
        var units = 0
        while units < offset, at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
            if bytes[at] == UInt8(ascii: "\\"), at + 1 < bytes.count {
                if bytes[at + 1] == UInt8(ascii: "u") {
                    // `\uXXXX`, one unit (a surrogate pair is two escapes of one unit each).
                    at += 6
                } else {
                    at += 2
                }
                units += 1
                continue
            }
            // A character written as it is: its UTF-8 bytes, one unit or two (four bytes).
            let length = bytes[at] < 0x80 ? 1 : bytes[at] < 0xE0 ? 2 : bytes[at] < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            at += length
        }
        guard at <= bytes.count else { return nil }
        return SourceLocation(line: start.line, column: start.column + (at - quote))
    }

    /// The character at `offset` (UTF-16 units) of `tex`, which starts at `start` in `text` and
    /// goes on over lines each of which is the rest of a line of `text` after what its container
    /// writes (`>`, spaces, tabs); nil when the lines do not match.
    static func inLines(_ text: String, tex: String, from start: SourceLocation, offset: Int) -> SourceLocation? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var location = start
        var units = 0
        var texLines = tex.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard var line = texLines.popFirst() else { return nil }
        while true {
            // Within this line of the TeX: count to the offset, or past the line's end.
            for scalar in line.unicodeScalars {
                if units >= offset { return location }
                units += scalar.utf16.count
                location.column += scalar.utf8.count
            }
            if units >= offset { return location }
            // The line break, then the next line, found after its container's marks.
            units += 1
            guard let next = texLines.popFirst(), location.line < lines.count else { return nil }
            let written = lines[location.line]
            let marks = written.utf8.prefix { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }.count
            var column = 1
            for candidate in 0...marks {
                if written.utf8.dropFirst(candidate).starts(with: next.utf8) {
                    column = candidate + 1
                    break
                }
            }
            location = SourceLocation(line: location.line + 1, column: column)
            line = next
            if units >= offset { return location }
        }
    }

    /// The byte offset in `bytes` of a line and column (columns in bytes from 1).
    private static func byteOffset(of location: SourceLocation, in bytes: [UInt8]) -> Int? {
        var line = 1
        var index = 0
        while line < location.line {
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            index = newline + 1
            line += 1
        }
        return index + location.column - 1
    }
}
