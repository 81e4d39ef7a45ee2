import CYAML
import NotebookModel

/// Reads YAML text into a ``YAMLNode`` tree with libyaml's event parser.
public enum YAMLReader {
    /// Bounds that keep hostile input cheap.
    public struct Limits: Hashable, Sendable {
        /// The deepest nesting of sequences and mappings kept as structure; a collection deeper
        /// than this is kept as a quoted scalar holding its source text (see ``YAMLReader/read(_:limits:)``).
        public var maxDepth: Int
        /// The most nodes a document may have, counting each alias as a copy of the node it names.
        public var maxNodes: Int
        /// How many times a parse may start again, each time with one more flow collection
        /// nested deep inside a flattened one blanked out (libyaml is quadratic in flow nesting).
        public var maxRestarts: Int

        public init(maxDepth: Int = 64, maxNodes: Int = 10_000, maxRestarts: Int = 16) {
            self.maxDepth = maxDepth
            self.maxNodes = maxNodes
            self.maxRestarts = maxRestarts
        }
    }

    /// What ``read(_:limits:)`` gives: the document, and where collections were flattened.
    public struct Outcome: Sendable {
        /// The first document: nil when there is none, an error when the text is not valid YAML,
        /// holds a second document, has too many nodes, has duplicate keys, or uses an unknown anchor.
        public var result: Result<YAMLNode?, YAMLError>
        /// Where each collection nested deeper than `maxDepth` starts; each was flattened into a
        /// quoted scalar holding its source text, so nothing of it is lost and no walk goes deeper.
        public var flattened: [SourceLocation]
    }

    /// The warning for a flattened collection, the same wherever YAML is read.
    public static let flattenedMessage =
        "sequences and mappings nest deeper than \(Limits().maxDepth) levels; the deeper levels are kept as text"

    /// The first document of `text` (see ``Outcome``), flattening collections past `limits.maxDepth`.
    public static func read(_ text: String, limits: Limits = Limits()) -> Outcome {
        var flattened: [SourceLocation] = []
        let result = parse(text, limits: limits, flattened: &flattened)
        return Outcome(result: result, flattened: flattened)
    }

    /// The first document of `text`, as ``read(_:limits:)`` gives it, without the flattened places.
    public static func parse(_ text: String, limits: Limits = Limits()) -> Result<YAMLNode?, YAMLError> {
        var flattened: [SourceLocation] = []
        return parse(text, limits: limits, flattened: &flattened)
    }

    private static func parse(
        _ text: String, limits: Limits, flattened: inout [SourceLocation]
    ) -> Result<YAMLNode?, YAMLError> {
        var text = text
        return text.withUTF8 { source in
            var outcome = parse(source, source: source, limits: limits)
            guard outcome.cut != nil else {
                flattened = outcome.flattened
                return outcome.result
            }
            // Flow collections nested too deep inside a flattened one: blank each out and start
            // again, a bounded number of times.
            var blanked = Array(source)
            var cuts = 0
            while let cut = outcome.cut {
                guard cuts < limits.maxRestarts, let end = YAMLFlowScan.end(of: source, from: cut) else {
                    let map = YAMLLocationMap(source)
                    let at = map.location(byteOffset: cut)
                    let message = cuts < limits.maxRestarts
                        ? "a flow collection nested deeper than \(limits.maxDepth) levels is not closed"
                        : "more than \(limits.maxRestarts) flow collections nest deeper than \(limits.maxDepth) levels"
                    return .failure(YAMLError(message, at: at))
                }
                YAMLFlowScan.blank(&blanked, from: cut, to: end)
                cuts += 1
                outcome = blanked.withUnsafeBufferPointer { parse($0, source: source, limits: limits) }
            }
            flattened = outcome.flattened
            return outcome.result
        }
    }

    /// One libyaml parse of `bytes`, whose flattened collections take their text from `source`
    /// (the same bytes, or the same with collections blanked out).
    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, source: UnsafeBufferPointer<UInt8>, limits: Limits
    ) -> (result: Result<YAMLNode?, YAMLError>, flattened: [SourceLocation], cut: Int?) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return (.success(nil), [], nil) }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            return (.failure(YAMLError("libyaml could not start", at: SourceLocation(line: 1, column: 1))), [], nil)
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, base, bytes.count)
        var builder = YAMLTreeBuilder(limits: limits, locations: YAMLLocationMap(bytes), source: source)
        var event = yaml_event_t()
        while true {
            defer { yaml_event_delete(&event) }
            guard yaml_parser_parse(parser, &event) != 0 else {
                return (.failure(builder.locations.error(from: parser.pointee)), builder.flattened, nil)
            }
            if let result = builder.handle(event) { return (result, builder.flattened, builder.cut) }
        }
    }
}
