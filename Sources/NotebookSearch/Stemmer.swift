import CStemmer

/// Snowball's English stemmer (libstemmer), which the search index applies to English words and
/// the theme's `search.js` mirrors in the browser: `blueberries` and `blueberry` are both
/// `blueberri`. Not thread-safe: one per thread, or per note.
struct EnglishStemmer: ~Copyable {
    /// nil if libstemmer could not make one (out of memory): words are then their own stems.
    private let stemmer: OpaquePointer?

    init() {
        stemmer = sb_stemmer_new("english", "UTF_8")
    }

    deinit { if let stemmer { sb_stemmer_delete(stemmer) } }

    /// The stem of `word`, lowercase ASCII letters.
    func stem(_ word: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: stemBytes(word), as: UTF8.self)
    }

    /// The stem of `word`, in the stemmer's own memory: valid until the next call.
    func stemBytes(_ word: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let stemmer, let stemmed = sb_stemmer_stem(stemmer, word.baseAddress, Int32(word.count)) else { return word }
        return UnsafeBufferPointer(start: stemmed, count: Int(sb_stemmer_length(stemmer)))
    }

    /// The stem of `word`.
    func stem(_ word: String) -> String {
        var word = word
        return word.withUTF8 { stem($0) }
    }

    /// Whether a word is stemmed: three or more lowercase ASCII letters (shorter words are their
    /// own stems; digits and other letters are left alone, in the browser too).
    static func applies(to word: UnsafeBufferPointer<UInt8>) -> Bool {
        word.count >= 3 && word.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }
}
