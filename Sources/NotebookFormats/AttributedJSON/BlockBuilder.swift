import NotebookModel

/// Builds the block tree from runs and their presentation intents.
///
/// A block lasts as long as consecutive runs carry its identity; Apple writes no `"\n"` between
/// blocks. Runs without presentation intent are typed text: each line is a paragraph, blank
/// lines only separate. The walk keeps its own stack, so no input can exhaust the call stack.
struct BlockBuilder {
    /// What a finished block gives its parent.
    private enum Piece {
        case block(Block)
        case item(ListItem, ordinal: Int)
        case row([(column: Int, cell: TableCell)], isHeader: Bool)
        case cell(column: Int, TableCell)
    }

    /// A block still receiving runs.
    private struct Frame {
        var component: IntentComponent?
        var location: SourceLocation?
        /// Runs held directly: a leaf's text, or text a container holds without a leaf block.
        /// Their formattings are `formattings[run.formatting]`.
        var runs: [SharedRun] = []
        /// The indices in `runs` of runs that are part of a raw HTML block (bit 512), in order.
        var htmlRuns: [Int] = []
        var pieces: [Piece] = []
        /// The checked state of a task-list item.
        var task: Bool?
    }

    private var context: JSONReadContext
    private var lines: LineCursor
    private var stack: [Frame] = [Frame()]
    /// The runs' attributes, read in place: copying an entry out of an array to read one of its
    /// fields would copy all of them.
    private let attributes: UnsafeBufferPointer<RunAttributes>
    /// The formatting of each entry of `attributes`, which runs refer to by index rather than
    /// each carrying a copy.
    private let formattings: [Formatting]
    /// For each entry of `attributes`, the index in `paths` of its block path once worked out,
    /// else -1. Entries with equal paths may share an index.
    private var pathIndices: [Int]
    /// The block paths worked out so far.
    private var paths: [[IntentComponent]] = []
    /// The index in `paths` of the path the stack above the root holds, frame for frame; -1
    /// before the first run.
    private var stackPath = -1
    /// An empty array with the capacity of a block's runs, handed from each closed block to the
    /// next one opened, so that collecting runs does not allocate for every block.
    private var spareRuns: [SharedRun] = []

    private init(attributes: UnsafeBufferPointer<RunAttributes>, context: JSONReadContext) {
        self.context = context
        self.lines = context.lineCursor()
        self.attributes = attributes
        self.formattings = attributes.map(\.formatting)
        self.pathIndices = Array(repeating: -1, count: attributes.count)
    }

    /// The blocks the runs make.
    static func build(_ list: RunList, context: inout JSONReadContext) -> [Block] {
        let runs = mergingImages(list)
        let pieces = list.attributes.withUnsafeBufferPointer { attributes in
            var builder = BlockBuilder(attributes: attributes, context: context)
            for run in runs { builder.place(run) }
            while builder.stack.count > 1 { builder.closeTop() }
            builder.flushLooseRuns(at: 0)
            context = builder.context
            return builder.stack[0].pieces
        }
        var blocks: [Block] = []
        blocks.reserveCapacity(pieces.count)
        for piece in pieces {
            if case .block(let block) = piece { blocks.append(block) } else { blocks += Self.blocks(of: piece) }
        }
        return blocks
    }

    /// Runs of one image (same URL, formatting inside its alternative text) joined, as Apple
    /// splits an image's runs only where the alternative text's formatting changes.
    private static func mergingImages(_ list: RunList) -> [DecodedRun] {
        guard list.attributes.contains(where: { $0.image != nil }) else { return list.runs }
        var out: [DecodedRun] = []
        out.reserveCapacity(list.runs.count)
        for run in list.runs {
            let this = list.attributes[run.attributes]
            if let image = this.image, this.alternateDescription == nil, let last = out.last,
                case let previous = list.attributes[last.attributes], previous.image == image,
                previous.alternateDescription == nil, previous.components == this.components
            {
                out[out.count - 1].text += run.text
            } else {
                out.append(run)
            }
        }
        return out
    }

