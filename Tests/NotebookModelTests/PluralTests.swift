import NotebookModel
import TestSupport
import Testing

/// A count and its noun: "1 note", "2 notes".
@Suite struct PluralTests {
    @Test func countsAndNouns() {
        #expect(plural(1, "note") == "1 note")
        #expect(plural(0, "highlighted passage") == "0 highlighted passages")
        #expect(plural(2, "word") == "2 words")
        #expect(plural(-1, "note") == "-1 notes")
        #expect(plural(Int.max, "é") == "\(Int.max) és")
        #expect(plural(1_000_000, "") == "1000000 s")
    }

    /// The count in decimal, a space, the noun, and an `s` unless the count is one.
    @Test func randomCountsFollowTheRule() {
        var generator = SplitMix64(state: 0x504C)
        let nouns = ["note", "word", "more note", "ünïcode", "", "a noun longer than a small string holds"]
        for _ in 0..<2_000 {
            let count = Int(bitPattern: UInt(generator.next())) >> generator.next(below: 64)
            let noun = nouns[generator.next(below: nouns.count)]
            #expect(plural(count, noun) == String(count) + " " + noun + (count == 1 ? "" : "s"))
        }
    }
}
