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

    /// Calls `body` with each word's bytes and count, in order.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        utf8.withUnsafeBufferPointer { bytes in
            var start = 0
            var index = 0
            for position in 0...bytes.count where position == bytes.count || bytes[position] == UInt8(ascii: " ") {
                if position > start {
                    body(UnsafeBufferPointer(rebasing: bytes[start..<position]), Int(counts[index]))
                    index += 1
                }
                start = position + 1
            }
        }
    }
}
