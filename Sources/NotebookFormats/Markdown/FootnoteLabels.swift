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
        return Block.rewritingInlines(blocks) { inlines, _ in relabel(inlines, labels) }
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
