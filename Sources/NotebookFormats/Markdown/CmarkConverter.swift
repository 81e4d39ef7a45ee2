import CCmarkGFM
import Glibc
import NotebookModel

/// Turns libcmark-gfm's tree into the notebook's model, walking it with cmark's own iterator so
/// that no depth of nesting can overflow the stack.
struct CmarkConverter {
    var context: MarkdownContext
    /// How many footnote definitions have been built, to label one whose label is not found.
    private var footnoteCount = 0
    /// Whether each text is checked for what the autolink extension looks for (the tree was
    /// parsed without it: ``CmarkParser/withDocument(_:_:)``).
    private let checkAutolinks: Bool
    /// Whether a text checked has what the autolink extension looks for: the tree is not the one
    /// every extension gives.
    private(set) var foundAutolinkText = false
    /// Whether HTML comments are left out of the model, as notebook syntax leaves them
    /// (``HTMLComments``); plain CommonMark keeps them.
    private let hidesHTMLComments: Bool
    /// Where the HTML comments left out of the model were.
    private(set) var htmlComments: [SourceLocation] = []

    init(context: MarkdownContext, checkAutolinks: Bool = false, hidesHTMLComments: Bool = true) {
        self.context = context
        self.checkAutolinks = checkAutolinks
        self.hidesHTMLComments = hidesHTMLComments
    }

    /// What a finished node adds to its parent, with the depth of nesting it holds.
    private enum Child {
        case block(Block)
        case inline(Inline)
        case item(ListItem)
        case row([TableCell], isHeader: Bool)
        case cell(TableCell)
    }

    private struct Frame {
        var node: OpaquePointer
        var location: SourceLocation?
        var content = Content()
        var depth = 0
        var levels = Levels()
    }

    /// A frame's nesting, which the frames opened inside it start from.
    private struct Levels {
        /// Block containers (quotes, lists) and inline containers open around the frame, itself included.
        var blockLevel = 0
        var inlineLevel = 0
        /// The frame that receives the children of this one when it is past the nesting limit and
        /// left out of the model; nil when the frame is built.
        var target: Int? = nil
    }

    /// What opening `node` under `parent` makes: a frame that is built, or one that passes its
    /// children on because it would nest past the limit (decided top down, so that the model
    /// never grows deeper than the limit and each piece is handed on once).
    private mutating func openFrame(_ node: OpaquePointer, under parent: Levels?, parentIndex: Int) -> Frame {
        let nesting = Self.nesting(of: node)
        var frame = laidOutFrame(node, nesting: nesting, under: parent, parentIndex: parentIndex)
        // Room for every child at once (a paragraph has tens), instead of growing one at a time;
        // not for a frame past the limit, which holds nothing (nor for its open ancestors,
        // before their children come: an input nested thousands deep would hold room in each).
        guard frame.levels.target == nil else { return frame }
        let children = Self.childCount(of: node)
        guard children > 1 else { return frame }
        switch nesting {
        case .leaf, .inline: frame.content.inlines.reserveCapacity(children)
        case .block, .item, .other: frame.content.children.reserveCapacity(children)
        }
        return frame
    }

    /// The frame of `node` with its levels, and its target when it nests past the limit.
    private mutating func laidOutFrame(
        _ node: OpaquePointer, nesting: Nesting, under parent: Levels?, parentIndex: Int
    ) -> Frame {
        var frame = Frame(node: node, location: location(of: node))
        frame.levels.blockLevel = parent?.blockLevel ?? 0
        frame.levels.inlineLevel = parent?.inlineLevel ?? 0
        let level: Int
        switch nesting {
        case .block:
            level = frame.levels.blockLevel
        case .inline:
            level = frame.levels.inlineLevel
        case .leaf:
            frame.levels.inlineLevel = 0
            return frame
        case .item:
            if parent?.target != nil { frame.levels.target = parent?.target ?? parentIndex }
            return frame
        case .other:
            return frame
        }
        if level + 1 > MarkdownReader.maximumNesting {
            context.reportNesting(at: frame.location)
            frame.levels.target = parent?.target ?? parentIndex
        } else if nesting == .block {
            frame.levels.blockLevel += 1
        } else {
            frame.levels.inlineLevel += 1
        }
        return frame
    }

    private enum Nesting { case block, inline, leaf, item, other }

    /// How many children `node` has.
    private static func childCount(of node: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(node)
        while let node = child {
            count += 1
            child = cmark_node_next(node)
        }
        return count
    }

