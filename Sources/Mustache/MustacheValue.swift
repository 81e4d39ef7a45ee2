/// A value that a Mustache template renders.
///
/// Templates see a tree of these: objects are looked up by name (`{{title}}`,
/// `{{author.name}}`), arrays drive sections (`{{#items}}…{{/items}}`), and scalars are
/// interpolated. Build values with literals, or convert a typed view model with
/// ``init(encoding:)`` so templates never receive `[String: Any]`.
///
/// Truthiness, used by sections and inverted sections: `null`, `false`, `0`, `0.0`, `""`
/// and `[]` are falsy; everything else (including an empty object and every lambda) is truthy.
public enum MustacheValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([MustacheValue])
    /// An object; templates look its keys up by name. Key order is irrelevant to Mustache.
    case object([String: MustacheValue])
    /// An object given as its fields, looked up one by one: cheaper to make and to look up than
    /// a dictionary for the handful of fields of a typed view model. Templates see it as an
    /// ``object(_:)``; of a key given twice, the first is found.
    case fields(MustacheFields)
    /// A lambda (see ``MustacheLambda``), called when a tag names it.
    case lambda(MustacheLambda)

    /// Whether a section renders (and an inverted section doesn't) for this value.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .array(let values): !values.isEmpty
        case .object, .fields, .lambda: true
        }
    }

    /// The member named `key` when this is an object, otherwise `nil`.
    public subscript(key: String) -> MustacheValue? {
        switch self {
        case .object(let members): members[key]
        case .fields(let fields): fields[key]
        default: nil
        }
    }

    /// Where a member is, read in place.
    enum MemberPlace {
        /// In these fields' storage: good while the value is neither changed nor freed.
        case at(UnsafePointer<MustacheValue>)
        /// This is no object, or one without the member.
        case none
        /// This is an object given as a dictionary, whose values have no place to point at.
        case object
    }

    /// Where the member named `key` is, when this is an object. Not inlined: called on a value
    /// where it is (`pointer.pointee`), it reads the value there; inlined, the value was copied
    /// for the `switch`, a reference count each time.
    @inline(never)
    func place(ofMember key: String) -> MemberPlace {
        switch self {
        case .fields(let fields): fields.place(of: key).map(MemberPlace.at) ?? .none
        case .object: .object
        default: .none
        }
    }

    /// The text `{{value}}` renders before escaping, or `nil` for values that render nothing.
    ///
    /// Integers print in decimal; doubles print as integers when integral (below 10^15 in
    /// magnitude), otherwise as the shortest decimal that reads back as the same double
    /// (`1.21`, `1e-05`), so output never depends on locale or platform. Booleans print
    /// `true` / `false`; `null`, arrays, objects and lambdas print nothing here.
    public var interpolatedText: String? {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): MustacheValue.format(value)
        case .bool(let value): value ? "true" : "false"
        case .null, .array, .object, .fields, .lambda: nil
        }
    }

    /// Deterministic formatting of a double; see ``interpolatedText``.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value.rounded(.towardZero) == value, value.magnitude < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }
}

extension MustacheValue: Equatable {
    /// Structural equality; two lambdas are never equal.
    public static func == (lhs: MustacheValue, rhs: MustacheValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object, .object), (.object, .fields), (.fields, .object), (.fields, .fields): lhs.objectMembers == rhs.objectMembers
        default: false
        }
    }
}

extension MustacheValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): MustacheValue.format(value)
        case .string(let value): value.debugDescription
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            "["
                + (members.isEmpty
                    ? ":"
                    : members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }
                        .joined(separator: ", ")) + "]"
        case .fields: MustacheValue.object(objectMembers ?? [:]).description
        case .lambda: "<lambda>"
        }
    }
}

extension MustacheValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
    /// A later duplicate key replaces an earlier one.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension MustacheValue {
    /// The members of an object, however it was given (the first of a key given twice); nil
    /// for anything else.
    public var objectMembers: [String: MustacheValue]? {
        switch self {
        case .object(let members): members
        case .fields(let fields): Dictionary(fields.pairs, uniquingKeysWith: { first, _ in first })
        default: nil
        }
    }
}

/// The fields of an object in the order given (see ``MustacheValue/fields(_:)``).
public struct MustacheFields: Sendable, ExpressibleByDictionaryLiteral {
    /// The fields in order, each a name and its value (unlabelled, as a dictionary literal gives
    /// them, so that a literal's pairs are kept as they come instead of copied one by one).
    public var pairs: [(String, MustacheValue)]
    /// Names these fields among the values that many renders show: fields with the same key are
    /// the same, so a section's pass over them is kept by ``MustacheSharedParts``. Nil for fields
    /// of one render only.
    public var sharedKey: String?

    public init(_ pairs: [(String, MustacheValue)], sharedKey: String? = nil) {
        self.pairs = pairs
        self.sharedKey = sharedKey
    }

    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        pairs = elements
    }

    /// The value of the first field named `key`.
    public subscript(key: String) -> MustacheValue? {
        place(of: key)?.pointee
    }

    /// Where the value of the first field named `key` is, in these fields' storage: good while
    /// the fields are neither changed nor freed.
    func place(of key: String) -> UnsafePointer<MustacheValue>? {
        // Lengths first: most keys differ in length, and comparing those costs next to nothing.
        // Each pair is read in place: a loop over the pairs would copy each key and value.
        let length = key.utf8.count
        return pairs.withUnsafeBufferPointer { pairs -> UnsafePointer<MustacheValue>? in
            for index in pairs.indices where pairs[index].0.utf8.count == length && pairs[index].0 == key {
                return (UnsafeRawPointer(pairs.baseAddress! + index) + Self.valueOffset).assumingMemoryBound(to: MustacheValue.self)
            }
            return nil
        }
    }

    /// Where a pair's value is in the pair: after the key, at the value's alignment, as a tuple's
    /// elements are laid out (a test holds it to the tuple's own offset). A constant, where the
    /// offset of a key path was worked out once, behind a check made at each use.
    static var valueOffset: Int {
        let alignment = MemoryLayout<MustacheValue>.alignment
        return (MemoryLayout<String>.size + alignment - 1) / alignment * alignment
    }

    public mutating func append(_ key: String, _ value: MustacheValue) {
        pairs.append((key, value))
    }
}

/// A type that knows its own Mustache representation.
///
/// ``MustacheValue/init(encoding:)`` uses this instead of `Encodable` whenever it meets a
/// conforming value, at any depth. Conform types whose `Encodable` form is not what a
/// template should see (for instance, make `URL` render its absolute string), or embed
/// ``MustacheValue`` and ``MustacheLambda`` fields directly in a view model.
public protocol MustacheValueConvertible {
    var mustacheValue: MustacheValue { get }
}

extension MustacheValue: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { self }
}

extension MustacheValue: Encodable {
    /// Encodes the JSON-like shape of the value; lambdas encode as `nil`. (Converting back
    /// with ``init(encoding:)`` keeps lambdas, since ``MustacheValue`` is convertible.)
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null, .lambda:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object, .fields:
            var container = encoder.container(keyedBy: MustacheCodingKey.self)
            for (key, value) in objectMembers ?? [:] { try container.encode(value, forKey: MustacheCodingKey(key)) }
        }
    }
}

/// A string coding key, for encoding objects.
struct MustacheCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) {
        stringValue = string
        intValue = nil
    }
    init?(stringValue: String) { self.init(stringValue) }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
