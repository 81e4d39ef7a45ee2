import NotebookConstraints
import NotebookModel

/// A submission checked against the note it edits: which blocks stay, change, go or are new.
struct EditPlan {
    struct Entry {
        /// The block's index in the opened document; nil for a new paragraph.
        var original: Int?
        var pieces: [EditorPiece]
        /// Whether the block is new or its pieces differ from those opened.
        var touched: Bool
        /// Its index in the submission, which corrections name.
        var submitted: Int
    }

    var entries: [Entry] = []
    /// The top-level paragraphs and headings of the opened document that the submission left
    /// out or emptied.
    var deleted: [Int] = []

    init(_ note: EditableNote, _ submission: EditSubmission) throws(EditRefusal) {
        let blocks = note.document.blocks
        var previous = -1
        var used = Set<Int>()
        var present = Set<Int>()
        for (index, block) in submission.blocks.enumerated() {
            if let original = block.original {
                guard original > previous, original < blocks.count else {
                    throw .invalid("block \(index + 1) names block \(original + 1) of the note out of order or outside it")
                }
                previous = original
                present.insert(original)
                if blocks[original].kind == .fixed {
                    entries.append(Entry(original: original, pieces: [], touched: false, submitted: index))
                    continue
                }
            } else {
                guard let last = entries.last, last.original == nil || Self.canFollow(blocks[last.original!]) else {
                    throw .invalid(
                        "block \(index + 1) is a new paragraph where only a note's own block may be: after a fixed block, one inside a list or a quote, or in a JSON note")
                }
            }
            for piece in block.pieces {
                switch piece {
                case .text(let text, let formatting):
                    guard !text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) else {
                        throw .invalid("block \(index + 1) holds a line break or a NUL inside its text; breaks are pieces of their own")
                    }
                    // The save marks placeholders' places with these while it writes a block.
                    guard !text.unicodeScalars.contains(where: { $0.value >= 0xF0000 && $0.value <= 0xFFFFD }) else {
                        throw .invalid("block \(index + 1) holds a character of the Supplementary Private Use Area-A (U+F0000–U+FFFFD), which a save cannot write")
                    }
                    guard EditorPiece.isEditorFormatting(formatting) else {
                        throw .invalid("block \(index + 1) sets formatting the editor does not carry")
                    }
                case .opaque(let number):
                    guard number >= 0, number < note.opaque.count else { throw .invalid("block \(index + 1) names no placeholder of the note (\(number))") }
                    guard used.insert(number).inserted else { throw .invalid("placeholder \(number) appears twice") }
                case .softBreak, .lineBreak:
                    break
                }
            }
            // A heading is one line: its breaks are spaces.
            let isHeading = block.original.map { if case .heading = blocks[$0].kind { true } else { false } } ?? false
            let pieces = Self.trimmed(isHeading ? block.pieces.map { Self.isBreak($0) ? .text(" ", .plain) : $0 } : block.pieces)
            let touched = block.original.map { blocks[$0].pieces != block.pieces } ?? true
            entries.append(Entry(original: block.original, pieces: touched ? pieces : block.pieces, touched: touched, submitted: index))
        }
        if used.count != note.opaque.count, let missing = (0..<note.opaque.count).first(where: { !used.contains($0) }) {
            throw .invalid("the placeholder for “\(note.opaque[missing].label)” was left out: what the editor cannot show is never dropped")
        }
        for (index, block) in blocks.enumerated() where !present.contains(index) {
            guard block.isEditable && !block.isNested else {
                throw .invalid(
                    block.kind == .fixed
                        ? "block \(index + 1) of the note (“\(block.label.prefix(40))”) was left out: the editor cannot remove it"
                        : "block \(index + 1) of the note cannot be removed: it is inside a list or a quote, or the note is a JSON note")
            }
            deleted.append(index)
        }
        // An emptied paragraph or heading is removed; a new empty one is nothing. An emptied one
        // that new paragraphs follow takes the first of them (Enter at a paragraph's start).
        var kept: [Entry] = []
        var position = 0
        while position < entries.count {
            let entry = entries[position]
            position += 1
            let isEmpty = entry.touched && Self.isEmpty(entry.pieces)
            if isEmpty, let original = entry.original, blocks[original].isEditable {
                guard !blocks[original].isNested else {
                    throw .invalid("block \(entry.submitted + 1) cannot be emptied: it is inside a list or a quote, or the note is a JSON note")
                }
                // The first new paragraph after it that holds anything takes its place.
                var next = position
                while next < entries.count, entries[next].original == nil, Self.isEmpty(entries[next].pieces) { next += 1 }
                if next < entries.count, entries[next].original == nil {
                    entries[next].original = original
                    position = next
                    continue
                }
                deleted.append(original)
                continue
            }
            if isEmpty && entry.original == nil { continue }
            kept.append(entry)
        }
        entries = kept
        deleted.sort()
    }

    /// Whether pieces hold nothing: no text, no break, no placeholder.
    private static func isEmpty(_ pieces: [EditorPiece]) -> Bool {
        pieces.allSatisfy { if case .text(let text, _) = $0 { text.isEmpty } else { false } }
    }

    /// Whether a new paragraph may follow `block`: a top-level paragraph or heading.
    private static func canFollow(_ block: EditorBlock) -> Bool {
        block.isEditable && !block.isNested
    }

    /// `pieces` without what Markdown and the page leave out: breaks at the block's ends, and
    /// white space at its ends and around its breaks (but inside code).
    static func trimmed(_ pieces: [EditorPiece]) -> [EditorPiece] {
        var out = pieces
        while let first = out.first, isBreak(first) { out.removeFirst() }
        while let last = out.last, isBreak(last) { out.removeLast() }
        func breakAt(_ index: Int) -> Bool {
            guard index >= 0, index < out.count else { return true }
            return isBreak(out[index])
        }
        for index in out.indices {
            guard case .text(var text, let formatting) = out[index], !formatting.code else { continue }
            if breakAt(index - 1) { text = String(text.drop(while: { $0 == " " || $0 == "\t" })) }
            if breakAt(index + 1) {
                while let last = text.last, last == " " || last == "\t" { text.removeLast() }
            }
            out[index] = .text(text, formatting)
        }
        return out.filter { if case .text(let text, _) = $0 { !text.isEmpty } else { true } }
    }

    static func isBreak(_ piece: EditorPiece) -> Bool {
        switch piece {
        case .softBreak, .lineBreak: true
        default: false
        }
    }

    /// Applies `checker` to the formatting of the new and changed blocks' text, as a build
    /// applies it: each value it replaces or removes is a correction.
    mutating func correct(with checker: ConstraintChecker) -> [EditCorrection] {
        var places: [(entry: Int, piece: Int)] = []
        var blocks: [Block] = []
        for (entryIndex, entry) in entries.enumerated() where entry.touched {
            for (pieceIndex, piece) in entry.pieces.enumerated() {
                guard case .text(_, let formatting) = piece, !formatting.isPlain else { continue }
                let at = SourceLocation(line: places.count + 1, column: 1)
                places.append((entryIndex, pieceIndex))
                blocks.append(Block(.paragraph([.span(formatting, [.text(" ")], at: at)]), at: at))
            }
        }
        guard !blocks.isEmpty else { return [] }
        let (checked, diagnostics) = checker.apply(to: Note(path: "", blocks: blocks))
        var corrections: [EditCorrection] = []
        for diagnostic in diagnostics {
            guard let line = diagnostic.location?.line, line >= 1, line <= places.count else { continue }
            let (entry, piece) = places[line - 1]
            corrections.append(EditCorrection(block: entries[entry].submitted, piece: piece, message: diagnostic.message))
        }
        for (index, place) in places.enumerated() {
            guard case .text(let text, _) = entries[place.entry].pieces[place.piece] else { continue }
            var formatting = Formatting.plain
            if case .paragraph(let content) = checked.blocks[index].kind, content.count == 1, case .span(let kept, _) = content[0].kind {
                formatting = kept
            }
            entries[place.entry].pieces[place.piece] = .text(text, formatting)
        }
        return corrections
    }
}
