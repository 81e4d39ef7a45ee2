import TestSupport
import Testing

@testable import NotebookFormats

@Suite struct BacktickRunsTests {
    /// The runs and blank lines found as the scan goes are those a search from each position
    /// finds, for random texts of backticks, letters and line feeds and increasing positions.
    @Test func findsWhatASearchFromEachPositionFinds() {
        var generator = SplitMix64(state: 612)
        let alphabet: [UInt8] = Array("``````ab\n\n x".utf8)
        for _ in 0..<2000 {
            let bytes = (0..<generator.next(below: 60)).map { _ in alphabet[generator.next(below: alphabet.count)] }
            var runs = BacktickRuns()
            var position = 0
            while position < bytes.count {
                position += generator.next(below: 6)
                guard position < bytes.count else { break }
                let width = 1 + generator.next(below: 3)
                let limit = runs.blankLine(after: position, in: bytes)
                #expect(limit == Self.blankLine(after: position, in: bytes), "\(bytes) at \(position)")
                #expect(
                    runs.run(of: width, from: position, before: limit, in: bytes) == Self.run(of: width, from: position, before: limit, in: bytes),
                    "\(bytes): \(width) from \(position)")
            }
        }
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
