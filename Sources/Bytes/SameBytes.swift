import Glibc

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether `other` holds the same bytes: compared with `memcmp`, not through the generic
    /// `elementsEqual` (a loop over the elements).
    public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        count == other.count && (isEmpty || memcmp(baseAddress!, other.baseAddress!, count) == 0)
    }
}
