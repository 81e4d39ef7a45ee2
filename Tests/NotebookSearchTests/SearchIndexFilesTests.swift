import Foundation
import Testing

@testable import NotebookSearch

@Suite struct SearchIndexFilesTests {
    static func document(_ title: String, _ text: String, headings: [String] = [], folder: Int? = nil, url: String? = nil) -> SearchDocument {
        var analyzer = SearchAnalyzer()
        let bytes = Array(text.utf8)
        return SearchDocument(
            title: title, url: url ?? "/\(title.lowercased())/", folder: folder, length: text.split(separator: " ").count,
            words: analyzer.pageWords(text: bytes, title: title, headings: headings), text: SearchText(utf8: bytes))
    }

    /// The file at `path` of `files`, parsed.
    static func json(_ files: [(path: String, bytes: [UInt8])], _ path: String) throws -> Any {
        let file = try #require(files.first { $0.path == path })
        return try JSONSerialization.jsonObject(with: Data(file.bytes))
    }

    /// Term → [(page, weight)] of every term file.
    static func postings(_ files: [(path: String, bytes: [UInt8])]) throws -> [String: [(note: Int, weight: Int)]] {
        var all: [String: [(note: Int, weight: Int)]] = [:]
        for file in files where file.path.hasPrefix("search/terms/") {
            let list = try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String])
            for index in stride(from: 0, to: list.count, by: 2) {
                #expect(file.path == "search/terms/\(SearchIndexFiles.shard(of: list[index])).json")
                if !list[index + 1].hasPrefix("=") { all[list[index]] = Postings.read(list[index + 1]) }
            }
            // Sorted as JavaScript sorts strings, by UTF-16 code units.
            let terms = stride(from: 0, to: list.count, by: 2).map { list[$0] }
            #expect(terms == terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        }
        return all
    }

    @Test func wordsThatStemAlikeAreOneTermWeighedByCountHeadingAndTitle() throws {
        let documents = [
            Self.document("Planning", "We plan. Plans change; planning helps. Blueberries.", headings: ["Berries"]),
            Self.document("Other", "Nothing about it but one plan", headings: ["Plans"]),
        ]
        let files = SearchIndexFiles.files(documents, folders: [], stemming: true, notes: documents.count)
        let postings = try Self.postings(files)
        // "plan", "plans", "planning": one term in page 0, three times, and in its title.
        #expect(postings["plan"]!.map(\.note) == [0, 1])
        #expect(postings["plan"]![0].weight == 3 | 32)
        // Page 1 has it once in its text, and in a heading.
        #expect(postings["plan"]![1].weight == 1 | 16)
        #expect(postings["blueberri"]!.map(\.weight) == [1])
        // A heading's word not in the text still counts.
        #expect(postings["berri"]!.map(\.weight) == [16])
        #expect(postings["plans"] == nil && postings["planning"] == nil)
    }

    @Test func aSiteNotInEnglishKeepsItsWordsWhole() throws {
        #expect(SearchIndexFiles.stems(language: "en") && SearchIndexFiles.stems(language: "en-GB") && SearchIndexFiles.stems(language: "EN_us"))
        #expect(!SearchIndexFiles.stems(language: "fr") && !SearchIndexFiles.stems(language: "de-CH") && !SearchIndexFiles.stems(language: "eng"))
        let files = SearchIndexFiles.files([Self.document("Plans", "planning plans")], folders: [], stemming: false, notes: 1)
        let postings = try Self.postings(files)
        #expect(Set(postings.keys) == ["plans", "planning"])
        let index = try #require(try Self.json(files, "search/index.json") as? [String: Any])
        #expect(index["stem"] is NSNull)
    }

    @Test func everyFileIsWhereThePathsSayInTheirOrder() throws {
        var documents = (0..<130).map { Self.document("Note \($0)", "word\($0) 東京 été ß " + String(repeating: "filler text ", count: 40)) }
        documents.insert(Self.document("Long", String(repeating: "a long page ", count: 4_000)), at: 70)
        let files = SearchIndexFiles.files(documents, folders: [], stemming: true, notes: documents.count)
        #expect(files.map(\.path) == SearchIndexFiles.paths(documents))
        #expect(files.filter { $0.path.hasPrefix("search/terms/") }.count == 52)
        let postings = try Self.postings(files)
        #expect(postings["東京"]!.count == 130 && postings["ete"]!.count == 130 && postings["ss"]!.count == 130)
        #expect(postings["word129"]!.map(\.note) == [130])
        // Text files of about 16 KB: every page in one, in order; the long page alone.
        let groups = SearchIndexFiles.textFiles(documents)
        #expect(groups.first?.lowerBound == 0 && groups.last?.upperBound == documents.count)
        #expect(zip(groups, groups.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(groups.contains(70..<71))
        let index = try #require(try Self.json(files, "search/index.json") as? [String: Any])
        #expect(index["textFiles"] as? [Int] == groups.map(\.lowerBound))
        for (number, pages) in groups.enumerated() {
            let text = try #require(try Self.json(files, "search/text/\(number).json") as? [[Any]])
            #expect(text.count == pages.count)
            if pages.count > 1 {
                #expect(files.first { $0.path == "search/text/\(number).json" }!.bytes.count <= SearchIndexFiles.textFileBytes + 1_024)
            }
        }
    }

    @Test func aWordTypedInPartFindsItsStem() throws {
        let files = SearchIndexFiles.files([Self.document("Setup", "The configuration configures it. Running runs.")], folders: [], stemming: true, notes: 1)
        let list = try #require(try Self.json(files, "search/terms/c.json") as? [String])
        let entries = Dictionary(uniqueKeysWithValues: stride(from: 0, to: list.count, by: 2).map { (list[$0], list[$0 + 1]) })
        #expect(entries["configur"].map { !$0.hasPrefix("=") } == true)
        #expect(entries["configuration"] == "=configur" && entries["configures"] == "=configur")
        let runs = try #require(try Self.json(files, "search/terms/r.json") as? [String])
        #expect(runs.contains("running") && runs.contains("=run") && !runs.contains("=runs"))
        // Without stemming there are no aliases.
        let plain = SearchIndexFiles.files([Self.document("Setup", "The configuration")], folders: [], stemming: false, notes: 1)
        #expect(!(try Self.json(plain, "search/terms/c.json") as? [String] ?? []).contains { $0.hasPrefix("=") })
    }

    @Test func theIndexNamesPagesUnderTheirFolders() throws {
        let folders = [SearchFolder(name: "Guides", url: "/docs/guides/", parent: nil), SearchFolder(name: "Deep", url: "/docs/guides/deep/", parent: 0)]
        let documents = [
            Self.document("A <b>", "text", folder: 1, url: "/docs/guides/deep/a/"),
            Self.document("Elsewhere", "text", folder: 0, url: "/docs/other/"),
        ]
        let files = SearchIndexFiles.files(documents, folders: folders, stemming: true, notes: documents.count)
        let index = try #require(try Self.json(files, "search/index.json") as? [String: Any])
        let pages = try #require(index["pages"] as? [[Any]])
        #expect(pages[0][0] as? String == "A <b>" && pages[0][1] as? String == "a/" && pages[0][2] as? Int == 1)
        #expect(pages[1][1] as? String == "/docs/other/")
        let listed = try #require(index["folders"] as? [[Any]])
        #expect(listed[1][0] as? String == "Deep" && listed[1][2] as? Int == 0 && listed[0][2] as? Int == -1)
        // Nothing in the files reads as markup.
        for file in files { #expect(!String(decoding: file.bytes, as: UTF8.self).contains("<")) }
    }

    @Test func theTextIsWrittenBySectionWithItsHeadingsIds() throws {
        var headings: [Range<Int>] = []
        var text = Array("Before.\n".utf8)
        for (heading, body) in [("First", "One\ntwo.\n"), ("Second", "")] {
            headings.append(text.count..<(text.count + heading.utf8.count))
            text += Array((heading + "\n" + body).utf8)
        }
        let searchText = SearchText(utf8: text, headings: headings, anchors: ["first", ""])
        var analyzer = SearchAnalyzer()
        let document = SearchDocument(
            title: "T", url: "/t/", folder: nil, length: 3, words: analyzer.pageWords(text: text, title: "T", headings: []), text: searchText,
            summary: "Before <b>.")
        let files = SearchIndexFiles.files([document], folders: [], stemming: true, notes: 1)
        let pages = try #require(try Self.json(files, "search/text/0.json") as? [[Any]])
        #expect(pages.count == 1 && pages[0].first as? String == "Before <b>.")
        #expect(pages[0].dropFirst().compactMap { $0 as? [String] } == [["", "", "Before."], ["First", "first", "One two."], ["Second", "", ""]])
        // A text that starts with its heading has no section before it.
        let headed = SearchText(utf8: Array("Title\nBody".utf8), headings: [0..<5])
        let alone = SearchDocument(title: "Title", url: "/h/", folder: nil, length: 2, words: PageWords(), text: headed)
        let written = try #require(try Self.json(SearchIndexFiles.files([alone], folders: [], stemming: true, notes: 1), "search/text/0.json") as? [[Any]])
        #expect(written[0].dropFirst().compactMap { $0 as? [String] } == [["Title", "", "Body"]])
    }

    @Test func wordCountsKeepEachWordOnceWithItsCount() {
        var analyzer = SearchAnalyzer()
        let counts = analyzer.words(of: "The the THE café Café CAFÉ a1, b2 a1! x")
        #expect(counts.words == ["the", "a1", "b2", "x", "cafe"])
        #expect(analyzer.words(of: "Straße Øresund ﬁne Łódź œufs ＡＢＣ x² H₂O").words == ["strasse", "oresund", "fine", "lodz", "oeufs", "abc", "x", "2", "h", "o"])
        #expect(counts.count(of: "the") == 3 && counts.count(of: "cafe") == 3 && counts.count(of: "a1") == 2)
        #expect(analyzer.words(of: "  ,, ").words.isEmpty)
        // Many distinct words, repeated: the table grows and counts each.
        let words = (0..<5000).map { "w\($0 * 7919 % 10007)" }
        let many = analyzer.words(of: (words + words.reversed()).joined(separator: " "))
        #expect(many.words == words && many.counts.allSatisfy { $0 == 2 })
        // Lowercasing can make a word longer than it was written (`İ` is `i̇`): folded, `i`.
        #expect(analyzer.words(of: "İİ İstanbul").words == ["ii", "istanbul"])
    }

    /// A run of letters longer than the longest word is its first characters: a note of 400,000
    /// `é` in one run is one word of 256, folded (Foundation's normalization of the whole run
    /// took time that grows with the square of its length: 3 s for this one, minutes for longer).
    @Test func aLongRunOfLettersIsItsFirstCharacters() {
        var analyzer = SearchAnalyzer()
        let words = analyzer.words(of: String(repeating: "é", count: 400_000) + " " + String(repeating: "Z", count: 400_000)).words
        #expect(words.sorted() == [String(repeating: "e", count: SearchFolding.longestWord), String(repeating: "z", count: SearchFolding.longestWord)])
        #expect(SearchFolding.fold(String(repeating: "É", count: 300)) == String(repeating: "e", count: 256))
    }
}
