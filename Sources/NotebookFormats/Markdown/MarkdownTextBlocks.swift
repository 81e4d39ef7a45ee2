import CCmarkGFM
import NotebookModel
import NotebookSource

/// Where a paragraph or a heading of a Markdown body is in its file: what an editor needs to
/// write one block back without touching the others.
public struct MarkdownTextBlock: Hashable, Sendable {
    /// Where the block's first character is (a heading's first `#`), as the model places it.
    public var start: SourceLocation
    /// The file's line the block ends on: it ends at that line's end.
    public var endLine: Int
    public var isHeading: Bool
    /// How many blocks hold it: 0 at the top of the note, 1 in a list item or a quote, and so on.
    public var depth: Int

    public init(start: SourceLocation, endLine: Int, isHeading: Bool, depth: Int) {
        self.start = start
        self.endLine = endLine
        self.isHeading = isHeading
        self.depth = depth
    }
}

extension MarkdownReader {
    /// The paragraphs and headings of a Markdown body in the order of the text, read as `read`
    /// reads them (`firstLine` is the file's line of the body's first line), but for those in
    /// footnote definitions. A body holding a NUL byte, whose places the reader moves, has none.
    public func textBlocks(_ body: Substring, firstLine: Int = 1) -> [MarkdownTextBlock] {
        var body = body
        let original = body.withUTF8 { Array($0) }
        guard !SourceText.containsNUL(original) else { return [] }
        let scan = MarkupScan(original, enabled: notebookSyntax, math: math)
        var context = MarkdownContext(scan: scan, original: original, path: "", firstLine: firstLine, palette: palette)
        return CmarkParser.withDocument(scan.prepared) { document, _ in
            guard let iterator = cmark_iter_new(document) else { return [] }
            defer { cmark_iter_free(iterator) }
            var found: [MarkdownTextBlock] = []
            var depth = -1
            // libcmark-gfm moves footnote definitions to the end of the tree, out of the order of
            // the text that places are found in: their blocks are left out.
            var footnotes = 0
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                let isText = type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
                let isContainer = type == CMARK_NODE_DOCUMENT || type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM
                    || type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_FOOTNOTE_DEFINITION
                if isContainer && type != CMARK_NODE_LIST {
                    depth += event == CMARK_EVENT_ENTER ? 1 : event == CMARK_EVENT_EXIT ? -1 : 0
                }
                if type == CMARK_NODE_FOOTNOTE_DEFINITION {
                    footnotes += event == CMARK_EVENT_ENTER ? 1 : event == CMARK_EVENT_EXIT ? -1 : 0
                }
                guard isText, event == CMARK_EVENT_ENTER, footnotes == 0 else { continue }
                let line = Int(cmark_node_get_start_line(node))
                var endLine = Int(cmark_node_get_end_line(node))
                // A setext heading before a blank line ends at "column 0" of the line after it.
                if cmark_node_get_end_column(node) == 0 && endLine > line { endLine -= 1 }
                guard line > 0, endLine >= line else { continue }
                let start = context.location(preparedLine: line, column: max(1, Int(cmark_node_get_start_column(node))))
                let end = context.location(preparedLine: endLine, column: max(1, Int(cmark_node_get_end_column(node))))
                found.append(MarkdownTextBlock(start: start, endLine: end.line, isHeading: type == CMARK_NODE_HEADING, depth: max(0, depth)))
            }
            return found
        }
    }
}
