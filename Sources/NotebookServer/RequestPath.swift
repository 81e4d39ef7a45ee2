/// The path of a request target, decoded and checked in one pass over its bytes: the segments
/// joined by `/` (empty and `.` segments left out), and whether the target ended with `/`.
struct RequestPath: Equatable {
    /// `a/b c` for `/a/b%20c/`; empty for the root.
    var path: String
    var endsWithSlash: Bool

    init(path: String, endsWithSlash: Bool) {
        self.path = path
        self.endsWithSlash = endsWithSlash
    }

    /// Whether the path holds a backslash, which some systems read as a separator: never looked
    /// for on disk.
    var hasBackslash: Bool {
        path.utf8.contains(UInt8(ascii: "\\"))
    }

    /// The segments of `path`.
    var segments: [String] {
        path.isEmpty ? [] : path.split(separator: "/").map(String.init)
    }

    /// The path of `target`, its query and fragment left out; nil for anything that could lead
    /// outside the root or is not a plain path: `..`, NUL, bad escapes, bytes that are not UTF-8,
    /// a target not starting with `/`. (A backslash is a name's own character: a site may have
    /// a file named so; only a folder on disk refuses it, see `hasBackslash`.)
    init?(_ target: String) {
        var target = target
        let parsed = target.withUTF8 { raw -> (String, Bool)? in
            var end = 0
            while end < raw.count && raw[end] != UInt8(ascii: "?") && raw[end] != UInt8(ascii: "#") { end += 1 }
            guard end > 0, raw[0] == UInt8(ascii: "/") else { return nil }
            var decoded: [UInt8] = []
            decoded.reserveCapacity(end)
            var index = 1
            while index < end {
                var byte = raw[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < end, let high = Self.hexValue(raw[index + 1]), let low = Self.hexValue(raw[index + 2]) else {
                        return nil
                    }
                    byte = high << 4 | low
                    index += 3
                } else {
                    index += 1
                }
                guard byte != 0 else { return nil }
                decoded.append(byte)
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(decoded.count)
            for segment in decoded.split(separator: UInt8(ascii: "/")) {
                if segment.count == 1 && segment.first == UInt8(ascii: ".") { continue }
                if segment.count == 2 && segment.allSatisfy({ $0 == UInt8(ascii: ".") }) { return nil }
                if !joined.isEmpty { joined.append(UInt8(ascii: "/")) }
                joined.append(contentsOf: segment)
            }
            guard let path = String(validating: joined, as: UTF8.self) else { return nil }
            return (path, raw[end - 1] == UInt8(ascii: "/"))
        }
        guard let (path, endsWithSlash) = parsed else { return nil }
        self.path = path
        self.endsWithSlash = endsWithSlash
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
