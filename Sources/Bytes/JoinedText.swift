extension String {
    /// `first`, the ASCII byte `separator`, then `second`, their bytes copied once into a string
    /// of its full size: appending each part to a string with room for all took about a
    /// thousand instructions for a short path.
    public init(_ first: String, joinedBy separator: UInt8, _ second: String) {
        precondition(separator < 0x80, "the separator is one ASCII byte")
        self = first.withBorrowedUTF8 { first in
            second.withBorrowedUTF8 { second in
                String(unsafeUninitializedCapacity: first.count + 1 + second.count) { text in
                    _ = text.initialize(fromContentsOf: first)
                    text[first.count] = separator
                    _ = UnsafeMutableBufferPointer(rebasing: text[(first.count + 1)...]).initialize(fromContentsOf: second)
                    return first.count + 1 + second.count
                }
            }
        }
    }
}
