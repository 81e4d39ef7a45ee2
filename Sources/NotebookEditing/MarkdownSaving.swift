import NotebookFormats
import NotebookModel

/// Writes an edit of a Markdown note back into its bytes: what lies outside the changed blocks
/// (front matter, the blocks left alone, what separates blocks) stays byte for byte; a change of
/// words inside text is written in place; any other change writes the block again.
struct MarkdownSaving {
    let note: EditableNote
    let plan: EditPlan
    let reader: MarkdownReader
    let writer = MarkdownWriter()

    /// A change of the file's bytes.
    private struct Change {
        var range: Range<Int>
        var text: String
        /// New paragraphs after a block go after any change at the block's end.
        var isAfterBlock = false
    }

    /// The line break the file writes: CRLF when it has one, else LF.
    var newline: String { note.bytes.indices.dropLast().contains { note.bytes[$0] == 0x0D && note.bytes[$0 + 1] == 0x0A } ? "\r\n" : "\n" }

    /// The note's new bytes, read back and compared with the edit before they are returned: with
    /// changes of words written in place, else (when that does not read back as the edit, as a
    /// list marker typed at a line's start) with the changed blocks written again.
    func bytes() throws(EditRefusal) -> [UInt8] {
        do {
            return try bytes(inPlace: true)
        } catch .unfaithful {
            return try bytes(inPlace: false)
        }
    }

    private func bytes(inPlace: Bool) throws(EditRefusal) -> [UInt8] {
        let newline = self.newline
        var changes: [Change] = []
        var expected = note.note.blocks
        // Edits of the model are made from the last block to the first, so that paths stay good.
        var modelEdits: [(path: [Int], inlines: [Inline]?, inserted: [Block])] = []
        var index = 0
        let entries = plan.entries
        while index < entries.count {
            let entry = entries[index]
            // The new paragraphs that follow this block.
            var next = index + 1
            var added: [[EditorPiece]] = []
            while next < entries.count, entries[next].original == nil {
                added.append(entries[next].pieces)
                next += 1
            }
            defer { index = next }
            guard let original = entry.original, let place = note.places[original] else { continue }
            var inlines: [Inline]?
            if entry.touched {
                let (text, meant) = try written(original, place: place, pieces: entry.pieces, inPlace: inPlace, newline: newline)
                inlines = meant
                if let text { changes += text }
            }
            var inserted: [Block] = []
            if !added.isEmpty {
                var text = ""
                for pieces in added {
                    let (lines, meant) = paragraph(pieces, continuation: "", newline: newline)
                    text += newline + newline + lines
                    inserted.append(Block(.paragraph(meant)))
                }
                changes.append(Change(range: place.range.upperBound..<place.range.upperBound, text: text, isAfterBlock: true))
            }
            modelEdits.append((place.path, inlines, inserted))
        }
        for original in plan.deleted {
            guard let place = note.places[original] else { continue }
            changes.append(Change(range: deletion(place.range), text: ""))
            modelEdits.append((place.path, nil, []))
        }
        // Model: replacements and insertions first, then removals, each from the end.
        let deletedPaths = Set(plan.deleted.compactMap { note.places[$0]?.path })
        for edit in modelEdits.sorted(by: { $0.path.lexicographicallyPrecedes($1.path) }).reversed() {
            if deletedPaths.contains(edit.path) {
                expected.remove(at: edit.path[0])
                continue
            }
            if let inlines = edit.inlines { EditedInlines.replace(&expected, at: edit.path, with: inlines) }
            if !edit.inserted.isEmpty { expected.insert(contentsOf: edit.inserted, at: edit.path[0] + 1) }
        }
        var bytes = note.bytes
        // From the end of the file, so that each change's place stays good; at one place, new
        // paragraphs first, so that a change of the block's last words lands before them.
        for change in changes.sorted(by: { ($0.range.lowerBound, $0.isAfterBlock ? 1 : 0) > ($1.range.lowerBound, $1.isAfterBlock ? 1 : 0) }) {
            bytes.replaceSubrange(change.range, with: Array(change.text.utf8))
        }
        try verify(bytes, expected: expected)
        return bytes
    }

    /// The changes that write a changed block, and the inlines it is meant to read back as.
    private func written(
        _ original: Int, place: EditableNote.Place, pieces: [EditorPiece], inPlace: Bool, newline: String
    ) throws(EditRefusal) -> ([Change]?, [Inline]) {
        let opened = note.document.blocks[original]
        if let leafTexts = EditedInlines.wordsOnly(opened.pieces, pieces, place: place, opaque: note.opaque) {
            let meant = EditedInlines.replacingLeaves(place.inlines, with: leafTexts.plain)
            if inPlace, let changes = inPlaceChanges(opened.pieces, pieces, place: place) { return (changes, meant) }
            // The tree as it was, its words changed, written again.
            let tokened = EditedInlines.replacingLeaves(place.inlines, with: leafTexts.tokened)
            return ([Change(range: place.range, text: blockText(opened.kind, tokened, continuation: place.continuation, newline: newline))], meant)
        }
        let (units, tokened) = EditedInlines.units(pieces, opaque: note.opaque)
        let built = InlineBuilding.inlines(tokened)
        return ([Change(range: place.range, text: blockText(opened.kind, built, continuation: place.continuation, newline: newline))], InlineBuilding.inlines(units))
    }

