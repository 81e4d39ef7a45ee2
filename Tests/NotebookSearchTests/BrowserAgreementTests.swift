import Foundation
import ScriptEngine
import Testing

@testable import NotebookSearch

/// The theme's search.js, run in JavaScriptCore, reads words as the build does: the same stems
/// as libstemmer, the same folding, the same words.
@Suite struct BrowserAgreementTests {
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Themes/default/assets/search.js").standardized.path

    /// search.js loaded, with helpers that take and give JSON.
    static func context() throws -> ScriptContext {
        let context = try ScriptContext(timeLimit: 60)
        try context.evaluate(String(contentsOfFile: script, encoding: .utf8), name: "search.js")
        try context.evaluate(
            """
            function stemAll(json) { return JSON.stringify(JSON.parse(json).map(notebookSearch.stem)); }
            function foldAll(json) { return JSON.stringify(JSON.parse(json).map(notebookSearch.fold)); }
            function wordsOf(text) { return JSON.stringify(notebookSearch.words(text).map(function (w) { return w.word; })); }
            function shardsOf(json) { return JSON.stringify(JSON.parse(json).map(notebookSearch.shardOf)); }
            function postingsOf(text) { return JSON.stringify(notebookSearch.postings(text)); }
            """, name: "helpers")
        return context
    }

