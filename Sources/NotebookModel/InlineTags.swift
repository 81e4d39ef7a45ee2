import Glibc

/// Obsidian's tags in text, `#travel` or `#plugin/emitter`: `#` at the start of the text or after
/// white space, then letters, digits, `_`, `-` and `/`, not all digits. Code, links and URLs
/// hold none; a heading's `#` marks are not part of its text. The HTML
/// renderer applies the rule as it writes a note's text, and gives the tags it found.
public enum InlineTags {
    /// A tag in a piece of text: where its `#` starts, where it ends, and the tag.
    public struct Found: Hashable, Sendable {
        public var range: Range<String.Index>
        public var tag: TagName
    }

    /// The tags in `text`; `afterBoundary` says whether what comes before the text is its
    /// container's start or white space. Ranges are of Unicode scalars (slice
    /// `text.unicodeScalars` with them).
    public static func find(in text: String, afterBoundary: Bool) -> [Found] {
        guard mayHoldTags(text) else { return [] }
        let scalars = text.unicodeScalars
        var found: [Found] = []
        var search = scalars.startIndex
        while let mark = scalars[search...].firstIndex(of: "#") {
            let boundary = mark == scalars.startIndex ? afterBoundary : scalars[scalars.index(before: mark)].properties.isWhitespace
            let start = scalars.index(after: mark)
            var end = start
            var hasNonDigit = false
            while end < scalars.endIndex, isTagScalar(scalars[end]) {
                if !isDigit(scalars[end]) { hasNonDigit = true }
                end = scalars.index(after: end)
            }
            if boundary, hasNonDigit, let tag = TagName(String(scalars[start..<end])) {
                found.append(Found(range: mark..<end, tag: tag))
            }
            search = end
        }
        return found
    }

    /// Whether `text` holds a `#` at all (most text does not), found by `memchr`.
    @inline(__always)
    public static func mayHoldTags(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count > 0 && memchr(bytes.baseAddress!, Int32(UInt8(ascii: "#")), bytes.count) != nil
        } ?? text.utf8.contains(UInt8(ascii: "#"))
    }

    /// ``mayHoldTags(_:)`` and ``endsInWhiteSpace(_:)`` at once, over the bytes in place: the
    /// renderer asks both of every piece of text.
    @inline(__always)
    public static func facts(_ text: String) -> (mayHoldTags: Bool, endsInWhiteSpace: Bool?) {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> (Bool, UInt8?) in
            guard let last = bytes.last else { return (false, nil) }
            return (memchr(bytes.baseAddress!, Int32(UInt8(ascii: "#")), bytes.count) != nil, last)
        }
        guard let (hasMark, last) = found else { return (mayHoldTags(text), endsInWhiteSpace(text)) }
        guard let last else { return (false, nil) }
        if last < 0x80 { return (hasMark, last == 0x20 || (last >= 0x09 && last <= 0x0D)) }
        return (hasMark, text.last?.isWhitespace)
    }

    /// Whether `text` ends in white space; nil when it is empty.
    @inline(__always)
    static func endsInWhiteSpace(_ text: String) -> Bool? {
        let lastByte = text.utf8.withContiguousStorageIfAvailable { $0.last } ?? text.utf8.last
        guard let last = lastByte else { return nil }
        if last < 0x80 { return last == 0x20 || (last >= 0x09 && last <= 0x0D) }
        return text.last?.isWhitespace
    }

    /// Letters, digits and marks of any script, `_`, `-` and `/`.
    private static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v | 0x20 >= 0x61 && v | 0x20 <= 0x7A) || v == 0x5F || v == 0x2D || v == 0x2F
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
            || properties.generalCategory == .spacingMark
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value >= 0x30 && scalar.value <= 0x39 : scalar.properties.numericType != nil
    }
}
