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
}
