import Bytes
import Glibc

/// Words kept once each with how often they occur, as one space-separated text: a small open
/// addressing table over the text itself, since a dictionary of words hashes and allocates per word.
/// The table and the text are its own memory, read through pointers: every word reads both, and
/// arrays would check uniqueness and bounds on each access.
struct WordTable: ~Copyable {
    /// A word in the table: where it starts in `text` plus one (0 for an empty slot), its length
    /// and its hash, kept so that growing never hashes again and most mismatches compare no bytes.
    private struct Slot {
        var hash = 0
        var start: Int32 = 0
        var length: Int32 = 0
        var occurrences: Int32 = 0
        /// How many words were in the table before it.
        var ordinal: Int32 = 0
    }

    /// The words so far, separated by single spaces: the first `length` bytes.
    private var text: UnsafeMutableBufferPointer<UInt8>
    private var length = 0
    private var slots: UnsafeMutableBufferPointer<Slot>
    private var count = 0

    /// Room for the words of about `capacity` bytes of text: as many bytes, and a slot for every
    /// eight (a note's distinct words are fewer than one in sixteen bytes: the table seldom grows).
    init(capacity: Int) {
        text = .allocate(capacity: max(capacity, 16))
        var size = 16
        while size < capacity / 8 { size *= 2 }
        slots = Self.emptySlots(size)
    }

    /// `count` empty slots: all bits zero, so set in one go.
    private static func emptySlots(_ count: Int) -> UnsafeMutableBufferPointer<Slot> {
        let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: count)
        memset(slots.baseAddress!, 0, count * MemoryLayout<Slot>.stride)
        return slots
    }

    deinit {
        text.deallocate()
        slots.deallocate()
    }

    /// How many distinct words there are.
    var wordCount: Int { count }

    /// The words in order of first use, with their counts.
    var wordCounts: WordCounts {
        var counts = WordCounts()
        counts.utf8 = Array(UnsafeBufferPointer(rebasing: text[..<length]))
        counts.counts = [Int32](repeating: 0, count: count)
        for slot in slots where slot.start != 0 { counts.counts[Int(slot.ordinal)] = slot.occurrences }
        return counts
    }

    /// Adds the ASCII words of `bytes`, lowercasing its ASCII letters in place: runs of ASCII
    /// letters and digits. A word's hash is worked out as its bytes are read. Returns the runs that
    /// hold non-ASCII characters (any run of letters, digits and bytes above 0x7F that has one),
    /// which are left for the caller to split and fold.
    mutating func addASCIIWords(lowercasing bytes: UnsafeMutableBufferPointer<UInt8>) -> [Range<Int>] {
        var others: [Range<Int>] = []
        guard let base = bytes.baseAddress else { return others }
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
                    if high >= 0x80 {
                        others.append(start..<index)
                    } else if index - start == 1, base[start] == UInt8(ascii: "s"), start >= 2, base[start - 1] == UInt8(ascii: "'"),
                        fold[Int(base[start - 2])] != 0
                    {
                        // A possessive's `s` (`garden's`) is no word: as Snowball's English stemmer
                        // takes `'s` off, `garden's` is `garden` (SearchFolding.isPossessive).
                    } else if index - start > SearchFolding.longestWord {
                        // Only its first characters, as every word (`SearchFolding.longestWord`).
                        add(UnsafeBufferPointer(start: base + start, count: SearchFolding.longestWord))
                    } else {
                        add(UnsafeBufferPointer(start: base + start, count: index - start), hash: Int(truncatingIfNeeded: hash))
                    }
                }
                // Past the byte that ended the word (or the end).
                index += 1
            }
        }
        return others
    }

    /// The ordinal of `word` if it is in the table.
    func ordinal(of word: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Int(truncatingIfNeeded: FNV1a.hash(word))
        let mask = slots.count - 1
        var index = hash & mask
        while slots[index].start != 0 {
            let slot = slots[index]
            if slot.hash == hash && Int(slot.length) == word.count && Self.same(text.baseAddress! + Int(slot.start - 1), word.baseAddress!, word.count) {
                return Int(slot.ordinal)
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds `word` (not empty) `occurrences` more times. Returns its ordinal: how many words
    /// were in the table before it first was.
    @discardableResult
    mutating func add(_ word: UnsafeBufferPointer<UInt8>, occurrences: Int = 1) -> Int {
        add(word, hash: Int(truncatingIfNeeded: FNV1a.hash(word)), occurrences: occurrences)
    }

    /// Adds `word`, whose FNV-1a hash is `hash`, `occurrences` more times; returns its ordinal.
    @discardableResult
    private mutating func add(_ word: UnsafeBufferPointer<UInt8>, hash: Int, occurrences: Int = 1) -> Int {
        let mask = slots.count - 1
        var index = hash & mask
        // Most words are met again.
        while slots[index].start != 0 {
            let slot = slots[index]
            if slot.hash == hash && Int(slot.length) == word.count && Self.same(text.baseAddress! + Int(slot.start - 1), word.baseAddress!, word.count) {
                slots[index].occurrences += Int32(truncatingIfNeeded: occurrences)
                return Int(slot.ordinal)
            }
            index = (index + 1) & mask
        }
        let needed = length + 1 + word.count
        if needed > text.count { growText(to: needed) }
        if length > 0 {
            text[length] = 0x20
            length += 1
        }
        slots[index] = Slot(
            hash: hash, start: Int32(length + 1), length: Int32(word.count), occurrences: Int32(truncatingIfNeeded: occurrences), ordinal: Int32(count))
        (text.baseAddress! + length).update(from: word.baseAddress!, count: word.count)
        length += word.count
        count += 1
        if count * 2 > slots.count { growTable() }
        return count - 1
    }

    /// Whether the `count` bytes at `a` and at `b` are the same: eight at a time, in place (most
    /// words are short, and a call to `memcmp` for each costs more than comparing them).
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            let left = UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
            guard left == UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) else { return false }
            index += 8
        }
        while index < count {
            guard a[index] == b[index] else { return false }
            index += 1
        }
        return true
    }

    /// Moves the text into room for at least `needed` bytes (twice as much as it had, at least).
    private mutating func growText(to needed: Int) {
        let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(needed, text.count * 2))
        grown.baseAddress!.update(from: text.baseAddress!, count: length)
        text.deallocate()
        text = grown
    }

    /// Doubles the table, placing every word again.
    private mutating func growTable() {
        let old = slots
        slots = Self.emptySlots(old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.start != 0 {
            var index = slot.hash & mask
            while slots[index].start != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
        old.deallocate()
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
