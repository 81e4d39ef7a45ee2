import NotebookModel

/// Gives footnote definitions and references the author's labels, which libcmark-gfm 0.29 does
/// not expose.
///
/// libcmark-gfm keeps only the definitions that are referred to, moves them to the end of the
/// document in the order of their first reference, and gives each reference the number of its
/// definition as its text. The converter reads each definition's label from the source before
/// its content (`[^label]:`); here reference `n` takes the label of definition `n`.
enum FootnoteLabels {
    static func assign(_ blocks: [Block]) -> [Block] {
        var labels: [String] = []
        for block in blocks {
            if case .footnoteDefinition(let definition) = block.kind { labels.append(definition.label) }
        }
        guard !labels.isEmpty else { return blocks }
        return blocks.map { relabel($0, labels) }
    }

    /// The label written before a definition's content, found backwards from `offset`.
    static func label(in source: [UInt8], before offset: Int) -> String? {
        var end = min(offset, source.count) - 1
        while end > 0 && !(source[end] == UInt8(ascii: ":") && source[end - 1] == UInt8(ascii: "]")) { end -= 1 }
        guard end > 0 else { return nil }
        var start = end - 1
        while start > 0 && !(source[start - 1] == UInt8(ascii: "[") && source[start] == UInt8(ascii: "^")) {
            if source[start] == UInt8(ascii: "\n") && start < end - 1 && source[start + 1] == UInt8(ascii: "\n") { return nil }
            start -= 1
        }
        guard start > 0, start + 1 < end - 1 else { return nil }
        return String(decoding: source[(start + 1)..<(end - 1)], as: UTF8.self)
    }

    private static func relabel(_ block: Block, _ labels: [String]) -> Block {
        var block = block
        switch block.kind {
        case .paragraph(let inlines): block.kind = .paragraph(relabel(inlines, labels))
        case .heading(let level, let inlines): block.kind = .heading(level: level, relabel(inlines, labels))
        case .blockQuote(let children): block.kind = .blockQuote(children.map { relabel($0, labels) })
        case .callout(var callout):
            callout.title = relabel(callout.title, labels)
            callout.blocks = callout.blocks.map { relabel($0, labels) }
            block.kind = .callout(callout)
        case .list(var list):
            for i in list.items.indices { list.items[i].blocks = list.items[i].blocks.map { relabel($0, labels) } }
            block.kind = .list(list)
        case .table(var table):
            table.header = table.header.map { TableCell(relabel($0.content, labels), at: $0.location) }
            table.rows = table.rows.map { $0.map { TableCell(relabel($0.content, labels), at: $0.location) } }
            block.kind = .table(table)
        case .footnoteDefinition(var definition):
            definition.blocks = definition.blocks.map { relabel($0, labels) }
            block.kind = .footnoteDefinition(definition)
        case .codeBlock, .thematicBreak, .html:
            break
        }
        return block
    }

    private static func relabel(_ inlines: [Inline], _ labels: [String]) -> [Inline] {
        inlines.map { inline in
            guard case .span(var formatting, let children) = inline.kind else { return inline }
            if let number = formatting.footnote.flatMap(Int.init), number >= 1, number <= labels.count {
                formatting.footnote = labels[number - 1]
            }
            var relabelled = inline
            relabelled.kind = .span(formatting, relabel(children, labels))
            return relabelled
        }
    }
}
