import NotebookModel

/// One component of Apple's `PresentationIntent`: a block a run belongs to, and that block's
/// identity, which is the same on every run of the block.
struct IntentComponent: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case paragraph
        case header(level: Int)
        case orderedList
        case unorderedList
        case listItem(ordinal: Int)
        case codeBlock(language: String?)
        case blockQuote
        case thematicBreak
        case table(columns: [Table.Alignment])
        case tableHeaderRow
        case tableRow(index: Int)
        case tableCell(column: Int)

        /// Blocks that hold text and nothing else.
        var isLeaf: Bool {
            switch self {
            case .paragraph, .header, .codeBlock, .thematicBreak: true
            default: false
            }
        }

        /// Whether the block counts toward `MarkdownReader.maximumNesting`, as in Markdown.
        var countsAsNesting: Bool {
            switch self {
            case .orderedList, .unorderedList, .blockQuote: true
            default: false
            }
        }

        /// Apple's name for the kind, the first element of its JSON array.
        var name: String {
            switch self {
            case .paragraph: "paragraph"
            case .header: "header"
            case .orderedList: "orderedList"
            case .unorderedList: "unorderedList"
            case .listItem: "listItem"
            case .codeBlock: "codeBlock"
            case .blockQuote: "blockQuote"
            case .thematicBreak: "thematicBreak"
            case .table: "table"
            case .tableHeaderRow: "tableHeaderRow"
            case .tableRow: "tableRow"
            case .tableCell: "tableCell"
            }
        }

        static let names = [
            "paragraph", "header", "orderedList", "unorderedList", "listItem", "codeBlock", "blockQuote",
            "thematicBreak", "table", "tableHeaderRow", "tableRow", "tableCell",
        ]
    }

    var kind: Kind
    var identity: Int
    /// For a list: whether it is tight, written (as `notebook.isTight`) only where the readers'
    /// guess from the items' blocks (`ListTightness`) would be wrong; Apple writes none.
    var isTight: Bool? = nil
}
