import NotebookConstraints
import NotebookFormats
import NotebookModel
import Testing

@testable import NotebookEditing

/// Edits of Markdown notes as the editor makes them, written back in Markdown.
@Suite struct MarkdownEditTests {
    typealias Support = EditingSupport

    static func text(_ saved: SavedEdit) -> String { String(decoding: saved.bytes, as: UTF8.self) }

    @Test func theDocumentHoldsTheNotesOwnBlocks() {
        let note = Support.open("---\ntitle: T\n---\n# Title *here*\n\nBody with **bold** and [[Other]].\n\n```swift\nlet x = 1\n```\n\n- item one\n- item two\n")
        let kinds = note.document.blocks.map(\.kind)
        #expect(kinds == [.heading(1), .paragraph, .fixed, .paragraph, .paragraph])
        #expect(note.document.blocks[3].isNested && !note.document.blocks[1].isNested)
        #expect(note.document.blocks[0].pieces == [.text("Title ", .plain), .text("here", Formatting(italic: true))])
        #expect(note.document.blocks[2].label == "```swift\nlet x = 1\n```")
        // The wikilink is a placeholder showing its Markdown.
        guard case .opaque(let number)? = note.document.blocks[1].pieces.dropLast().last else {
            Issue.record("no placeholder: \(note.document.blocks[1].pieces)")
            return
        }
        #expect(note.opaque[number].label == "[[Other]]")
    }

    @Test func aChangedWordIsWrittenInPlaceAndNothingElseMoves() throws {
        let source = "---\ntitle:   Kept  \n---\n\nFirst para with *emphasis* here.\nSecond line stays.\n\n\nLast para, untouched!\n"
        let note = Support.open(source)
        let saved = try Support.save(note) { blocks in
            blocks[0].pieces[0] = .text("First paragraph with ", .plain)
        }
        #expect(Self.text(saved) == source.replacingOccurrences(of: "First para with", with: "First paragraph with"))
    }

    @Test func typedSyntaxStaysText() throws {
        let note = Support.open("Plain words here.\n")
        let saved = try Support.save(note) { $0[0].pieces[0] = .text("Plain *words* [here](x).", .plain) }
        #expect(Self.text(saved) == "Plain \\*words\\* \\[here\\](x).\n")
        #expect(Support.page(saved.bytes) == "<p>Plain *words* [here](x).</p>\n")
    }

    @Test func boldMadeOnAWordIsMarkdownBold() throws {
        let note = Support.open("Make this word bold.\n\nNext.\n")
        let saved = try Support.save(note) { blocks in
            blocks[0].pieces = [.text("Make this ", .plain), .text("word", Formatting(bold: true)), .text(" bold.", .plain)]
        }
        #expect(Self.text(saved) == "Make this **word** bold.\n\nNext.\n")
    }

    @Test func aHighlightAddedAndRemovedComesBackToTheSameBytes() throws {
        let source = "A line to mark.\n"
        let note = Support.open(source)
        let marked = try Support.save(note) { blocks in
            blocks[0].pieces = [.text("A line to ", .plain), .text("mark", Formatting(highlight: .palette("green"))), .text(".", .plain)]
        }
        let markedText = Self.text(marked)
        #expect(Support.page(marked.bytes).contains("mark"))
        let reopened = Support.open(markedText)
        #expect(reopened.document.blocks[0].pieces.contains(.text("mark", Formatting(highlight: .palette("green")))))
        let unmarked = try Support.save(reopened) { $0[0].pieces = [.text("A line to mark.", .plain)] }
        #expect(Self.text(unmarked) == source)
    }

    @Test func aSelectionAcrossATitleAndItsTextMadeBoldKeepsTheTitle() throws {
        let note = Support.open("# Trip notes\n\nBook the train.\n")
        let saved = try Support.save(note) { blocks in
            blocks[0].pieces = [.text("Trip ", .plain), .text("notes", Formatting(bold: true))]
            blocks[1].pieces = [.text("Book", Formatting(bold: true)), .text(" the train.", .plain)]
        }
        #expect(Self.text(saved) == "# Trip **notes**\n\n**Book** the train.\n")
    }

    @Test func placeholdersComeBackAsTheyWere() throws {
        let source = "See [[Other note|the other]] and $x^2$ with #travel tag[^1].\n\n[^1]: A footnote.\n"
        let note = Support.open(source)
        let saved = try Support.save(note) { blocks in
            blocks[0].pieces = blocks[0].pieces.map { piece in
                if case .text(let text, let formatting) = piece, text == "See " { return .text("Look at ", formatting) }
                return piece
            }
        }
        #expect(Self.text(saved) == source.replacingOccurrences(of: "See ", with: "Look at "))
        // Made bold around its placeholders, the paragraph keeps them.
        let bold = try Support.save(note) { blocks in
            blocks[0].pieces = blocks[0].pieces.map { piece in
                if case .text(let text, _) = piece { return .text(text, Formatting(bold: true)) }
                return piece
            }
        }
        let page = Support.page(bold.bytes)
        #expect(page.contains("the other") && page.contains("<math") == false && page.contains("x^2") && page.contains("#travel"))
        #expect(Support.page(bold.bytes).contains("footnote"))
    }

