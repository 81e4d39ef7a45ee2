import CWordBreak

/// ICU's word break iterator, opened when first needed and kept for the texts that follow.
/// Not thread-safe: one per thread, or per note.
struct WordBreaker: ~Copyable {
    private var breaker: OpaquePointer?
    private var opened = false

    init() {}

    deinit { notebook_word_breaker_close(breaker) }

    /// The pieces of `text` between ICU's word boundaries, as its word rules and dictionaries
    /// split it (words, and what is between them); `text` whole if ICU cannot be used.
    mutating func pieces(_ text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        if !opened {
            breaker = notebook_word_breaker_open()
            opened = true
        }
        guard let breaker, let base = text.baseAddress else { return [0..<text.count] }
        var bounds = [Int](repeating: 0, count: 64)
        while true {
            let count = base.withMemoryRebound(to: CChar.self, capacity: text.count) { chars in
                bounds.withUnsafeMutableBufferPointer { out in
                    notebook_word_breaker_pieces(breaker, chars, text.count, out.baseAddress, out.count / 2)
                }
            }
            guard count >= 0 else { return [0..<text.count] }
            if count * 2 <= bounds.count {
                return (0..<count).map { bounds[2 * $0]..<bounds[2 * $0 + 1] }
            }
            bounds = [Int](repeating: 0, count: count * 2)
        }
    }
}