    // MARK: Placing runs

    private mutating func place(_ decoded: DecodedRun) {
        let pathIndex = path(of: decoded)
        let location = lines.location(of: decoded.offset)
        // A run with the attributes of the run before it opens and closes nothing.
        if pathIndex != stackPath {
            let path = paths[pathIndex]
            // Frames are read in place: copying one out of the stack copies its arrays too.
            let common = stack.withUnsafeBufferPointer { frames in
                var common = 0
                while common < path.count && common + 1 < frames.count && frames[common + 1].component == path[common] {
                    common += 1
                }
                return common
            }
            while stack.count > common + 1 { closeTop() }
            if common < path.count {
                flushLooseRuns(at: stack.count - 1)
                for component in path[common...] {
                    stack.append(Frame(component: component, location: location))
                }
                swap(&stack[stack.count - 1].runs, &spareRuns)
            }
            stackPath = pathIndex
        }
        if let task = attributes[decoded.attributes].task,
            let item = stack.lastIndex(where: { if case .listItem? = $0.component?.kind { true } else { false } }),
            stack[item].task == nil
        {
            stack[item].task = task
        }
        let top = stack.count - 1
        if attributes[decoded.attributes].isBlockHTML { stack[top].htmlRuns.append(stack[top].runs.count) }
        stack[top].runs.append(modelRun(decoded, at: location))
    }

    /// The index in `paths` of the run's components outermost first, cut after the first leaf
    /// block and past the nesting limit (reported once); worked out once for each set of
    /// attributes.
    private mutating func path(of run: DecodedRun) -> Int {
        let known = pathIndices[run.attributes]
        if known >= 0 { return known }
        let components = attributes[run.attributes].components
        var path: [IntentComponent] = []
        path.reserveCapacity(components.count)
        var nesting = 0
        var flattening = false
        for component in components.reversed() {
            if component.kind.isLeaf {
                path.append(component)
                break
            }
            if flattening { continue }
            if component.kind.countsAsNesting {
                nesting += 1
                if nesting > MarkdownReader.maximumNesting {
                    context.reportNesting(at: run.offset)
                    flattening = true
                    continue
                }
            }
            path.append(component)
        }
        // Runs of one block mostly follow each other: a path equal to the stack's shares its
        // index, so that the run after it takes the quick way in `place`.
        if stackPath >= 0 && paths[stackPath] == path {
            pathIndices[run.attributes] = stackPath
            return stackPath
        }
        paths.append(path)
        pathIndices[run.attributes] = paths.count - 1
        return paths.count - 1
    }

