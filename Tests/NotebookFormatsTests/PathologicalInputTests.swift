import NotebookModel
import Testing

@testable import NotebookFormats

/// cmark-gfm's pathological shapes (test/pathological_tests.py) and notebook's own, at a modest
/// size, read for content: the text survives. Their timing is in bench/pathological.sh.
@Suite struct PathologicalInputTests {
    static func times(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }

    /// A shape, the letter counted, and how often it must appear in the note's plain text.
    static let shapes: [(name: String, source: String, letter: Character, count: Int)] = [
        ("nested strong emph", times("*a **a ", 2_000) + "b" + times(" a** a*", 2_000), "a", 8_000),
        ("emph closers, no openers", times("a_ ", 5_000), "_", 5_000),
        ("emph openers, no closers", times("_a ", 5_000), "_", 5_000),
        ("link closers, no openers", times("a]", 5_000), "]", 5_000),
        ("link openers, no closers", times("[a", 5_000), "[", 5_000),
        ("mismatched openers and closers", times("*a_ ", 5_000), "a", 5_000),
        ("cmark issue #389", times("*a ", 2_000) + times("_a*_ ", 2_000), "a", 4_000),
        ("openers and closers multiple of 3", "a**b" + times("c* ", 5_000), "c", 5_000),
        ("link openers and emph closers", times("[ a_", 5_000), "[", 5_000),
        ("pattern [ (]( repeated", times("[ (](", 5_000), "(", 10_000),
        ("nested brackets", times("[", 5_000) + "a" + times("]", 5_000), "]", 5_000),
        ("nested block quotes", times("> ", 5_000) + "a", "a", 1),
        ("deeply nested lists", (0..<300).map { String(repeating: "  ", count: $0) + "* a\n" }.joined(), "a", 300),
        ("U+0000 in input", times("abc\u{0}de\u{0}", 1_000), "\u{FFFD}", 2_000),
        ("backticks", (1..<300).map { "e" + String(repeating: "`", count: $0) }.joined(), "e", 299),
        ("unclosed links A", times("[a](<b", 3_000), "<", 3_000),
        ("unclosed links B", times("[a](b", 3_000), "b", 3_000),
        ("unclosed <!--", "</" + times("<!--", 5_000), "!", 5_000),
        ("tables", times("aaa\rbbb\n-\u{0B}\n", 1_000), "b", 3_000),
        ("empty lines in nested lists", times("- ", 1_000) + "x" + times("\n", 1_000), "x", 1),
        ("emph in deep block quote", times(">", 5_000) + times("a*", 5_000), "a", 5_000),
        ("nested inlines", times("*", 5_000) + "a" + times("*", 5_000), "a", 1),
        ("notebook: ^[ never closed", times("^[a ", 5_000), "^", 5_000),
        ("notebook: [[ never closed", times("[[a ", 5_000), "[", 10_000),
        ("notebook: == runs", times("==a ", 5_000) + times("= == === ", 1_000), "=", 16_000),
        ("notebook: nested annotations", times("^[", 5_000) + "a" + times("](k: 1)", 5_000), "a", 1),
        ("notebook: [[[[ runs", times("[", 20_000) + "a" + times("]", 20_000), "[", 20_000),
        ("notebook: wikilinks", times("[[a|b]] ", 5_000), "b", 5_000),
        ("notebook: annotations", times("^[a](k: 1) ", 5_000), "a", 5_000),
        ("notebook: unclosed attributes", times("^[a](k: '", 5_000), "'", 5_000),
    ]

    @Test(arguments: shapes.map(\.name))
    func textSurvives(_ name: String) {
        let shape = Self.shapes.first { $0.name == name }!
        let result = MarkdownReader().read(shape.source, path: "shape.md")
        let plain = PlainText.of(result.note.blocks)
        #expect(plain.filter { $0 == shape.letter }.count == shape.count)
        #expect(!result.diagnostics.hasErrors)
    }

    /// Code spans are found however many unmatched backtick runs come first.
    @Test func codeSpansAfterUnmatchedRuns() {
        let fence = String(repeating: "`", count: 200)
        let ticks = (1..<200).map { "e" + String(repeating: "`", count: $0) }.joined()
        let source = ticks + " " + fence + "^[x](bold: true)" + fence + " ^[y](bold: true)"
        let result = MarkdownReader().read(source, path: "ticks.md")
        let plain = PlainText.of(result.note.blocks)
        #expect(plain.contains("^[x](bold: true)"))
        #expect(plain.hasSuffix("y"), "\(plain.suffix(40))")
    }
}
