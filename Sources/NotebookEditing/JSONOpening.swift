import NotebookFormats
import NotebookModel

extension EditableNote {
    /// A JSON note opened for editing, read as `reader` reads it in a build. Its paragraphs and
    /// headings are editable where their text is found in the body's runs, in order, with only
    /// breaks between their pieces; the rest is fixed. Paragraphs are not added or removed
    /// (``EditorBlock/isNested``): Enter makes a line break. A file that is not UTF-8, or whose
    /// JSON or body cannot be read whole, is all fixed.
    public static func json(_ bytes: [UInt8], path: String, reader: AttributedJSONReader) -> EditableNote {
        guard let source = String(validating: bytes, as: UTF8.self), let map = JSONBodyMap.read(bytes) else {
            return fixed(bytes, format: .json, label: String(decoding: bytes, as: UTF8.self))
        }
        let read = reader.read(source, path: path)
        guard !read.diagnostics.contains(where: { $0.severity == .error }) else {
            return fixed(bytes, format: .json, label: source)
        }
        var opening = JSONOpening(map: map)
        opening.visit(read.note.blocks, depth: 0, path: [])
        var note = EditableNote(
            format: .json, bytes: bytes, document: EditorDocument(blocks: opening.blocks), opaque: opening.opaque,
            places: opening.places, note: read.note)
        note.runs = map
        return note
    }
}

/// The walk that opens a JSON note's blocks: each paragraph's text found in the runs' text.
private struct JSONOpening: NoteOpening {
    let map: JSONBodyMap
    /// The runs' text, as scalars, and where each run starts in it.
    let text: [Unicode.Scalar]
    let runStarts: [Int]
    /// Where the search for the next block's text starts.
    var cursor = 0
    var blocks: [EditorBlock] = []
    var places: [EditableNote.Place?] = []
    var opaque: [OpaquePiece] = []
    let writer = MarkdownWriter()

    init(map: JSONBodyMap) {
        self.map = map
        var text: [Unicode.Scalar] = []
        var starts: [Int] = []
        for run in map.runs {
            starts.append(text.count)
            text += run.text.unicodeScalars
        }
        self.text = text
        self.runStarts = starts
    }

    mutating func text(_ block: Block, _ inlines: [Inline], kind: EditorBlock.Kind, depth: Int, path: [Int]) {
        guard let range = find(inlines), case .some(let intent) = common({ $0.presentationIntent }, over: range),
            case .some(let task) = common({ $0.task }, over: range) else {
            return fixed(block)
        }
        cursor = range.upperBound
        let pieces = BlockPieces(inlines, firstOpaque: opaque.count, label: { [writer] in writer.markdown(of: [$0]) })
        opaque += pieces.opaque
        blocks.append(EditorBlock(kind: kind, isNested: true, pieces: pieces.pieces))
        places.append(
            EditableNote.Place(
                range: range, continuation: "", inlines: inlines, leaves: pieces.leaves, leafOffsets: [:], path: path,
                presentationIntent: intent, task: task))
    }

    mutating func fixed(_ block: Block) {
        blocks.append(EditorBlock(kind: .fixed, label: writer.markdown(of: block)))
        places.append(nil)
    }

    /// The stretch of the runs' text that holds `inlines`: their texts in order from the cursor,
    /// with nothing but breaks between them; nil when not found so, or when the block starts or
    /// ends with something other than text.
    private func find(_ inlines: [Inline]) -> Range<Int>? {
        let units = InlineRuns.flatten(inlines)
        guard let first = units.first, let last = units.last, case .text = first.kind, case .text = last.kind else { return nil }
        var start: Int?
        var position = cursor
        for unit in units {
            guard case .text(let value) = unit.kind, !value.isEmpty else { continue }
            let wanted = Array(value.unicodeScalars)
            guard let at = Self.search(wanted, in: text, from: position) else { return nil }
            if start == nil {
                start = at
            } else {
                guard text[position..<at].allSatisfy(Self.isBreak) else { return nil }
            }
            position = at + wanted.count
        }
        guard let start else { return nil }
        return start..<position
    }

    /// What may lie between a block's pieces of text in the runs: breaks (Apple writes a soft
    /// break as a space) and an image's mark.
    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == " " || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{FFFC}"
    }

    private static func search(_ wanted: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int) -> Int? {
        guard !wanted.isEmpty, start + wanted.count <= text.count else { return nil }
        var at = start
        while at + wanted.count <= text.count {
            if text[at] == wanted[0] && text[at..<(at + wanted.count)].elementsEqual(wanted) { return at }
            at += 1
        }
        return nil
    }

    /// What every run of the stretch says of `value` (`.some(nil)`: nothing); nil when they
    /// differ: the block's presentation intent, its task state.
    private func common<T: Equatable>(_ value: (JSONBodyMap.Run) -> T?, over range: Range<Int>) -> T?? {
        var found: T??
        for (index, start) in runStarts.enumerated() {
            let end = start + map.runs[index].text.unicodeScalars.count
            guard end > range.lowerBound, start < range.upperBound else { continue }
            let this = value(map.runs[index])
            if let seen = found, seen != this { return nil }
            found = .some(this)
        }
        return found
    }
}
