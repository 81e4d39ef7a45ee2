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
        return plain && tag == nil && ["", "~", "null", "Null", "NULL"].contains(text)
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

/// Reads YAML text into a ``YAMLNode`` tree with libyaml's event parser.
public enum YAMLReader {
    /// Bounds that keep hostile input cheap.
    public struct Limits: Hashable, Sendable {
        /// The deepest nesting of sequences and mappings allowed.
        public var maxDepth: Int
        /// The most nodes a document may have, counting each alias as a copy of the node it names.
        public var maxNodes: Int

        public init(maxDepth: Int = 64, maxNodes: Int = 10_000) {
            self.maxDepth = maxDepth
            self.maxNodes = maxNodes
        }
    }

    /// The first document of `text`: nil when it has none, an error when it is not valid YAML,
    /// holds a second document, exceeds `limits`, has duplicate keys, or uses an unknown anchor.
    public static func parse(_ text: String, limits: Limits = Limits()) -> Result<YAMLNode?, YAMLError> {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return .success(nil) }
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            defer { parser.deallocate() }
            guard yaml_parser_initialize(parser) != 0 else {
                return .failure(YAMLError("libyaml could not start", at: SourceLocation(line: 1, column: 1)))
            }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_input_string(parser, base, bytes.count)
            var builder = YAMLTreeBuilder(limits: limits, locations: YAMLLocationMap(bytes))
            var event = yaml_event_t()
            while true {
                defer { yaml_event_delete(&event) }
                guard yaml_parser_parse(parser, &event) != 0 else {
                    return .failure(builder.locations.error(from: parser.pointee))
                }
                if let result = builder.handle(event) { return result }
            }
        }
    }
}

/// Turns libyaml marks (0-based, counted in characters) into 1-based lines and byte columns.
///
/// Lines end at LF, CRLF or a lone CR. Marks mostly arrive in order, so a cursor moves forward.
struct YAMLLocationMap {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let origin: Int
    private var index = 0, offset = 0, line = 1, lineStart = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        origin = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // libyaml skips a BOM without counting it
        offset = origin
    }

    /// The location of libyaml's character index `target`.
    mutating func location(charIndex target: Int) -> SourceLocation {
        if target < index { (index, offset, line, lineStart) = (0, origin, 1, 0) }
        while index < target, offset < bytes.count {
            let byte = bytes[offset]
            step()
            offset += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            index += 1
        }
        return SourceLocation(line: line, column: min(offset, bytes.count) - lineStart + 1)
    }

    /// The location of byte `target`, for libyaml's reader errors.
    mutating func location(byteOffset target: Int) -> SourceLocation {
        (index, offset, line, lineStart) = (0, 0, 1, 0)
        while offset < min(target, bytes.count) {
            step()
            offset += 1
        }
        let location = SourceLocation(line: line, column: offset - lineStart + 1)
        (index, offset, line, lineStart) = (0, origin, 1, 0)
        return location
    }

    /// Counts a line break if the byte at `offset` ends a line.
    private mutating func step() {
        let byte = bytes[offset]
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
        if byte == 0x0A || (byte == 0x0D && next != 0x0A) {
            line += 1
            lineStart = offset + 1
        }
    }

    /// The error libyaml reports after a failed `yaml_parser_parse`.
    mutating func error(from parser: yaml_parser_t) -> YAMLError {
        let fallback = parser.error == YAML_MEMORY_ERROR ? "out of memory" : "invalid YAML"
        let problem = parser.problem.map { String(cString: $0) } ?? fallback
        if parser.error == YAML_READER_ERROR {
            let hex = String(parser.problem_value, radix: 16, uppercase: true)
            let value = parser.problem_value == -1 ? "" : " (#x\(hex))"
            return YAMLError(problem + value, at: location(byteOffset: Int(parser.problem_offset)))
        }
        let at = location(charIndex: Int(parser.problem_mark.index))
        guard let context = parser.context.map({ String(cString: $0) }) else { return YAMLError(problem, at: at) }
        let contextAt = location(charIndex: Int(parser.context_mark.index))
        return YAMLError(problem, at: at, context: context, contextLocation: contextAt)
    }
}