    @Test func aBlockIDAndAnInlineTagStayWhenTheirTextIsRewritten() throws {
        let source = "Some #tag text to keep ^block-1\n"
        let note = Support.open(source)
        let pieces = note.document.blocks[0].pieces
        #expect(pieces.filter { if case .opaque = $0 { true } else { false } }.count == 2)
        let saved = try Support.save(note) { blocks in
            blocks[0].pieces = blocks[0].pieces.map { piece in
                if case .text(let text, _) = piece { return .text(text, Formatting(italic: true)) }
                return piece
            }
        }
        let text = Self.text(saved)
        #expect(text.contains("#tag") && text.hasSuffix(" ^block-1\n"), "\(text)")
    }

    @Test func aNewParagraphAfterABlockAndARemovedOne() throws {
        let note = Support.open("One.\n\nTwo.\n\nThree.\n")
        let added = try Support.save(note) { blocks in
            blocks.insert(SubmittedBlock(original: nil, pieces: [.text("One and a half.", .plain)]), at: 1)
        }
        #expect(Self.text(added) == "One.\n\nOne and a half.\n\nTwo.\n\nThree.\n")
        let removed = try Support.save(note) { blocks in blocks.remove(at: 1) }
        #expect(Self.text(removed) == "One.\n\nThree.\n")
        let emptied = try Support.save(note) { blocks in blocks[2].pieces = [] }
        #expect(Self.text(emptied) == "One.\n\nTwo.\n\n")
    }

    @Test func enterAtTheStartOfAParagraphKeepsItsPlace() throws {
        let note = Support.open("Intro.\n\nBody text.\n")
        let saved = try Support.save(note) { blocks in
            blocks[1].pieces = []
            blocks.insert(SubmittedBlock(original: nil, pieces: [.text("Body text.", .plain)]), at: 2)
        }
        #expect(Self.text(saved) == "Intro.\n\nBody text.\n")
    }

    @Test func aListItemsTextIsEditedInsideItsItem() throws {
        let source = "- first item\n  runs on\n- second item\n\n> quoted words\n> go on\n"
        let note = Support.open(source)
        #expect(note.document.blocks.allSatisfy { $0.isNested })
        let saved = try Support.save(note) { blocks in
            blocks[0].pieces = [.text("first", Formatting(bold: true)), .text(" item", .plain), .softBreak, .text("runs on", .plain)]
            blocks[2].pieces = [.text("quoted", Formatting(italic: true)), .text(" words", .plain), .softBreak, .text("go on", .plain)]
        }
        #expect(Self.text(saved) == "- **first** item\n  runs on\n- second item\n\n> *quoted* words\n> go on\n")
    }

    @Test func whatTheEditorCannotRemoveIsRefused() {
        let note = Support.open("Text [[Link]].\n\n```\ncode\n```\n\n- item\n")
        #expect(throws: EditRefusal.self) { try Support.save(note) { $0.remove(at: 1) } }
        #expect(throws: EditRefusal.self) { try Support.save(note) { $0.remove(at: 2) } }
        #expect(throws: EditRefusal.self) { try Support.save(note) { $0[0].pieces = [.text("Text.", .plain)] } }
        #expect(throws: EditRefusal.self) { try Support.save(note) { $0.swapAt(0, 1) } }
        #expect(throws: EditRefusal.self) { try Support.save(note) { $0[0].pieces.append(.text("two\nlines", .plain)) } }
        #expect(throws: EditRefusal.self) { try Support.save(note) { $0[0].pieces.append(.text("\u{F0001}", .plain)) } }
    }

