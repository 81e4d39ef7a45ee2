/// Rewriting the inline content of a block tree, for the steps that change formatting and links.
extension Block {
    /// `blocks` with every piece of inline content (paragraphs, headings, callout titles, table
    /// cells, at any depth) passed through `transform`, with the nearest known source location.
    ///
    /// The walk is as deep as the tree, which every reader caps.
    public static func rewritingInlines(
        _ blocks: [Block], near: SourceLocation? = nil, _ transform: ([Inline], SourceLocation?) -> [Inline]
    ) -> [Block] {
        var blocks = blocks
        rewriteInlines(in: &blocks, near: near) { content, at in
            content = transform(content, at)
            return true
        }
        return blocks
    }

    /// Passes every piece of inline content of `blocks` (as `rewritingInlines` does) to
    /// `transform`, which changes it in place and says whether it did; true when any did.
    /// Only what changed is copied: a tree shared with another keeps everything else shared.
    @discardableResult
    public static func rewriteInlines(
        in blocks: inout [Block], near: SourceLocation? = nil, _ transform: (inout [Inline], SourceLocation?) -> Bool
    ) -> Bool {
        var changed = false
        // Parts are copied out and written back only when changed: writing through a shared
        // array's element would copy the array first.
        func rewrite(_ content: [Inline], _ at: SourceLocation?) -> [Inline]? {
            var content = content
            return transform(&content, at) ? content : nil
        }
        func rewrite(_ children: [Block], _ at: SourceLocation?) -> [Block]? {
            var children = children
            return rewriteInlines(in: &children, near: at, transform) ? children : nil
        }
        for index in blocks.indices {
            let at = blocks[index].location ?? near
            var kind: Kind?
            switch blocks[index].kind {
            case .paragraph(let content): kind = rewrite(content, at).map { .paragraph($0) }
            case .heading(let level, let content): kind = rewrite(content, at).map { .heading(level: level, $0) }
            case .blockQuote(let children): kind = rewrite(children, at).map { .blockQuote($0) }
            case .callout(var callout):
                let title = rewrite(callout.title, at)
                let children = rewrite(callout.blocks, at)
                if title != nil || children != nil {
                    callout.title = title ?? callout.title
                    callout.blocks = children ?? callout.blocks
                    kind = .callout(callout)
                }
            case .list(var list):
                var listChanged = false
                for item in list.items.indices {
                    guard let children = rewrite(list.items[item].blocks, list.items[item].location ?? at) else { continue }
                    list.items[item].blocks = children
                    listChanged = true
                }
                if listChanged { kind = .list(list) }
            case .table(var table):
                var tableChanged = false
                for cell in table.header.indices {
                    guard let content = rewrite(table.header[cell].content, table.header[cell].location ?? at) else { continue }
                    table.header[cell].content = content
                    tableChanged = true
                }
                for row in table.rows.indices {
                    for cell in table.rows[row].indices {
                        let old = table.rows[row][cell]
                        guard let content = rewrite(old.content, old.location ?? at) else { continue }
                        table.rows[row][cell].content = content
                        tableChanged = true
                    }
                }
                if tableChanged { kind = .table(table) }
            case .footnoteDefinition(var definition):
                if let children = rewrite(definition.blocks, at) {
                    definition.blocks = children
                    kind = .footnoteDefinition(definition)
                }
            case .codeBlock, .thematicBreak, .html:
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
    /// Passes every piece of inline content of `blocks`, in the order `rewriteInlines` meets it,
    /// to `body` with the nearest known source location: for walks that change nothing, which
    /// through `rewriteInlines` made copies of arrays on the way.
    public static func visitInlines(_ blocks: [Block], near: SourceLocation? = nil, _ body: ([Inline], SourceLocation?) -> Void) {
        for index in blocks.indices {
            let at = blocks[index].location ?? near
            switch blocks[index].kind {
            case .paragraph(let content), .heading(_, let content): body(content, at)
            case .blockQuote(let children): visitInlines(children, near: at, body)
            case .callout(let callout):
                body(callout.title, at)
                visitInlines(callout.blocks, near: at, body)
            case .list(let list):
                for item in list.items.indices { visitInlines(list.items[item].blocks, near: list.items[item].location ?? at, body) }
            case .table(let table):
                for cell in table.header.indices { body(table.header[cell].content, table.header[cell].location ?? at) }
                for row in table.rows.indices {
                    for cell in table.rows[row].indices { body(table.rows[row][cell].content, table.rows[row][cell].location ?? at) }
                }
            case .footnoteDefinition(let definition): visitInlines(definition.blocks, near: at, body)
            case .codeBlock, .thematicBreak, .html: break
            }
        }
    }
}
