import Glibc

/// What highlight.js may give: the code's text, with `&`, `<` and `>` escaped, inside `span`
/// elements with classes (`hljs-…`, and a language's name around its code inside another's).
/// Anything else is not used.
public enum HighlightedHTML {
    /// Whether `name` can name a language: letters, digits and `+ # . _ -`, at most 40.
    public static func isLanguageName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 40
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    /// Whether `html` is only balanced `<span class="…">` elements and escaped text, and
    /// that text, unescaped, is `code`: read in place, a byte at a time, and compared with the
    /// code as it goes.
    public static func isValid(_ html: String, of code: String) -> Bool {
        var html = html
        var code = code
        return html.withUTF8 { html in code.withUTF8 { code in isValid(html, of: code) } }
    }

    private static func isValid(_ html: UnsafeBufferPointer<UInt8>, of code: UnsafeBufferPointer<UInt8>) -> Bool {
        var depth = 0
        var index = 0
        var matched = 0
        /// Whether the code goes on with `byte`.
        func next(_ byte: UInt8) -> Bool {
            guard matched < code.count, code[matched] == byte else { return false }
            matched += 1
            return true
        }
        func starts(_ text: StaticString, at index: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= html.count else { return false }
            return memcmp(html.baseAddress! + index, text.utf8Start, count) == 0
        }
        while index < html.count {
            let byte = html[index]
            switch byte {
            case UInt8(ascii: "<"):
                if starts("</span>", at: index) {
                    guard depth > 0 else { return false }
                    depth -= 1
                    index += 7
                    continue
                }
                guard starts("<span class=\"", at: index) else { return false }
                let start = index + 13
                var end = start
                while end < html.count && html[end] != UInt8(ascii: "\"") { end += 1 }
                guard end + 1 < html.count, html[end + 1] == UInt8(ascii: ">"),
                    isClassList(UnsafeBufferPointer(rebasing: html[start..<end]))
                else { return false }
                index = end + 2
                depth += 1
            case UInt8(ascii: "&"):
                guard let (decoded, length) = entity(UnsafeBufferPointer(rebasing: html[index...])), next(decoded) else { return false }
                index += length
            case UInt8(ascii: ">"):
                return false
            default:
                guard next(byte) else { return false }
                index += 1
            }
        }
        return depth == 0 && matched == code.count
    }

    /// Classes such as `hljs-title function_`, or `css` around a language's code inside another's:
    /// words of letters, digits, `-` and `_`, one space apart.
    private static func isClassList(_ list: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !list.isEmpty, list.first != UInt8(ascii: " "), list.last != UInt8(ascii: " ") else { return false }
        var previous: UInt8 = 0
        for byte in list {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                break
            case UInt8(ascii: " ") where previous != UInt8(ascii: " "):
                break
            default:
                return false
            }
            previous = byte
        }
        return true
    }

    /// The byte an entity at the start of `bytes` stands for, and the entity's length.
    static func entity(_ bytes: some Collection<UInt8>) -> (UInt8, Int)? {
        for (name, byte) in entities where bytes.starts(with: name.utf8) { return (byte, name.utf8.count) }
        return nil
    }

    /// The entities highlight.js writes for the five characters it escapes.
    private static let entities: [(String, UInt8)] = [
        ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
        ("&quot;", UInt8(ascii: "\"")), ("&#x27;", UInt8(ascii: "'")), ("&#39;", UInt8(ascii: "'")),
    ]
}
