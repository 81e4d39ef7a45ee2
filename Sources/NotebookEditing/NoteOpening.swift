import NotebookModel

/// How an editor opens a note's blocks, whatever its format: its paragraphs and headings, at any
/// depth (in lists and quotes), go to `text`; display formulas, callouts, code, tables, HTML,
/// breaks and footnote definitions are fixed.
protocol NoteOpening {
    mutating func text(_ block: Block, _ inlines: [Inline], kind: EditorBlock.Kind, depth: Int, path: [Int])
    mutating func fixed(_ block: Block)
}

extension NoteOpening {
    /// Visits `content`, found at `path` in the note (see ``EditableNote/Place/path``).
    mutating func visit(_ content: [Block], depth: Int, path: [Int]) {
        for (index, block) in content.enumerated() {
            let here = path + [index]
            switch block.kind {
            case .paragraph(let inlines):
                if inlines.count == 1, case .span(let formatting, _) = inlines[0].kind, formatting.math == .display {
                    fixed(block)
                } else {
                    text(block, inlines, kind: .paragraph, depth: depth, path: here)
                }
            case .heading(let level, let inlines):
                text(block, inlines, kind: .heading(level), depth: depth, path: here)
            case .list(let list):
                for (number, item) in list.items.enumerated() { visit(item.blocks, depth: depth + 1, path: here + [number]) }
            case .blockQuote(let children):
                visit(children, depth: depth + 1, path: here)
            case .callout, .codeBlock, .table, .thematicBreak, .html, .footnoteDefinition:
                fixed(block)
            }
        }
    }
}