    @Test func aChangedFileIsAConflict() {
        let note = Support.open("Words.\n")
        var submission = Support.submission(note) { $0[0].pieces = [.text("Other words.", .plain)] }
        submission.hash = EditableNote.hash(Array("Words!\n".utf8))
        #expect(throws: EditRefusal.conflict) { () throws(EditRefusal) in
            try note.saving(submission, checker: ConstraintChecker(definition: .seeds), reader: MarkdownReader())
        }
    }

    @Test func aForbiddenHighlightIsCorrectedAndSaid() throws {
        let note = Support.open("Mark me.\n")
        let saved = try Support.save(note, definition: .seeds) { blocks in
            blocks[0].pieces = [.text("Mark", Formatting(highlight: .palette("blue"))), .text(" me.", .plain)]
        }
        #expect(saved.corrections.count == 1)
        #expect(saved.corrections.first?.message.contains("blue") == true, "\(saved.corrections)")
        #expect(saved.document.blocks[0].pieces.first == .text("Mark", Formatting(highlight: .palette("yellow"))))
    }

    @Test func typedTagsAndBlockIDsAreWrittenAsTheyAreRead() throws {
        // The page reads `#word` as a tag and a last ` ^word` as a block id, whatever escapes
        // them: the file says so too (Obsidian does not read `\#word` as a tag).
        let note = Support.open("Plain words.\n")
        let saved = try Support.save(note) { $0[0].pieces = [.text("Plain words #newtag and C# here ^myid", .plain)] }
        #expect(Self.text(saved) == "Plain words #newtag and C# here ^myid\n")
        let heading = try Support.save(note) { $0[0].pieces = [.text("# not a heading", .plain)] }
        #expect(Self.text(heading) == "\\# not a heading\n")
    }

    @Test func whatWouldBeSyntaxAtALinesStartOrAsACommentStaysText() throws {
        let note = Support.open("First words.\n\nSecond.\n")
        let list = try Support.save(note) { $0[0].pieces = [.text("- not a list", .plain)] }
        #expect(Support.page(list.bytes).contains("<p>- not a list</p>"), "\(Self.text(list))")
        let numbered = try Support.save(note) { $0[0].pieces = [.text("1986. A great year", .plain)] }
        #expect(Support.page(numbered.bytes).contains("<p>1986. A great year</p>"), "\(Self.text(numbered))")
        let percent = try Support.save(note) { $0[0].pieces = [.text("First words, 50%% off.", .plain)] }
        #expect(Support.page(percent.bytes).contains("50%% off."), "\(Self.text(percent))")
    }

    @Test func breaksAtABlocksEndsGoAndAHeadingsBreaksAreSpaces() throws {
        let note = Support.open("# Title\n\n- item\n")
        let saved = try Support.save(note) { blocks in
            blocks[0].pieces = [.text("Title", .plain), .lineBreak, .text("more", .plain)]
            blocks[1].pieces = [.softBreak, .text("item", .plain), .lineBreak]
        }
        #expect(Self.text(saved) == "# Title more\n\n- item\n")
    }

    @Test func aNewParagraphAfterASetextHeading() throws {
        let note = Support.open("Setext\n===\n\nText.\n")
        let saved = try Support.save(note) { $0.insert(SubmittedBlock(original: nil, pieces: [.text("New.", .plain)]), at: 1) }
        #expect(Self.text(saved) == "Setext\n===\n\nNew.\n\nText.\n")
    }

    @Test func aCRLFNoteKeepsItsLineBreaks() throws {
        let note = Support.open("One line\r\nruns on.\r\n\r\nTwo.\r\n")
        let saved = try Support.save(note) { blocks in
            blocks[0].pieces = [.text("One", Formatting(bold: true)), .text(" line", .plain), .softBreak, .text("runs on.", .plain)]
            blocks.append(SubmittedBlock(original: nil, pieces: [.text("Three.", .plain)]))
        }
        #expect(Self.text(saved) == "**One** line\r\nruns on.\r\n\r\nTwo.\r\n\r\nThree.\r\n", "\(Self.text(saved).debugDescription)")
    }

    @Test func spacesAtTheEdgesOfCodeAreKept() throws {
        let note = Support.open("Text.\n")
        let saved = try Support.save(note) { $0[0].pieces = [.text("  - x", Formatting(code: true))] }
        #expect(Support.page(saved.bytes).contains("<code>  - x</code>"), "\(Self.text(saved))")
    }

    @Test func aCalloutIsFixedAndACommentIsAPlaceholder() throws {
        let note = Support.open("Text %%hidden%% more.\n\n> [!tip] Title\n> Body.\n\nFree text.\n")
        #expect(note.document.blocks.map(\.isEditable) == [true, false, true])
        guard case .opaque(let number) = note.document.blocks[0].pieces[1] else {
            Issue.record("no placeholder for the comment: \(note.document.blocks[0].pieces)")
            return
        }
        #expect(note.opaque[number].label == "%%hidden%%")
        let words = try Support.save(note) { $0[0].pieces[0] = .text("Some text ", .plain) }
        #expect(Self.text(words).hasPrefix("Some text %%hidden%% more.\n"), "\(Self.text(words))")
        let bold = try Support.save(note) { blocks in
            blocks[0].pieces = blocks[0].pieces.map { if case .text(let text, _) = $0 { .text(text, Formatting(bold: true)) } else { $0 } }
        }
        #expect(Self.text(bold).contains("%%hidden%%"), "\(Self.text(bold))")
        #expect(Support.page(bold.bytes).hasPrefix("<p><strong>Text </strong>"), "\(Support.page(bold.bytes))")
        // A comment that is not closed inside its block, or one the reader cannot place, leaves it fixed.
        #expect(!Support.open("Open %%comment\n\nmore.%%\n").document.blocks[0].isEditable)
    }

    @Test func aParagraphWithAnHTMLCommentIsFixedAndKeepsIt() throws {
        let note = Support.open("Text <!-- private --> more.\n\n<!-- alone -->\n\nFree text.\n")
        #expect(note.document.blocks.map(\.isEditable) == [false, true])
        let saved = try Support.save(note) { $0[1].pieces = [.text("Changed.", .plain)] }
        #expect(Self.text(saved) == "Text <!-- private --> more.\n\n<!-- alone -->\n\nChanged.\n", "\(Self.text(saved))")
    }
}
