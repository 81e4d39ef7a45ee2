import NotebookFormats
import NotebookModel
import NotebookSource

extension EditableNote {
    /// A Markdown note opened for editing, read as `reader` reads it in a build. Its paragraphs
    /// and headings are editable where the file holds them as they were read, without an HTML
    /// comment (the reader leaves it out, and a save would lose it) but with any `%%comment%%`
    /// kept as a placeholder; lists, quotes and footnotes are edited through their paragraphs; the rest
    /// (tables, code, formulas, callouts, HTML) is fixed. A file that is not UTF-8 is all fixed.
    public static func markdown(_ bytes: [UInt8], path: String, reader: MarkdownReader) -> EditableNote {
        guard let source = String(validating: bytes, as: UTF8.self) else {
            let note = Note(path: path, blocks: [])
            return EditableNote(
                format: .markdown, bytes: bytes, document: EditorDocument(blocks: [EditorBlock(kind: .fixed, label: "(not UTF-8 text)")]),
                opaque: [], places: [nil], note: note)
        }
        let read = reader.read(source, path: path)
        let split = FrontMatter.split(source)
        var opening = MarkdownOpening(
            bytes: bytes, lines: LineTable(bytes).starts, textBlocks: reader.textBlocks(split.body, firstLine: split.bodyStartLine),
            comments: read.comments, htmlComments: read.htmlComments)
        opening.visit(read.note.blocks, depth: 0, path: [])
        return EditableNote(
            format: .markdown, bytes: bytes, document: EditorDocument(blocks: opening.blocks), opaque: opening.opaque,
            places: opening.places, note: read.note)
    }
}

/// The walk that opens a Markdown note's blocks.
private struct MarkdownOpening: NoteOpening {
    let bytes: [UInt8]
    /// Where each line of the file starts.
    let lines: [Int]
    /// The paragraphs and headings by where they start.
    let textBlocks: [SourceLocation: MarkdownTextBlock]
    /// Where each comment starts, as byte offsets.
    let comments: [Int]
    /// Where each inline HTML comment the reader left out starts, as byte offsets.
    let htmlComments: [Int]
    let writer = MarkdownWriter()
    var blocks: [EditorBlock] = []
    var places: [EditableNote.Place?] = []
    var opaque: [OpaquePiece] = []

