import Bytes

/// A `/`-separated path's segments, as Swift splits a string at `/` (by characters, so a `/`
/// that a combining mark follows is part of its segment, as everywhere else paths are taken
/// apart), found byte by byte when the path is ASCII, where the two agree and bytes cost less.
public enum PathSegments {
    /// The non-empty segments of `path`.
    public static func of(_ path: String) -> [Substring] {
        guard isASCII(path) else { return path.split(separator: "/") }
        // The segments' byte offsets found over the bytes in place (a split of the `utf8` view
        // costs several times more), each then taken as a substring of `path`.
        let utf8 = path.utf8
        return path.withBorrowedUTF8 { bytes in
            var segments: [Substring] = []
            // Room for a note's usual depth, instead of growing segment by segment.
            segments.reserveCapacity(8)
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                if index > start {
                    segments.append(path[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: index)])
                }
                start = index + 1
            }
            return segments
        }
    }

    /// The last non-empty segment of `path`; nil when it has none.
    public static func last(of path: String) -> Substring? {
        guard isASCII(path) else { return path.split(separator: "/").last }
        // The segment's byte offsets, found over the bytes in place.
        let offsets: Range<Int>? = path.withBorrowedUTF8 { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            guard end > 0 else { return nil }
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            return start..<end
        }
        guard let offsets else { return nil }
        let utf8 = path.utf8
        return path[utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: offsets.upperBound)]
    }

    /// Whether every byte of `text` is ASCII: then each character is one byte, `\r\n` aside.
    public static func isASCII(_ text: String) -> Bool {
        text.withBorrowedUTF8 { $0.allSatisfy { $0 < 0x80 } }
    }
}
