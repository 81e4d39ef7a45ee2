import Testing

@testable import NotebookSite

@Suite struct SearchIndexTests {
    @Test func wordsAreLowercasedAndKeptOnceInOrderOfFirstUse() {
        #expect(SearchIndex.words("The the THE café Café CAFÉ a1, b2 a1! x") == "the café a1 b2 x")
        #expect(SearchIndex.words("") == "")
        #expect(SearchIndex.words("  ,, ") == "")
        #expect(SearchIndex.words("ÉCOLE école") == "école")
    }

    /// Many distinct words, repeated: the table grows and still finds each once.
    @Test func manyWordsAreEachKeptOnce() {
        let words = (0..<5000).map { "w\($0 * 7919 % 10007)" }
        let text = (words + words.reversed()).joined(separator: " ")
        var seen = Set<String>()
        let expected = words.filter { seen.insert($0).inserted }.joined(separator: " ")
        #expect(SearchIndex.words(text) == expected)
    }

    /// Lowercasing can make a word longer than it was written (`İ`, two bytes, is `i̇`, three):
    /// the words then take more room than the text they came from.
    @Test func wordsLongerLowercasedThanWrittenAreKeptWhole() {
        let text = (0..<300).map { "İ\($0)" }.joined(separator: " ")
        let expected = (0..<300).map { "i\u{307}\($0)" }.joined(separator: " ")
        #expect("İ".lowercased() == "i\u{307}")
        #expect(SearchIndex.words(text) == expected)
        #expect(SearchIndex.words("İİİİ") == "i\u{307}i\u{307}i\u{307}i\u{307}")
    }
}

@Suite struct SearchIndexStringTests {
    @Test func textIsAJSONStringThatCanSitInAPage() {
        #expect(SearchIndex.string("plain") == "\"plain\"")
        #expect(SearchIndex.string("a\"b\\c\nd\re\tf</script>") == "\"a\\\"b\\\\c\\nd\\re\\tf\\u003c/script>\"")
        #expect(SearchIndex.string("\u{1}\u{1F}") == "\"\\u0001\\u001f\"")
        #expect(SearchIndex.string("café ✓ 🙂") == "\"café ✓ 🙂\"")
    }

    @Test func anEntryIsOneJSONObjectWithEveryFieldEscaped() {
        let entry = SearchIndex.Entry(title: "A \"quoted\" <title>", url: "/notes/a/", date: nil, tags: ["x", "y\\z"], words: "a b")
        #expect(SearchIndex.entry(entry) == #"{"title":"A \"quoted\" \u003ctitle>","url":"/notes/a/","tags":["x","y\\z"],"words":"a b"}"#)
        let dated = SearchIndex.Entry(title: "T", url: "/t/", date: "2026-12-01", tags: [], words: "")
        #expect(SearchIndex.entry(dated) == #"{"title":"T","url":"/t/","date":"2026-12-01","tags":[],"words":""}"#)
    }
}
