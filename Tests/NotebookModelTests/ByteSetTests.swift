import Bytes
import TestSupport
import Testing

@Suite struct ByteSetTests {
    /// The first member found sixteen bytes at a time is the first a byte-by-byte scan finds, for
    /// sets of one to twenty bytes (past eight different high nibbles, too many for the tables the
    /// fast way reads), bytes above 0x7F among both the members and the text, texts of every
    /// length up to a few blocks, and every start.
    @Test func findsTheFirstMemberAsAScanOfEveryByte() {
        var generator = SplitMix64(state: 20261206)
        for round in 0..<400 {
            // Members drawn from all bytes, or from a few, so that texts hold many of them.
            let pool: [UInt8] = round % 2 == 0 ? Array(0...255) : [0x0A, 0x20, 0x5B, 0x5D, 0x80, 0xE2, 0xFF, 0x61, 0x3D]
            let members = (0..<Int.random(in: 1...20, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            let set = ByteSet(members)
            for byte in 0...255 { #expect(set.contains(UInt8(byte)) == members.contains(UInt8(byte))) }
            let text = (0..<Int.random(in: 0...70, using: &generator)).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0 ? members.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            text.withUnsafeBufferPointer { bytes in
                for from in 0...bytes.count {
                    let expected = bytes[from...].firstIndex(where: members.contains) ?? bytes.count
                    #expect(set.firstIndex(in: bytes, from: from) == expected, "members \(members), text \(text), from \(from)")
                }
            }
        }
    }

    /// A text without any member, long and short, is passed over to its end; an empty one too.
    @Test func passesOverATextWithoutMembers() {
        let set = ByteSet("\n\\`<^![]=%$".utf8)
        for length in [0, 1, 15, 16, 17, 31, 32, 33, 1000] {
            let text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            text.withUnsafeBufferPointer { #expect(set.firstIndex(in: $0, from: 0) == length) }
        }
    }
}