    /// A new paragraph's lines, and the inlines it is meant to read back as.
    private func paragraph(_ pieces: [EditorPiece], continuation: String, newline: String) -> (String, [Inline]) {
        let (units, tokened) = EditedInlines.units(pieces, opaque: note.opaque)
        return (blockText(.paragraph, InlineBuilding.inlines(tokened), continuation: continuation, newline: newline), InlineBuilding.inlines(units))
    }

    /// The Markdown of a paragraph or heading, literal pieces (tokens in `inlines`) as they were.
    private func blockText(_ kind: EditorBlock.Kind, _ inlines: [Inline], continuation: String, newline: String) -> String {
        let text: String
        if case .heading(let level) = kind {
            text = String(repeating: "#", count: min(max(level, 1), 6)) + " " + writer.markdown(of: inlines)
        } else {
            text = writer.markdown(of: Block(.paragraph(inlines))).split(separator: "\n", omittingEmptySubsequences: false)
                .joined(separator: newline + continuation)
        }
        return Self.untokened(text, literals: note.opaque)
    }

    /// The changes that write a change of words where the words are, when every changed text
    /// inline's bytes in the file are its text: each piece's changed middle, escaped.
    private func inPlaceChanges(_ opened: [EditorPiece], _ edited: [EditorPiece], place: EditableNote.Place) -> [Change]? {
        var changes: [Change] = []
        var withinLeaf: [[Int]: Int] = [:]
        for index in opened.indices {
            guard let leaf = place.leaves[index] else { continue }
            let before: String
            switch opened[index] {
            case .text(let text, _): before = text
            case .opaque(let number):
                if case .literal(let text, _) = note.opaque[number].content { withinLeaf[leaf, default: 0] += text.utf8.count }
                continue
            default: continue
            }
            let at = withinLeaf[leaf, default: 0]
            withinLeaf[leaf] = at + before.utf8.count
            guard case .text(let after, _) = edited[index], after != before else { continue }
            guard let leafStart = place.leafOffsets[leaf] else { return nil }
            let old = Array(before.unicodeScalars)
            let new = Array(after.unicodeScalars)
            var prefix = 0
            while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            let start = leafStart + at + Self.utf8Count(old[..<prefix])
            let end = leafStart + at + before.utf8.count - Self.utf8Count(old[(old.count - suffix)...])
            var middle = ""
            middle.unicodeScalars.append(contentsOf: new[prefix..<(new.count - suffix)])
            changes.append(Change(range: start..<end, text: writer.escaped(middle)))
        }
        return changes
    }

    private static func utf8Count(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + UTF8.width($1) }
    }

    /// What removing a top-level block takes: its lines, and the blank lines after them.
    private func deletion(_ range: Range<Int>) -> Range<Int> {
        let bytes = note.bytes
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        var end = range.upperBound
        var lineEnd = end
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x0A || byte == 0x0D {
                end += 1
                lineEnd = end
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                end += 1
            } else {
                break
            }
        }
        return start..<(end == bytes.count ? end : lineEnd)
    }

    /// Reads `bytes` back and compares them with the edited note: the same front matter, and
    /// the same blocks (their text and formatting, however spans nest).
    private func verify(_ bytes: [UInt8], expected: [Block]) throws(EditRefusal) {
        let source = String(decoding: bytes, as: UTF8.self)
        let read = reader.read(source, path: note.note.path)
        guard read.note.metadata == note.note.metadata else {
            throw .unfaithful("the edit would change the note's front matter")
        }
        let got = CanonicalBlocks.of(read.note.blocks)
        let meant = CanonicalBlocks.of(expected)
        guard got == meant else {
            let at = got.indices.first(where: { $0 >= meant.count || got[$0] != meant[$0] }) ?? min(got.count, meant.count)
            throw .unfaithful("the edit cannot be written as Markdown that reads back as it was made (block \(at + 1) of the note differs)")
        }
    }

    /// `text` with each token replaced by its literal piece.
    private static func untokened(_ text: String, literals: [OpaquePiece]) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0xF0000 }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            let number = Int(scalar.value) - 0xF0000
            if number >= 0, number < literals.count, case .literal(let literal, _) = literals[number].content {
                out += literal
            } else if number >= 0, number < literals.count, case .comment(let comment, _) = literals[number].content {
                out += comment
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
