import Foundation
import NotebookConstraints
import NotebookFormats
import NotebookSite
import TestSupport
import Testing

@testable import NotebookEditing

/// One word edited in every note of ExampleSite and the Quartz vault as the preview saves it, the
/// site rebuilt as the preview rebuilds it: the note's built page differs by that word alone.
@Suite struct RebuiltPageTests {
    /// A page without what follows from a heading's words (its id, the links to it).
    static func normalized(_ page: String) -> String {
        EditingSupport.withoutHeadingIDs(page).replacingOccurrences(of: ##"href="#[^"]*""##, with: ##"href="#""##, options: .regularExpression)
    }

    static func check(_ site: URL, removing: [String] = []) throws -> (edited: Int, notes: Int) {
        let base = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { ScratchFolder.remove(base.path) }
        let copy = base.appendingPathComponent("site")
        try FileManager.default.copyItem(at: site, to: copy)
        for name in removing + ["public"] { try? FileManager.default.removeItem(at: copy.appendingPathComponent(name)) }
        var session = SiteSession(directory: copy.path, options: BuildOptions(baseURL: "http://example.test/"), inMemory: true)
        let first = session.build()
        #expect(first.succeeded)
        var edited = 0
        for path in session.notePagePaths.sorted() {
            let url = "/" + String(path.dropLast("index.html".count))
            guard let source = session.editableSource(url: url), let before = session.pages[path] else { continue }
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: source.real)))
            let markdown = MarkdownReader(palette: source.palette, math: source.math)
            let note = source.format == .markdown
                ? EditableNote.markdown(bytes, path: source.display, reader: markdown)
                : EditableNote.json(bytes, path: source.display, reader: AttributedJSONReader(palette: source.palette))
            // A word of the body: the last paragraph's (a title's words also reorder the lists).
            guard let index = note.document.blocks.lastIndex(where: { $0.kind == .paragraph && EditingSupport.word(in: $0.pieces) != nil }),
                let (word, submission) = EditingSupport.oneWordEdit(note, block: index)
            else { continue }
            let saved: SavedEdit
            do {
                saved = try note.saving(submission, checker: ConstraintChecker(definition: source.definition), reader: markdown)
            } catch {
                Issue.record("\(source.display): \(error.message)")
                continue
            }
            try Data(saved.bytes).write(to: URL(fileURLWithPath: source.real))
            let report = session.update(changing: [source.real])
            #expect(report.succeeded, "\(source.display): the rebuild failed")
            let after = String(decoding: session.pages[path] ?? [], as: UTF8.self).replacingOccurrences(of: word + "Zq", with: word)
                .replacingOccurrences(of: word.lowercased() + "zq", with: word.lowercased())
            #expect(
                normalized(after) == normalized(String(decoding: before, as: UTF8.self)),
                "\(source.display): the page changed beyond “\(word)”")
            edited += 1
        }
        return (edited, session.notePagePaths.count)
    }

    @Test func theQuartzVault() throws {
        let vault = EditingSupport.repository.deletingLastPathComponent().appendingPathComponent("shared/corpora/quartz-docs")
        let (edited, notes) = try Self.check(vault, removing: ["README.md", "LICENSE.txt"])
        print("rebuilt pages: \(edited) of \(notes) notes of the Quartz vault edited, each page different by its word alone")
        #expect(edited >= notes - 2)
    }

    @Test func exampleSite() throws {
        let (edited, notes) = try Self.check(EditingSupport.repository.appendingPathComponent("ExampleSite"))
        print("rebuilt pages: \(edited) of \(notes) notes of ExampleSite edited, each page different by its word alone")
        #expect(edited == notes)
    }
}
