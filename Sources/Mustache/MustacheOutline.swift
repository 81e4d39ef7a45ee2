/// A template's tags as a tree, for tools that check names against what a template will be
/// given (see ``MustacheTemplate/outline``).
public indirect enum MustacheTag: Sendable, Equatable {
    /// `{{name}}`, `{{{name}}}` or `{{&name}}`.
    case variable(name: String, at: MustacheTagLocation)
    /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`, with the tags inside.
    case section(name: String, inverted: Bool, at: MustacheTagLocation, tags: [MustacheTag])
    /// `{{>name}}`, or a parent `{{<name}}…{{/name}}` with the blocks it overrides; the name is
    /// nil for a dynamic `{{>*name}}`.
    case partial(name: String?, at: MustacheTagLocation, overrides: [MustacheTag])
    /// `{{$name}}…{{/name}}`: a block's default content, or an override's.
    case block(name: String, at: MustacheTagLocation, tags: [MustacheTag])
}

/// Where a tag starts: 1-based line and column (in characters).
public struct MustacheTagLocation: Sendable, Equatable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

extension MustacheTemplate {
    /// The template's tags in order, sections and blocks with what they hold.
    public var outline: [MustacheTag] {
        let locator = Locator(source.text)
        return Self.outline(fragment.nodes, locator)
    }

    private static func outline(_ nodes: [Node], _ locator: Locator) -> [MustacheTag] {
        nodes.compactMap { node -> MustacheTag? in
            switch node {
            case .text, .lineStart:
                return nil
            case .variable(let variable):
                return .variable(name: variable.name.raw, at: locator.location(variable.location.offset))
            case .section(let section):
                return .section(
                    name: section.name.raw, inverted: section.inverted, at: locator.location(section.location.offset),
                    tags: outline(section.nodes, locator))
            case .partial(let partial):
                let name: String? = if case .fixed(let fixed) = partial.target { fixed } else { nil }
                let overrides = (partial.overrides ?? [:]).values.sorted { $0.location.offset < $1.location.offset }
                    .map { block(of: $0, locator) }
                return .partial(name: name, at: locator.location(partial.location.offset), overrides: overrides)
            case .block(let block):
                return self.block(of: block, locator)
            }
        }
    }

    private static func block(of block: BlockNode, _ locator: Locator) -> MustacheTag {
        .block(name: block.name, at: locator.location(block.location.offset), tags: outline(block.content.nodes, locator))
    }

    /// Lines and columns of UTF-8 offsets of one text, its line starts found once.
    private struct Locator {
        let utf8: String.UTF8View
        var starts: [String.Index] = []

        init(_ text: String) {
            utf8 = text.utf8
            starts = [utf8.startIndex]
            var index = utf8.startIndex
            // Lines end at LF, CRLF or a lone CR, as the rest of notebook reads them.
            while index < utf8.endIndex {
                let byte = utf8[index]
                index = utf8.index(after: index)
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index == utf8.endIndex || utf8[index] != UInt8(ascii: "\n"))) {
                    starts.append(index)
                }
            }
        }

        func location(_ offset: Int) -> MustacheTagLocation {
            let position = utf8.index(utf8.startIndex, offsetBy: min(max(offset, 0), utf8.count))
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= position { low = middle } else { high = middle - 1 }
            }
            return MustacheTagLocation(line: low + 1, column: Substring(utf8[starts[low]..<position]).count + 1)
        }
    }
}
