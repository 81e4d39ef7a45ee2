extension Block {
    /// Passes every code block of `blocks`, at any depth, to `rewrite` with the nearest known
    /// source location, and puts back what it returns (nil keeps the block); whether any changed.
    /// Containers without code blocks are not copied.
    @discardableResult
    public static func rewriteCodeBlocks(
        in blocks: inout [Block], near: SourceLocation? = nil, _ rewrite: (CodeBlock, SourceLocation?) -> CodeBlock?
    ) -> Bool {
        var changed = false
        for index in blocks.indices {
            let at = blocks[index].location ?? near
            var kind: Kind?
            switch blocks[index].kind {
            case .codeBlock(let code):
                kind = rewrite(code, at).map { .codeBlock($0) }
            case .blockQuote(var children):
                if rewriteCodeBlocks(in: &children, near: at, rewrite) { kind = .blockQuote(children) }
            case .callout(var callout):
                if rewriteCodeBlocks(in: &callout.blocks, near: at, rewrite) { kind = .callout(callout) }
            case .list(var list):
                var listChanged = false
                for item in list.items.indices where rewriteCodeBlocks(in: &list.items[item].blocks, near: list.items[item].location ?? at, rewrite) {
                    listChanged = true
                }
                if listChanged { kind = .list(list) }
            case .footnoteDefinition(var definition):
                if rewriteCodeBlocks(in: &definition.blocks, near: at, rewrite) { kind = .footnoteDefinition(definition) }
            case .paragraph, .heading, .table, .thematicBreak, .html:
                break
            }
            if let kind {
                blocks[index].kind = kind
                changed = true
            }
        }
        return changed
    }
}

extension Block {
    /// Calls `body` with every code block of `blocks`, at any depth, in order, with where it is
    /// (or the nearest place that says so).
    public static func forEachCodeBlock(in blocks: [Block], near: SourceLocation? = nil, _ body: (CodeBlock, SourceLocation?) -> Void) {
        for block in blocks {
            let at = block.location ?? near
            switch block.kind {
            case .codeBlock(let code): body(code, at)
            case .blockQuote(let children): forEachCodeBlock(in: children, near: at, body)
            case .callout(let callout): forEachCodeBlock(in: callout.blocks, near: at, body)
            case .list(let list):
                for item in list.items { forEachCodeBlock(in: item.blocks, near: item.location ?? at, body) }
            case .footnoteDefinition(let definition): forEachCodeBlock(in: definition.blocks, near: at, body)
            case .paragraph, .heading, .table, .thematicBreak, .html: break
            }
        }
    }
}
