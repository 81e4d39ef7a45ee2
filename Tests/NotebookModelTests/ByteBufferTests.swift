import Bytes
import Testing

/// The buffer renders append into: every byte kept in order across growth, whatever the pieces.
@Suite struct ByteBufferTests {
    @Test(arguments: [0, 1, 16, 1000])
    func piecesOfEverySizeAreKeptInOrderAcrossGrowth(capacity: Int) {
        var buffer = ByteBuffer(capacity: capacity)
        var expected: [UInt8] = []
        for length in [0, 1, 3, 15, 16, 17, 100, 5000, 2] {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) }
            piece.withUnsafeBufferPointer { buffer.append($0) }
            expected += piece
            buffer.append(UInt8(length & 0xFF))
            expected.append(UInt8(length & 0xFF))
        }
        buffer.append("é日本")
        expected += Array("é日本".utf8)
        buffer.append("<p>" as StaticString)
        expected += Array("<p>".utf8)
        buffer.append([9, 8])
        expected += [9, 8]
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes() == expected)
        #expect(buffer.bytes(from: 10) == Array(expected[10...]))
        #expect(buffer.bytes(from: buffer.count).isEmpty)
        #expect(buffer.last == 8 && buffer[0] == expected[0])
        #expect(buffer.withBytes { Array($0) } == expected)
        #expect(buffer.string == String(decoding: expected, as: UTF8.self))
    }

    @Test func anEmptyBufferHasNoBytes() {
        let buffer = ByteBuffer()
        #expect(buffer.isEmpty && buffer.count == 0 && buffer.last == nil && buffer.bytes().isEmpty && buffer.string.isEmpty)
    }
}

/// A string's bytes read borrowed are its UTF-8, whatever its size and script.
@Suite struct BorrowedUTF8Tests {
    @Test func bytesAreTheStringsUTF8() {
        let long = String(repeating: "crème brûlée ", count: 40)
        for text in ["", "a", "small ascii", "ß→日本", long, String(long.dropFirst(3)), String(Substring(long).prefix(17))] {
            #expect(text.withBorrowedUTF8 { Array($0) } == Array(text.utf8), "\(text)")
        }
    }
}
