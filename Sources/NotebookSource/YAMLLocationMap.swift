import CYAML
import NotebookModel

/// Turns libyaml marks (0-based, counted in characters) into 1-based lines and byte columns,
/// through the one line table. Marks mostly arrive in order, so a cursor moves forward over
/// the characters.
struct YAMLLocationMap {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The text's lines, those of the marks asked for in order found from the line of the one before.
    private var cursor: LineTable.Cursor
    private let origin: Int
    /// Whether every byte is ASCII: a character index is then a byte offset (most front matter).
    private let isASCII: Bool
    private var index = 0, offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        cursor = LineTable.Cursor(LineTable(bytes))
        origin = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // libyaml skips a BOM without counting it
        isASCII = !bytes.contains { $0 >= 0x80 }
        offset = origin
    }

    /// The location of libyaml's character index `target`.
    mutating func location(charIndex target: Int) -> SourceLocation {
        let (line, column) = cursor.location(of: byteOffset(charIndex: target))
        return SourceLocation(line: line, column: column)
    }

    /// The byte offset of libyaml's character index `target`.
    mutating func byteOffset(charIndex target: Int) -> Int {
        if isASCII { return min(origin + max(target, 0), bytes.count) }
        if target < index { (index, offset) = (0, origin) }
        while index < target, offset < bytes.count {
            let byte = bytes[offset]
            offset += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            index += 1
        }
        return min(offset, bytes.count)
    }

    /// The location of byte `target` (as libyaml's reader errors give them).
    func location(byteOffset target: Int) -> SourceLocation {
        let (line, column) = cursor.table.location(of: min(target, bytes.count))
        return SourceLocation(line: line, column: column)
    }

    /// The error libyaml reports after a failed `yaml_parser_parse`.
    mutating func error(from parser: yaml_parser_t) -> YAMLError {
        let fallback = parser.error == YAML_MEMORY_ERROR ? "out of memory" : "invalid YAML"
        let problem = parser.problem.map { String(cString: $0) } ?? fallback
        if parser.error == YAML_READER_ERROR {
            let hex = String(parser.problem_value, radix: 16, uppercase: true)
            let value = parser.problem_value == -1 ? "" : " (#x\(hex))"
            return YAMLError(problem + value, at: location(byteOffset: Int(parser.problem_offset)))
        }
        let at = location(charIndex: Int(parser.problem_mark.index))
        guard let context = parser.context.map({ String(cString: $0) }) else { return YAMLError(problem, at: at) }
        let contextAt = location(charIndex: Int(parser.context_mark.index))
        return YAMLError(problem, at: at, context: context, contextLocation: contextAt)
    }
}
