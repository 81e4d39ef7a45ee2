/// The script that reloads a page when a newer build is announced, and its insertion into pages.
enum LiveReloadScript {
    /// Served at /_notebook/live-reload.js. It remembers the generation of the page it is in and
    /// reloads the page as soon as the event stream announces another one; EventSource reconnects
    /// by itself when the server goes away for a moment.
    static let source = """
        (function () {
          var script = document.currentScript;
          var generation = script ? script.getAttribute('data-generation') : null;
          var events = new EventSource('/_notebook/events');
          events.onmessage = function (event) {
            if (generation !== null && event.data !== generation) {
              events.close();
              location.reload();
            }
          };
        })();

        """

    /// The tag that loads the script into a page of build `generation`.
    static func tag(generation: Int) -> String {
        "<script src=\"/_notebook/live-reload.js\" data-generation=\"\(generation)\"></script>"
    }

    /// `html` with the tag just before its last `</body>` (in any case), or at its end when there
    /// is none.
    static func inject(generation: Int, into html: [UInt8]) -> [UInt8] {
        let tag = Array(tag(generation: generation).utf8)
        guard let end = lastBodyEnd(in: html) else { return html + tag }
        var result = html
        result.insert(contentsOf: tag, at: end)
        return result
    }

    /// The offset of the last `</body>`, compared without regard to ASCII case.
    static func lastBodyEnd(in html: [UInt8]) -> Int? {
        let needle = Array("</body>".utf8)
        guard html.count >= needle.count else { return nil }
        var start = html.count - needle.count
        while start >= 0 {
            var matches = true
            for offset in 0..<needle.count {
                var byte = html[start + offset]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != needle[offset] {
                    matches = false
                    break
                }
            }
            if matches { return start }
            start -= 1
        }
        return nil
    }
}
