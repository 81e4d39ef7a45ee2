import NotebookModel
import NotebookSource
import Testing

@testable import NotebookFormats

/// A NUL never comes out of a reader: the file's NUL bytes and JSON's `\u0000` are U+FFFD.
@Suite struct NULReplacementTests {
    @Test func aJSONEscapeOfNULIsReadAsTheReplacementCharacter() {
        let (document, error) = JSONParser.parse(#""a\u0000b \u0041""#)
        #expect(error == nil)
        #expect(document.root?.string == "a\u{FFFD}b A")
    }

    @Test func aFilesNULBytesAreReadAsTheReplacementCharacter() {
        let (text, diagnostics) = SourceText.decode([0xEF, 0xBB, 0xBF, 0x61, 0, 0x62, 0, 0], path: "x.md")
        #expect(text == "a\u{FFFD}b\u{FFFD}\u{FFFD}")
        #expect(diagnostics.isEmpty)
        // With invalid UTF-8 as well, the warning stays and NUL is still replaced.
        let (mixed, warnings) = SourceText.decode([0x61, 0, 0xFF], path: "x.md")
        #expect(mixed == "a\u{FFFD}\u{FFFD}" && warnings.count == 1)
    }

    /// Markdown given to the reader directly, not through a file, has its NUL replaced too,
    /// notebook syntax and code included.
    @Test func markdownReadDirectlyHasItsNULReplaced() {
        let note = MarkdownReader().read("a\u{0}b ==c\u{0}== `d\u{0}`\n", path: "x.md").note
        #expect(PlainText.of(note.blocks) == "a\u{FFFD}b c\u{FFFD} d\u{FFFD}")
    }
}
