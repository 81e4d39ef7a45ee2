import Glibc

/// A growing buffer of bytes that appends with one bounds check and a `memcpy`: what renders
/// append most, a few bytes at a time, costs several times more through
/// `Array.append(contentsOf:)`.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var used = 0
    @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 0) {
        self.capacity = max(capacity, 16)
        base = Self.allocate(self.capacity)
    }

    deinit { free(base) }

    /// Memory from `malloc`, so that growing is a `realloc`: the allocator extends a block in
    /// place when it can, instead of a copy each time.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// How many bytes so far.
    public var count: Int { used }

    /// Whether no byte was appended.
    public var isEmpty: Bool { used == 0 }

    /// The last byte, if any.
    public var last: UInt8? { count == 0 ? nil : base[count - 1] }

    /// The byte at `index`, which must be below `count`.
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "index out of range")
        return base[index]
    }

    /// Appends `bytes`, growing the buffer (to twice its size at least) when they do not fit.
    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0 else { return }
        if used + length > capacity { grow(to: used + length) }
        memcpy(base + used, bytes.baseAddress!, length)
        used += length
    }

    /// Appends one byte.
    @inlinable
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(to: used + 1) }
        base[used] = byte
        used += 1
    }

    /// Appends the UTF-8 bytes of `text`, read in place.
    @inlinable
    public mutating func append(_ text: String) {
        text.withBorrowedUTF8 { append($0) }
    }

    /// Appends the bytes of a literal.
    @inlinable
    public mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the bytes of an array.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The bytes from `start` (at most `count`) on, as an array.
    public func bytes(from start: Int = 0) -> [UInt8] {
        precondition(start >= 0 && start <= count, "start out of range")
        return Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// The bytes as text (invalid UTF-8 repaired).
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Calls `body` with the bytes, read in place.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    @usableFromInline @inline(never)
    mutating func grow(to needed: Int) {
        let grown = max(needed, capacity * 2)
        guard let memory = realloc(base, grown) else { fatalError("out of memory") }
        base = memory.assumingMemoryBound(to: UInt8.self)
        capacity = grown
    }
}
