/// Rewriting the inline content of a block tree, for the steps that change formatting and links.
extension Block {
    /// `blocks` with every piece of inline content (paragraphs, headings, callout titles, table
    /// cells, at any depth) passed through `transform`, with the nearest known source location.
    ///
    /// The walk is as deep as the tree, which every reader caps.
    public static func rewritingInlines(
        _ blocks: [Block], near: SourceLocation? = nil, _ transform: ([Inline], SourceLocation?) -> [Inline]
    ) -> [Block] {
        blocks.map { block in
            var block = block
            let at = block.location ?? near
            switch block.kind {
            case .paragraph(let content): block.kind = .paragraph(transform(content, at))
            case .heading(let level, let content): block.kind = .heading(level: level, transform(content, at))
            case .blockQuote(let children): block.kind = .blockQuote(rewritingInlines(children, near: at, transform))
            case .callout(var callout):
                callout.title = transform(callout.title, at)
                callout.blocks = rewritingInlines(callout.blocks, near: at, transform)
                block.kind = .callout(callout)
            case .list(var list):
                for index in list.items.indices {
                    let itemAt = list.items[index].location ?? at
                    list.items[index].blocks = rewritingInlines(list.items[index].blocks, near: itemAt, transform)
                }
                block.kind = .list(list)
            case .table(var table):
                for index in table.header.indices {
                    table.header[index].content = transform(table.header[index].content, table.header[index].location ?? at)
                }
                for row in table.rows.indices {
                    for index in table.rows[row].indices {
                        let cell = table.rows[row][index]
                        table.rows[row][index].content = transform(cell.content, cell.location ?? at)
                    }
                }
                block.kind = .table(table)
            case .footnoteDefinition(var definition):
                definition.blocks = rewritingInlines(definition.blocks, near: at, transform)
                block.kind = .footnoteDefinition(definition)
            case .codeBlock, .thematicBreak, .html:
                break
            }
            return block
        }
    }
}
