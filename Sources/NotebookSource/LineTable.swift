#if canImport(Glibc)
    import Glibc
#endif

/// The start offset of every line of a UTF-8 text, to turn byte offsets into lines and columns.
public struct LineTable: Sendable {
    /// Byte offset where each line starts; line 1 starts at 0.
    public let starts: [Int]

    /// Lines end at LF, CRLF, or a lone CR, as CommonMark and YAML have it. Inlinable, so that
    /// each caller's collection type gets its own loop, as it did inside one module.
    @inlinable
    public init(_ bytes: some Collection<UInt8>) {
        if let table = bytes.withContiguousStorageIfAvailable(Self.init(contiguous:)) {
            self = table
            return
        }
        var starts = [0]
        var offset = 0
        var afterCR = false
        for byte in bytes {
            if afterCR && byte != 0x0A { starts.append(offset) }
            offset += 1
            afterCR = byte == 0x0D
            if byte == 0x0A { starts.append(offset) }
        }
        if afterCR { starts.append(offset) }
        self.starts = starts
    }

    /// The same over bytes in one piece: text without a carriage return (nearly all) is
    /// searched for line feeds with `memchr`.
    @usableFromInline
    init(contiguous bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) == nil else {
            var starts = [0]
            var afterCR = false
            for (offset, byte) in bytes.enumerated() {
                if afterCR && byte != 0x0A { starts.append(offset) }
                afterCR = byte == 0x0D
                if byte == 0x0A { starts.append(offset + 1) }
            }
            if afterCR { starts.append(bytes.count) }
            self.starts = starts
            return
        }
        // Room for lines of 48 bytes on average, about what prose has, instead of growing
        // the table one line at a time.
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count / 48 + 2)
        starts.append(0)
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) {
            offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            starts.append(offset)
        }
        self.starts = starts
    }

    /// The byte range of 1-based `line` of `bytes` (the text the table was made from), without
    /// its line break; nil past the last line.
    public func range(ofLine line: Int, in bytes: [UInt8]) -> Range<Int>? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] : bytes.count
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The 1-based line and byte column of `offset`, with `firstLine` as the number of line 1.
    @inlinable
    public func location(of offset: Int, firstLine: Int = 1) -> (line: Int, column: Int) {
        let low = lineIndex(of: offset)
        return (low + firstLine, offset - starts[low] + 1)
    }

    /// The byte offset of a 1-based line and column, clamped to the text.
    @inlinable
    public func offset(line: Int, column: Int) -> Int {
        let index = min(max(line - 1, 0), starts.count - 1)
        return starts[index] + max(column - 1, 0)
    }

    /// A table from line starts found already (as a parser finds them on its way).
    public init(starts: [Int]) {
        self.starts = starts.isEmpty ? [0] : starts
    }

    /// The index of the last line at or after `low` that starts at or before `offset`.
    @inlinable
    public func lineIndex(of offset: Int, from low: Int = 0) -> Int {
        var low = low
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Finds the lines of offsets that mostly come in increasing order (the runs of a note):
    /// each search steps on from the line of the one before, a step or two instead of a search
    /// of every line. Its answers are `location(of:)`'s.
    public struct Cursor: Sendable {
        @usableFromInline let table: LineTable
        /// The index of the line of the previous offset.
        @usableFromInline var line = 0

        public init(_ table: LineTable) {
            self.table = table
        }

        /// The 1-based line and byte column of a byte offset.
        @inlinable
        public mutating func location(of offset: Int) -> (line: Int, column: Int) {
            // The line starts are read in place: a copy of the list costs a reference count.
            var line = self.line
            let column = table.starts.withUnsafeBufferPointer { starts -> Int in
                if starts[line] > offset {
                    line = table.lineIndex(of: offset)
                } else {
                    var steps = 0
                    while line + 1 < starts.count && starts[line + 1] <= offset {
                        line += 1
                        steps += 1
                        if steps == 8 {
                            line = table.lineIndex(of: offset, from: line)
                            break
                        }
                    }
                }
                return offset - starts[line] + 1
            }
            self.line = line
            return (line + 1, column)
        }
    }
}
