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
    /// that text, unescaped, is `code`.
    public static func isValid(_ html: String, of code: String) -> Bool {
        var text: [UInt8] = []
        text.reserveCapacity(code.utf8.count)
        var depth = 0
        var bytes = html.utf8[...]
        while let byte = bytes.first {
            if byte == UInt8(ascii: "<") {
                if bytes.starts(with: "</span>".utf8) {
                    guard depth > 0 else { return false }
                    depth -= 1
                    bytes = bytes.dropFirst(7)
                    continue
                }
                guard bytes.starts(with: "<span class=\"".utf8) else { return false }
                bytes = bytes.dropFirst(13)
                guard let end = bytes.firstIndex(of: UInt8(ascii: "\"")), isClassList(bytes[..<end]),
                    bytes[bytes.index(after: end)...].first == UInt8(ascii: ">")
                else { return false }
                bytes = bytes[bytes.index(end, offsetBy: 2)...]
                depth += 1
            } else if byte == UInt8(ascii: "&") {
                guard let (decoded, length) = entity(bytes) else { return false }
                text.append(decoded)
                bytes = bytes.dropFirst(length)
            } else if byte == UInt8(ascii: ">") {
                return false
            } else {
                text.append(byte)
                bytes = bytes.dropFirst()
            }
        }
        return depth == 0 && text.elementsEqual(code.utf8)
    }

    /// Classes such as `hljs-title function_`, or `css` around a language's code inside another's:
    /// words of letters, digits, `-` and `_`, one space apart.
    private static func isClassList(_ list: Substring.UTF8View.SubSequence) -> Bool {
        list.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).allSatisfy { name in
            !name.isEmpty && name.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
        }
    }

    /// The byte an entity at the start of `bytes` stands for, and the entity's length.
    static func entity(_ bytes: Substring.UTF8View.SubSequence) -> (UInt8, Int)? {
        for (name, byte) in entities where bytes.starts(with: name.utf8) { return (byte, name.utf8.count) }
        return nil
    }

    /// The entities highlight.js writes for the five characters it escapes.
    private static let entities: [(String, UInt8)] = [
        ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
        ("&quot;", UInt8(ascii: "\"")), ("&#x27;", UInt8(ascii: "'")), ("&#39;", UInt8(ascii: "'")),
    ]
}