    private func modelRun(_ decoded: DecodedRun, at location: SourceLocation) -> SharedRun {
        let index = decoded.attributes
        if let image = attributes[index].image {
            let alternative = attributes[index].alternateDescription ?? (decoded.text == "\u{FFFC}" ? "" : decoded.text)
            return SharedRun(.image(image, alternative: alternative), formatting: index, at: location)
        }
        let isLineBreak = attributes[index].isLineBreak
        if isLineBreak || attributes[index].isSoftBreak,
            decoded.text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace })
        {
            return SharedRun(isLineBreak ? .lineBreak : .softBreak, formatting: index, at: location)
        }
        return SharedRun(.text(decoded.text), formatting: index, at: location)
    }

    // MARK: Finishing blocks

    /// Turns the text a container holds outside any leaf block into pieces of its own, before
    /// another block opens in it or it closes: at the top, typed text; in a row, a cell; elsewhere
    /// a paragraph.
    private mutating func flushLooseRuns(at index: Int) {
        let runs = stack[index].runs
        guard !runs.isEmpty else { return }
        let htmlRuns = stack[index].htmlRuns
        stack[index].runs = []
        stack[index].htmlRuns = []
        switch stack[index].component?.kind {
        case nil:
            stack[index].pieces += typedText(runs, htmlRuns: htmlRuns)
        case .tableHeaderRow?, .tableRow?:
            let cell = TableCell(InlineRuns.nest(runs, formattings: formattings), at: runs.first?.location)
            stack[index].pieces.append(.cell(column: Int.max, cell))
        default:
            stack[index].pieces.append(.block(paragraph(runs, htmlRuns: htmlRuns.count)))
        }
    }

    /// Typed text: each line a paragraph, blank lines left out.
    private func typedText(_ runs: [SharedRun], htmlRuns: [Int]) -> [Piece] {
        var pieces: [Piece] = []
        var line: [SharedRun] = []
        var lineHTMLRuns = 0
        func finishLine() {
            if line.contains(where: Self.isVisible) { pieces.append(.block(paragraph(line, htmlRuns: lineHTMLRuns))) }
            line = []
            lineHTMLRuns = 0
        }
        var nextHTML = htmlRuns.makeIterator()
        var html = nextHTML.next()
        for (index, run) in runs.enumerated() {
            let isHTML = html == index
            if isHTML { html = nextHTML.next() }
            guard !isHTML, case .text(let text) = run.kind, text.utf8.contains(0x0A) else {
                line.append(run)
                if isHTML { lineHTMLRuns += 1 }
                continue
            }
            let utf8 = text.utf8
            var start = utf8.startIndex
            while true {
                let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
                var contentEnd = end
                if contentEnd > start && utf8[utf8.index(before: contentEnd)] == 0x0D {
                    contentEnd = utf8.index(before: contentEnd)
                }
                if contentEnd > start {
                    line.append(SharedRun(.text(String(text[start..<contentEnd])), formatting: run.formatting, at: run.location))
                }
                guard end < utf8.endIndex else { break }
                finishLine()
                start = utf8.index(after: end)
            }
        }
        finishLine()
        return pieces
    }

    private static func isVisible(_ run: SharedRun) -> Bool {
        switch run.kind {
        case .text(let text): text.utf8.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        case .image: true
        case .softBreak, .lineBreak: false
        }
    }

    /// A paragraph of `runs`, or a raw HTML block when every run is part of one.
    private func paragraph(_ runs: [SharedRun], htmlRuns: Int) -> Block {
        let location = runs.first?.location
        if !runs.isEmpty && htmlRuns == runs.count { return Block(.html(runs.map(\.text).joined()), at: location) }
        return Block(.paragraph(InlineRuns.nest(runs, formattings: formattings)), at: location)
    }

    private mutating func closeTop() {
        let index = stack.count - 1
        guard let component = stack[index].component else { return }
        if !component.kind.isLeaf { flushLooseRuns(at: index) }
        var frame = stack.removeLast()
        let location = frame.location
        let piece: Piece
        switch component.kind {
        case .paragraph:
            piece = .block(paragraph(frame.runs, htmlRuns: frame.htmlRuns.count))
        case .header(let level):
            piece = .block(Block(.heading(level: level, InlineRuns.nest(frame.runs, formattings: formattings)), at: location))
        case .codeBlock(let language):
            let code = CodeBlock(language: language, code: frame.runs.map(\.text).joined())
            piece = .block(Block(.codeBlock(code), at: location))
        case .thematicBreak:
            piece = .block(Block(.thematicBreak, at: location))
        case .blockQuote:
            let blocks = frame.pieces.flatMap(Self.blocks(of:))
            piece = .block(Block(Callout.detect(in: blocks) ?? .blockQuote(blocks), at: location))
        case .orderedList, .unorderedList:
            piece = .block(Self.list(frame.pieces, isOrdered: component.kind == .orderedList, isTight: component.isTight, at: location))
        case .listItem(let ordinal):
            let item = ListItem(task: frame.task, blocks: frame.pieces.flatMap(Self.blocks(of:)), at: location)
            piece = .item(item, ordinal: ordinal)
        case .table(let columns):
            stack[stack.count - 1].pieces += Self.table(frame.pieces, columns: columns, at: location)
            return
        case .tableHeaderRow, .tableRow:
            let cells = frame.pieces.map { piece -> (column: Int, cell: TableCell) in
                if case .cell(let column, let cell) = piece { return (column, cell) }
                return (Int.max, TableCell(Self.inlines(of: piece), at: location))
            }
            piece = .row(cells, isHeader: component.kind == .tableHeaderRow)
        case .tableCell(let column):
            var content: [Inline] = []
            for piece in frame.pieces {
                if !content.isEmpty { content.append(.text(" ")) }
                content += Self.inlines(of: piece)
            }
            piece = .cell(column: column, TableCell(content, at: location))
        }
        stack[stack.count - 1].pieces.append(piece)
        // The runs are in the piece now; their array's capacity serves the next block.
        frame.runs.removeAll(keepingCapacity: true)
        if frame.runs.capacity > spareRuns.capacity { swap(&frame.runs, &spareRuns) }
    }

    private static func list(_ pieces: [Piece], isOrdered: Bool, isTight: Bool?, at location: SourceLocation?) -> Block {
        var items: [ListItem] = []
        var start: Int?
        for piece in pieces {
            if case .item(let item, let ordinal) = piece {
                if start == nil { start = ordinal }
                items.append(item)
            } else {
                items += blocks(of: piece).map { ListItem(blocks: [$0], at: $0.location) }
            }
        }
        let list = List(
            isOrdered: isOrdered, start: isOrdered ? start ?? 1 : 1, isTight: isTight ?? ListTightness.guess(items), items: items)
        return Block(.list(list), at: location)
    }

    private static func table(_ pieces: [Piece], columns: [Table.Alignment], at location: SourceLocation?) -> [Piece] {
        var header: [(column: Int, cell: TableCell)]?
        var rows: [[(column: Int, cell: TableCell)]] = []
        var after: [Piece] = []
        for piece in pieces {
            switch piece {
            case .row(let cells, let isHeader):
                if isHeader && header == nil { header = cells } else { rows.append(cells) }
            case .cell(let column, let cell):
                rows.append([(column, cell)])
            case .block, .item:
                after.append(piece)
            }
        }
        let width = columns.isEmpty ? ([header ?? []] + rows).map(\.count).max() ?? 0 : columns.count
        let alignments = columns.isEmpty ? Array(repeating: Table.Alignment.none, count: width) : columns
        func arranged(_ cells: [(column: Int, cell: TableCell)]) -> [TableCell] {
            var slots: [TableCell?] = Array(repeating: nil, count: width)
            var extra: [TableCell] = []
            for (column, cell) in cells {
                if column < width && slots[column] == nil { slots[column] = cell } else { extra.append(cell) }
            }
            return slots.map { $0 ?? TableCell([]) } + extra
        }
        let table = Table(alignments: alignments, header: arranged(header ?? []), rows: rows.map(arranged))
        return [.block(Block(.table(table), at: location))] + after
    }

    /// The blocks a piece adds to a block container.
    private static func blocks(of piece: Piece) -> [Block] {
        switch piece {
        case .block(let block): [block]
        case .item(let item, _):
            [Block(.list(List(isOrdered: false, isTight: ListTightness.guess([item]), items: [item])), at: item.location)]
        case .row(let cells, _): cells.map { Block(.paragraph($0.cell.content), at: $0.cell.location) }
        case .cell(_, let cell): [Block(.paragraph(cell.content), at: cell.location)]
        }
    }

    /// The inline content of a piece inside a table cell: its paragraphs' text.
    private static func inlines(of piece: Piece) -> [Inline] {
        var out: [Inline] = []
        for block in blocks(of: piece) {
            if !out.isEmpty { out.append(.text(" ")) }
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines): out += inlines
            default: out.append(.text(PlainText.of([block])))
            }
        }
        return out
    }
}
