import NotebookModel
import Testing

@Suite struct UTF8BuilderTests {
    @Test func scalarsOfEveryLengthAreWrittenAsUTF8() {
        var builder = UTF8Builder()
        let text = "a\u{7F}é\u{7FF}\u{800}✓\u{FFFD}\u{FFFF}\u{10000}🙂\u{10FFFF}"
        for scalar in text.unicodeScalars { builder.append(scalar) }
        #expect(builder.bytes == Array(text.utf8))
        #expect(builder.string == text)
        builder.append(" and more")
        #expect(builder.string == text + " and more")
    }
}
