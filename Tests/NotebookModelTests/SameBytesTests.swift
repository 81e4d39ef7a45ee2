import Bytes
import Testing

@Suite struct SameBytesTests {
    /// The same as comparing the bytes one by one, for texts that differ in a byte, in length, or
    /// only in their Unicode form (equal as strings, not as bytes), empty ones included.
    @Test func isTheComparisonOfEveryByte() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = ["a", "b", "é", "e\u{301}", "/", "日"]
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
        }
        for _ in 0..<3000 {
            let (a, b) = (text(), Bool.random(using: &generator) ? text() : "")
            let pairs = [(a, b), (a, a), (b, a)]
            for (x, y) in pairs {
                let same = x.withBorrowedUTF8 { x in y.withBorrowedUTF8 { y in x.hasSameBytes(as: y) } }
                #expect(same == Array(x.utf8).elementsEqual(y.utf8), "\(x.debugDescription) \(y.debugDescription)")
            }
        }
        #expect(!"\u{E9}".withBorrowedUTF8 { a in "e\u{301}".withBorrowedUTF8 { a.hasSameBytes(as: $0) } })
    }
}
