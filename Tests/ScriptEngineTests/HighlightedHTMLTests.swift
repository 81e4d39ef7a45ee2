import Testing

@testable import NotebookScripts

/// The check of highlight.js's markup agrees with a plain reading of the same rule on texts
/// made of its pieces, well formed or not.
@Suite struct HighlightedHTMLTests {
    /// The rule read plainly: spans with class lists, the five entities, text equal to `code`.
    private static func reference(_ html: String, of code: String) -> Bool {
        var text: [UInt8] = []
        var depth = 0
        var rest = Substring(html)
        let entities = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#x27;", "'"), ("&#39;", "'")]
        while let first = rest.first {
            if rest.hasPrefix("</span>") {
                guard depth > 0 else { return false }
                depth -= 1
                rest = rest.dropFirst(7)
            } else if rest.hasPrefix("<span class=\"") {
                rest = rest.dropFirst(13)
                guard let quote = rest.firstIndex(of: "\""), rest[rest.index(after: quote)...].first == ">" else { return false }
                let words = rest[..<quote].split(separator: " ", omittingEmptySubsequences: false)
                guard words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } })
                else { return false }
                rest = rest[rest.index(quote, offsetBy: 2)...]
                depth += 1
            } else if first == "<" || first == ">" {
                return false
            } else if first == "&" {
                guard let (name, value) = entities.first(where: { rest.hasPrefix($0.0) }) else { return false }
                text += value.utf8
                rest = rest.dropFirst(name.count)
            } else {
                text += String(first).utf8
                rest = rest.dropFirst()
            }
        }
        return depth == 0 && text.elementsEqual(code.utf8)
    }

    @Test func agreesWithThePlainReading() {
        let pieces = [
            "<span class=\"hljs-keyword\">", "<span class=\"a b\">", "<span class=\"a  b\">", "<span class=\" a\">", "<span class=\"a \">",
            "<span class=\"\">", "<span class=\"a\"", "</span>", "&lt;", "&amp;", "&#39;", "&nbsp;", "&", "<", ">", "let", " ", "é", "新",
        ]
        var generator = SystemRandomNumberGenerator()
        var agreed = 0
        for _ in 0..<4000 {
            let count = Int(generator.next() % 7)
            let html = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            // The code the markup shows when it is well formed, and a near miss.
            let shown = html.replacingOccurrences(of: "<span class=\"hljs-keyword\">", with: "").replacingOccurrences(of: "<span class=\"a b\">", with: "")
                .replacingOccurrences(of: "</span>", with: "").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&amp;", with: "&")
                .replacingOccurrences(of: "&#39;", with: "'")
            for code in [shown, shown + "x", String(shown.dropLast())] {
                #expect(HighlightedHTML.isValid(html, of: code) == Self.reference(html, of: code), "\(html.debugDescription) of \(code.debugDescription)")
                agreed += 1
            }
        }
        #expect(agreed == 12000)
    }

    @Test func textMustBeTheWholeCode() {
        #expect(HighlightedHTML.isValid("let x", of: "let x"))
        #expect(!HighlightedHTML.isValid("let", of: "let x"))
        #expect(!HighlightedHTML.isValid("let x", of: "let"))
        #expect(HighlightedHTML.isValid("", of: ""))
        #expect(HighlightedHTML.isValid("<span class=\"a\">新 &amp; é</span>", of: "新 & é"))
    }
}