    /// Debian's word list (wamerican), lowercased, the words of letters a-z only.
    static func wordList() throws -> [String] {
        let text = try String(contentsOfFile: "/usr/share/dict/american-english", encoding: .utf8)
        var seen = Set<String>()
        return text.split(separator: "\n").map { $0.lowercased() }
            .filter { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) } && seen.insert($0).inserted }
    }

    /// Words that take each rule's less common path (exceptions, R1 prefixes, short syllables,
    /// -ied/-ies, -ogi, -li, y as a consonant).
    static let edgeWords = [
        "skis", "skies", "dying", "lying", "tying", "idly", "gently", "ugly", "early", "only", "singly", "sky", "news", "howe",
        "atlas", "cosmos", "bias", "andes", "succeed", "proceeding", "exceeded", "canning", "inning", "earring", "herring",
        "outing", "generously", "generate", "communism", "communication", "arsenal", "yelling", "youth", "sayings", "boyish",
        "tied", "ties", "cries", "died", "gas", "this", "gaps", "kiwis", "luxuriated", "hopped", "hoped", "fizzed", "agreed",
        "feed", "happily", "cry", "by", "say", "rhythm", "controlling", "apologize", "analogist", "geology", "fluently",
        "bowed", "boxed", "flowing", "hoping", "relational", "conditional", "vietnamization", "predication", "operator",
        "feudalism", "decisiveness", "hopefulness", "callousness", "formality", "sensitivity", "sensibility", "triplicate",
        "formative", "formalize", "electricity", "electrical", "hopeful", "goodness", "revival", "allowance", "inference",
        "airliner", "gyroscopic", "adjustable", "defensible", "irritant", "replacement", "adjustment", "dependent", "adoption",
        "homologou", "communism", "activate", "angulariti", "homologous", "effective", "bowdlerize", "probate", "rate",
        "cease", "controll", "roll", "a", "ab", "abc", "yyy", "ayy", "eyed", "blueberries", "blueberry", "crabbing",
    ]

    @Test func theBrowsersStemsAreLibstemmersOnMoreThanTenThousandWords() throws {
        let words = try Self.wordList() + Self.edgeWords
        #expect(words.count >= 10_000, "the word list has \(words.count) words")
        let stemmer = EnglishStemmer()
        let expected = words.map { stemmer.stem($0) }
        let context = try Self.context()
        let data = try JSONEncoder().encode(words)
        let browser = try JSONDecoder().decode([String].self, from: Data(try context.call("stemAll", [String(decoding: data, as: UTF8.self)]).utf8))
        let differing = zip(words, zip(expected, browser)).filter { $0.1.0 != $0.1.1 }
        #expect(differing.isEmpty, "search.js and libstemmer differ on \(differing.count) of \(words.count) words: \(differing.prefix(20))")
        #expect(stemmer.stem("blueberries") == "blueberri" && stemmer.stem("blueberry") == "blueberri")
        print("search.js and libstemmer agree on \(words.count) words")
    }

    static let foldedWords = [
        "Crème", "CRÈME", "brûlée", "Ångström", "naïve", "Ὀδυσσεύς", "ΟΔΟΣ", "İstanbul", "straße", "Ǆemal", "ﬁne", "東京", "한국어", "がぎ",
        "Øresund", "Łódź", "ŒUFS", "Æsir", "Đakovo", "ＡＢＣ", "²", "½", "ｶﾀｶﾅ",
    ]

    @Test func theBrowserFoldsWordsAsTheBuildDoes() throws {
        let context = try Self.context()
        let data = try JSONEncoder().encode(Self.foldedWords)
        let browser = try JSONDecoder().decode([String].self, from: Data(try context.call("foldAll", [String(decoding: data, as: UTF8.self)]).utf8))
        #expect(browser == Self.foldedWords.map(SearchFolding.fold))
        #expect(SearchFolding.fold("Crème") == "creme")
        #expect(SearchFolding.fold("ΟΔΟΣ") == "οδοσ")
    }

    static let texts = [
        "The blueberries, don't they? crème-brûlée 3.14 e-mail foo_bar",
        // A possessive's s is no word, after ' or ’; a lone 's, or s after a space, is.
        "The garden's gate, Mary’s garden, the 1990's, 's-Hertogenbosch, it's rock 'n' roll, a ' s x, Ünïcödé's café’S",
        "新幹線に乗る。数字花园是一种笔记方式。",
        "東京タワー iPhone新幹線 한국어 문장입니다",
        "ภาษาไทยไม่มีช่องว่าง", "Tōfuku-ji ΟΔΟΣ über", "x² H₂O CO₂ m²", "Straße Øresund ﬁnance Łódź œufs ＡＢＣ café123", "",
        // Words longer than the longest kept, cut alike: ASCII, with accents, with characters of two UTF-16 units.
        String(repeating: "Ab", count: 150) + " " + String(repeating: "é", count: 300) + " " + String(repeating: "𝔸", count: 300)
            + " " + String(repeating: "e\u{301}", count: 200),
    ]

    @Test func theBrowserSplitsTextIntoTheBuildsWords() throws {
        let context = try Self.context()
        for text in Self.texts {
            let browser = try JSONDecoder().decode([String].self, from: Data(try context.call("wordsOf", [text]).utf8))
            var analyzer = SearchAnalyzer()
            // The build keeps each word once (ASCII words first: the order is not the text's).
            #expect(Set(analyzer.words(of: text).words) == Set(browser), "\(text)")
            #expect(analyzer.words(of: text).words.count == Set(browser).count, "\(text)")
        }
        var analyzer = SearchAnalyzer()
        #expect(analyzer.words(of: "新幹線に乗る").words == ["新幹線", "に", "乗る"])
        #expect(analyzer.words(of: "数字花园").words == ["数字", "花园"])
        #expect(analyzer.words(of: "garden's Mary’s").words.sorted() == ["garden", "mary"])
        #expect(Set(analyzer.words(of: "'s-Hertogenbosch a ' s").words) == ["s", "hertogenbosch", "a"])
    }

    @Test func theBrowserReadsTheBuildsShardsAndPostings() throws {
        let context = try Self.context()
        let terms = ["apple", "0day", "zebra", "été", "数字", "新幹線", "ß"]
        let data = try JSONEncoder().encode(terms)
        let shards = try JSONDecoder().decode([String].self, from: Data(try context.call("shardsOf", [String(decoding: data, as: UTF8.self)]).utf8))
        #expect(shards == terms.map(SearchIndexFiles.shard(of:)))
        var encoded: [UInt8] = []
        let notes: [Int32] = [0, 1, 31, 32, 1_000, 40_000, 1_048_600]
        let weights: [UInt8] = [1, 63, 15, 16, 32, 0, 7]
        Postings.append(notes: notes, weights: weights, to: &encoded)
        let read = try JSONDecoder().decode([Int].self, from: Data(try context.call("postingsOf", [String(decoding: encoded, as: UTF8.self)]).utf8))
        #expect(read == zip(notes, weights).flatMap { [Int($0), Int($1)] })
        #expect(Postings.read(String(decoding: encoded, as: UTF8.self)).map(\.note) == notes.map(Int.init))
    }
}
