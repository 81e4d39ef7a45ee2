extension MustacheValue {
    /// Converts a typed view model into a value, through `Encodable`.
    ///
    /// Structs and classes become objects (keyed by their coding keys), arrays and sets become
    /// arrays, `[String: T]` dictionaries become objects, optionals that are `nil` become
    /// `null` (the key stays present, so a template lookup stops there instead of falling
    /// back to an outer context), `Bool`, integers and strings map to their cases,
    /// `Double` and `Float` to ``double(_:)``, unsigned integers above `Int.max` to
    /// ``double(_:)``. A value conforming to ``MustacheValueConvertible`` (such as an
    /// embedded ``MustacheValue`` or ``MustacheLambda``) supplies its own representation.
    ///
    /// - Throws: whatever the value's `encode(to:)` throws; the conversion itself never fails.
    public init(encoding value: some Encodable) throws {
        if let convertible = value as? any MustacheValueConvertible {
            self = convertible.mustacheValue
            return
        }
        let encoder = ValueEncoder(codingPath: [])
        try value.encode(to: encoder)
        self = encoder.slot.resolved
    }
}

/// The encoding tree under construction. Containers are references, because `Encoder`
/// hands out containers that keep writing after they are returned.
private enum Slot {
    case empty
    case value(MustacheValue)
    case object(ObjectBox)
    case array(ArrayBox)
    case deferred(ValueEncoder)

    var resolved: MustacheValue {
        switch self {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let box): .object(box.members.mapValues(\.resolved))
        case .array(let box): .array(box.items.map(\.resolved))
        case .deferred(let encoder): encoder.slot.resolved
        }
    }
}

private final class ObjectBox {
    var members: [String: Slot] = [:]
}

private final class ArrayBox {
    var items: [Slot] = []
}

/// Encodes one value into a slot, preferring ``MustacheValueConvertible``.
private func encodeSlot<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Slot {
    if let convertible = value as? any MustacheValueConvertible {
        return .value(convertible.mustacheValue)
    }
    let encoder = ValueEncoder(codingPath: codingPath)
    try value.encode(to: encoder)
    return encoder.slot
}

private func intValue<T: BinaryInteger>(_ value: T) -> MustacheValue {
    if let exact = Int(exactly: value) { return .int(exact) }
    return .double(Double(value))
}

private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var slot: Slot = .empty

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: ObjectBox
        if case .object(let existing) = slot {
            box = existing
        } else {
            box = ObjectBox()
            slot = .object(box)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: ArrayBox
        if case .array(let existing) = slot {
            box = existing
        } else {
            box = ArrayBox()
            slot = .array(box)
        }
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: MustacheValue) { encoder.slot = .value(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Float) throws { set(.double(Double(value.description) ?? Double(value))) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { set(intValue(value)) }
    mutating func encode(_ value: UInt) throws { set(intValue(value)) }
    mutating func encode(_ value: UInt8) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { set(intValue(value)) }
    mutating func encode(_ value: UInt64) throws { set(intValue(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.slot = try encodeSlot(value, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
    let codingPath: [any CodingKey]

    private func set(_ value: MustacheValue, _ key: Key) { box.members[key.stringValue] = .value(value) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(.double(Double(value.description) ?? Double(value)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(intValue(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(intValue(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.int(Int(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(intValue(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(intValue(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.members[key.stringValue] = try encodeSlot(value, codingPath: codingPath + [key])
    }

    // A `nil` optional stays as an explicit `null`, so the key masks outer contexts.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOrNull(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encodeOrNull(value, key)
    }

    private mutating func encodeOrNull<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { set(.null, key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectBox()
        box.members[key.stringValue] = .object(nested)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayBox()
        box.members[key.stringValue] = .array(nested)
        return UnkeyedContainer(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: MustacheCodingKey("super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(forKey: MustacheCodingKey(key.stringValue))
    }

    private func superEncoder(forKey key: MustacheCodingKey) -> any Encoder {
        let encoder = ValueEncoder(codingPath: codingPath + [key])
        box.members[key.stringValue] = .deferred(encoder)
        return encoder
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.items.count }

    private var nextKey: MustacheCodingKey { MustacheCodingKey(intValue: box.items.count) }
    private func append(_ value: MustacheValue) { box.items.append(.value(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(.double(Double(value.description) ?? Double(value))) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { append(intValue(value)) }
    mutating func encode(_ value: UInt) throws { append(intValue(value)) }
    mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { append(intValue(value)) }
    mutating func encode(_ value: UInt64) throws { append(intValue(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        box.items.append(try encodeSlot(value, codingPath: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectBox()
        let key = nextKey
        box.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayBox()
        let key = nextKey
        box.items.append(.array(nested))
        return UnkeyedContainer(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = ValueEncoder(codingPath: codingPath + [nextKey])
        box.items.append(.deferred(encoder))
        return encoder
    }
}
