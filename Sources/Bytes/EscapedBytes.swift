/// Finds the bytes that HTML escapes, eight at a time: most text has none, and a byte at a time
/// costs several instructions a byte where this costs a few for eight.
public enum EscapedBytes {
    /// Where the first byte of `bytes` from `start` on is `&`, `<`, `>` or `"`, or also `'` with
    /// `apostrophe`; `bytes.count` when there is none.
    @inlinable
    public static func first(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, apostrophe: Bool) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var index = start
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            var found = zeroBytes(word ^ 0x2626_2626_2626_2626) | zeroBytes(word ^ 0x3C3C_3C3C_3C3C_3C3C)
                | zeroBytes(word ^ 0x3E3E_3E3E_3E3E_3E3E) | zeroBytes(word ^ 0x2222_2222_2222_2222)
            if apostrophe { found |= zeroBytes(word ^ 0x2727_2727_2727_2727) }
            // The lowest flag is exact: a false one only ever sits above a true one.
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""): return index
            case UInt8(ascii: "'") where apostrophe: return index
            default: index += 1
            }
        }
        return bytes.count
    }

    /// Hands `bytes` over as HTML text: each run without a special byte to `run`, whole, and
    /// each special byte's entity (`&amp;` `&lt;` `&gt;` `&quot;`, and `&#39;` with
    /// `apostrophe`) to `entity`, in order.
    @inlinable
    public static func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, apostrophe: Bool, run: (UnsafeBufferPointer<UInt8>) -> Void,
        entity: (StaticString) -> Void
    ) {
        var start = 0
        while true {
            let index = first(in: bytes, from: start, apostrophe: apostrophe)
            run(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "&"): entity("&amp;")
            case UInt8(ascii: "<"): entity("&lt;")
            case UInt8(ascii: ">"): entity("&gt;")
            case UInt8(ascii: "\""): entity("&quot;")
            default: entity("&#39;")
            }
            start = index + 1
        }
    }

    /// The top bit of each byte of `word` that is zero (and maybe of bytes above the lowest such).
    @inlinable
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }
}
