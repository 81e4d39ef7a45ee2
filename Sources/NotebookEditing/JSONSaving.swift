import Foundation
import NotebookFormats
import NotebookModel

/// Writes an edit of a JSON note back into its bytes: only the runs that hold the changed blocks'
/// text are written again (a run shared with a block left alone keeps that block's part, with its
/// attributes' bytes); the envelope and every other run keep their bytes. In the keyed shape, a
/// new run's attributes are an entry of the table, found or added at its end.
struct JSONSaving {
    let note: EditableNote
    let plan: EditPlan
    let reader: AttributedJSONReader

    /// A block's new runs over its stretch of the runs' text (in scalars).
    private struct Edit {
        var range: Range<Int>
        var runs: [(text: String, attributes: String)]
    }

    /// An element pair of the runs to write: a run's text and attributes as JSON text.
    private struct Element {
        var text: String
        var attributes: String
    }

    func bytes() throws(EditRefusal) -> [UInt8] {
        var expected = note.note.blocks
        var edits: [Edit] = []
        for entry in plan.entries where entry.touched {
            guard let original = entry.original, let place = note.places[original] else {
                throw .invalid("a JSON note's paragraphs cannot be added or removed yet")
            }
            let opened = note.document.blocks[original]
            let inlines: [Inline]
            if let texts = EditedInlines.wordsOnly(opened.pieces, entry.pieces, place: place, opaque: note.opaque) {
                inlines = EditedInlines.replacingLeaves(place.inlines, with: texts.plain)
            } else {
                inlines = InlineBuilding.inlines(EditedInlines.units(entry.pieces, opaque: note.opaque).meant)
            }
            EditedInlines.replace(&expected, at: place.path, with: inlines)
            let runs = JSONBodyMap.runs(of: inlines, presentationIntent: place.presentationIntent, task: place.task)
            guard !runs.isEmpty else { throw .invalid("a JSON note's paragraph cannot be emptied: a run needs text") }
            edits.append(Edit(range: place.range, runs: runs))
        }
        guard plan.deleted.isEmpty else { throw .invalid("a JSON note's paragraphs cannot be removed yet") }
        var bytes = note.bytes
        if !edits.isEmpty {
            guard let map = note.runs else { throw .unfaithful("the note's body cannot be read whole") }
            try write(edits.sorted { $0.range.lowerBound < $1.range.lowerBound }, map: map, into: &bytes)
        }
        try verify(bytes, expected: expected)
        return bytes
    }

