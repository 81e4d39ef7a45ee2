import Glibc

/// Words kept once each, in order of first use, as one space-separated text: a small open
/// addressing table over the text itself, since a `Set` of words hashes and allocates per word.
struct DistinctWords {
    /// A word in the table: where it starts in `text` plus one (0 for an empty slot), its length
    /// and its hash, kept so that growing never hashes again and most mismatches compare no bytes.
    private struct Slot {
        var start = 0
        var length = 0
        var hash = 0
    }

    /// The words so far, separated by single spaces.
    private(set) var text: [UInt8] = []
    private var slots = [Slot](repeating: Slot(), count: 64)
    private var count = 0

    /// Adds the words of `bytes`, lowercasing its ASCII letters in place: runs of ASCII letters and
    /// digits, and of any non-ASCII characters (lowercased as Unicode says). A word's hash is
    /// worked out as its bytes are read.
    mutating func addWords(lowercasing bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        // Room for every word once (geometric, should it be called again).
        if text.capacity < text.count + bytes.count { text.reserveCapacity(max(text.count + bytes.count, text.capacity * 2)) }
        let count = bytes.count
        // The table read through a pointer: the loop over a word's bytes checks no bounds.
        Self.fold.withUnsafeBufferPointer { table in
            let fold = table.baseAddress!
            var index = 0
            while index <= count {
                let start = index
                var high: UInt8 = 0
                var hash = FNV1a.seed
                while index < count {
                    let byte = base[index]
                    let folded = fold[Int(byte)]
                    if folded == 0 { break }
                    high |= byte
                    base[index] = folded
                    hash = FNV1a.step(hash, folded)
                    index += 1
                }
                if index > start {
                    let word = UnsafeBufferPointer(start: base + start, count: index - start)
                    if high >= 0x80 {
                        var lowered = String(decoding: word, as: UTF8.self).lowercased()
                        lowered.withUTF8 { add($0) }
                    } else {
                        add(word, hash: Int(truncatingIfNeeded: hash))
                    }
                }
                // Past the byte that ended the word (or the end).
                index += 1
            }
        }
    }

    /// Adds `word` (not empty) unless it is there already.
    mutating func add(_ word: UnsafeBufferPointer<UInt8>) {
        add(word, hash: Int(truncatingIfNeeded: FNV1a.hash(word)))
    }

    /// Adds `word`, whose FNV-1a hash is `hash`, unless it is there already.
    private mutating func add(_ word: UnsafeBufferPointer<UInt8>, hash: Int) {
        let mask = slots.count - 1
        var index = hash & mask
        // Most words are met again: the search reads the table and the text in place.
        let found = slots.withUnsafeBufferPointer { slots in
            text.withUnsafeBufferPointer { text in
                while slots[index].start != 0 {
                    let slot = slots[index]
                    if slot.hash == hash && slot.length == word.count
                        && memcmp(text.baseAddress! + (slot.start - 1), word.baseAddress!, word.count) == 0
                    {
                        return true
                    }
                    index = (index + 1) & mask
                }
                return false
            }
        }
        if found { return }
        if !text.isEmpty { text.append(0x20) }
        slots[index] = Slot(start: text.count + 1, length: word.count, hash: hash)
        text.append(contentsOf: word)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Doubles the table, placing every word again.
    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.start != 0 {
            var index = slot.hash & mask
            while slots[index].start != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// Each byte as a word holds it: an ASCII letter lowercased, a digit or a byte of a longer
    /// character as it is; 0 for a byte that separates words.
    private static let fold: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case 0x41...0x5A: UInt8(byte) | 0x20
        case 0x30...0x39, 0x61...0x7A, 0x80...0xFF: UInt8(byte)
        default: 0
        }
    }
}