    init(bytes: [UInt8], lines: [Int], textBlocks: [MarkdownTextBlock], comments: [SourceLocation], htmlComments: [SourceLocation]) {
        self.bytes = bytes
        self.lines = lines
        self.textBlocks = Dictionary(textBlocks.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
        self.comments = comments.compactMap { Self.offset($0, lines: lines, bytes: bytes) }
        self.htmlComments = htmlComments.compactMap { Self.offset($0, lines: lines, bytes: bytes) }
    }

    mutating func text(_ block: Block, _ inlines: [Inline], kind: EditorBlock.Kind, depth: Int, path: [Int]) {
        guard let location = block.location, let found = textBlocks[location], found.depth == depth,
            found.isHeading == (kind != .paragraph), let start = Self.offset(location, lines: lines, bytes: bytes),
            found.endLine >= location.line, found.endLine <= lines.count
        else { return fixed(block) }
        let end = lineEnd(found.endLine)
        guard start < end, !htmlComments.contains(where: (start..<end).contains), let placed = placeComments(inlines, within: start..<end) else { return fixed(block) }
        let pieces = BlockPieces(inlines, firstOpaque: opaque.count, comments: placed, label: { [writer] in writer.markdown(of: [$0]) })
        opaque += pieces.opaque
        var offsets: [[Int]: Int] = [:]
        var seen: Set<[Int]> = []
        for leaf in pieces.leaves.compactMap({ $0 }) where seen.insert(leaf).inserted {
            if let offset = leafOffset(leaf, in: inlines, within: start..<end) { offsets[leaf] = offset }
        }
        blocks.append(EditorBlock(kind: kind, isNested: depth > 0, pieces: pieces.pieces))
        places.append(
            EditableNote.Place(
                range: start..<end, continuation: depth == 0 ? "" : continuation(before: start, line: location.line), inlines: inlines,
                leaves: pieces.leaves, leafOffsets: offsets, path: path))
    }

    /// Where the `%%comments%%` inside a block go among its text inlines (which the reader
    /// read without them): for each inline, the offsets in its text; nil when one cannot be
    /// placed so (the block is then fixed).
    private func placeComments(_ inlines: [Inline], within range: Range<Int>) -> [[Int]: [(offset: Int, text: String)]]? {
        let starts = comments.filter { range.contains($0) }.sorted()
        guard !starts.isEmpty else { return [:] }
        var leaves: [(path: [Int], offset: Int, text: [UInt8])] = []
        func collect(_ content: [Inline], _ path: [Int]) {
            for (index, inline) in content.enumerated() {
                switch inline.kind {
                case .text(let text):
                    if let location = inline.location, let offset = Self.offset(location, lines: lines, bytes: bytes) {
                        leaves.append((path + [index], offset, Array(text.utf8)))
                    }
                case .span(_, let children): collect(children, path + [index])
                default: break
                }
            }
        }
        collect(inlines, [])
        var placed: [[Int]: [(offset: Int, text: String)]] = [:]
        var removed: [[Int]: [Range<Int>]] = [:]
        for start in starts {
            // The comment runs to the next `%%`, inside the block.
            var end = start + 2
            while end + 1 < range.upperBound, !(bytes[end] == UInt8(ascii: "%") && bytes[end + 1] == UInt8(ascii: "%")) { end += 1 }
            guard end + 1 < range.upperBound else { return nil }
            end += 2
            guard let leaf = leaves.last(where: { $0.offset <= start }) else { return nil }
            // The source from the inline's start to the comment, earlier comments left out, is
            // the inline's text so far.
            var before = Array(bytes[leaf.offset..<start])
            for earlier in (removed[leaf.path] ?? []).reversed() { before.removeSubrange((earlier.lowerBound - leaf.offset)..<(earlier.upperBound - leaf.offset)) }
            guard leaf.text.starts(with: before) else { return nil }
            placed[leaf.path, default: []].append((before.count, String(decoding: bytes[start..<end], as: UTF8.self)))
            removed[leaf.path, default: []].append(start..<end)
        }
        return placed
    }

    mutating func fixed(_ block: Block) {
        blocks.append(EditorBlock(kind: .fixed, label: writer.markdown(of: block)))
        places.append(nil)
    }

    /// Where the text inline at `path` starts, when the file holds its text there as it is.
    private func leafOffset(_ path: [Int], in inlines: [Inline], within range: Range<Int>) -> Int? {
        var content = inlines
        var inline: Inline?
        for (step, index) in path.enumerated() {
            guard index < content.count else { return nil }
            inline = content[index]
            if step < path.count - 1 {
                guard case .span(_, let children) = content[index].kind else { return nil }
                content = children
            }
        }
        guard let inline, case .text(let text) = inline.kind, let location = inline.location,
            let offset = Self.offset(location, lines: lines, bytes: bytes)
        else { return nil }
        let utf8 = Array(text.utf8)
        guard offset >= range.lowerBound, offset + utf8.count <= range.upperBound, bytes[offset..<offset + utf8.count].elementsEqual(utf8)
        else { return nil }
        return offset
    }

    /// The offset of the end of `line` (1-based), before its line break.
    private func lineEnd(_ line: Int) -> Int {
        var end = line < lines.count ? lines[line] : bytes.count
        while end > lines[line - 1], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// What starts the lines of a block after its first: what precedes it on its first line,
    /// with quote marks and white space kept and list markers made spaces.
    private func continuation(before start: Int, line: Int) -> String {
        String(
            decoding: bytes[lines[line - 1]..<start].map { byte in
                byte == UInt8(ascii: ">") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") ? byte : UInt8(ascii: " ")
            }, as: UTF8.self)
    }

    /// The byte offset of a file location, nil when it is not in the file.
    /// A byte-order mark is not part of the first line's columns.
    static func offset(_ location: SourceLocation, lines: [Int], bytes: [UInt8]) -> Int? {
        guard location.line >= 1, location.line <= lines.count, location.column >= 1 else { return nil }
        let bom = location.line == 1 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let offset = lines[location.line - 1] + bom + location.column - 1
        let count = bytes.count
        return offset <= count ? offset : nil
    }
}
