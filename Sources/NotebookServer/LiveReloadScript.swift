/// The script that reloads a page when a newer build is announced, and its insertion into pages.
enum LiveReloadScript {
    /// Served at /_notebook/live-reload.js. It remembers the generation of the page it is in and
    /// reloads the page as soon as the event stream announces another one; EventSource reconnects
    /// by itself when the server goes away for a moment. On a page the editor may open
    /// (`data-edit`), it adds an Edit button that opens it.
    static let source = """
        (function () {
          var script = document.currentScript;
          var generation = script ? script.getAttribute('data-generation') : null;
          if (script && script.hasAttribute('data-edit')) {
            var button = document.createElement('a');
            button.href = '/_notebook/edit' + location.pathname;
            button.textContent = 'Edit';
            button.className = 'notebook-edit-button';
            button.setAttribute('style', 'position:fixed;right:1rem;bottom:1rem;z-index:1000;padding:.5rem 1rem;'
              + 'border-radius:.5rem;background:#1f4fd1;color:#fff;font:600 1rem system-ui,sans-serif;text-decoration:none;'
              + 'box-shadow:0 2px 8px rgba(0,0,0,.25)');
            document.body.appendChild(button);
          }
          var events = new EventSource('/_notebook/events');
          events.onmessage = function (event) {
            if (generation !== null && event.data !== generation) {
              events.close();
              location.reload();
            }
          };
        })();

        """

    /// The tag that loads the script into a page of build `generation`; `marked`, into a page
    /// the editor may open.
    static func tag(generation: Int, marked: Bool = false) -> String {
        "<script src=\"/_notebook/live-reload.js\" data-generation=\"\(generation)\"\(marked ? " data-edit" : "")></script>"
    }

    /// `html` with the tag just before its last `</body>` (in any case), or at its end when there
    /// is none.
    static func inject(generation: Int, marked: Bool = false, into html: [UInt8]) -> [UInt8] {
        let tag = Array(tag(generation: generation, marked: marked).utf8)
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
