/// A `/`-separated path's segments, as Swift splits a string at `/` (by characters, so a `/`
/// that a combining mark follows is part of its segment, as everywhere else paths are taken
/// apart), found byte by byte when the path is ASCII, where the two agree and bytes cost less.
public enum PathSegments {
    /// The non-empty segments of `path`.
    public static func of(_ path: String) -> [Substring] {
        guard isASCII(path) else { return path.split(separator: "/") }
        return path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// The last non-empty segment of `path`; nil when it has none.
    public static func last(of path: String) -> Substring? {
        guard isASCII(path) else { return path.split(separator: "/").last }
        let bytes = path.utf8
        guard let end = bytes.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return nil }
        let after = bytes.index(after: end)
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return path[start..<after]
    }

    /// Whether every byte of `text` is ASCII: then each character is one byte, `\r\n` aside.
    public static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
