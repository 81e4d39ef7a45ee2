extension String {
    /// Calls `body` with the string's UTF-8 bytes, read where they are when the string is native
    /// (nearly always) and borrowed: `withUTF8` needs a `var` copy, which counts a reference to
    /// the string and lets it go again, two atomic operations for every piece a render writes.
    @inlinable
    public func withBorrowedUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
