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

    /// An ASCII paragraph's summary, made in one pass, is the text collapsed and then cut: 2,000
    /// paragraphs of words, runs of spaces, tabs and line breaks, long words and none.
    @Test func anASCIISummaryIsTheCollapsedTextCut() {
        let pieces = ["word", " ", "  ", "\t", "\r\n", "\n \n", String(repeating: "x", count: 90), "a", "-", ""]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2000 {
            let text = (0..<next(120)).map { _ in pieces[next(pieces.count)] }.joined()
            #expect(SiteNote.summaryASCII(text) == SiteNote.cut(SiteNote.collapse(text, limit: 400), near: 160), "\(text.debugDescription)")
        }
        // The last space before the cut lies in the first half: the cut is at the limit.
        let early = String(repeating: "a ", count: 30) + String(repeating: "x", count: 140)
        #expect(SiteNote.summaryASCII(early) == String(early.prefix(160)) + "…")
        #expect(SiteNote.summaryASCII("é") == nil)
    }
}
