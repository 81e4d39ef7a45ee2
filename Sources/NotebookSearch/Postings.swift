/// The notes a term occurs in, written as a string of URL-safe base-64 digits, which `search.js`
/// reads back: for each note, the distance from the previous note's number (the first from 0) in
/// groups of five bits, lowest first, each digit with 32 added while more follow; then one digit
/// of weight (`Postings.weight`).
public enum Postings {
    /// The digits, in order of value.
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// A term's weight in a note: how often it occurs (up to 15), plus 16 if it is in a heading
    /// or tag, plus 32 if it is in the title.
    public static func weight(count: Int, heading: Bool, title: Bool) -> UInt8 {
        UInt8(min(count, 15)) | (heading ? 16 : 0) | (title ? 32 : 0)
    }

    /// Appends the postings `notes` (ascending note numbers) with their `weights` to `out`.
    static func append(notes: [Int32], weights: [UInt8], to out: inout [UInt8]) {
        var previous: Int32 = 0
        for (note, weight) in zip(notes, weights) {
            var gap = UInt32(note - previous)
            previous = note
            while gap >= 32 {
                out.append(digits[Int(gap & 31) | 32])
                gap >>= 5
            }
            out.append(digits[Int(gap)])
            out.append(digits[Int(weight)])
        }
    }

    /// The postings of `text`, as `append` wrote them: for tests and tools.
    public static func read(_ text: String) -> [(note: Int, weight: Int)] {
        var values: [Int] = []
        for byte in text.utf8 { values.append(digits.firstIndex(of: byte) ?? 0) }
        var out: [(note: Int, weight: Int)] = []
        var note = 0
        var index = 0
        while index < values.count {
            var gap = 0
            var shift = 0
            while values[index] >= 32 {
                gap |= (values[index] - 32) << shift
                shift += 5
                index += 1
            }
            gap |= values[index] << shift
            note += gap
            out.append((note, values[index + 1]))
            index += 2
        }
        return out
    }
}
