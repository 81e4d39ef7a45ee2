import Glibc
import NotebookModel

/// Turns a file's bytes into text, reporting where they are not UTF-8.
public enum SourceText {
    /// The text of `bytes`; invalid UTF-8 becomes U+FFFD with one warning at its first place.
    /// A NUL byte becomes U+FFFD too, silently, as CommonMark asks: no reader, page or terminal
    /// ever sees one from a file.
    public static func decode(_ bytes: [UInt8], path: String) -> (text: String, diagnostics: [Diagnostic]) {
        var bytes = bytes
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if bom { bytes.removeFirst(3) }
        if containsNUL(bytes) { bytes = withoutNUL(bytes) }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, []) }
        let offset = firstInvalidOffset(bytes)
        var (line, column) = LineTable(bytes).location(of: offset)
        if bom && line == 1 { column += 3 }  // the file's own column, counting the byte-order mark
        let diagnostic = Diagnostic(
            .warning, "file is not valid UTF-8; invalid bytes are read as U+FFFD", path: path,
            at: SourceLocation(line: line, column: column), code: "source.utf8")
        return (String(decoding: bytes, as: UTF8.self), [diagnostic])
    }

    /// Whether `bytes` holds a NUL byte (found with `memchr`: a note's every byte is read).
    public static func containsNUL(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { containsNUL($0) }
    }

    /// Whether `bytes` holds a NUL byte.
    public static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, 0, bytes.count) != nil
    }

    /// `bytes` with each NUL byte replaced by U+FFFD's three bytes.
    public static func withoutNUL(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if byte == 0 { out += [0xEF, 0xBF, 0xBD] } else { out.append(byte) }
        }
        return out
    }

    private static func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
