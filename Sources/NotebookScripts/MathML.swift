import NotebookModel

/// What KaTeX may give for a formula: `<span class="katex">` around one `math` element of the
/// MathML namespace (with `display="block"` for display math), holding only the presentation
/// elements and attributes KaTeX writes, escaped text, and an `annotation` whose text is the
/// formula's TeX. Anything else is not used.
public enum MathML {
    /// The elements KaTeX's MathML output is made of.
    static let elements: Set<String> = [
        "math", "semantics", "annotation", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "msup", "msub", "msubsup",
        "mfrac", "msqrt", "mroot", "mstyle", "mtable", "mtr", "mtd", "mlabeledtr", "mover", "munder", "munderover",
        "menclose", "mpadded", "mphantom", "merror",
    ]

    /// The attributes KaTeX writes on them (`xmlns`, `display` and `encoding` are checked apart;
    /// `class` names KaTeX's own: `vcenter`, `mtr-glue`, `mml-eqn-num`).
    static let attributes: Set<String> = [
        "mathvariant", "mathcolor", "mathbackground", "mathsize", "scriptlevel", "displaystyle", "fence", "separator",
        "stretchy", "largeop", "movablelimits", "symmetric", "form", "lspace", "rspace", "minsize", "maxsize", "accent",
        "accentunder", "linethickness", "notation", "width", "height", "depth", "voffset", "linebreak", "rowspacing",
        "columnspacing", "columnalign", "rowalign", "columnlines", "rowlines", "frame", "framespacing", "side",
        "equalrows", "equalcolumns", "style", "class",
    ]

    static let namespace = "http://www.w3.org/1998/Math/MathML"

    /// The classes KaTeX puts on MathML elements.
    static let classes: Set<Substring> = ["vcenter", "mtr-glue", "mml-eqn-num"]

    /// Whether `html` is KaTeX's MathML for `tex` set in `style`.
    public static func isValid(_ html: String, of tex: String, style: MathStyle) -> Bool {
        let opening = "<span class=\"katex\"><math xmlns=\"\(namespace)\"\(style == .display ? " display=\"block\"" : "")>"
        let closing = "</math></span>"
        guard html.hasPrefix(opening), html.hasSuffix(closing), html.utf8.count >= opening.utf8.count + closing.utf8.count else { return false }
        let inner = html.utf8.dropFirst(opening.utf8.count).dropLast(closing.utf8.count)
        var parser = Parser(bytes: Substring(inner).utf8[...])
        guard let annotation = parser.run() else { return false }
        return annotation.elementsEqual(tex.utf8)
    }

    /// Reads the content of the `math` element; the annotation's text, unescaped, when it is
    /// well formed and allowed throughout.
    private struct Parser {
        var bytes: Substring.UTF8View.SubSequence
        var open: [Substring] = []
        var annotation: [UInt8]?
        var inAnnotation = false

        mutating func run() -> [UInt8]? {
            while let byte = bytes.first {
                if byte == UInt8(ascii: "<") {
                    guard tag() else { return nil }
                } else if byte == UInt8(ascii: "&") {
                    guard let (decoded, length) = HighlightedHTML.entity(bytes) else { return nil }
                    if inAnnotation { annotation!.append(decoded) }
                    bytes = bytes.dropFirst(length)
                } else if byte == UInt8(ascii: ">") {
                    return nil
                } else {
                    if inAnnotation { annotation!.append(byte) }
                    bytes = bytes.dropFirst()
                }
            }
            return open.isEmpty ? annotation : nil
        }

        /// Reads a tag at the start of `bytes`: an allowed element with allowed attributes, or
        /// the closing tag of the innermost open one.
        private mutating func tag() -> Bool {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "/") {
                bytes = bytes.dropFirst()
                let name = self.name()
                guard let last = open.popLast(), last == name, bytes.first == UInt8(ascii: ">") else { return false }
                bytes = bytes.dropFirst()
                if name == "annotation" { inAnnotation = false }
                return true
            }
            let name = self.name()
            guard MathML.elements.contains(String(name)), name != "math", !inAnnotation else { return false }
            var encoding: Substring?
            while bytes.first == UInt8(ascii: " ") {
                bytes = bytes.dropFirst()
                let attribute = self.name()
                // KaTeX writes some classes `class ="vcenter"`.
                if bytes.starts(with: " =\"".utf8) { bytes = bytes.dropFirst() }
                guard bytes.starts(with: "=\"".utf8) else { return false }
                bytes = bytes.dropFirst(2)
                guard let end = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return false }
                let value = Substring(bytes[..<end])
                bytes = bytes[bytes.index(after: end)...]
                guard !value.utf8.contains(UInt8(ascii: "<")), !value.utf8.contains(UInt8(ascii: ">")) else { return false }
                if attribute == "encoding" {
                    encoding = value
                } else if attribute == "style" {
                    guard Self.isAllowedStyle(value) else { return false }
                } else if attribute == "class" {
                    guard value.split(separator: " ").allSatisfy(MathML.classes.contains) else { return false }
                } else {
                    guard MathML.attributes.contains(String(attribute)), Self.isPlainValue(value) else { return false }
                }
            }
            if name == "annotation" {
                // One annotation, of the TeX, last in `semantics`.
                guard encoding == "application/x-tex", annotation == nil, open.last == "semantics" else { return false }
            } else if encoding != nil {
                return false
            }
            if bytes.starts(with: "/>".utf8) {
                bytes = bytes.dropFirst(2)
                return name != "annotation"
            }
            guard bytes.first == UInt8(ascii: ">") else { return false }
            bytes = bytes.dropFirst()
            open.append(name)
            if name == "annotation" {
                annotation = []
                inAnnotation = true
            }
            return true
        }

        /// Letters, at the start of `bytes`.
        private mutating func name() -> Substring {
            let end = bytes.firstIndex { !(($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A)) } ?? bytes.endIndex
            defer { bytes = bytes[end...] }
            return Substring(bytes[..<end])
        }

        /// A value KaTeX writes: letters, digits, `#`, `.`, `%`, `+`, `-` and spaces (`0.16em`,
        /// `center left`, `#cc0000`, `-0.5width`).
        private static func isPlainValue(_ value: Substring) -> Bool {
            value.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "#"), UInt8(ascii: "."), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: " "):
                    true
                default: false
                }
            }
        }

        /// The styles KaTeX writes: `\fcolorbox`'s border and `\pmb`'s shadow, of plain values.
        private static func isAllowedStyle(_ value: Substring) -> Bool {
            for property in ["border: ", "text-shadow: "] where value.hasPrefix(property) {
                return isPlainValue(value.dropFirst(property.count))
            }
            return false
        }
    }
}
