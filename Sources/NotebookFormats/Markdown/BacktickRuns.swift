import Glibc

/// Every run of backticks in a text, read once from the start and kept by width, with the blank
/// lines that end code spans: what finding a code span's closer needs, in linear time overall.
///
/// Queries must come with positions that never decrease, as a scan from the start gives them.
struct BacktickRuns {
    /// Start offsets of the runs read so far, by run width, in order: the list at index `width`
    /// for the usual widths (below ``listed``; as many lists as the widest such run read needs),
    /// in `wide` for the others, so that a hostile run of a million backticks makes one entry,
    /// not a million lists.
    private var starts: [[Int]] = []
    private var wide: [Int: [Int]] = [:]
    /// For each width, how many of its runs lie before the last query position.
    private var passed: [Int] = []
    private var widePassed: [Int: Int] = [:]
    /// The widths kept in lists by index.
    private static let listed = 16

    /// How many lists of runs it has made: for the narrow widths, as many as the widest such run
    /// read needs (at most sixteen); one for each wide width a run read had (what a hostile text
    /// of wide runs costs).
    var lists: Int { starts.count + wide.count }
    /// Where reading runs stopped: always at the end of a run, or between runs.
    private var indexed = 0
    /// The last blank line found, and the position it was looked for from.
    private var blank: (from: Int, at: Int)? = nil

    /// The offset of the first `\n\n` pair's second `\n` after `position`, or the text's end.
    mutating func blankLine(after position: Int, in bytes: [UInt8]) -> Int {
        if let blank, blank.from <= position, position < blank.at { return blank.at }
        // Each line feed from the second byte after `position` on, found with `memchr`, until one
        // follows another.
        let at = bytes.withUnsafeBufferPointer { bytes -> Int in
            var k = max(position + 1, 1)
            while k < bytes.count {
                guard let found = memchr(bytes.baseAddress! + k, 0x0A, bytes.count - k) else { return bytes.count }
                k = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if bytes[k - 1] == 0x0A { return k }
                k += 1
            }
            return bytes.count
        }
        blank = (position, at)
        return at
    }

    /// The start of the first run of exactly `width` backticks at or after `from` and before `limit`.
    mutating func run(of width: Int, from: Int, before limit: Int, in bytes: [UInt8]) -> Int? {
        while true {
            if width < starts.count {
                if let found = Self.next(in: starts[width], passed: &passed[width], from: from) { return found < limit ? found : nil }
            } else if let runs = wide[width] {
                if let found = Self.next(in: runs, passed: &widePassed[width, default: 0], from: from) { return found < limit ? found : nil }
            }
            guard indexed < limit, indexed < bytes.count else { return nil }
            readRun(in: bytes)
        }
    }

    /// The first of `runs` at or after `from`, `passed` moved past those before it; nil when none is.
    private static func next(in runs: [Int], passed: inout Int, from: Int) -> Int? {
        while passed < runs.count && runs[passed] < from { passed += 1 }
        return passed < runs.count ? runs[passed] : nil
    }

    /// Reads on to the end of the next run of backticks (or of the text).
    private mutating func readRun(in bytes: [UInt8]) {
        let (start, end) = bytes.withUnsafeBufferPointer { bytes -> (Int, Int) in
            guard indexed < bytes.count, let found = memchr(bytes.baseAddress! + indexed, Int32(UInt8(ascii: "`")), bytes.count - indexed) else {
                return (bytes.count, bytes.count)
            }
            let start = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var end = start
            while end < bytes.count && bytes[end] == UInt8(ascii: "`") { end += 1 }
            return (start, end)
        }
        if end > start {
            let width = end - start
            if width >= Self.listed {
                wide[width, default: []].append(start)
            } else {
                if width >= starts.count {
                    starts += Array(repeating: [], count: width + 1 - starts.count)
                    passed += Array(repeating: 0, count: width + 1 - passed.count)
                }
                starts[width].append(start)
            }
        }
        indexed = end
    }
}
