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
