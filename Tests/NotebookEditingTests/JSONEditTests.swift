import Foundation
import NotebookConstraints
import NotebookFormats
import NotebookModel
import Testing

@testable import NotebookEditing

/// Edits of JSON notes, written back as JSON: only the runs of the edited block change.
@Suite struct JSONEditTests {
    typealias Support = EditingSupport

    static func save(_ note: EditableNote, _ change: (inout [SubmittedBlock]) -> Void) throws(EditRefusal) -> SavedEdit {
        try note.saving(Support.submission(note, change), checker: ConstraintChecker(definition: .unconstrained), reader: MarkdownReader())
    }

    @Test func oneWordEditedInEveryBlockOfEveryJSONNote() throws {
        let files = Support.jsonNotes()
        #expect(files.count >= 8)
        var edits = 0
        var editable = 0
        var blocks = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let note = EditableNote.json(bytes, path: file.lastPathComponent, reader: AttributedJSONReader())
            let before = Support.jsonPage(bytes)
            let map = try #require(note.runs, "\(file.path): the body is not mapped")
            for (index, block) in note.document.blocks.enumerated() {
                blocks += 1
                guard block.isEditable, let place = note.places[index] else { continue }
                editable += 1
                guard let (word, submission) = Support.oneWordEdit(note, block: index) else { continue }
                let saved: SavedEdit
                do {
                    saved = try note.saving(submission, checker: ConstraintChecker(definition: .unconstrained), reader: MarkdownReader())
                } catch {
                    Issue.record("\(file.path): block \(index + 1) (“\(word)”): \(error.message)")
                    continue
                }
                edits += 1
                // The bytes that differ lie in the runs that hold the block's text.
                var start = 0
                var first = Int.max
                var last = 0
                for run in map.runs {
                    let end = start + run.text.unicodeScalars.count
                    if end > place.range.lowerBound && start < place.range.upperBound {
                        first = min(first, run.textRange.lowerBound)
                        last = max(last, run.attributesRange?.upperBound ?? run.textRange.upperBound)
                    }
                    start = end
                }
                let new = saved.bytes
                let prefix = zip(bytes, new).prefix { $0 == $1 }.count
                let suffix = zip(bytes.reversed(), new.reversed()).prefix { $0 == $1 }.count
                #expect(prefix >= first, "\(file.path): block \(index + 1) changed bytes before its runs")
                #expect(bytes.count - min(suffix, bytes.count - prefix) <= last, "\(file.path): block \(index + 1) changed bytes after its runs")
                let after = Support.jsonPage(new).replacingOccurrences(of: word + "Zq", with: word)
                #expect(
                    Support.withoutHeadingIDs(after) == Support.withoutHeadingIDs(before),
                    "\(file.path): block \(index + 1) (“\(word)”) changed the page beyond the word")
            }
        }
        print("one-word edits of JSON notes: \(edits) blocks of \(files.count) notes; \(editable) editable of \(blocks) blocks")
        #expect(edits >= 20)
    }

    @Test func aWordMadeBoldIsWrittenInTheNotesRunsOnly() throws {
        let source = """
            {
             "title": "Trip",
             "body": [
              "Trip notes\\n",
              {
               "notebook.textStyle": "title2"
              },
              "Book the night train before Friday. ",
              {},
              "Seats sell out fast.",
              {
               "notebook.highlight": "yellow"
              }
             ]
            }

            """
        let note = Support.openJSON(source)
        #expect(note.document.blocks.count == 2)
        let saved = try Self.save(note) { blocks in
            blocks[1].pieces = [.text("Book", Formatting(bold: true)), .text(" the night train before Friday. ", .plain)]
                + blocks[1].pieces.dropFirst()
        }
        let text = String(decoding: saved.bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n \"title\": \"Trip\",\n \"body\": [\n  \"Trip notes\\n\",\n  {\n   \"notebook.textStyle\": \"title2\"\n  },\n"), "\(text)")
        #expect(text.contains("\"Book\",\n  {\"NSInlinePresentationIntent\":2},\n  \" the night train before Friday. \",\n  {},"), "\(text)")
        #expect(text.hasSuffix("\"Seats sell out fast.\",\n  {\n   \"notebook.highlight\": \"yellow\"\n  }\n ]\n}\n"), "\(text)")
    }

    @Test func aRunSharedByTwoParagraphsKeepsTheOtherOne() throws {
        let source = #"{"body": ["First para.\nSecond para here.", {"notebook.italic": true}]}"#
        let note = Support.openJSON(source)
        #expect(note.document.blocks.count == 2)
        let saved = try Self.save(note) { blocks in blocks[1].pieces = [.text("Second para changed.", Formatting(italic: true))] }
        let text = String(decoding: saved.bytes, as: UTF8.self)
        #expect(text == #"{"body": ["First para.\n", {"notebook.italic": true}, "Second para changed.", {"NSInlinePresentationIntent":1}]}"#, "\(text)")
        let page = Support.jsonPage(saved.bytes)
        #expect(page.contains("First para.") && page.contains("Second para changed."))
    }

    @Test func aKeyedBodyFindsOrAddsItsTableEntry() throws {
        var runs: [String] = []
        for number in 0..<12 { runs += ["\"Line \(number) of the note.\\n\"", number % 2 == 0 ? "0" : "1"] }
        let source = #"{"attributeTable": [{"notebook.italic": true}, {"notebook.highlight": "green"}], "runs": ["# + runs.joined(separator: ", ") + "]}"
        let note = Support.openJSON(source)
        #expect(note.document.blocks.count == 12)
        let saved = try Self.save(note) { blocks in
            blocks[2].pieces = [.text("Line 2", Formatting(italic: true)), .text(" of the note.", Formatting(bold: true))]
        }
        let text = String(decoding: saved.bytes, as: UTF8.self)
        // Italic is written as Apple writes it (an inline intent), an entry the table did not have.
        #expect(text.contains(#""Line 2", 2, " of the note.", 3, "\n", 0"#), "\(text)")
        #expect(text.contains(#"{"notebook.highlight": "green"}, {"NSInlinePresentationIntent":1}, {"NSInlinePresentationIntent":2}]"#), "\(text)")
    }

    @Test func aLineBreakTypedInAJSONParagraphStaysInIt() throws {
        let note = Support.openJSON(#"{"body": ["One line.\nNext paragraph.", {}]}"#)
        let saved = try Self.save(note) { $0[0].pieces = [.text("One", .plain), .lineBreak, .text("line.", .plain)] }
        let reopened = EditableNote.json(saved.bytes, path: "note.json", reader: AttributedJSONReader())
        #expect(reopened.document.blocks.count == 2)
        #expect(reopened.document.blocks[0].pieces == [.text("One", .plain), .lineBreak, .text("line.", .plain)])
    }

    @Test func aJSONNotesParagraphsAreNotAddedOrRemoved() {
        let note = Support.openJSON(#"{"body": ["One.\nTwo.", {}]}"#)
        #expect(note.document.blocks.allSatisfy { $0.isNested })
        #expect(throws: EditRefusal.self) { try Self.save(note) { $0.remove(at: 1) } }
    }
}
