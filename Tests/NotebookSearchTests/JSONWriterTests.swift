import Foundation
import Testing

@testable import NotebookSearch

/// The search files' JSON strings: every byte that needs it escaped, wherever it falls among the
/// sixteen bytes read at once.
@Suite struct JSONWriterTests {
    /// What `string(utf8:)` must give, a byte at a time.
    private func expected(_ text: [UInt8], lineBreaksAsSpaces: Bool = false) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for byte in text {
            switch byte {
            case 0x22: out += Array("\\\"".utf8)
            case 0x5C: out += Array("\\\\".utf8)
            case 0x0A where lineBreaksAsSpaces: out.append(0x20)
            case 0x0A: out += Array("\\n".utf8)
            case 0x09: out += Array("\\t".utf8)
            case ..<0x20, 0x3C: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        return out + [0x22]
    }

    private func written(_ text: [UInt8], lineBreaksAsSpaces: Bool = false) -> [UInt8] {
        var writer = JSONWriter()
        text.withUnsafeBufferPointer { writer.string(utf8: $0, lineBreaksAsSpaces: lineBreaksAsSpaces) }
        return writer.bytes
    }

    @Test func everyByteAtEveryPlace() {
        for byte in UInt8.min...UInt8.max {
            for place in 0..<33 {
                var text = Array(repeating: UInt8(ascii: "a"), count: 33)
                text[place] = byte
                #expect(written(text) == expected(text), "byte \(byte) at \(place)")
            }
        }
    }

    @Test func agreesOnMixedText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab <\"\\\n\t\u{1}é新🍮".utf8)
        for length in 0..<80 {
            let text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            #expect(written(text) == expected(text))
            #expect(written(text, lineBreaksAsSpaces: true) == expected(text, lineBreaksAsSpaces: true))
        }
    }

    @Test func theEscapedBytesAreTheControlsQuoteBackslashAndLessThan() {
        for byte in UInt8.min...UInt8.max {
            #expect(JSONWriter.escaped.contains(byte) == (byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C), "byte \(byte)")
        }
    }
}
