/// The slug rule of FORMATS.md section 6, for URLs and heading ids.
public enum Slug {
    /// Lowercase; letters and digits of any script kept (with their combining marks); runs of
    /// spaces, `-` and `_` become one `-`; other characters dropped; no `-` at either end.
    public static func make(_ text: String) -> String {
        if let ascii = text.utf8.withContiguousStorageIfAvailable(asciiSlug), let ascii { return ascii }
        var out = UTF8Builder(capacity: text.utf8.count)
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " || scalar == "-" || scalar == "_" || (!scalar.isASCII && scalar.properties.isWhitespace)
                || (scalar.value >= 0x09 && scalar.value <= 0x0D)
            {
                pendingDash = true
                continue
            }
            guard isKept(scalar) else { continue }
            if pendingDash && !out.isEmpty { out.append("-") }
            pendingDash = false
            out.append(scalar)
        }
        return out.string
    }

    /// The same rule over ASCII text, byte by byte; nil when the text is not all ASCII.
    private static func asciiSlug(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            var count = 0
            appendASCII(bytes, to: out, at: &count)
            return count
        }
    }

    /// Writes the slug of ASCII `bytes` into `out` from `count` on (at most as many bytes as
    /// they are), moving `count` past it: the rule of ``make(_:)`` for ASCII text.
    public static func appendASCII(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        let start = count
        var pendingDash = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "_"), 0x09...0x0D:
                pendingDash = true
                continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                if pendingDash && count > start {
                    out[count] = UInt8(ascii: "-")
                    count += 1
                }
                out[count] = byte
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingDash && count > start {
                    out[count] = UInt8(ascii: "-")
                    count += 1
                }
                out[count] = byte | 0x20
            default:
                continue
            }
            count += 1
            pendingDash = false
        }
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}

/// Gives each heading of a page a unique id from its text.
public struct HeadingIDs: Sendable {
    /// Each id given, with the last suffix tried after it. A page has a few headings: they are
    /// searched in a list, which costs less than hashing, until there are many.
    private var few: [(id: String, suffix: Int)] = []
    private var many: [String: Int]?

    public init() {}

    /// The id for a heading with this text: its slug, with `-1`, `-2`… when already taken.
    public mutating func id(for text: String) -> String {
        var base = Slug.make(text)
        if base.isEmpty { base = "section" }
        guard var suffix = suffix(of: base) else {
            set(base, 0)
            return base
        }
        var candidate: String
        repeat {
            suffix += 1
            candidate = base + "-" + String(suffix)
        } while self.suffix(of: candidate) != nil
        set(base, suffix)
        set(candidate, 0)
        return candidate
    }

    private func suffix(of id: String) -> Int? {
        if let many { return many[id] }
        return few.first { $0.id == id }?.suffix
    }

    private mutating func set(_ id: String, _ suffix: Int) {
        if many != nil {
            many![id] = suffix
        } else if let index = few.firstIndex(where: { $0.id == id }) {
            few[index].suffix = suffix
        } else if few.count < 16 {
            few.append((id, suffix))
        } else {
            many = Dictionary(few, uniquingKeysWith: { _, last in last })
            many![id] = suffix
            few = []
        }
    }
}
