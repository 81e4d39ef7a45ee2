/// Eight bytes of text read as one word, so that a scan passes over the runs it has nothing to do
/// in eight bytes at a time (the text handed to JavaScriptCore, the highlighter's script). Each
/// test is exact for the word as a whole.
public struct EightBytes {
    public let word: UInt64

    /// The eight bytes at `pointer`, which need not be aligned.
    @inlinable @inline(__always)
    public init(at pointer: UnsafePointer<UInt8>) {
        word = UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
    }

    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether every byte is ASCII.
    @inlinable @inline(__always)
    public var isASCII: Bool { word & Self.highs == 0 }

    /// Whether one of the bytes is `byte`.
    @inlinable @inline(__always)
    public func contains(_ byte: UInt8) -> Bool {
        let found = word ^ (Self.ones &* UInt64(byte))
        return (found &- Self.ones) & ~found & Self.highs != 0
    }
}
