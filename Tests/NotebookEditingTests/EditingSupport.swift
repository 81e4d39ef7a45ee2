import Foundation
import NotebookConstraints
import NotebookFormats
import NotebookModel
import NotebookRender

@testable import NotebookEditing

/// What the editing tests share: the real notes, and edits made as the editor makes them.
enum EditingSupport {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Markdown notes of ExampleSite and of the Quartz vault (whose README and licence are
    /// not notes).
    static func realNotes() -> [URL] {
        let vault = repository.deletingLastPathComponent().appendingPathComponent("shared/corpora/quartz-docs")
        return markdownFiles(under: repository.appendingPathComponent("ExampleSite/notes"))
            + markdownFiles(under: vault).filter { $0.deletingLastPathComponent().path != vault.path || $0.lastPathComponent != "README.md" }
    }

    static func markdownFiles(under folder: URL) -> [URL] {
        (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "md" }
            .sorted { $0.path < $1.path }
    }

    /// The body of a note's page, as a build renders it before links are resolved.
    static func page(_ bytes: [UInt8]) -> String {
        let note = MarkdownReader().read(String(decoding: bytes, as: UTF8.self), path: "note.md").note
        return HTMLRenderer().render(TextStyleHeadings.apply(note.blocks))
    }

    /// A page without its headings' ids.
    static func withoutHeadingIDs(_ page: String) -> String {
        page.replacingOccurrences(of: #"<h([1-6]) id="[^"]*">"#, with: "<h$1>", options: .regularExpression)
    }

    /// The submission that sends the opened document back with `change` made to its blocks.
    static func submission(_ note: EditableNote, _ change: (inout [SubmittedBlock]) -> Void) -> EditSubmission {
        var blocks = note.document.blocks.enumerated().map { index, block in
            SubmittedBlock(original: index, pieces: block.isEditable ? block.pieces : [])
        }
        change(&blocks)
        return EditSubmission(hash: note.hash, blocks: blocks)
    }

    static func save(_ note: EditableNote, definition: FormattingDefinition = .unconstrained, _ change: (inout [SubmittedBlock]) -> Void)
        throws(EditRefusal) -> SavedEdit
    {
        try note.saving(submission(note, change), checker: ConstraintChecker(definition: definition), reader: MarkdownReader())
    }

    static func open(_ text: String) -> EditableNote {
        EditableNote.markdown(Array(text.utf8), path: "note.md", reader: MarkdownReader())
    }

    /// The submission that makes the first word (of four letters or more) of block `index`
    /// that word and "Zq", as typing at its end does; the word, nil when the block has none.
    static func oneWordEdit(_ note: EditableNote, block index: Int) -> (word: String, submission: EditSubmission)? {
        let pieces = note.document.blocks[index].pieces
        guard let (piece, range) = word(in: pieces), case .text(let text, let formatting) = pieces[piece] else { return nil }
        let found = String(text[range])
        var changed = text
        changed.replaceSubrange(range, with: found + "Zq")
        return (found, submission(note) { $0[index].pieces[piece] = .text(changed, formatting) })
    }

    /// The first word of four ASCII letters or more in a text piece of `pieces`: the piece's
    /// index and the word's range in its text.
    static func word(in pieces: [EditorPiece]) -> (piece: Int, range: Range<String.Index>)? {
        for (index, piece) in pieces.enumerated() {
            guard case .text(let text, let formatting) = piece, !formatting.code else { continue }
            var start: String.Index?
            var position = text.startIndex
            while position <= text.endIndex {
                let isLetter = position < text.endIndex && text[position].isASCII && text[position].isLetter
                if isLetter && start == nil { start = position }
                if !isLetter, let begun = start {
                    if text.distance(from: begun, to: position) >= 4 { return (index, begun..<position) }
                    start = nil
                }
                if position == text.endIndex { break }
                position = text.index(after: position)
            }
        }
        return nil
    }
}

extension EditingSupport {
    /// The JSON notes of ExampleSite, the seeds' and Apple's sample.
    static func jsonNotes() -> [URL] {
        let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
        let files = (FileManager.default.enumerator(at: repository.appendingPathComponent("ExampleSite/notes"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []) + [
                shared.appendingPathComponent("seed-notes/trip-notes.json"), shared.appendingPathComponent("seed-notes/sunday-pancakes.json"),
                shared.appendingPathComponent("seed-notes/meeting-notes.json"), shared.appendingPathComponent("corpora/apple-encoded/markdown-sample.json"),
            ]
        return files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }

    static func jsonPage(_ bytes: [UInt8]) -> String {
        let note = AttributedJSONReader().read(String(decoding: bytes, as: UTF8.self), path: "note.json").note
        return HTMLRenderer().render(TextStyleHeadings.apply(note.blocks))
    }

    static func openJSON(_ text: String) -> EditableNote {
        EditableNote.json(Array(text.utf8), path: "note.json", reader: AttributedJSONReader())
    }
}
