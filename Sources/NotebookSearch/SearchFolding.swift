import Foundation

/// What a word of the search index is, the same at build time and in the theme's `search.js`:
/// a run of letters, marks and digits (Unicode's L, M and N); one with characters beyond ASCII
/// split further by ICU's word rules, as `Intl.Segmenter` splits it; then folded.
public enum SearchFolding {
    /// `word` lowercased, in its compatibility decomposition without the combining diacritics
    /// U+0300–U+036F, a few letters that do not decompose spelt out (`ø` o, `ł` l, `đ` d, `ß` ss,
    /// `œ` oe, `æ` ae), final sigma as sigma, composed again: `Crème` is `creme`, `ﬁ` is `fi`,
    /// `Straße` is `strasse`. In the browser: `toLowerCase()`, `normalize("NFKD")`, the same
    /// marks removed and letters replaced, `normalize("NFC")`.
    ///
    /// Only the first ``longestWord`` characters (Unicode scalars) of `word` are folded: no word
    /// is longer, and Foundation's normalization takes time that grows with the square of the
    /// length (a note of 400,000 `é` in one run took 3 s, of 3 million minutes).
    public static func fold(_ word: String) -> String {
        // Most words are short: their bytes, counted at once, are as many as their scalars at most.
        let word = word.utf8.count > longestWord && word.unicodeScalars.count > longestWord
            ? String(String.UnicodeScalarView(word.unicodeScalars.prefix(longestWord))) : word
        var scalars = String.UnicodeScalarView()
        for scalar in word.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }
            if let spelt = spelt[scalar] {
                scalars.append(contentsOf: spelt.unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// The most characters (Unicode scalars) of a word the search keeps: the first ones of a
    /// longer run of letters, at build time and in the browser alike.
    public static let longestWord = 256

    /// Letters that no decomposition takes apart, as the search spells them.
    static let spelt: [Unicode.Scalar: String] = ["ø": "o", "ł": "l", "đ": "d", "ß": "ss", "œ": "oe", "æ": "ae", "\u{3C2}": "\u{3C3}"]

    /// Whether `word` is a possessive's `s` when it follows a word and an apostrophe (`'` or `’`):
    /// then it is no word of its own (`garden's` is `garden`, as Snowball's English stemmer takes
    /// `'s` off), so that a query holding `'s` finds what the word alone finds. The browser's
    /// search drops it the same way.
    static func isPossessive(_ word: String) -> Bool { word == "s" || word == "S" }

    /// Whether `scalar` is an apostrophe: `'` or `’`.
    static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool { scalar == "'" || scalar == "\u{2019}" }

    /// Whether `scalar` is part of a word: a letter, a mark or a number (`[\p{L}\p{M}\p{N}]`).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}
