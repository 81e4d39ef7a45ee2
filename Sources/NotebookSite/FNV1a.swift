/// FNV-1a, 64 bits: a hash worked out byte by byte as bytes are read, for tables over bytes
/// (the search index's words, the output check's paths).
enum FNV1a {
    /// The hash of no bytes.
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `hash` with `byte` added.
    @inline(__always)
    static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// The hash of `bytes`.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bytes.reduce(seed, step)
    }
}
