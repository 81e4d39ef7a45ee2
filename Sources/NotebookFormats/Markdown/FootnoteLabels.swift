import NotebookModel

/// Gives footnote definitions their labels, which libcmark-gfm 0.29 does not expose.
///
/// libcmark-gfm keeps only definitions that are referred to, and moves them to the end of the
/// document in the order of their first reference (references inside definitions not counted).
/// So the n-th definition belongs to the n-th distinct label referred to outside definitions.
enum FootnoteLabels {
    static func assign(_ blocks: [Block]) -> [Block] {
        var labels: [String] = []
        var seen: Set<String> = []
        for block in blocks {
            if case .footnoteDefinition = block.kind { continue }
            collect(block, into: &labels, seen: &seen)
        }
        var next = 0
        return blocks.map { block in
            guard case .footnoteDefinition(var definition) = block.kind, next < labels.count else { return block }
            definition.label = labels[next]
            next += 1
            var labelled = block
            labelled.kind = .footnoteDefinition(definition)
            return labelled
        }
    }

    private static func collect(_ block: Block, into labels: inout [String], seen: inout Set<String>) {
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline.kind {
                case .span(let formatting, let children):
                    if let label = formatting.footnote, seen.insert(FootnoteDefinition.key(label)).inserted {
                        labels.append(label)
                    }
                    visit(children)
                case .image(let image): visit(image.alternative)
                default: break
                }
            }
        }
        switch block.kind {
        case .paragraph(let inlines), .heading(_, let inlines): visit(inlines)
        case .blockQuote(let children): children.forEach { collect($0, into: &labels, seen: &seen) }
        case .callout(let callout):
            visit(callout.title)
            callout.blocks.forEach { collect($0, into: &labels, seen: &seen) }
        case .list(let list): list.items.flatMap(\.blocks).forEach { collect($0, into: &labels, seen: &seen) }
        case .table(let table): (table.header + table.rows.flatMap { $0 }).forEach { visit($0.content) }
        default: break
        }
    }
}
