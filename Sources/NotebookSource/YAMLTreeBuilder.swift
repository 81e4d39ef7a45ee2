import CYAML
import NotebookModel

/// Builds the tree from parser events with an explicit stack, resolving aliases and enforcing limits.
///
/// A collection that would nest deeper than `maxDepth` is not built: its events are passed over
/// and it becomes one quoted scalar holding its source text. libyaml's time grows with the square
/// of the flow nesting, so a flow collection nested ``flowDepthInFlattened`` levels deep inside a
/// passed-over one stops the parse (``cut``) for ``YAMLReader`` to blank it out and start again.
struct YAMLTreeBuilder {
    /// How deep flow collections may nest inside a collection that is passed over.
    static let flowDepthInFlattened = 64

    /// A collection being passed over: which collections are open inside it (true for flow
    /// style), and where it began.
    private struct Flattening {
        var open: [Bool]
        var flowDepth: Int
        var startOffset: Int
        var location: SourceLocation
        var anchor: String?
    }

    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var tag: String?
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        var pendingKey: YAMLNode?
        /// The mapping's text keys once it has many; before that, its pairs are searched.
        var keys: Set<String>?
        var count = 1

        /// Whether `key` is new to this mapping; it is counted as there from now on.
        mutating func insertKey(_ key: String) -> Bool {
            if keys == nil {
                // A front matter's handful of keys is searched faster than it is hashed.
                if pairs.count < Self.keysSearched { return !pairs.contains { $0.key.string == key } }
                keys = Set(pairs.compactMap(\.key.string))
            }
            return keys!.insert(key).inserted
        }

        /// How many pairs a mapping has before its keys are kept in a set.
        static let keysSearched = 16
    }

    let limits: YAMLReader.Limits
    var locations: YAMLLocationMap
    /// The text as written, for the text of flattened collections (the parsed text may have
    /// some blanked out).
    let source: UnsafeBufferPointer<UInt8>
    /// The byte offset of a flow collection nested too deep inside a passed-over one; the parse
    /// stopped there.
    private(set) var cut: Int?
    /// The innermost collection being built, changed in place; the ones around it wait in
    /// `outer` (every node is attached to the innermost one: through the list, each attach
    /// checked that the list was uniquely held and copied the frame's parts to reach them).
    private var current: Frame?
    private var outer: [Frame] = []
    /// How many collections are open.
    private var depth: Int { outer.count + (current == nil ? 0 : 1) }
    private var anchors: [String: (node: YAMLNode, count: Int)] = [:]
    private var openAnchors: Set<String> = []
    private var root: YAMLNode?
    private var total = 0
    private var documents = 0
    private var flattening: Flattening?
    /// Where each flattened collection starts.
    private(set) var flattened: [SourceLocation] = []

    init(limits: YAMLReader.Limits, locations: YAMLLocationMap, source: UnsafeBufferPointer<UInt8>) {
        self.limits = limits
        self.locations = locations
        self.source = source
    }

    /// Whether a sequence or mapping start event is in flow style.
    private static func isFlow(_ event: yaml_event_t) -> Bool {
        event.type == YAML_MAPPING_START_EVENT
            ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
    }

    /// Takes one event; returns the outcome once the parse is over, or `.success(nil)` with
    /// ``cut`` set when it must start again.
    mutating func handle(_ event: yaml_event_t) -> Result<YAMLNode?, YAMLError>? {
        if flattening != nil { return passOver(event) }
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
            let text = SourceText.containsNUL(bytes) ? String(decoding: SourceText.withoutNUL(Array(bytes)), as: UTF8.self) : String(decoding: bytes, as: UTF8.self)
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
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = Self.text(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            let tag = Self.text(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
            guard depth < limits.maxDepth else {
                let start = locations.byteOffset(charIndex: Int(event.start_mark.index))
                let flow = Self.isFlow(event)
                flattening = Flattening(open: [flow], flowDepth: flow ? 1 : 0, startOffset: start, location: at, anchor: anchor)
                flattened.append(at)
                return nil
            }
            if let anchor { openAnchors.insert(anchor) }
            if let open = current.take() { outer.append(open) }
            current = Frame(isMapping: isMapping, location: at, tag: tag, anchor: anchor)
            // Room for a front matter's handful of keys, or a list's few items, from the start:
            // grown one at a time, a mapping of three keys was allocated three times.
            if isMapping { current!.pairs.reserveCapacity(8) } else { current!.items.reserveCapacity(4) }
            return count(1, at: at)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = current.take() else { break }
            current = outer.popLast()
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

    /// Passes over an event inside a flattened collection; at its end, adds the collection's text.
    private mutating func passOver(_ event: yaml_event_t) -> Result<YAMLNode?, YAMLError>? {
        // `flattening` is changed in place: a copy of its stack per event would make deep block
        // nesting quadratic.
        guard flattening != nil else { return nil }
        switch event.type {
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let flow = Self.isFlow(event)
            if flow && flattening!.flowDepth >= Self.flowDepthInFlattened {
                // Only a bracket can be blanked out; an implicit pair (`[a: b]`) starts at its key.
                let start = locations.byteOffset(charIndex: Int(event.start_mark.index))
                if start < source.count, source[start] == UInt8(ascii: "[") || source[start] == UInt8(ascii: "{") {
                    cut = start
                    return .success(nil)
                }
            }
            flattening!.open.append(flow)
            if flow { flattening!.flowDepth += 1 }
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            if flattening!.open.removeLast() { flattening!.flowDepth -= 1 }
        default:
            break
        }
        guard flattening!.open.isEmpty, let current = flattening else { return nil }
        flattening = nil
        let end = locations.byteOffset(charIndex: Int(event.end_mark.index))
        let node = YAMLNode(.scalar(Self.text(of: source, from: current.startOffset, to: end), plain: false), at: current.location)
        if let anchor = current.anchor { anchors[anchor] = (node, 1) }
        return add(node, count: 1)
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
    private mutating func attach(_ node: consuming YAMLNode, count: Int) -> Result<YAMLNode?, YAMLError>? {
        guard current != nil else {
            root = node
            return nil
        }
        current!.count += count
        guard current!.isMapping else {
            current!.items.append(node)
            return nil
        }
        guard let key = current!.pendingKey.take() else {
            if let text = node.string, !current!.insertKey(text) {
                return .failure(YAMLError("duplicate key '\(text)' in a mapping", at: node.location))
            }
            current!.pendingKey = node
            return nil
        }
        current!.pairs.append(YAMLNode.Pair(key: key, value: node))
        return nil
    }

    /// The source text between two byte offsets, without trailing blanks and line breaks.
    private static func text(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        var end = min(end, bytes.count)
        while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        return String(decoding: SourceText.withoutNUL(Array(bytes[start..<max(start, end)])), as: UTF8.self)
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
