/// Lines of code marked on a page: each in `<span class="marked-line">`, outside the spans of
/// its highlighting, which are closed before the mark's end and opened again after it.
enum MarkedLines {
    /// `html` (escaped code, highlighted or not: text and balanced `span` elements) with the
    /// lines in `marked` (numbered from 1, sorted and apart) wrapped; an empty line is not.
    /// Read byte by byte: a `>` followed by a combining mark is one `Character`, not two.
    static func wrap(_ html: String, marked: [ClosedRange<Int>]) -> String {
        guard !marked.isEmpty, !html.isEmpty else { return html }
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        let openMark = Array("<span class=\"marked-line\">".utf8)
        let close = Array("</span>".utf8)
        var open: [ArraySlice<UInt8>] = []
        // The next range that can hold a line: lines only go forward.
        var range = 0
        func isMarked(_ line: Int) -> Bool {
            while range < marked.count && marked[range].upperBound < line { range += 1 }
            return range < marked.count && marked[range].contains(line)
        }
        var line = 1
        var here = isMarked(line) && bytes.first != UInt8(ascii: "\n")
        if here { out += openMark }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
                let tag = bytes[index..<end]
                if tag.starts(with: "</".utf8) { _ = open.popLast() } else { open.append(tag) }
                out += tag
                index = end
                continue
            }
            index += 1
            guard byte == UInt8(ascii: "\n") else {
                out.append(byte)
                continue
            }
            line += 1
            // The next line is marked when it has text: it is not empty and not the end.
            let next = index < bytes.count && bytes[index] != UInt8(ascii: "\n") && isMarked(line)
            if here || next { for _ in open { out += close } }
            if here { out += close }
            out.append(byte)
            if next { out += openMark }
            if here || next { for tag in open { out += tag } }
            here = next
        }
        if here {
            for _ in open { out += close }
            out += close
        }
        return String(decoding: out, as: UTF8.self)
    }
}
