/// A `/`-separated path's segments, found byte by byte: `String.split` walks characters, which
/// costs several times more, and a path is split where the file system splits it.
public enum PathSegments {
    /// The non-empty segments of `path`.
    public static func of(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    /// The last non-empty segment of `path`; nil when it has none.
    public static func last(of path: String) -> Substring? {
        let bytes = path.utf8
        guard let end = bytes.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return nil }
        let after = bytes.index(after: end)
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return path[start..<after]
    }
}
