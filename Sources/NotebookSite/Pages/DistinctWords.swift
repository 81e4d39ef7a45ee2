/// Words kept once each, in order of first use, as one space-separated text: a small open
/// addressing table over the text itself, since a `Set` of words hashes and allocates per word.
struct DistinctWords {
    /// The words so far, separated by single spaces.
    private(set) var text: [UInt8] = []
    /// Per slot: 0 when empty, else the word's start in `text` plus one.
    private var slots = [Int](repeating: 0, count: 64)
    private var lengths = [Int](repeating: 0, count: 64)
    private var count = 0

    /// Adds `word` (not empty) unless it is there already.
    mutating func add(_ word: ArraySlice<UInt8>) {
        let mask = slots.count - 1
        var slot = Self.hash(word) & mask
        while slots[slot] != 0 {
            let start = slots[slot] - 1
            if lengths[slot] == word.count && text[start..<start + word.count].elementsEqual(word) { return }
            slot = (slot + 1) & mask
        }
        if !text.isEmpty { text.append(0x20) }
        slots[slot] = text.count + 1
        lengths[slot] = word.count
        text.append(contentsOf: word)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Doubles the table, placing every word again.
    private mutating func grow() {
        let old = zip(slots, lengths).filter { $0.0 != 0 }
        slots = [Int](repeating: 0, count: slots.count * 2)
        lengths = [Int](repeating: 0, count: slots.count)
        let mask = slots.count - 1
        for (position, length) in old {
            var slot = Self.hash(text[(position - 1)..<(position - 1 + length)]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = position
            lengths[slot] = length
        }
    }

    /// FNV-1a of the word's bytes.
    private static func hash(_ word: ArraySlice<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash)
    }
}
