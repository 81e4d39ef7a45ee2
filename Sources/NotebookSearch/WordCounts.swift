/// The words of a text (`SearchFolding`), each once, folded but not stemmed, with how often each
/// occurs: what the search index keeps of a note's text. Stems are found when the index is made,
/// once for each word of the site.
public struct WordCounts: Hashable, Sendable {
    /// The words, separated by single spaces, in order of first use.
    public var utf8: [UInt8] = []
    /// How often each word occurs, in the same order.
    public var counts: [Int32] = []

    public init() {}

    /// The words, in order of first use.
    public var words: [String] {
        utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// How often `word` occurs; 0 if it does not.
    public func count(of word: String) -> Int {
        words.firstIndex(of: word).map { Int(counts[$0]) } ?? 0
    }
}
