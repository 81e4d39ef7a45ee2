/// Lines of code marked on a page: each in `<span class="marked-line">`, outside the spans of
/// its highlighting, which are closed before the mark's end and opened again after it.
enum MarkedLines {
    /// `html` (escaped code, highlighted or not: text and balanced `span` elements) with the
    /// lines in `marked` (numbered from 1) wrapped.
    static func wrap(_ html: String, marked: [ClosedRange<Int>]) -> String {
        guard !marked.isEmpty else { return html }
        func isMarked(_ line: Int) -> Bool { marked.contains { $0.contains(line) } }
        var out = ""
        out.reserveCapacity(html.utf8.count + 64)
        var open: [Substring] = []
        var line = 1
        if isMarked(line) { out += "<span class=\"marked-line\">" }
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<" {
                let end = html[index...].firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
                let tag = html[index..<end]
                if tag.hasPrefix("</") { _ = open.popLast() } else { open.append(tag) }
                out += tag
                index = end
                continue
            }
            index = html.index(after: index)
            guard character == "\n" else {
                out.append(character)
                continue
            }
            let last = index == html.endIndex
            let (here, next) = (isMarked(line), !last && isMarked(line + 1))
            if here || next { out += String(repeating: "</span>", count: open.count) }
            if here { out += "</span>" }
            out += "\n"
            if next { out += "<span class=\"marked-line\">" }
            if here || next { out += open.joined() }
            line += 1
        }
        if index == html.endIndex, !html.hasSuffix("\n"), isMarked(line) {
            out += String(repeating: "</span>", count: open.count) + "</span>"
        }
        return out
    }
}
