/// A value read from JSON5 text by ``JSON5Parser``.
public enum JSON5Value: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number, including hexadecimal literals, `Infinity` and `NaN`.
    case number(Double)
    /// A single- or double-quoted string with its escapes resolved.
    case string(String)
    /// An array, elements in source order.
    case array([JSON5Value])
    /// An object: keys in source order, duplicates kept as written.
    case object([JSON5Member])
}

/// One `key: value` member of a JSON5 object, with the positions it was read from.
public struct JSON5Member: Hashable, Sendable {
    /// The key with its escapes resolved (quoted or identifier form).
    public var key: String
    /// The member's value.
    public var value: JSON5Value
    /// UTF-8 byte offset of the key's first byte (its opening quote, if quoted) in the parsed text.
    public var keyOffset: Int
    /// UTF-8 byte offset of the value's first byte in the parsed text.
    public var valueOffset: Int

    /// Creates a member.
    public init(key: String, value: JSON5Value, keyOffset: Int, valueOffset: Int) {
        self.key = key
        self.value = value
        self.keyOffset = keyOffset
        self.valueOffset = valueOffset
    }
}

/// Why JSON5 text could not be parsed, and where.
public struct JSON5Error: Error, Hashable, Sendable {
    /// A short description, e.g. `expected ':' after key` or `unterminated string`.
    public var message: String
    /// UTF-8 byte offset in the parsed text where the problem is.
    public var offset: Int

    /// Creates an error.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}
