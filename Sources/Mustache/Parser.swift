/// Compiles template source into a ``Fragment`` in three passes: tokenize (following Set
/// Delimiter tags), settle standalone lines, build the tree (checking that tags pair up).
struct Parser {
    /// Sections, inverted sections, parents and blocks nest at most this deep in one template;
    /// deeper ones are flattened: their tags are kept as text, with a warning.
    static let maxNesting = 64

    private enum TagKind {
        case escaped, unescaped, section, inverted, close, comment, partial, parent, block, delimiters

        /// Whether the tag can make its line standalone: everything but interpolation.
        var canStandAlone: Bool { self != .escaped && self != .unescaped }
        var opensSection: Bool { self == .section || self == .inverted || self == .parent || self == .block }
    }

    private struct Tag {
        let kind: TagKind
        /// Trimmed content between the delimiters, without the sigil.
        let content: String
        /// UTF-8 offsets of the opening delimiter and just past the closing delimiter.
        let start: Int
        let end: Int
        let delimiters: Delimiters
        /// For a standalone partial or parent tag: the whitespace before it on its line.
        var standaloneIndentation: String?
        var placement: BlockNode.Placement = .inline
        var blockIndentation = ""
    }

    private enum Token {
        /// Source bytes `start..<end`; `newline` when they end with `\n` (ending the line).
        case text(start: Int, end: Int, newline: Bool)
        case tag(Int)
        case lineStart
    }

    private let source: TemplateSource
    private let bytes: [UInt8]
    private var tags: [Tag] = []

    private init(source: TemplateSource) {
        self.source = source
        bytes = Array(source.text.utf8)
    }

    /// The template's tree, and a warning for each section flattened past ``maxNesting``.
    static func parse(
        _ source: TemplateSource, delimiters: Delimiters = .standard
    ) throws(MustacheError) -> (fragment: Fragment, warnings: [MustacheError]) {
        var parser = Parser(source: source)
        let tokens = try parser.tokenize(delimiters)
        let lines = parser.settleLines(tokens)
        return try parser.buildTree(lines)
    }

    // MARK: - Tokens

