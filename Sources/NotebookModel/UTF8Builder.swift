import Bytes

/// Text built piece by piece as UTF-8 bytes, made a `String` once at the end: appending to a
/// `String` (above all a scalar at a time to its `unicodeScalars`) costs many times more.
public struct UTF8Builder: ~Copyable {
    private var buffer: ByteBuffer

    public init(capacity: Int = 0) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The bytes so far, as an array.
    public var bytes: [UInt8] { buffer.bytes() }

    public var isEmpty: Bool { buffer.isEmpty }
    /// How many bytes so far.
    public var count: Int { buffer.count }

    public mutating func append(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        switch value {
        case ..<0x80:
            buffer.append(UInt8(value))
        case ..<0x800:
            buffer.append(0xC0 | UInt8(value >> 6))
            buffer.append(0x80 | UInt8(value & 0x3F))
        case ..<0x1_0000:
            buffer.append(0xE0 | UInt8(value >> 12))
            buffer.append(0x80 | UInt8((value >> 6) & 0x3F))
            buffer.append(0x80 | UInt8(value & 0x3F))
        default:
            buffer.append(0xF0 | UInt8(value >> 18))
            buffer.append(0x80 | UInt8((value >> 12) & 0x3F))
            buffer.append(0x80 | UInt8((value >> 6) & 0x3F))
            buffer.append(0x80 | UInt8(value & 0x3F))
        }
    }

    public mutating func append(_ text: String) {
        // Through its contiguous bytes, read in place: appending a string's `utf8` view costs
        // several times more.
        buffer.append(text)
    }

    /// Appends the bytes of a literal, without a `String` made of it (which `+=` takes: a
    /// literal given there is one).
    public mutating func append(literal text: StaticString) {
        buffer.append(text)
    }

    public mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        buffer.append(piece)
    }

    public mutating func append(_ text: Substring.UTF8View) {
        let done: Void? = text.withContiguousStorageIfAvailable { buffer.append($0) }
        if done == nil { buffer.append(Array(text)) }
    }

    /// Whether the text's last character is "\n", as `hasSuffix("\n")` says of a `String`: a
    /// line feed after anything but a carriage return (with which it is one character).
    public var endsWithLineFeed: Bool {
        buffer.last == 0x0A && (buffer.count < 2 || buffer[buffer.count - 2] != 0x0D)
    }

    public static func += (builder: inout UTF8Builder, text: String) {
        builder.append(text)
    }

    public static func += (builder: inout UTF8Builder, text: Substring) {
        builder.append(text.utf8)
    }

    /// The text so far.
    public var string: String { buffer.string }
}