    /// Writes the edits over the runs from the first they touch to the last.
    private func write(_ edits: [Edit], map: JSONBodyMap, into bytes: inout [UInt8]) throws(EditRefusal) {
        let original = note.bytes
        var starts: [Int] = []
        var scalars: [[Unicode.Scalar]] = []
        var total = 0
        for run in map.runs {
            starts.append(total)
            let text = Array(run.text.unicodeScalars)
            scalars.append(text)
            total += text.count
        }
        func run(containing offset: Int) -> Int? {
            starts.indices.last { starts[$0] <= offset && offset < starts[$0] + scalars[$0].count }
        }
        guard let first = run(containing: edits[0].range.lowerBound), let last = run(containing: edits[edits.count - 1].range.upperBound - 1)
        else { throw .unfaithful("the edited text is not where the note's runs hold it") }
        func slice(_ range: Range<Int>) -> String { String(decoding: original[range], as: UTF8.self) }
        var table = TableEntries(map: map, bytes: original)
        // What the file writes between a run's text and its attributes, and between runs.
        let textSeparator = map.runs[first].attributesRange.map { slice(map.runs[first].textRange.upperBound..<$0.lowerBound) } ?? ", "
        let runSeparator = first + 1 < map.runs.count && map.runs[first].attributesRange != nil
            ? slice(map.runs[first].attributesRange!.upperBound..<map.runs[first + 1].textRange.lowerBound) : ", "
        var elements: [Element] = []
        var pending = edits[...]
        // Where the last edit written ends: a run it covers is not written again.
        var covered = 0
        for index in first...last {
            let start = starts[index]
            let end = start + scalars[index].count
            let attributes = map.runs[index].attributesRange.map(slice) ?? "{}"
            var position = max(start, covered)
            let untouched = position == start && (pending.first.map { $0.range.lowerBound >= end } ?? true)
            if untouched {
                elements.append(Element(text: slice(map.runs[index].textRange), attributes: attributes))
                continue
            }
            while let edit = pending.first, edit.range.lowerBound < end {
                if edit.range.lowerBound > position {
                    elements.append(Element(text: Self.json(scalars[index][(position - start)..<(edit.range.lowerBound - start)]), attributes: attributes))
                }
                // A run the edit left as it was keeps its bytes.
                let inside = map.runs.indices.filter { starts[$0] >= edit.range.lowerBound && starts[$0] + scalars[$0].count <= edit.range.upperBound }
                var candidates = inside[...]
                for run in edit.runs {
                    if let position = candidates.firstIndex(where: { table.isSame(run, as: map.runs[$0], bytes: original) }) {
                        let kept = map.runs[candidates[position]]
                        elements.append(Element(text: slice(kept.textRange), attributes: kept.attributesRange.map(slice) ?? "{}"))
                        candidates = candidates[(position + 1)...]
                    } else {
                        elements.append(Element(text: run.text, attributes: table.reference(run.attributes)))
                    }
                }
                position = edit.range.upperBound
                covered = position
                pending = pending.dropFirst()
            }
            if position < end {
                elements.append(Element(text: Self.json(scalars[index][(position - start)...]), attributes: attributes))
            }
        }
        guard pending.isEmpty else { throw .unfaithful("two edits overlap in the note's runs") }
        var text: String
        let region: Range<Int>
        if map.shape == .string {
            region = map.bodyRange
            text = elements.count == 1 && elements[0].attributes == "{}"
                ? elements[0].text : "[" + elements.map { $0.text + ", " + $0.attributes }.joined(separator: ", ") + "]"
        } else {
            region = map.runs[first].textRange.lowerBound..<(map.runs[last].attributesRange?.upperBound ?? map.runs[last].textRange.upperBound)
            text = elements.map { $0.text + textSeparator + $0.attributes }.joined(separator: runSeparator)
        }
        // The table's new entries go at its end, after the runs in the file or before them.
        var changes = [(region, text)]
        if let added = table.addition() { changes.append(added) }
        for (range, replacement) in changes.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(replacement.utf8))
        }
    }

    private static func json(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return JSONBodyMap.string(text)
    }

    /// Reads `bytes` back and compares them with the edited note.
    private func verify(_ bytes: [UInt8], expected: [Block]) throws(EditRefusal) {
        let read = reader.read(String(decoding: bytes, as: UTF8.self), path: note.note.path)
        guard !read.diagnostics.contains(where: { $0.severity == .error }) else {
            throw .unfaithful("the edit cannot be written as JSON that reads back without errors")
        }
        guard read.note.metadata == note.note.metadata else { throw .unfaithful("the edit would change the note's envelope") }
        guard CanonicalBlocks.of(read.note.blocks) == CanonicalBlocks.of(expected) else {
            throw .unfaithful("the edit cannot be written as JSON that reads back as it was made")
        }
    }
}

/// The attribute table of a keyed body: a new run's attributes are the index of an equal entry,
/// or of one added at the table's end. In the flat shape, the attributes themselves.
private struct TableEntries {
    let map: JSONBodyMap
    let bytes: [UInt8]
    private var entries: [NSObject?]
    private var added: [String] = []

    init(map: JSONBodyMap, bytes: [UInt8]) {
        self.map = map
        self.bytes = bytes
        entries = map.table.map { Self.value(Array(bytes[$0])) }
    }

    private static func value(_ text: [UInt8]) -> NSObject? {
        (try? JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])) as? NSObject
    }

    /// Whether a run to write is `run` as the note has it: the same text, attributes equal as JSON.
    func isSame(_ new: (text: String, attributes: String), as run: JSONBodyMap.Run, bytes: [UInt8]) -> Bool {
        guard JSONBodyMap.string(run.text) == new.text else { return false }
        var written: NSObject? = Self.value(Array("{}".utf8))
        if let range = run.attributesRange {
            written = map.shape == .keyed && bytes[range.lowerBound] != UInt8(ascii: "{")
                ? Int(String(decoding: bytes[range], as: UTF8.self)).flatMap { $0 < entries.count ? entries[$0] : nil }
                : Self.value(Array(bytes[range]))
        }
        return written != nil && written == Self.value(Array(new.attributes.utf8))
    }

    /// What a run's attributes are written as.
    mutating func reference(_ attributes: String) -> String {
        guard map.shape == .keyed else { return attributes }
        let value = Self.value(Array(attributes.utf8))
        if let index = entries.firstIndex(where: { $0 != nil && $0 == value }) { return String(index) }
        entries.append(value)
        added.append(attributes)
        return String(entries.count - 1)
    }

    /// The change that adds the new entries at the table's end.
    func addition() -> (Range<Int>, String)? {
        guard !added.isEmpty, let range = map.tableRange else { return nil }
        let end = range.upperBound - 1
        let joined = added.joined(separator: ", ")
        return (end..<end, map.table.isEmpty ? joined : ", " + joined)
    }
}
