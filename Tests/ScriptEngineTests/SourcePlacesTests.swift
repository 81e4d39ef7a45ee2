import NotebookModel
import Testing

@testable import NotebookScripts

/// A formula's findings placed in the note's own text: JSON's escapes, a container's marks.
@Suite struct SourcePlacesTests {
    @Test func aJSONStringsEscapesAreCountedAsWritten() {
        let text = #"{"a":["x\/y + \\nosuch", "\u00e9 \\nosuch", "\ud83d\ude00 \\nosuch", "x\ny + \\href"]}"#
        func place(_ string: String, _ offset: Int) -> Int? {
            let start = text.range(of: "\"" + string)!.lowerBound
            let column = text.utf8.distance(from: text.utf8.startIndex, to: start) + 1
            return SourcePlaces.inJSONString(SourcePlaces.Text(text), from: SourceLocation(line: 1, column: column), offset: offset)?.column
        }
        let columns = [
            (place(#"x\/y"#, 6), text.range(of: #"\\nosuch", "\u"#)!.lowerBound),
            (place(#"\u00e9"#, 2), text.range(of: #"\\nosuch", "\ud"#)!.lowerBound),
            (place(#"\ud83d"#, 3), text.range(of: #"\\nosuch", "x"#)!.lowerBound),
            (place(#"x\ny"#, 6), text.range(of: #"\\href"#)!.lowerBound),
        ].map { found, expected in (found, text.utf8.distance(from: text.utf8.startIndex, to: expected) + 1) }
        for (found, expected) in columns { #expect(found == expected) }
    }

    @Test func aQuotesAndAListsMarksAreCountedOnEachLine() {
        let text = "Intro.\n\n> $$\n> x \\\\\n> y \\nosuch\n> $$\n\n- item\n\n  $$\n  a\n  \\href{x}{y}\n  $$\n"
        // The TeX of the quote's formula starts after `> $$` on line 3; \nosuch is on line 5, column 5.
        #expect(SourcePlaces.inLines(SourcePlaces.Text(text), tex: "\nx \\\\\ny \\nosuch\n", from: SourceLocation(line: 3, column: 5), offset: 8) == SourceLocation(line: 5, column: 5))
        #expect(SourcePlaces.inLines(SourcePlaces.Text(text), tex: "\na\n\\href{x}{y}\n", from: SourceLocation(line: 10, column: 5), offset: 3) == SourceLocation(line: 12, column: 3))
        // Lines as the readers count them: ended by CRLF or a lone CR too.
        for end in ["\r\n", "\r"] {
            let other = SourcePlaces.Text(text.replacingOccurrences(of: "\n", with: end))
            #expect(SourcePlaces.inLines(other, tex: "\nx \\\\\ny \\nosuch\n", from: SourceLocation(line: 3, column: 5), offset: 8) == SourceLocation(line: 5, column: 5))
        }
    }
}
