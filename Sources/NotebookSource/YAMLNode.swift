import CYAML
import NotebookModel

/// A node of a YAML document: a scalar, a sequence or a mapping, and where it starts.
///
/// Scalars keep their text as written; accessors such as ``bool`` and ``number`` interpret it.
public struct YAMLNode: Hashable, Sendable {
    /// One entry of a mapping.
    public struct Pair: Hashable, Sendable {
        public var key: YAMLNode
        public var value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// What a node holds.
    public enum Kind: Hashable, Sendable {
        /// A scalar's text; `plain` is true when it was written without quotes or a block indicator.
        case scalar(String, plain: Bool)
        /// A sequence's items in order.
        case sequence([YAMLNode])
        /// A mapping's entries in document order.
        case mapping([Pair])
    }

    public var kind: Kind
    /// The 1-based line and 1-based byte column where the node starts (for an alias: where the alias is).
    public var location: SourceLocation
    /// The node's explicit tag as libyaml resolved it, such as `tag:yaml.org,2002:str`; nil when untagged.
    public var tag: String?

    public init(_ kind: Kind, at location: SourceLocation, tag: String? = nil) {
        self.kind = kind
        self.location = location
        self.tag = tag
    }
}

extension YAMLNode {
    /// The value of the first entry whose key is a scalar with this text, if this is a mapping.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.string == key }?.value
    }

    /// The scalar's text, whatever its style; nil for a sequence or a mapping.
    public var string: String? {
        if case .scalar(let text, _) = kind { text } else { nil }
    }

    /// The items, if this is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { items } else { nil }
    }

    /// The entries, if this is a mapping.
    public var mapping: [Pair]? {
        if case .mapping(let pairs) = kind { pairs } else { nil }
    }

    /// Whether this is an untagged plain `null`, `Null`, `NULL`, `~` or empty scalar (or tagged `!!null`).
    public var isNull: Bool {
        guard case .scalar(let text, let plain) = kind else { return false }
        if tag == "tag:yaml.org,2002:null" { return true }
        // Four bytes at most: most scalars are longer, and need no comparison.
        return plain && tag == nil && text.utf8.count <= 4 && ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// A plain scalar `true`/`false`/`yes`/`no`/`on`/`off`, in any case; nil otherwise (quoted text included).
    public var bool: Bool? {
        guard let text = plainText(allowing: ["tag:yaml.org,2002:bool"]) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// A plain scalar integer: decimal with an optional sign, `0x` hexadecimal or `0o` octal.
    public var int: Int? {
        guard let text = plainText(allowing: ["tag:yaml.org,2002:int"]) else { return nil }
        return Self.integer(text)
    }

    /// A plain scalar number: an integer, a decimal or exponent float, or `.inf`, `-.inf`, `.nan`.
    public var number: Double? {
        guard let text = plainText(allowing: ["tag:yaml.org,2002:int", "tag:yaml.org,2002:float"]) else {
            return nil
        }
        if let value = Self.integer(text) { return Double(value) }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let allowed = Set("0123456789+-.eE")
        guard text.contains(where: \.isNumber), text.allSatisfy(allowed.contains) else { return nil }
        return Double(text)
    }

    /// A short phrase naming what this node is, for messages: "a sequence", "a mapping", "'text'".
    public var kindDescription: String {
        switch kind {
        case .scalar(let text, _): text.isEmpty ? "an empty value" : "'\(text)'"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }

    private func plainText(allowing tags: Set<String>) -> String? {
        guard case .scalar(let text, let plain) = kind else { return nil }
        if let tag { return tags.contains(tag) ? text : nil }
        return plain ? text : nil
    }

    private static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

/// Why a YAML text could not be read, and where.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, such as "did not find expected key".
    public var message: String
    /// The 1-based line and byte column of the fault.
    public var location: SourceLocation
    /// What libyaml was reading, such as "while parsing a block mapping", when it says.
    public var context: String?
    /// Where that context starts.
    public var contextLocation: SourceLocation?

    public init(
        _ message: String, at location: SourceLocation, context: String? = nil,
        contextLocation: SourceLocation? = nil
    ) {
        self.message = message
        self.location = location
        self.context = context
        self.contextLocation = contextLocation
    }

    /// The message with its context, such as "did not find expected key (while parsing a block mapping at 2:1)".
    public var description: String {
        guard let context else { return message }
        return contextLocation.map { "\(message) (\(context) at \($0))" } ?? "\(message) (\(context))"
    }

    /// This error with its lines moved down by `lines`, for a YAML text embedded in a larger file.
    public func shifted(byLines lines: Int) -> YAMLError {
        var copy = self
        copy.location.line += lines
        copy.contextLocation?.line += lines
        return copy
    }
}