    private static func nesting(of node: OpaquePointer) -> Nesting {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST: .block
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE: .inline
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING: .leaf
        case CMARK_NODE_ITEM: .item
        // The rest of the core's types, most nodes, without asking for a name.
        case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE,
            CMARK_NODE_FOOTNOTE_REFERENCE, CMARK_NODE_DOCUMENT, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK,
            CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_FOOTNOTE_DEFINITION:
            .other
        default:
            switch ExtensionType.of(node) {
            case .strikethrough?: .inline
            case .tableCell?: .leaf
            default: .other
            }
        }
    }

    /// The body's blocks and every diagnostic found on the way.
    mutating func convert(_ document: OpaquePointer) -> (blocks: [Block], diagnostics: [Diagnostic]) {
        guard let iterator = cmark_iter_new(document) else { return ([], []) }
        defer { cmark_iter_free(iterator) }
        var frames: [Frame] = []
        var result: [Block] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let built: Pieces
            if !Self.canHaveChildren(node) {
                guard event == CMARK_EVENT_ENTER else { continue }
                // Text and breaks, most nodes, go straight into their container: they nest
                // nothing, so its depth stays as it is.
                if let parent = frames.indices.last, let kind = plainLeaf(node) {
                    frames[frames[parent].levels.target ?? parent].content.add(inline: Inline(kind, at: location(of: node)))
                    continue
                }
                built = build(node, at: location(of: node), content: Content(), childDepth: 0)
            } else if event == CMARK_EVENT_ENTER {
                // The parent's levels alone: a copy of its frame would copy what it holds so far.
                frames.append(openFrame(node, under: frames.last?.levels, parentIndex: frames.count - 1))
                continue
            } else {
                guard var frame = frames.popLast() else { continue }
                // A frame past the limit has already handed its children on.
                if frame.levels.target != nil { continue }
                // What the frame holds is moved out of it: passed from the frame, it was copied
                // (a reference count for each of its lists) and the frame's freed after.
                var content = Content()
                swap(&content, &frame.content)
                built = build(node, at: frame.location, content: content, childDepth: frame.depth)
            }
            if let parent = frames.indices.last {
                let target = frames[parent].levels.target ?? parent
                built.forEach { piece in
                    frames[target].depth = max(frames[target].depth, piece.depth)
                    frames[target].content.add(piece.child)
                }
            } else {
                built.forEach { if case .block(let block) = $0.child { result.append(block) } }
            }
        }
        return (result, context.diagnostics)
    }

    /// The inline of a text, soft break or line break node; nil for any other node.
    private mutating func plainLeaf(_ node: OpaquePointer) -> Inline.Kind? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: .text(text(node))
        case CMARK_NODE_SOFTBREAK: .softBreak
        case CMARK_NODE_LINEBREAK: .lineBreak
        default: nil
        }
    }

    private static func canHaveChildren(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE,
            CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_FOOTNOTE_REFERENCE:
            false
        default:
            true
        }
    }

    mutating func location(of node: OpaquePointer) -> SourceLocation? {
        let line = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        guard line > 0 else { return nil }
        return context.location(preparedLine: line, column: column)
    }

    /// A text node's text, checked for autolinks when asked to, and for comments never closed.
    private mutating func text(_ node: OpaquePointer) -> String {
        guard let text = cmark_node_get_literal(node) else { return "" }
        let count = strlen(text)
        if checkAutolinks && !foundAutolinkText {
            foundAutolinkText = CmarkParser.mayAutolink(UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
        }
        if hidesHTMLComments && context.scan.holdsCommentOpening && strstr(text, "<!--") != nil {
            reportUnclosedComments(node)
        }
        return Self.string(text, count: count)
    }

    /// Warns of each `<!--` in a text node: a comment never closed within its paragraph, which
    /// is shown as text (one closed is no text: it is left out).
    private mutating func reportUnclosedComments(_ node: OpaquePointer) {
        let line = Int(cmark_node_get_start_line(node))
        guard line > 0, Int(cmark_node_get_end_line(node)) == line else { return }
        let start = Int(cmark_node_get_start_column(node)), end = Int(cmark_node_get_end_column(node))
        guard end >= start else { return }
        for at in context.commentOpenings(line: line, from: start, to: end) {
            context.report(
                .warning, "this HTML comment is never closed in its paragraph: it is shown as text (a comment ends with -->)",
                at: at, code: "markdown.comment")
        }
    }

    private func literal(_ node: OpaquePointer) -> String {
        guard let text = cmark_node_get_literal(node) else { return "" }
        return Self.string(text)
    }

    private func restored(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "" }
        return context.scan.restore(Self.string(text))
    }

    /// The library's text as a string: its bytes copied straight into the string's storage and
    /// checked there (`String(cString:)` checks them, then copies them).
    private static func string(_ text: UnsafePointer<CChar>, count: Int? = nil) -> String {
        let count = count ?? strlen(text)
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            memcpy(base, text, count)
            return count
        }
    }

    /// Where the inlines of `node` stand, for a refused wikilink's warning: inside a link or an
    /// image (which took what they hold), in a table's cell (where `\|` shows as `|`), or in text.
    static func placement(of node: OpaquePointer?) -> RefusedWikilink.Placement {
        var current = node
        while let here = current {
            let type = cmark_node_get_type(here)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { return .link }
            if ExtensionType.of(here) == .tableCell { return .cell }
            current = cmark_node_parent(here)
        }
        return .text
    }

    /// The extensions' types of node that the model reads.
    private enum ExtensionType {
        case strikethrough, tableCell, tableRow, table

        /// The type of `node` among them, by the number the library gave the type (a table's
        /// header row is a row); nil for any other.
        static func of(_ node: OpaquePointer) -> ExtensionType? {
            let type = cmark_node_get_type(node)
            if type == notebook_node_strikethrough() { return .strikethrough }
            if type == notebook_node_table_cell() { return .tableCell }
            if type == notebook_node_table_row() { return .tableRow }
            if type == notebook_node_table() { return .table }
            return nil
        }
    }

    /// Whether an extension's node is of the type its library names `name`: compared as C
    /// strings, without making one of Swift's for each node.
    private static func isType(_ node: OpaquePointer, _ name: StaticString) -> Bool {
        guard let type = cmark_node_get_type_string(node) else { return false }
        return name.withUTF8Buffer { name in
            name.withMemoryRebound(to: CChar.self) { strncmp(type, $0.baseAddress!, $0.count) == 0 && type[$0.count] == 0 }
        }
    }

    private typealias Piece = (child: Child, depth: Int)

    /// What a finished node adds: nearly always one piece, held without an array.
    private struct Pieces {
        private var one: Piece?
        private var many: [Piece] = []

        init(_ piece: Piece) { one = piece }
        init(_ pieces: [Piece]) { many = pieces }

        /// Hands each piece over to `body`, in order, without copying it.
        consuming func forEach(_ body: (consuming Piece) -> Void) {
            if one != nil { body(one.take()!) }
            for index in many.indices { body(many[index]) }
        }
    }

    /// What a node holds: its inlines alone while only inlines came (nearly every container),
    /// else every piece in order.
    private struct Content {
        var inlines: [Inline] = []
        var children: [Child] = []

        /// Adds a finished inline, keeping the pieces' order.
        mutating func add(inline: consuming Inline) {
            if children.isEmpty {
                inlines.append(inline)
            } else {
                children.append(.inline(inline))
            }
        }

        /// Adds a finished piece, keeping the pieces' order.
        mutating func add(_ child: consuming Child) {
            if case .inline(let inline) = child, children.isEmpty {
                inlines.append(inline)
                return
            }
            if !inlines.isEmpty {
                children = inlines.map { .inline($0) }
                inlines = []
            }
            children.append(child)
        }

        /// The inline pieces, in order.
        var inlineChildren: [Inline] {
            children.isEmpty ? inlines : children.compactMap { if case .inline(let i) = $0 { i } else { nil } }
        }

        /// Every piece, in order.
        var all: [Child] { children.isEmpty ? inlines.map { .inline($0) } : children }
    }

    /// The model's pieces for a finished node, which starts at `at`.
    private mutating func build(_ node: OpaquePointer, at: SourceLocation?, content: Content, childDepth: Int) -> Pieces {
        var inlines: [Inline] { content.inlineChildren }
        var children: [Child] { content.all }
        // Made only for block containers: an inline's children would each become a paragraph.
        var blocks: [Block] { Self.blocks(of: children) }
        func inline(_ kind: Inline.Kind) -> Pieces { Pieces((.inline(Inline(kind, at: at)), 0)) }
        func block(_ kind: Block.Kind, depth: Int = 0) -> Pieces { Pieces((.block(Block(kind, at: at)), depth)) }
        func span(_ formatting: Formatting) -> Pieces {
            let resolved = resolveTokens(inlines, depth: childDepth, in: node)
            return wrap(formatting, resolved.inlines, depth: resolved.depth, at: at)
        }

        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            // Reached only without a container to put them in (`convert` puts them there).
            return plainLeaf(node).map(inline) ?? Pieces([])
        case CMARK_NODE_CODE:
            return Pieces((.inline(.span(Formatting(code: true), [.text(restored(cmark_node_get_literal(node)))], at: at)), 1))
        case CMARK_NODE_HTML_INLINE:
            let html = restored(cmark_node_get_literal(node))
            if hidesHTMLComments, HTMLComments.isComment(html) {
                if let at { htmlComments.append(at) }
                return Pieces([])
            }
            return Pieces((.inline(.span(Formatting(rawHTML: true), [.text(html)], at: at)), 1))
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            return Pieces((.inline(.span(Formatting(footnote: literal(node)), [], at: at)), 1))
        case CMARK_NODE_EMPH:
            return span(Formatting(italic: true))
        case CMARK_NODE_STRONG:
            return span(Formatting(bold: true))
        case CMARK_NODE_LINK:
            let title = restored(cmark_node_get_title(node))
            return span(
                Formatting(link: Link(destination: restored(cmark_node_get_url(node)), title: title.isEmpty ? nil : title)))
        case CMARK_NODE_IMAGE:
            let resolved = resolveTokens(inlines, depth: childDepth, in: node)
            let title = restored(cmark_node_get_title(node))
            var image = Image(
                source: restored(cmark_node_get_url(node)), title: title.isEmpty ? nil : title,
                alternative: resolved.inlines)
            // Obsidian's `![description|200](pic.png)`: the size ends the description's text.
            if context.scan.markers != nil, case .text(let last)? = image.alternative.last?.kind,
                case (let rest, let size?) = ImageSize.split(last)
            {
                image.size = size
                image.alternative[image.alternative.count - 1].kind = .text(rest)
                if rest.isEmpty { image.alternative.removeLast() }
            }
            return Pieces((.inline(Inline(.image(image), at: at)), resolved.depth + 1))
        case CMARK_NODE_PARAGRAPH:
            return block(.paragraph(resolveTokens(inlines, depth: childDepth, in: node).inlines))
        case CMARK_NODE_HEADING:
            let level = Int(cmark_node_get_heading_level(node))
            return block(.heading(level: level, resolveTokens(inlines, depth: childDepth, in: node).inlines))
        case CMARK_NODE_CODE_BLOCK:
            let info = CodeFenceInfo(parsing: restored(cmark_node_get_fence_info(node)))
            let code = restored(cmark_node_get_literal(node))
            if let marks = info.unreadMarks {
                context.report(
                    .warning, "the line marks \(marks) are not all lines (lines count from 1, a range runs from low to high: {1,3-5}); "
                        + "none is marked", at: at, code: "code.marks")
            } else if let first = info.markedLines.first?.lowerBound {
                // Marks past the code's last line mark nothing: said, as marks that name no line are.
                let lines = code.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (code.utf8.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
                if first > lines {
                    context.report(
                        .warning, "the line marks \(CodeFenceInfo(markedLines: info.markedLines).markdown) are past the code's "
                            + "\(lines == 1 ? "one line" : "\(lines) lines"); none is marked", at: at, code: "code.marks")
                }
            }
            return block(
                .codeBlock(
                    CodeBlock(language: info.language, code: code, title: info.title, markedLines: info.markedLines)))
        case CMARK_NODE_HTML_BLOCK:
            let html = restored(cmark_node_get_literal(node))
            guard hidesHTMLComments else { return block(.html(html)) }
            let (kept, starts, unclosed) = HTMLComments.removed(from: html)
            if let start = at {
                // libcmark-gfm places an indented block at its first character, and its text
                // keeps the indentation: the block's lines begin that much before.
                let indent = html.utf8.prefix { $0 == 0x20 }.count
                let at = SourceLocation(line: start.line, column: max(1, start.column - indent))
                htmlComments += starts.map { HTMLComments.location(of: $0, in: html, blockAt: at) }
                if let unclosed {
                    context.report(
                        .warning, "this HTML comment is never closed: the rest of its block is hidden, as a browser hides it",
                        at: HTMLComments.location(of: unclosed, in: html, blockAt: at), code: "markdown.comment")
                }
            }
            guard let kept else { return Pieces([]) }
            // What a comment at a line's start leaves (`<!-- draft --> Text.`) is text, when it
            // holds no tag: a paragraph, as a browser shows it.
            if !starts.isEmpty, !kept.utf8.contains(UInt8(ascii: "<")) {
                return block(.paragraph([Inline(.text(kept.trimmingCharacters(in: .whitespacesAndNewlines)), at: at)]))
            }
            return block(.html(kept))
        case CMARK_NODE_THEMATIC_BREAK:
            return block(.thematicBreak)
        case CMARK_NODE_BLOCK_QUOTE:
            return nest(blocks, depth: childDepth, at: at) { Callout.detect(in: $0) ?? .blockQuote($0) }
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            footnoteCount += 1
            let label = context.footnoteLabel(before: node).map(context.scan.restore) ?? String(footnoteCount)
            return block(.footnoteDefinition(FootnoteDefinition(label: label, blocks: blocks)), depth: childDepth)
        case CMARK_NODE_ITEM:
            let task = Self.isType(node, "tasklist") ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil
            return Pieces((.item(ListItem(task: task, blocks: blocks, at: at)), childDepth))
        case CMARK_NODE_LIST:
            let items = children.compactMap { if case .item(let i) = $0 { i } else { nil } }
            let list = List(
                isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)), isTight: cmark_node_get_list_tight(node) != 0,
                items: items)
            return nest(items.flatMap(\.blocks), depth: childDepth, at: at) { _ in .list(list) }
        case CMARK_NODE_DOCUMENT:
            return Pieces(blocks.map { (.block($0), 0) })
        default:
            return buildExtension(node, content: content, childDepth: childDepth, at: at)
        }
    }

    private mutating func buildExtension(
        _ node: OpaquePointer, content: Content, childDepth: Int, at: SourceLocation?
    ) -> Pieces {
        func inlines() -> [Inline] { content.inlineChildren }
        var children: [Child] { content.all }
        switch ExtensionType.of(node) {
        case .strikethrough?:
            let resolved = resolveTokens(inlines(), depth: childDepth, in: node)
            return wrap(Formatting(strikethrough: .single), resolved.inlines, depth: resolved.depth, at: at)
        case .tableCell?:
            return Pieces((.cell(TableCell(resolveTokens(inlines(), depth: childDepth, in: node).inlines, at: at)), 0))
        case .tableRow?:
            let cells = children.compactMap { if case .cell(let c) = $0 { c } else { nil } }
            return Pieces((.row(cells, isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0), 0))
        case .table?:
            let columns = Int(cmark_gfm_extensions_get_table_columns(node))
            let codes = cmark_gfm_extensions_get_table_alignments(node)
            let alignments: [Table.Alignment] = (0..<columns).map { index in
                switch codes?[index] {
                case UInt8(ascii: "l"): .left
                case UInt8(ascii: "c"): .center
                case UInt8(ascii: "r"): .right
                default: .none
                }
            }
            var header: [TableCell] = []
            var rows: [[TableCell]] = []
            for case .row(let cells, let isHeader) in children {
                if isHeader { header = cells } else { rows.append(cells) }
            }
            return Pieces((.block(Block(.table(Table(alignments: alignments, header: header, rows: rows)), at: at)), 0))
        case nil:
            // An unknown node keeps its content.
            return Pieces(children.map { ($0, childDepth) })
        }
    }

    /// A span around `inlines`, or the inlines alone when it would nest deeper than allowed.
    private mutating func wrap(_ formatting: Formatting, _ inlines: [Inline], depth: Int, at: SourceLocation?)
        -> Pieces
    {
        if depth + 1 > MarkdownReader.maximumNesting {
            context.reportNesting(at: at)
            return Pieces(inlines.map { (.inline($0), depth) })
        }
        return Pieces((.inline(.span(formatting, inlines, at: at)), depth + 1))
    }

    /// A container block, or its blocks alone when it would nest deeper than allowed.
    private mutating func nest(
        _ blocks: [Block], depth: Int, at: SourceLocation?, _ make: ([Block]) -> Block.Kind
    ) -> Pieces {
        if depth + 1 > MarkdownReader.maximumNesting {
            context.reportNesting(at: at)
            return Pieces(blocks.map { (.block($0), depth) })
        }
        return Pieces((.block(Block(make(blocks), at: at)), depth + 1))
    }

    /// The blocks children add to a block container; a row or cell out of place becomes paragraphs.
    private static func blocks(of children: [Child]) -> [Block] {
        var blocks: [Block] = []
        blocks.reserveCapacity(children.count)
        for child in children {
            switch child {
            case .block(let block): blocks.append(block)
            case .item(let item): blocks += item.blocks
            case .inline(let inline): blocks.append(Block(.paragraph([inline]), at: inline.location))
            case .row(let cells, _): blocks += cells.map { Block(.paragraph($0.content), at: $0.location) }
            case .cell(let cell): blocks.append(Block(.paragraph(cell.content), at: cell.location))
            }
        }
        return blocks
    }
}
