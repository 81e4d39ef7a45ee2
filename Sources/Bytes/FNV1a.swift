/// FNV-1a, 64 bits: a hash worked out byte by byte as bytes are read, the same in every process
/// (the search index's words, the output check's paths, the highlight cache's keys).
public enum FNV1a {
    /// The hash of no bytes.
    public static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `hash` with `byte` added.
    @inlinable @inline(__always)
    public static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// The hash of `bytes`.
    @inlinable
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bytes.reduce(seed, step)
    }

    /// The hash of `text`'s UTF-8 bytes, added to `start`.
    public static func hash(_ text: String, from start: UInt64 = seed) -> UInt64 {
        text.utf8.reduce(start, step)
    }
}
