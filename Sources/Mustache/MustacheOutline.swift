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

/// Where a tag starts: 1-based line and column (in UTF-8 bytes, as notebook's diagnostics count).
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
}
