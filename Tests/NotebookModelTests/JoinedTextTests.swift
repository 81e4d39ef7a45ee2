import Bytes
import Testing

@Suite struct JoinedTextTests {
    /// The same as the sum of the parts, for any texts, empty ones and small and large ones.
    @Test func isTheSumOfItsParts() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab/#é日\u{301}😀 ")
        func text() -> String {
            String((0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for _ in 0..<2000 {
            let (first, second) = (text(), text())
            #expect(String(first, joinedBy: UInt8(ascii: "/"), second) == first + "/" + second)
            #expect(String(first, joinedBy: UInt8(ascii: "#"), second) == first + "#" + second)
        }
        #expect(String("", joinedBy: UInt8(ascii: "/"), "") == "/")
        // Three parts, any of them empty.
        for parts in [["a/", "b", "index.html"], ["", "é", ""], ["", "", ""], ["日本", "", "x"]] {
            let joined = parts[0].withBorrowedUTF8 { a in parts[1].withBorrowedUTF8 { b in parts[2].withBorrowedUTF8 { String(joiningBytes: a, b, $0) } } }
            #expect(joined == parts.joined(), "\(parts)")
        }
    }

    /// Text whose ends are ASCII and not blank is left as it is by a trim of white space.
    @Test func asciiEndsOtherThanBlanks() {
        for (text, kept) in [("tag", true), ("a b", true), (" a", false), ("a\t", false), ("", false), ("é", false), ("aé", false), ("\n", true)] {
            #expect(text.hasASCIIEndsOtherThanBlanks == kept, "\(text.debugDescription)")
        }
    }
}