    private mutating func tokenize(_ initial: Delimiters) throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var delimiters = initial
        var position = 0
        let count = bytes.count
        while position < count {
            guard let start = find(delimiters.open, from: position) else {
                appendText(position, count, to: &tokens)
                break
            }
            appendText(position, start, to: &tokens)
            var cursor = start + delimiters.open.count
            var kind = TagKind.escaped
            var closer = delimiters.close
            if cursor < count {
                switch bytes[cursor] {
                case UInt8(ascii: "{"):
                    kind = .unescaped
                    closer = [UInt8(ascii: "}")] + delimiters.close
                case UInt8(ascii: "&"): kind = .unescaped
                case UInt8(ascii: "#"): kind = .section
                case UInt8(ascii: "^"): kind = .inverted
                case UInt8(ascii: "/"): kind = .close
                case UInt8(ascii: "!"): kind = .comment
                case UInt8(ascii: ">"): kind = .partial
                case UInt8(ascii: "<"): kind = .parent
                case UInt8(ascii: "$"): kind = .block
                case UInt8(ascii: "="):
                    kind = .delimiters
                    closer = [UInt8(ascii: "=")] + delimiters.close
                default: break
                }
                if kind != .escaped { cursor += 1 }
            }
            guard let closeAt = find(closer, from: cursor) else {
                throw source.error(
                    .unclosedTag, "unclosed tag: expected '\(String(decoding: closer, as: UTF8.self))'", at: start)
            }
            let content = trimmed(cursor, closeAt)
            let end = closeAt + closer.count
            tags.append(Tag(kind: kind, content: content, start: start, end: end, delimiters: delimiters))
            tokens.append(.tag(tags.count - 1))
            if kind == .delimiters {
                delimiters = try parseDelimiters(content, at: start)
            }
            position = end
        }
        return tokens
    }

    /// Splits text after each `\n`, so that a text token ends a line only at its end.
    private func appendText(_ start: Int, _ end: Int, to tokens: inout [Token]) {
        var lineStart = start
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                tokens.append(.text(start: lineStart, end: index + 1, newline: true))
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < end { tokens.append(.text(start: lineStart, end: end, newline: false)) }
    }

    private func parseDelimiters(_ content: String, at offset: Int) throws(MustacheError) -> Delimiters {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") else {
            throw source.error(
                .invalidDelimiters,
                "invalid delimiters '\(content)': expected two delimiters without '=', separated by whitespace",
                at: offset)
        }
        return Delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8))
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        outer: while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < needle.count {
                    if bytes[index + offset] != needle[offset] {
                        index += 1
                        continue outer
                    }
                    offset += 1
                }
                return index
            }
            index += 1
        }
        return nil
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func trimmed(_ start: Int, _ end: Int) -> String {
        var lower = start
        var upper = end
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return string(lower, upper)
    }

    /// Whether text bytes are blank, not counting a final `\n` or `\r\n`.
    private func isBlank(_ start: Int, _ end: Int, newline: Bool) -> Bool {
        var upper = end
        if newline {
            upper -= 1
            if upper > start, bytes[upper - 1] == UInt8(ascii: "\r") { upper -= 1 }
        }
        for index in start..<upper where !isSpace(bytes[index]) { return false }
        return true
    }

    /// Leading spaces and tabs of the source line starting at `offset`.
    private func leadingWhitespace(at offset: Int) -> String {
        var end = offset
        while end < bytes.count, isSpace(bytes[end]) { end += 1 }
        return string(offset, end)
    }

    // MARK: - Standalone lines

    /// Drops standalone lines' whitespace, marks line starts, and records tag placements.
    ///
    /// A line is standalone when, besides spaces and tabs, it holds only tags other than
    /// interpolations, and not a block site's opening and closing tags together (a block
    /// site on one line keeps its line ending; its leading whitespace becomes its indentation).
    private mutating func settleLines(_ tokens: [Token]) -> [Token] {
        struct Open {
            let kind: TagKind
            let content: String
            let line: Int
            let isSite: Bool
        }
        var result: [Token] = []
        result.reserveCapacity(tokens.count + tokens.count / 4)
        var open: [Open] = []
        var lineNumber = 0
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            var nextLineOffset: Int?
            while lineEnd < tokens.count {
                defer { lineEnd += 1 }
                if case .text(_, let end, true) = tokens[lineEnd] {
                    nextLineOffset = end
                    break
                }
            }
            lineNumber += 1

            var tagCount = 0
            var blank = true
            var blockSiteOnOneLine = false
            for token in tokens[lineStart..<lineEnd] {
                switch token {
                case .text(let start, let end, let newline):
                    if blank, !isBlank(start, end, newline: newline) { blank = false }
                case .tag(let index):
                    tagCount += 1
                    let tag = tags[index]
                    if !tag.kind.canStandAlone { blank = false }
                    if tag.kind.opensSection {
                        let isSite = tag.kind == .block && open.last?.kind != .parent
                        open.append(Open(kind: tag.kind, content: tag.content, line: lineNumber, isSite: isSite))
                    } else if tag.kind == .close, let top = open.last,
                        Parser.closingName(top.content) == Parser.closingName(tag.content)
                    {
                        open.removeLast()
                        if top.isSite, top.line == lineNumber { blockSiteOnOneLine = true }
                    }
                case .lineStart:
                    break
                }
            }

            if tagCount > 0, blank, !blockSiteOnOneLine {
                var indentation = ""
                if case .text(let start, let end, false) = tokens[lineStart] { indentation = string(start, end) }
                for token in tokens[lineStart..<lineEnd] {
                    guard case .tag(let index) = token else { continue }
                    switch tags[index].kind {
                    case .partial, .parent:
                        tags[index].standaloneIndentation = indentation
                    case .block:
                        tags[index].placement = .standalone
                        tags[index].blockIndentation = nextLineOffset.map { leadingWhitespace(at: $0) } ?? ""
                    default: break
                    }
                    result.append(token)
                }
            } else {
                result.append(.lineStart)
                var first = lineStart
                if case .text(let start, let end, false) = tokens[first], isBlank(start, end, newline: false),
                    first + 1 < lineEnd, case .tag(let index) = tokens[first + 1], tags[index].kind == .block
                {
                    tags[index].placement = .lineStart
                    tags[index].blockIndentation = string(start, end)
                    first += 1
                } else if case .tag(let index) = tokens[first], tags[index].kind == .block {
                    tags[index].placement = .lineStart
                }
                result.append(contentsOf: tokens[first..<lineEnd])
            }
            lineStart = lineEnd
        }
        return result
    }

    /// The name a closing tag must repeat; `* name` and `*name` are the same dynamic name.
    private static func closingName(_ content: String) -> String {
        guard content.hasPrefix("*") else { return content }
        return "*" + content.dropFirst().trimmingSpaces()
    }

    // MARK: - Tree

    private struct Frame {
        /// The opening tag's index; `nil` for the template itself.
        let tag: Int?
        var nodes: [Node] = []
    }

    private func location(_ tag: Tag) -> Location { Location(source: source, offset: tag.start) }

    /// Appends text to the innermost frame, joined to text just before it.
    private func appendText(_ text: String, to frames: inout [Frame]) {
        let last = frames.count - 1
        if case .text(var previous) = frames[last].nodes.last {
            // Release the node's hold on the text first, so that it grows in place.
            frames[last].nodes[frames[last].nodes.count - 1] = .lineStart
            previous += text
            frames[last].nodes[frames[last].nodes.count - 1] = .text(previous)
        } else {
            frames[last].nodes.append(.text(text))
        }
    }

    private func buildTree(_ tokens: [Token]) throws(MustacheError) -> (fragment: Fragment, warnings: [MustacheError]) {
        var frames = [Frame(tag: nil)]
        frames[0].nodes.reserveCapacity(tokens.count)
        /// The sections opened past `maxNesting`, whose tags are kept as text.
        var flattened: [Int] = []
        var warnings: [MustacheError] = []
        for token in tokens {
            switch token {
            case .lineStart:
                frames[frames.count - 1].nodes.append(.lineStart)
            case .text(let start, let end, _):
                guard start < end else { continue }
                appendText(string(start, end), to: &frames)
            case .tag(let index):
                let tag = tags[index]
                switch tag.kind {
                case .comment, .delimiters:
                    break
                case .escaped, .unescaped:
                    let node = VariableNode(
                        name: try name(tag), escaped: tag.kind == .escaped, location: location(tag))
                    frames[frames.count - 1].nodes.append(.variable(node))
                case .partial:
                    let node = PartialNode(
                        target: try target(tag), indentation: tag.standaloneIndentation, overrides: nil,
                        location: location(tag))
                    frames[frames.count - 1].nodes.append(.partial(node))
                case .section, .inverted, .parent, .block:
                    switch tag.kind {
                    case .parent: _ = try target(tag)
                    case .block: try validateBlockName(tag)
                    default: _ = try name(tag)
                    }
                    guard frames.count <= Parser.maxNesting else {
                        // One warning, at the first place: locating each would cost a pass over the text.
                        if warnings.isEmpty {
                            let message = "sections nested more than \(Parser.maxNesting) deep; the deeper tags are kept as text, here and wherever else it happens"
                            warnings.append(source.error(.nestingTooDeep, message, at: tag.start))
                        }
                        flattened.append(index)
                        appendText(string(tag.start, tag.end), to: &frames)
                        continue
                    }
                    frames.append(Frame(tag: index))
                case .close where !flattened.isEmpty:
                    let opening = tags[flattened[flattened.count - 1]]
                    guard Parser.closingName(opening.content) == Parser.closingName(tag.content) else {
                        throw mismatch(tag, opening: opening)
                    }
                    flattened.removeLast()
                    appendText(string(tag.start, tag.end), to: &frames)
                case .close:
                    guard frames.count > 1, let openIndex = frames[frames.count - 1].tag else {
                        throw source.error(
                            .unexpectedClosingTag, "closing tag '\(tag.content)' without an open section",
                            at: tag.start)
                    }
                    let opening = tags[openIndex]
                    guard Parser.closingName(opening.content) == Parser.closingName(tag.content) else {
                        throw mismatch(tag, opening: opening)
                    }
                    let frame = frames.removeLast()
                    let node = try close(frame.nodes, opening: opening, closing: tag)
                    frames[frames.count - 1].nodes.append(node)
                }
            }
        }
        if let openIndex = flattened.last ?? frames[frames.count - 1].tag {
            let opening = tags[openIndex]
            throw source.error(.unclosedSection, "unclosed \(describe(opening))", at: opening.start)
        }
        return (Fragment(frames[0].nodes), warnings)
    }

    /// The error for a closing tag that names another section than the one open.
    private func mismatch(_ tag: Tag, opening: Tag) -> MustacheError {
        let (line, _) = lineAndColumn(opening.start)
        return source.error(
            .mismatchedClosingTag,
            "closing tag '\(tag.content)' does not match \(describe(opening)) opened on line \(line)", at: tag.start)
    }

    private func describe(_ tag: Tag) -> String {
        switch tag.kind {
        case .inverted: "inverted section '\(tag.content)'"
        case .parent: "parent '\(tag.content)'"
        case .block: "block '\(tag.content)'"
        default: "section '\(tag.content)'"
        }
    }

    private func lineAndColumn(_ offset: Int) -> (Int, Int) {
        let error = source.error(.unclosedTag, "", at: offset)
        return (error.line, error.column)
    }

    private func close(_ nodes: [Node], opening: Tag, closing: Tag) throws(MustacheError) -> Node {
        switch opening.kind {
        case .section, .inverted:
            return .section(
                SectionNode(
                    name: try name(opening), inverted: opening.kind == .inverted, nodes: nodes,
                    rawText: string(opening.end, closing.start), delimiters: opening.delimiters,
                    location: location(opening)))
        case .parent:
            var overrides: [String: BlockNode] = [:]
            for case .block(let block) in nodes { overrides[block.name] = block }
            return .partial(
                PartialNode(
                    target: try target(opening), indentation: opening.standaloneIndentation, overrides: overrides,
                    location: location(opening)))
        default:
            var content = nodes
            if opening.placement != .inline, !opening.blockIndentation.isEmpty {
                content = Parser.outdent(nodes, by: Array(opening.blockIndentation.utf8), atLineStart: false)
            }
            return .block(
                BlockNode(
                    name: opening.content, content: Fragment(content), placement: opening.placement,
                    indentation: opening.blockIndentation, location: location(opening)))
        }
    }

    // MARK: - Block indentation

    /// Removes `prefix` from the start of every line in `nodes`: from text at line starts,
    /// from standalone partials' indentation, and from nested blocks' indentation (a block
    /// with its own indentation has already outdented its content).
    private static func outdent(_ nodes: [Node], by prefix: [UInt8], atLineStart: Bool) -> [Node] {
        var result: [Node] = []
        result.reserveCapacity(nodes.count)
        var atLineStart = atLineStart
        for node in nodes {
            switch node {
            case .lineStart:
                result.append(node)
                atLineStart = true
                continue
            case .text(let text):
                let remaining = atLineStart ? dropping(prefix, from: text) : text
                if !remaining.isEmpty { result.append(.text(remaining)) }
            case .variable:
                result.append(node)
            case .section(let section):
                result.append(.section(section.with(nodes: outdent(section.nodes, by: prefix, atLineStart: false))))
            case .partial(let partial):
                result.append(
                    .partial(
                        partial.with(
                            indentation: partial.indentation.map { dropping(prefix, from: $0) },
                            overrides: partial.overrides?.mapValues { outdent($0, by: prefix) })))
            case .block(let block):
                result.append(.block(outdent(block, by: prefix)))
            }
            atLineStart = false
        }
        return result
    }

    private static func outdent(_ block: BlockNode, by prefix: [UInt8]) -> BlockNode {
        if block.placement == .inline {
            let nodes = outdent(block.content.nodes, by: prefix, atLineStart: block.content.startsAtLineStart)
            var content = Fragment(nodes)
            content.startsAtLineStart = block.content.startsAtLineStart
            return block.with(content: content)
        }
        return block.with(indentation: dropping(prefix, from: block.indentation))
    }

    /// `text` without as much of `prefix` as it starts with.
    private static func dropping(_ prefix: [UInt8], from text: String) -> String {
        var count = 0
        for byte in text.utf8 {
            guard count < prefix.count, byte == prefix[count] else { break }
            count += 1
        }
        return count == 0 ? text : String(Substring(text.utf8.dropFirst(count)))
    }

    // MARK: - Names

    private func invalidName(_ tag: Tag, _ reason: String) -> MustacheError {
        source.error(.invalidTagName, reason, at: tag.start)
    }

    private func name(_ tag: Tag) throws(MustacheError) -> Name {
        guard let name = Parser.dottedName(tag.content) else {
            throw invalidName(tag, Parser.nameProblem(tag.content))
        }
        return name
    }

    private static func nameProblem(_ content: String) -> String {
        if content.isEmpty { return "empty tag: expected a name" }
        if content.contains(where: \.isWhitespace) { return "invalid name '\(content)': names contain no whitespace" }
        return "invalid name '\(content)': a dotted name has no empty parts"
    }

    /// `.` or `a.b.c`, or `nil` when empty, spaced, or with empty components.
    static func dottedName(_ content: String) -> Name? {
        if content == "." { return Name(raw: content, components: []) }
        guard !content.isEmpty, !content.contains(where: \.isWhitespace) else { return nil }
        let components = content.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty) else { return nil }
        return Name(raw: content, components: components)
    }

    private func target(_ tag: Tag) throws(MustacheError) -> PartialNode.Target {
        if tag.content.hasPrefix("*") {
            let rest = tag.content.dropFirst().trimmingSpaces()
            guard let name = Parser.dottedName(rest) else {
                throw invalidName(tag, "invalid dynamic name '\(tag.content)': " + Parser.nameProblem(rest))
            }
            return .dynamic(name)
        }
        guard !tag.content.isEmpty, !tag.content.contains(where: \.isWhitespace) else {
            throw invalidName(tag, Parser.nameProblem(tag.content))
        }
        return .fixed(tag.content)
    }

    private func validateBlockName(_ tag: Tag) throws(MustacheError) {
        guard !tag.content.isEmpty, !tag.content.contains(where: \.isWhitespace) else {
            throw invalidName(tag, Parser.nameProblem(tag.content))
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        var result = self.drop(while: \.isWhitespace)
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return String(result)
    }
}