/// Builds the tree from parser events with an explicit stack, resolving aliases and enforcing limits.
struct YAMLTreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var tag: String?
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        var pendingKey: YAMLNode?
        var keys: Set<String> = []
        var count = 1
    }

    let limits: YAMLReader.Limits
    var locations: YAMLLocationMap
    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, count: Int)] = [:]
    private var openAnchors: Set<String> = []
    private var root: YAMLNode?
    private var total = 0
    private var documents = 0

    init(limits: YAMLReader.Limits, locations: YAMLLocationMap) {
        self.limits = limits
        self.locations = locations
    }

    /// Takes one event; returns the outcome once the parse is over.
    mutating func handle(_ event: yaml_event_t) -> Result<YAMLNode?, YAMLError>? {
        let at = locations.location(charIndex: Int(event.start_mark.index))
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                return .failure(YAMLError("a second YAML document starts here; only one is allowed", at: at))
            }
        case YAML_STREAM_END_EVENT:
            return .success(root)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let bytes = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
            // A `"\0"` escape gives a NUL, which is U+FFFD everywhere.
            let text = bytes.contains(0) ? String(decoding: SourceText.withoutNUL(Array(bytes)), as: UTF8.self) : String(decoding: bytes, as: UTF8.self)
            let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            let node = YAMLNode(.scalar(text, plain: plain), at: at, tag: Self.text(scalar.tag))
            if let anchor = Self.text(scalar.anchor) { anchors[anchor] = (node, 1) }
            return add(node, count: 1)
        case YAML_ALIAS_EVENT:
            let name = Self.text(event.data.alias.anchor) ?? ""
            guard let (anchored, count) = anchors[name] else {
                let problem = openAnchors.contains(name)
                    ? "refers to a node that contains it" : "has no anchor &\(name) before it"
                return .failure(YAMLError("alias *\(name) \(problem)", at: at))
            }
            var node = anchored
            node.location = at
            return add(node, count: count)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard stack.count < limits.maxDepth else {
                return .failure(YAMLError("sequences and mappings nest deeper than \(limits.maxDepth) levels", at: at))
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = Self.text(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            let tag = Self.text(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
            if let anchor { openAnchors.insert(anchor) }
            stack.append(Frame(isMapping: isMapping, location: at, tag: tag, anchor: anchor))
            return count(1, at: at)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { break }
            let kind: YAMLNode.Kind = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
            let node = YAMLNode(kind, at: frame.location, tag: frame.tag)
            if let anchor = frame.anchor {
                openAnchors.remove(anchor)
                anchors[anchor] = (node, frame.count)
            }
            return attach(node, count: frame.count)
        default:
            break
        }
        return nil
    }

    /// Counts and attaches a scalar or alias.
    private mutating func add(_ node: YAMLNode, count: Int) -> Result<YAMLNode?, YAMLError>? {
        self.count(count, at: node.location) ?? attach(node, count: count)
    }

    private mutating func count(_ nodes: Int, at location: SourceLocation) -> Result<YAMLNode?, YAMLError>? {
        total += nodes
        guard total > limits.maxNodes else { return nil }
        let message = "the document has more than \(limits.maxNodes) nodes (an alias counts as a copy of what it names)"
        return .failure(YAMLError(message, at: location))
    }

    /// Puts a finished node into its parent, or makes it the root.
    private mutating func attach(_ node: YAMLNode, count: Int) -> Result<YAMLNode?, YAMLError>? {
        guard !stack.isEmpty else {
            root = node
            return nil
        }
        let top = stack.count - 1
        stack[top].count += count
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return nil
        }
        guard let key = stack[top].pendingKey else {
            if let text = node.string, !stack[top].keys.insert(text).inserted {
                return .failure(YAMLError("duplicate key '\(text)' in a mapping", at: node.location))
            }
            stack[top].pendingKey = node
            return nil
        }
        stack[top].pairs.append(YAMLNode.Pair(key: key, value: node))
        stack[top].pendingKey = nil
        return nil
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
