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
    }
}
