import Bytes
import TestSupport
import Testing

@Suite struct EscapedBytesTests {
    /// The first escaped byte as a plain loop finds it.
    private func expected(_ bytes: [UInt8], from start: Int, apostrophe: Bool) -> Int {
        let special: Set<UInt8> = apostrophe ? [0x26, 0x3C, 0x3E, 0x22, 0x27] : [0x26, 0x3C, 0x3E, 0x22]
        return bytes[start...].firstIndex(where: special.contains) ?? bytes.count
    }

    @Test func findsEachSpecialByteAtEveryPlaceOfAWord() {
        for special in Array("&<>\"'".utf8) {
            for length in 1...24 {
                for place in 0..<length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = special
                    for apostrophe in [false, true] {
                        let found = bytes.withUnsafeBufferPointer { EscapedBytes.first(in: $0, from: 0, apostrophe: apostrophe) }
                        #expect(found == expected(bytes, from: 0, apostrophe: apostrophe), "\(special) at \(place) of \(length)")
                    }
                }
            }
        }
    }

    /// Bytes next to the special ones in value, and non-ASCII bytes, which the word-wide test
    /// must not take for them; several matches in one word, and starts inside a word.
    @Test func agreesWithAByteLoopOnRandomText() {
        let alphabet: [UInt8] = Array("&<>\"'%=;?@[]!#$'()aZ ".utf8) + [0x00, 0x01, 0x7F, 0x80, 0xA6, 0xBC, 0xE2, 0xFF]
        var generator = SplitMix64(state: 0x45_53_43)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...length, using: &generator)
            for apostrophe in [false, true] {
                let found = bytes.withUnsafeBufferPointer { EscapedBytes.first(in: $0, from: start, apostrophe: apostrophe) }
                #expect(found == expected(bytes, from: start, apostrophe: apostrophe), "\(bytes) from \(start)")
            }
        }
    }

    @Test func emptyTextHasNone() {
        #expect([UInt8]().withUnsafeBufferPointer { EscapedBytes.first(in: $0, from: 0, apostrophe: true) } == 0)
    }
}
