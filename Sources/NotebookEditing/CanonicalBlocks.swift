import NotebookModel

/// Blocks in one form for comparing what a note says: no places, and inline content as its runs
/// of text and formatting (however its spans nest) put in spans one way. A save compares the
/// note it wrote, read back, with the note it meant to write in this form.
enum CanonicalBlocks {
    static func of(_ blocks: [Block]) -> [Block] {
        blocks.map(block)
    }

    static func block(_ block: Block) -> Block {
        switch block.kind {
        case .paragraph(let content): Block(.paragraph(inlines(content)))
        case .heading(let level, let content): Block(.heading(level: level, inlines(content)))
        case .list(var list):
            Block(
                .list(
                    {
                        list.items = list.items.map { ListItem(task: $0.task, blocks: of($0.blocks)) }
                        return list
                    }()))
        case .blockQuote(let children): Block(.blockQuote(of(children)))
        case .callout(var callout):
            Block(
                .callout(
                    {
                        callout.title = inlines(callout.title)
                        callout.blocks = of(callout.blocks)
                        return callout
                    }()))
        case .table(var table):
            Block(
                .table(
                    {
                        table.header = table.header.map { TableCell(inlines($0.content)) }
                        table.rows = table.rows.map { $0.map { TableCell(inlines($0.content)) } }
                        return table
                    }()))
        case .footnoteDefinition(var definition):
            Block(
                .footnoteDefinition(
                    {
                        definition.blocks = of(definition.blocks)
                        return definition
                    }()))
        case .codeBlock, .thematicBreak, .html: Block(block.kind)
        }
    }

    /// Inline content as its runs, put back in spans by ``InlineBuilding``.
    static func inlines(_ content: [Inline]) -> [Inline] {
        var units: [InlineBuilding.Unit] = []
        flatten(content, context: .plain, into: &units)
        return InlineBuilding.inlines(units)
    }

    /// The units of `content` (what the editor does not carry kept whole, without places).
    static func flatten(_ content: [Inline], context: Formatting, into units: inout [InlineBuilding.Unit]) {
        for inline in content {
            switch inline.kind {
            case .text(let text): units.append(.text(text, context))
            case .softBreak: units.append(.softBreak)
            case .lineBreak: units.append(.lineBreak)
            case .image(var image):
                image.alternative = inlines(image.alternative)
                units.append(.node(Inline(.image(image)), context))
            case .span(let formatting, let children):
                if EditorPiece.isEditorFormatting(formatting) {
                    flatten(children, context: context.merged(with: formatting), into: &units)
                } else {
                    units.append(.node(Inline(.span(formatting, inlines(children))), context))
                }
            }
        }
    }
}
