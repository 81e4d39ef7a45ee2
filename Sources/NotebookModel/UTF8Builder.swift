/// Text built piece by piece as UTF-8 bytes, made a `String` once at the end: appending to a
/// `String` (above all a scalar at a time to its `unicodeScalars`) costs many times more.
public struct UTF8Builder: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public var isEmpty: Bool { bytes.isEmpty }
    /// How many bytes so far.
    public var count: Int { bytes.count }

    public mutating func append(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(0xC0 | UInt8(value >> 6))
            bytes.append(0x80 | UInt8(value & 0x3F))
        case ..<0x1_0000:
            bytes.append(0xE0 | UInt8(value >> 12))
            bytes.append(0x80 | UInt8((value >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(value & 0x3F))
        default:
            bytes.append(0xF0 | UInt8(value >> 18))
            bytes.append(0x80 | UInt8((value >> 12) & 0x3F))
            bytes.append(0x80 | UInt8((value >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(value & 0x3F))
        }
    }

    public mutating func append(_ text: String) {
        // Through its contiguous bytes, read in place: appending a string's `utf8` view costs
        // several times more.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if done == nil { bytes.append(contentsOf: text.utf8) }
    }

    public mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: piece)
    }

    public mutating func append(_ text: Substring.UTF8View) {
        bytes.append(contentsOf: text)
    }

    /// Whether the text's last character is "\n", as `hasSuffix("\n")` says of a `String`: a
    /// line feed after anything but a carriage return (with which it is one character).
    public var endsWithLineFeed: Bool {
        bytes.last == 0x0A && (bytes.count < 2 || bytes[bytes.count - 2] != 0x0D)
    }

    public static func += (builder: inout UTF8Builder, text: String) {
        builder.append(text)
    }

    public static func += (builder: inout UTF8Builder, text: Substring) {
        builder.append(text.utf8)
    }

    /// The text so far.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
