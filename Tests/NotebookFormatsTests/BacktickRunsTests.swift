import TestSupport
import Testing

@testable import NotebookFormats

@Suite struct BacktickRunsTests {
    /// The runs and blank lines found as the scan goes are those a search from each position
    /// finds, for random texts of backticks, letters and line feeds and increasing positions.
    /// Runs as wide as sixteen backticks and more (kept apart from the narrow ones) too.
    @Test func findsWhatASearchFromEachPositionFinds() {
        var generator = SplitMix64(state: 612)
        let pieces: [[UInt8]] = Array("``````ab\n\n x".utf8).map { [$0] } + [15, 16, 17, 40].map { Array(repeating: UInt8(ascii: "`"), count: $0) }
        let widths = [1, 2, 3, 15, 16, 17, 40]
        for _ in 0..<2000 {
            let bytes = (0..<generator.next(below: 40)).flatMap { _ in pieces[generator.next(below: pieces.count)] }
            var runs = BacktickRuns()
            var position = 0
            while position < bytes.count {
                position += generator.next(below: 6)
                guard position < bytes.count else { break }
                let width = widths[generator.next(below: widths.count)]
                let limit = runs.blankLine(after: position, in: bytes)
                #expect(limit == Self.blankLine(after: position, in: bytes), "\(bytes) at \(position)")
                #expect(
                    runs.run(of: width, from: position, before: limit, in: bytes) == Self.run(of: width, from: position, before: limit, in: bytes),
                    "\(bytes): \(width) from \(position)")
            }
        }
    }

    /// A run of a million backticks is one list of runs, as a run of one is: lists by width made
    /// for every width up to the widest held a million (16 MB for this text, 1 GB for a note at
    /// the size limit).
    @Test func aWideRunIsOneList() {
        let bytes = Array("a `b` ".utf8) + Array(repeating: UInt8(ascii: "`"), count: 1_000_000) + Array(" c".utf8)
        var runs = BacktickRuns()
        #expect(runs.run(of: 1_000_000, from: 0, before: bytes.count, in: bytes) == 6)
        #expect(runs.run(of: 1, from: 3, before: bytes.count, in: bytes) == 4)
        #expect(runs.run(of: 2, from: 5, before: bytes.count, in: bytes) == nil)
        // Widths 0 and 1 by index, the wide one by itself.
        #expect(runs.lists == 3)
    }

    /// The second line feed of the first pair after `position`, or the end.
    static func blankLine(after position: Int, in bytes: [UInt8]) -> Int {
        var k = max(position + 1, 1)
        while k < bytes.count && !(bytes[k] == 0x0A && bytes[k - 1] == 0x0A) { k += 1 }
        return k
    }

    /// The first run of exactly `width` backticks starting at or after `from` and before `limit`.
    static func run(of width: Int, from: Int, before limit: Int, in bytes: [UInt8]) -> Int? {
        var k = 0
        while k < bytes.count {
            guard bytes[k] == UInt8(ascii: "`") else {
                k += 1
                continue
            }
            var end = k
            while end < bytes.count && bytes[end] == UInt8(ascii: "`") { end += 1 }
            if end - k == width && k >= from { return k < limit ? k : nil }
            k = end
        }
        return nil
    }
}
