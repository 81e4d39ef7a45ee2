import Foundation
import NotebookConstraints
import NotebookFormats
import NotebookModel
import Testing

@testable import NotebookEditing

/// One word edited in every editable block of every real note (ExampleSite and the Quartz
/// vault): the file changes only inside that block, and the page only by that word.
@Suite struct RealNoteEditTests {
    @Test func oneWordEditedInEveryBlockOfEveryRealNote() throws {
        let files = EditingSupport.realNotes()
        #expect(files.count >= 90)
        var edits = 0
        var notesEdited = 0
        var fixed = 0
        var editable = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let note = EditableNote.markdown(bytes, path: file.lastPathComponent, reader: .init())
            let before = EditingSupport.page(bytes)
            var editedHere = false
            for (index, block) in note.document.blocks.enumerated() {
                guard block.isEditable else {
                    fixed += 1
                    continue
                }
                editable += 1
                guard let (word, submission) = EditingSupport.oneWordEdit(note, block: index), let place = note.places[index] else { continue }
                let saved: SavedEdit
                do {
                    saved = try note.saving(submission, checker: ConstraintChecker(definition: .unconstrained), reader: MarkdownReader())
                } catch {
                    Issue.record("\(file.path): block \(index + 1) (“\(word)”): \(error.message)")
                    continue
                }
                edits += 1
                editedHere = true
                // The bytes that differ lie inside the block.
                let new = saved.bytes
                let prefix = zip(bytes, new).prefix { $0 == $1 }.count
                let suffix = zip(bytes.reversed(), new.reversed()).prefix { $0 == $1 }.count
                #expect(prefix >= place.range.lowerBound, "\(file.path): block \(index + 1) changed bytes before it")
                #expect(bytes.count - min(suffix, bytes.count - prefix) <= place.range.upperBound, "\(file.path): block \(index + 1) changed bytes after it")
                // The page differs by the word alone, and what follows from it: the headings' ids
                // (a heading's own, and the numbers of later headings of the same words), and the
                // mark of a link whose text was its address (`https://x.org` edited in its text).
                let after = EditingSupport.page(new).replacingOccurrences(of: word + "Zq", with: word)
                func unmarked(_ page: String) -> String {
                    EditingSupport.withoutHeadingIDs(page).replacingOccurrences(of: "<a class=\"bare-url\" href=", with: "<a href=")
                }
                #expect(
                    unmarked(after) == unmarked(before),
                    "\(file.path): block \(index + 1) (“\(word)”) changed the page beyond the word")
            }
            if editedHere { notesEdited += 1 }
        }
        print("one-word edits: \(edits) blocks of \(notesEdited) of \(files.count) real notes; \(editable) editable blocks, \(fixed) fixed")
        #expect(notesEdited >= files.count - 2)
    }
}
