import NotebookSource
import Testing

@Suite struct LineTableTests {
    /// Bytes in one piece are read with `memchr`; any other collection a byte at a time: the two
    /// agree on every kind of line end.
    @Test(arguments: ["", "a", "a\n", "\n\n", "a\nb", "a\r\nb\rc\n", "\r", "\r\n", "x\r\r\ny\n\rz", "é\n✓\r\n🙂"])
    func bothReadingsFindTheSameLines(_ text: String) {
        let bytes = Array(text.utf8)
        let fast = LineTable(bytes)
        let slow = LineTable(bytes.lazy.map { $0 })
        #expect(fast.starts == slow.starts)
    }

    @Test func linesEndAtLineFeedsCarriageReturnsAndBoth() {
        #expect(LineTable(Array("a\nb\r\nc\rd".utf8)).starts == [0, 2, 5, 7])
        #expect(LineTable(Array("ab\n".utf8)).starts == [0, 3])
    }
}
