import CByteSet

/// A set of bytes a scan looks for, found sixteen bytes at a time where the processor can
/// (`CByteSet`): a note's text is scanned for Markdown's syntax, a few kinds of byte, and most
/// of it holds none. Made once and shared: the set's tables stay where they were made, and each
/// scan reads them there.
public final class ByteSet: @unchecked Sendable {
    // Written once, in `init`, and only read after.
    private let set: UnsafeMutablePointer<notebook_byte_set>

    /// The set of the bytes of `members`.
    public init(_ members: some Sequence<UInt8>) {
        set = .allocate(capacity: 1)
        let members = Array(members)
        members.withUnsafeBufferPointer { notebook_byte_set_init(set, $0.baseAddress, $0.count) }
    }

    deinit {
        set.deallocate()
    }

    /// Whether `byte` is in the set.
    public func contains(_ byte: UInt8) -> Bool {
        withUnsafeBytes(of: set.pointee.table) { $0[Int(byte)] != 0 }
    }

    /// The index of the first byte of `bytes` at or after `from` (at most `bytes.count`) that is in
    /// the set, or `bytes.count` when none is.
    public func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        precondition(from >= 0 && from <= bytes.count, "a scan starts inside the bytes")
        guard from < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        return Int(notebook_byte_set_find(set, base, from, bytes.count))
    }
}
