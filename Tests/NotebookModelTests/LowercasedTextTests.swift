import Bytes
import Testing

@Suite struct LowercasedTextTests {
    /// The same as `lowercased()` for every text, whether it is kept or made again.
    @Test func agreesWithLowercasedForAnyText() {
        let fixed = [
            "", "section-3/part-9/note-004193", "Verse Seats Ticket", "ALL CAPS", "café", "CAFÉ", "İstanbul", "ǅ", "ß",
            "a long lowercase ascii text past the fifteen bytes a small string holds", "x\u{301}", "@[\\]^`{", "ZZ",
        ]
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09-_/ .@[`{ÄäéÉİıßǅ😀")
        let random = (0..<2000).map { _ in
            String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for text in fixed + random {
            #expect(text.lowercasedKeepingLowercase == text.lowercased(), "\(text)")
        }
    }
}
