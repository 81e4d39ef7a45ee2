/// Every run of backticks in a text, read once from the start and kept by width, with the blank
/// lines that end code spans: what finding a code span's closer needs, in linear time overall.
///
/// Queries must come with positions that never decrease, as a scan from the start gives them.
struct BacktickRuns {
    /// Start offsets of the runs read so far, by run width, in order.
    private var starts: [Int: [Int]] = [:]
    /// For each width, how many of its runs lie before the last query position.
    private var passed: [Int: Int] = [:]
    /// Where reading runs stopped: always at the end of a run, or between runs.
    private var indexed = 0
    /// The last blank line found, and the position it was looked for from.
    private var blank: (from: Int, at: Int)? = nil

    /// The offset of the first `\n\n` pair's second `\n` after `position`, or the text's end.
    mutating func blankLine(after position: Int, in bytes: [UInt8]) -> Int {
        if let blank, blank.from <= position, position < blank.at { return blank.at }
        var k = max(position + 1, 1)
        while k < bytes.count && !(bytes[k] == 0x0A && bytes[k - 1] == 0x0A) { k += 1 }
        blank = (position, k)
        return k
    }

    /// The start of the first run of exactly `width` backticks at or after `from` and before `limit`.
    mutating func run(of width: Int, from: Int, before limit: Int, in bytes: [UInt8]) -> Int? {
        while true {
            if let runs = starts[width] {
                var next = passed[width] ?? 0
                while next < runs.count && runs[next] < from { next += 1 }
                passed[width] = next
                if next < runs.count { return runs[next] < limit ? runs[next] : nil }
            }
            guard indexed < limit, indexed < bytes.count else { return nil }
            readRun(in: bytes)
        }
    }

    /// Reads on to the end of the next run of backticks (or of the text).
    private mutating func readRun(in bytes: [UInt8]) {
        var k = indexed
        while k < bytes.count && bytes[k] != UInt8(ascii: "`") { k += 1 }
        let start = k
        while k < bytes.count && bytes[k] == UInt8(ascii: "`") { k += 1 }
        if k > start { starts[k - start, default: []].append(start) }
        indexed = k
    }
}
