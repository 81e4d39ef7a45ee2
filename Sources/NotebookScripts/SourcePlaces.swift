import NotebookModel
import NotebookSource

/// Where a character of a formula's TeX is in the note's own text: what a reader took out of the
/// text (JSON's escapes, a block quote's `>` and a list's indentation on each line) counted back
/// in. Columns are in UTF-8 bytes, as every finding's. A note's text is prepared once
/// (``Text``), however many findings it has: each is then placed by reading its own lines.
enum SourcePlaces {
    /// A note's text as bytes, with its lines as the readers count them (``LineTable``: a line
    /// ends at LF, CRLF or a lone CR).
    struct Text {
        let bytes: [UInt8]
        let lines: LineTable

        init(_ text: String) {
            bytes = Array(text.utf8)
            lines = LineTable(bytes)
        }

        /// The byte offset of a line and column (columns in bytes from 1); nil past the text.
        func offset(of location: SourceLocation) -> Int? {
            guard location.line >= 1, location.line <= lines.starts.count else { return nil }
            let offset = lines.starts[location.line - 1] + location.column - 1
            return offset <= bytes.count ? offset : nil
        }

        /// The bytes of line `line` (from 1), without its line break.
        func line(_ line: Int) -> ArraySlice<UInt8>? {
            lines.range(ofLine: line, in: bytes).map { bytes[$0] }
        }
    }

    /// The character at `offset` (UTF-16 units) of the JSON string whose quote is at `start` in
    /// `text`; nil when `text` has no such string there.
    static func inJSONString(_ text: Text, from start: SourceLocation, offset: Int) -> SourceLocation? {
        let bytes = text.bytes
        guard let quote = text.offset(of: start), quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else { return nil }
        var at = quote + 1
        var units = 0
        while units < offset, at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
            if bytes[at] == UInt8(ascii: "\\"), at + 1 < bytes.count {
                // `\uXXXX` is one unit (a surrogate pair is two escapes of one unit each); `\n`, `\/`… one.
                at += bytes[at + 1] == UInt8(ascii: "u") ? 6 : 2
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
    static func inLines(_ text: Text, tex: String, from start: SourceLocation, offset: Int) -> SourceLocation? {
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
            guard let next = texLines.popFirst(), let written = text.line(location.line + 1) else { return nil }
            let marks = written.prefix { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") }.count
            var column = 1
            for candidate in 0...marks where written.dropFirst(candidate).starts(with: next.utf8) {
                column = candidate + 1
                break
            }
            location = SourceLocation(line: location.line + 1, column: column)
            line = next
            if units >= offset { return location }
        }
    }
}
