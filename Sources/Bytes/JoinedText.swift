extension String {
    /// The bytes of `first`, then `second`, then `third` (valid UTF-8 together), copied once into
    /// a string of their full size: a sum, or appends to a string with room for all, took
    /// hundreds of instructions for a short path.
    public init(joiningBytes first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
                _ third: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)) {
        let count = first.count + second.count + third.count
        self.init(unsafeUninitializedCapacity: count) { text in
            guard var at = text.baseAddress else { return 0 }
            // Each part in turn, without a list of them (which would be allocated).
            if let part = first.baseAddress { at.initialize(from: part, count: first.count) }
            at += first.count
            if let part = second.baseAddress { at.initialize(from: part, count: second.count) }
            at += second.count
            if let part = third.baseAddress { at.initialize(from: part, count: third.count) }
            return count
        }
    }

    /// `first`, the ASCII byte `separator`, then `second`, copied once.
    public init(_ first: String, joinedBy separator: UInt8, _ second: String) {
        precondition(separator < 0x80, "the separator is one ASCII byte")
        self = first.withBorrowedUTF8 { first in
            second.withBorrowedUTF8 { second in
                withUnsafePointer(to: separator) { String(joiningBytes: first, UnsafeBufferPointer(start: $0, count: 1), second) }
            }
        }
    }

    /// Whether the text starts and ends with an ASCII character other than a space or a tab:
    /// then no trimming of white space at its ends changes it, and none needs to look at its
    /// characters.
    public var hasASCIIEndsOtherThanBlanks: Bool {
        let isKept = { (byte: UInt8) in byte < 0x80 && byte != 0x20 && byte != 0x09 }
        guard let first = utf8.first, let last = utf8.last else { return false }
        return isKept(first) && isKept(last)
    }
}
