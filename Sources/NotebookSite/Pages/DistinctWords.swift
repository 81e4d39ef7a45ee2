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
    /// digits, and of any non-ASCII characters (lowercased as Unicode says).
    mutating func addWords(lowercasing bytes: UnsafeMutableBufferPointer<UInt8>) {
        var start = 0
        var hasNonASCII = false
        var index = 0
        while index <= bytes.count {
            if index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 {
                    hasNonASCII = true
                    index += 1
                    continue
                }
                if byte >= 0x41 && byte <= 0x5A {
                    bytes[index] = byte | 0x20
                    index += 1
                    continue
                }
                if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) {
                    index += 1
                    continue
                }
            }
            if index > start {
                let word = UnsafeBufferPointer(UnsafeMutableBufferPointer(rebasing: bytes[start..<index]))
                if hasNonASCII {
                    var lowered = String(decoding: word, as: UTF8.self).lowercased()
                    lowered.withUTF8 { add($0) }
                } else {
                    add(word)
                }
            }
            index += 1
            start = index
            hasNonASCII = false
        }
    }

    /// Adds `word` (not empty) unless it is there already.
    mutating func add(_ word: UnsafeBufferPointer<UInt8>) {
        let hash = Self.hash(word)
        let mask = slots.count - 1
        var index = hash & mask
        let found: Bool = slots.withUnsafeBufferPointer { slots in
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

    /// FNV-1a of the word's bytes.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash)
    }
}
