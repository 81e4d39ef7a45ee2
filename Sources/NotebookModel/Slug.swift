/// The slug rule of FORMATS.md section 6, for URLs and heading ids.
public enum Slug {
    /// Lowercase; letters and digits of any script kept (with their combining marks); runs of
    /// spaces, `-` and `_` become one `-`; other characters dropped; no `-` at either end.
    public static func make(_ text: String) -> String {
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
    private var used: [String: Int] = [:]

    public init() {}

    /// The id for a heading with this text: its slug, with `-1`, `-2`… when already taken.
    public mutating func id(for text: String) -> String {
        var base = Slug.make(text)
        if base.isEmpty { base = "section" }
        guard var suffix = used[base] else {
            used[base] = 0
            return base
        }
        var candidate: String
        repeat {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        } while used[candidate] != nil
        used[base] = suffix
        used[candidate] = 0
        return candidate
    }
}
