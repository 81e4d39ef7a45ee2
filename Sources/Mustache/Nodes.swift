/// A compiled template: an immutable tree the renderer walks.
///
/// Whitespace is settled at parse time: standalone lines are gone, and `lineStart` marks every
/// remaining start of a source line, where the renderer writes the current indentation
/// (partials and blocks indent "pre-render", as the spec requires, without re-parsing).
enum Node: Sendable {
    case text(String)
    case lineStart
    case variable(VariableNode)
    case section(SectionNode)
    case partial(PartialNode)
    case block(BlockNode)
}

/// A run of nodes, with the leading `lineStart` taken out: whoever renders the fragment
/// decides whether its first line starts a line of output.
struct Fragment: Sendable {
    /// The nodes, as the renderer reads them.
    let program: Program
    var startsAtLineStart: Bool

    var nodes: [Node] { program.nodes }

    init(_ nodes: [Node]) {
        if case .lineStart = nodes.first {
            program = Program(Array(nodes.dropFirst()))
            startsAtLineStart = true
        } else {
            program = Program(nodes)
            startsAtLineStart = false
        }
    }
}

/// A run of nodes as the renderer reads them: steps that are copied without a reference count,
/// since they point at nodes and bytes that the program itself keeps alive. Every page renders
/// the same templates, on every core at once: counting references to the shared nodes, one
/// each time a node was read, took more time than the rest of the renderer's loop.
final class Program: @unchecked Sendable {
    enum Step {
        case text(UnsafeBufferPointer<UInt8>)
        case lineStart
        case variable(Unmanaged<VariableNode>)
        case section(Unmanaged<SectionNode>)
        case partial(Unmanaged<PartialNode>)
        case block(Unmanaged<BlockNode>)
    }

    let steps: [Step]
    /// What the steps point at: the nodes, and every text's bytes in one buffer.
    let nodes: [Node]
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    init(_ nodes: [Node]) {
        self.nodes = nodes
        var size = 0
        for case .text(let text) in nodes { size += text.utf8.count }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(size, 1))
        self.bytes = bytes
        var offset = 0
        steps = nodes.map { node in
            switch node {
            case .text(let text):
                let start = offset
                offset = bytes[start...].initialize(fromContentsOf: text.utf8)
                return .text(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
            case .lineStart: return .lineStart
            case .variable(let variable): return .variable(.passUnretained(variable))
            case .section(let section): return .section(.passUnretained(section))
            case .partial(let partial): return .partial(.passUnretained(partial))
            case .block(let block): return .block(.passUnretained(block))
            }
        }
    }

    deinit { bytes.deallocate() }
}

extension Unmanaged {
    /// Runs `body` with the object, which the caller keeps alive, without counting a reference.
    @inline(__always)
    func borrowing<Result, Failure: Error>(_ body: (Instance) throws(Failure) -> Result) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = _withUnsafeGuaranteedRef { instance in
            do throws(Failure) {
                return .success(try body(instance))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}

/// A dotted name; no components means the implicit iterator `.`.
struct Name: Sendable {
    let raw: String
    /// The first component, looked up in the contexts; nil for `.`.
    let first: String?
    /// The components after the first, each looked up in the value before.
    let rest: [String]

    init(raw: String, components: [String]) {
        self.raw = raw
        first = components.first
        rest = Array(components.dropFirst())
    }
}

/// Where a tag sits, for errors raised while rendering.
struct Location: Sendable {
    let source: TemplateSource
    let offset: Int

    func error(_ kind: MustacheError.Kind, _ message: String) -> MustacheError {
        source.error(kind, message, at: offset)
    }
}

struct Delimiters: Sendable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

/// `{{name}}`, `{{{name}}}` or `{{&name}}`.
final class VariableNode: Sendable {
    let name: Name
    let escaped: Bool
    let location: Location

    init(name: Name, escaped: Bool, location: Location) {
        self.name = name
        self.escaped = escaped
        self.location = location
    }
}

/// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`.
final class SectionNode: Sendable {
    let name: Name
    let inverted: Bool
    /// The nodes, as the renderer reads them.
    let program: Program
    var nodes: [Node] { program.nodes }
    /// The unrendered source between the tags, for section lambdas.
    let rawText: String
    /// The delimiters in effect at the opening tag, for parsing a section lambda's result.
    let delimiters: Delimiters
    let location: Location

    init(name: Name, inverted: Bool, nodes: [Node], rawText: String, delimiters: Delimiters, location: Location) {
        self.name = name
        self.inverted = inverted
        program = Program(nodes)
        self.rawText = rawText
        self.delimiters = delimiters
        self.location = location
    }

    func with(nodes: [Node]) -> SectionNode {
        SectionNode(
            name: name, inverted: inverted, nodes: nodes, rawText: rawText, delimiters: delimiters,
            location: location)
    }
}

/// `{{>name}}` (no overrides) or `{{<name}}…{{/name}}` (a parent, with block overrides).
final class PartialNode: Sendable {
    enum Target: Sendable {
        case fixed(String)
        /// `{{>*name}}`: the partial's name is the value of `name`.
        case dynamic(Name)
    }

    let target: Target
    /// The indentation of a standalone tag; `nil` when the tag is inline.
    let indentation: String?
    /// The blocks a parent tag passes, by name; `nil` for a plain partial.
    let overrides: [String: BlockNode]?
    let location: Location

    init(target: Target, indentation: String?, overrides: [String: BlockNode]?, location: Location) {
        self.target = target
        self.indentation = indentation
        self.overrides = overrides
        self.location = location
    }

    func with(indentation: String?, overrides: [String: BlockNode]?) -> PartialNode {
        PartialNode(target: target, indentation: indentation, overrides: overrides, location: location)
    }
}

/// `{{$name}}…{{/name}}`: a block site in a template, or an override inside a parent tag.
final class BlockNode: Sendable {
    /// How the opening tag sits on its line, which decides the block's indentation.
    enum Placement: Sendable {
        /// The opening tag's line is standalone: the content starts on the next line, whose
        /// leading whitespace is the block's own ("intrinsic") indentation.
        case standalone
        /// Only whitespace precedes the opening tag on its line (and something follows it):
        /// that whitespace is the block's indentation.
        case lineStart
        /// Something precedes the opening tag on its line: no indentation.
        case inline
    }

    let name: String
    /// Default content for a site; the argument for an override. Outdented by `indentation`.
    let content: Fragment
    let placement: Placement
    /// Relative to the enclosing block's indentation, once the enclosing block is parsed.
    let indentation: String
    let location: Location

    init(name: String, content: Fragment, placement: Placement, indentation: String, location: Location) {
        self.name = name
        self.content = content
        self.placement = placement
        self.indentation = indentation
        self.location = location
    }

    func with(content: Fragment? = nil, indentation: String? = nil) -> BlockNode {
        BlockNode(
            name: name, content: content ?? self.content, placement: placement,
            indentation: indentation ?? self.indentation, location: location)
    }
}
