import Testing

@testable import NotebookSite

/// Summaries and titles: white space collapsed, cut at a word boundary near 160 characters,
/// the same for ASCII text (read a byte at a time) as for any other.
@Suite struct SummaryTests {
    @Test func whiteSpaceIsCollapsedAndTheEndsTrimmed() {
        #expect(SiteNote.collapse("  a \t\n b\r\n  c  ", limit: 400) == "a b c")
        #expect(SiteNote.collapse("  é \u{2003}\n b  ", limit: 400) == "é b")
        #expect(SiteNote.collapse("abcdef", limit: 3) == "abc")
        #expect(SiteNote.collapse("  ", limit: 3) == "")
    }

    @Test func textIsCutAtTheLastSpaceInTheSecondHalf() {
        let words = Array(repeating: "word", count: 60).joined(separator: " ")
        let cut = SiteNote.cut(words, near: 160)
        #expect(cut.hasSuffix("word…") && cut.count <= 161 && cut.count > 80)
        #expect(SiteNote.cut("short", near: 160) == "short")
        let long = String(repeating: "x", count: 200)
        #expect(SiteNote.cut(long, near: 160) == String(repeating: "x", count: 160) + "…")
        // The same rule by characters for other text: "é" is two bytes, one character.
        let accented = Array(repeating: "wörd", count: 60).joined(separator: " ")
        #expect(SiteNote.cut(accented, near: 160) == String(cut.dropLast(1)).replacingOccurrences(of: "o", with: "ö") + "…")
        #expect(SiteNote.cut("a\r\nb", near: 3) == "a\r\nb")
    }
}
