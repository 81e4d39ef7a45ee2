/// Splits text into the search index's words (`SearchFolding`), folded. Holds a word breaker,
/// so it is not thread-safe: make one per note, or per thread.
public struct SearchAnalyzer: ~Copyable {
    private var breaker = WordBreaker()

    public init() {}

    /// The words of the UTF-8 `text`, with how often each occurs.
    public mutating func wordCounts(utf8 text: consuming [UInt8]) -> WordCounts {
        var bytes = text
        var table = WordTable(capacity: bytes.count)
        let others = bytes.withUnsafeMutableBufferPointer { table.addASCIIWords(lowercasing: $0) }
        for run in others {
            let piece = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[run]), as: UTF8.self) }
            addWords(of: piece, to: &table)
        }
        return table.wordCounts
    }

    /// The words of a page: its text's (UTF-8), its title's, and its headings' and tags'.
    public mutating func pageWords(text: consuming [UInt8], title: String, headings: [String]) -> PageWords {
        PageWords(text: wordCounts(utf8: text), title: words(of: title), headings: words(of: headings.joined(separator: "\n")))
    }

    /// The distinct words of `text` (a title, a heading, a tag), folded.
    public mutating func words(of text: String) -> WordCounts {
        wordCounts(utf8: Array(text.utf8))
    }

    /// Adds the words of `text`, a run that holds characters beyond ASCII: split by ICU's word
    /// rules (as the browser's `Intl.Segmenter`, whose pieces the browser splits the same way),
    /// each piece split at what is not a letter, mark or digit, then folded.
    private mutating func addWords(of text: String, to table: inout WordTable) {
        var text = text
        let pieces = text.withUTF8 { utf8 in
            breaker.pieces(utf8).map { String(decoding: UnsafeBufferPointer(rebasing: utf8[$0]), as: UTF8.self) }
        }
        for piece in pieces {
            var word = String.UnicodeScalarView()
            // Whether the word began right after a word and an apostrophe: a possessive's `s`.
            var afterApostrophe = false
            var previous: Unicode.Scalar? = nil
            var beforePrevious: Unicode.Scalar? = nil
            for scalar in piece.unicodeScalars {
                if SearchFolding.isWordScalar(scalar) {
                    if word.isEmpty {
                        afterApostrophe = previous.map(SearchFolding.isApostrophe) == true
                            && beforePrevious.map(SearchFolding.isWordScalar) == true
                    }
                    word.append(scalar)
                } else {
                    addWord(String(word), afterApostrophe: afterApostrophe, to: &table)
                    word = String.UnicodeScalarView()
                }
                beforePrevious = previous
                previous = scalar
            }
            addWord(String(word), afterApostrophe: afterApostrophe, to: &table)
        }
    }

    private mutating func addWord(_ word: String, afterApostrophe: Bool, to table: inout WordTable) {
        guard !word.isEmpty, !(afterApostrophe && SearchFolding.isPossessive(word)) else { return }
        var folded = SearchFolding.fold(word)
        folded.withUTF8 { if !$0.isEmpty { table.add($0) } }
    }
}
