import NotebookModel
import Testing

@Suite struct RewriteInlinesTests {
    private func text(_ string: String) -> [Inline] { [.text(string)] }

    /// Content in every kind of container, each piece saying where it is.
    private var everyContainer: [Block] {
        [
            Block(.paragraph(text("paragraph"))),
            Block(.heading(level: 2, text("heading"))),
            Block(.blockQuote([Block(.paragraph(text("quote")))])),
            Block(.callout(Callout(kind: "note", title: text("callout title"), blocks: [Block(.paragraph(text("callout")))]))),
            Block(.list(List(isOrdered: false, items: [ListItem(blocks: [Block(.paragraph(text("item")))])]))),
            Block(.table(Table(alignments: [.none], header: [TableCell(text("header"))], rows: [[TableCell(text("cell"))]]))),
            Block(.footnoteDefinition(FootnoteDefinition(label: "1", blocks: [Block(.paragraph(text("footnote")))]))),
            Block(.codeBlock(CodeBlock(code: "code"))),
        ]
    }

    @Test func everyPieceOfInlineContentIsReachedAndChangedInPlace() {
        var blocks = everyContainer
        var seen: [String] = []
        let changed = Block.rewriteInlines(in: &blocks) { content, _ in
            seen.append(PlainText.of(content))
            content = [.text(PlainText.of(content).uppercased())]
            return true
        }
        #expect(changed)
        #expect(seen == ["paragraph", "heading", "quote", "callout title", "callout", "item", "header", "cell", "footnote"])
        var after: [String] = []
        Block.rewriteInlines(in: &blocks) { content, _ in
            after.append(PlainText.of(content))
            return false
        }
        #expect(after == seen.map { $0.uppercased() })
    }

    @Test func contentThatDoesNotChangeIsLeftAsItWas() {
        let original = everyContainer
        var blocks = original
        let changed = Block.rewriteInlines(in: &blocks) { _, _ in false }
        #expect(!changed)
        #expect(blocks == original)
        // The copying form rewrites everything, the same way.
        #expect(Block.rewritingInlines(original) { content, _ in content } == original)
    }

    @Test func visitingMeetsWhatRewritingMeetsWhereItMeetsIt() {
        // Each block and item at a place of its own, so that every nearest location differs.
        var blocks = everyContainer
        for index in blocks.indices { blocks[index].location = SourceLocation(line: index + 1, column: 1) }
        if case .list(var list) = blocks[4].kind {
            list.items[0].location = SourceLocation(line: 40, column: 3)
            blocks[4].kind = .list(list)
        }
        var rewritten: [String] = []
        Block.rewriteInlines(in: &blocks, near: SourceLocation(line: 99, column: 9)) { content, at in
            rewritten.append("\(PlainText.of(content)) \(at.map(\.description) ?? "-")")
            return false
        }
        var visited: [String] = []
        Block.visitInlines(blocks, near: SourceLocation(line: 99, column: 9)) { content, at in
            visited.append("\(PlainText.of(content)) \(at.map(\.description) ?? "-")")
        }
        #expect(visited == rewritten)
        #expect(visited.contains("item 40:3"))
        #expect(visited.count == 9)
    }
}
