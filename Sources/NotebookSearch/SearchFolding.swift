import Foundation

/// What a word of the search index is, the same at build time and in the theme's `search.js`:
/// a run of letters, marks and digits (Unicode's L, M and N), split further by ICU's word rules
/// where a script is written without spaces, then folded.
public enum SearchFolding {
    /// `word` lowercased, without the combining diacritics (U+0300–U+036F) of its canonical
    /// decomposition, composed again, with final sigma as sigma: `Crème` is `creme`. In the
    /// browser: `toLowerCase()`, `normalize("NFD")`, the same marks removed, `normalize("NFC")`.
    public static func fold(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }
            scalars.append(scalar == "\u{3C2}" ? "\u{3C3}" : scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Whether `scalar` is part of a word: a letter, a mark or a number (`[\p{L}\p{M}\p{N}]`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }

    /// Whether `scalar` belongs to a script written without spaces between words, which ICU's
    /// dictionaries split: Thai, Lao, Myanmar, Khmer, Chinese and Japanese.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            true
        default: false
        }
    }
}
