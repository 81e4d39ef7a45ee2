import CYAML
import NotebookModel

/// Turns libyaml marks (0-based, counted in characters) into 1-based lines and byte columns.
///
/// Lines end at LF, CRLF or a lone CR. Marks mostly arrive in order, so a cursor moves forward.
struct YAMLLocationMap {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let origin: Int
    private var index = 0, offset = 0, line = 1, lineStart = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        origin = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // libyaml skips a BOM without counting it
        offset = origin
    }

    /// The location of libyaml's character index `target`.
    mutating func location(charIndex target: Int) -> SourceLocation {
        let offset = byteOffset(charIndex: target)
        return SourceLocation(line: line, column: offset - lineStart + 1)
    }

    /// The byte offset of libyaml's character index `target`.
    mutating func byteOffset(charIndex target: Int) -> Int {
        if target < index { (index, offset, line, lineStart) = (0, origin, 1, 0) }
        while index < target, offset < bytes.count {
            let byte = bytes[offset]
            step()
            offset += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            index += 1
        }
        return min(offset, bytes.count)
    }

    /// The location of byte `target`, for libyaml's reader errors.
    mutating func location(byteOffset target: Int) -> SourceLocation {
        (index, offset, line, lineStart) = (0, 0, 1, 0)
        while offset < min(target, bytes.count) {
            step()
            offset += 1
        }
        let location = SourceLocation(line: line, column: offset - lineStart + 1)
        (index, offset, line, lineStart) = (0, origin, 1, 0)
        return location
    }

    /// Counts a line break if the byte at `offset` ends a line.
    private mutating func step() {
        let byte = bytes[offset]
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        if byte == 0x0A || (byte == 0x0D && next != 0x0A) {
            line += 1
            lineStart = offset + 1
        }
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
