import NotebookModel
import Testing

/// A note's headings listed from one of its blocks on are those of a list of the blocks from there:
/// a page that shows its first heading as its title numbers the others' ids without it.
@Suite struct NoteHeadingListTests {
    private static func heading(_ text: String, level: Int = 2, line: Int) -> Block {
        Block(.heading(level: level, [.text(text)]), at: SourceLocation(line: line, column: 1))
    }

    private static let blocks: [Block] = [
        heading("Pancakes", level: 1, line: 1),
        Block(.paragraph([.text("Batter.")])),
        heading("Pancakes", line: 3),
        Block(.blockQuote([heading("In a quote", line: 4)])),
        Block(.list(List(isOrdered: false, items: [ListItem(blocks: [heading("Pancakes", line: 5)])]))),
        Block(.footnoteDefinition(FootnoteDefinition(label: "1", blocks: [heading("Noted", line: 6)]))),
        heading("Last", line: 7),
    ]

    @Test func fromAnIndexIsTheListOfTheBlocksFromThere() {
        for start in 0...Self.blocks.count {
            #expect(NoteHeading.list(Self.blocks, from: start) == NoteHeading.list(Array(Self.blocks[start...])), "from \(start)")
        }
    }

    @Test func idsAreNumberedWithoutTheBlocksBefore() {
        let all = NoteHeading.list(Self.blocks).map(\.id)
        let afterTitle = NoteHeading.list(Self.blocks, from: 1).map(\.id)
        #expect(all == ["pancakes", "pancakes-1", "in-a-quote", "pancakes-2", "last", "noted"])
        #expect(afterTitle == ["pancakes", "in-a-quote", "pancakes-1", "last", "noted"])
    }
}
