import Testing

@testable import NotebookFormats

@Suite struct TokenMarkersTests {
    let markers = [UInt8]().withUnsafeBufferPointer { TokenMarkers(absentFrom: $0)! }

    private func marked(_ index: Int) -> String {
        var bytes: [UInt8] = []
        markers.append(index, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func textIsSplitAtEachWholeMarker() {
        let open = String(markers.start), close = String(markers.end)
        #expect(markers.split("plain é") == [.text("plain é")])
        #expect(markers.split("") == [.text("")])
        #expect(markers.split("a\(marked(0))b\(marked(12))\(marked(3))") == [.text("a"), .token(0), .text("b"), .token(12), .token(3)])
        // A start without digits or without its end stays text, and so does what follows it.
        #expect(markers.split("x\(open)y") == [.text("x\(open)y")])
        #expect(markers.split("x\(open)12y\(marked(5))") == [.text("x\(open)12y"), .token(5)])
        #expect(markers.split("\(open)\(close)é\(marked(7))") == [.text("\(open)\(close)é"), .token(7)])
        #expect(markers.restore("a\(marked(1))b") { "[\($0)]" } == "a[1]b")
    }

    /// A marker is the start character, the index in decimal and the end character, after what
    /// was there before.
    @Test func markersAreAppendedWithTheIndexInDecimal() {
        let open = String(markers.start), close = String(markers.end)
        for index in [0, 7, 9, 10, 99, 100, 4_096, 123_456_789] {
            #expect(marked(index) == open + String(index) + close, "\(index)")
            var bytes = Array("é".utf8)
            markers.append(index, to: &bytes)
            #expect(markers.split(String(decoding: bytes, as: UTF8.self)) == [.text("é"), .token(index)], "\(index)")
        }
    }

    /// The markers chosen are absent from the text wherever a candidate stands in it, as a
    /// character or as a numeric reference: at every offset, so past the sixteen-byte steps over
    /// the other bytes, at the text's end, and right after a marker test's lead byte.
    @Test func markersAreAbsentFromTheTextAtEveryOffset() {
        let first = [UInt8]().withUnsafeBufferPointer { TokenMarkers(absentFrom: $0)! }
        for written in [String(first.start), "&#x\(String(first.start.value, radix: 16));", "&#\(first.start.value);"] {
            for offset in 0...40 {
                let text = String(repeating: "a", count: offset) + written + String(repeating: "b", count: 40 - offset)
                let chosen = Array(text.utf8).withUnsafeBufferPointer { TokenMarkers(absentFrom: $0)! }
                #expect(chosen.start != first.start && chosen.end != first.start, "\(written) at \(offset)")
            }
        }
        // A marker found by its two bytes wherever it starts, and not by its lead byte alone.
        for offset in 0..<20 {
            let padding = String(repeating: "x", count: offset)
            #expect(markers.marks(padding + marked(3)))
            #expect(!markers.marks(padding + String(markers.end) + "\u{5D0}z"))
        }
        #expect(!markers.marks("") && !markers.marks("a"))
    }
}
