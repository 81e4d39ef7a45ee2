/// The two characters that stand for tokens in the text handed to libcmark-gfm.
///
/// A token `i` is written `start`, the decimal digits of `i`, `end`. Both characters are
/// two-byte punctuation that the note itself does not contain, so any marker found after
/// parsing is ours; being punctuation, they let `*` and `_` open and close next to them just as
/// next to the `[` and `)` they replace.
struct TokenMarkers: Sendable {
    let start: Unicode.Scalar
    let end: Unicode.Scalar

    /// Punctuation in libcmark-gfm's table, two bytes in UTF-8, rare in notes: Syriac, Armenian,
    /// N'Ko, Arabic and Hebrew marks.
    private static let candidates: [UInt32] =
        Array(0x700...0x70D) + Array(0x55A...0x55F) + Array(0x7F7...0x7F9) + Array(0x66A...0x66D)
        + [0x5F3, 0x5F4, 0x5C0, 0x5C3, 0x5C6, 0x609, 0x60A]

    /// Markers absent from `bytes`, or nil when the text holds every candidate.
    init?(absentFrom bytes: UnsafeBufferPointer<UInt8>) {
        var present = Set<UInt32>()
        var index = 0
        while index + 1 < bytes.count {
            let lead = bytes[index]
            if lead >= 0xC0 && lead < 0xE0 {
                present.insert(UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F))
            } else if lead == UInt8(ascii: "&") && bytes[index + 1] == UInt8(ascii: "#"),
                let value = Self.numericReference(bytes, at: index + 2)
            {
                // The parser turns `&#x700;` into the character itself.
                present.insert(value)
            }
            index += 1
        }
        let free = TokenMarkers.candidates.lazy.filter { !present.contains($0) }.compactMap(Unicode.Scalar.init)
        var iterator = free.makeIterator()
        guard let start = iterator.next(), let end = iterator.next() else { return nil }
        self.start = start
        self.end = end
    }

    /// The code point of a numeric character reference whose digits start at `start`.
    private static func numericReference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        var i = start
        var radix: UInt32 = 10
        if i < bytes.count && (bytes[i] | 0x20) == UInt8(ascii: "x") {
            radix = 16
            i += 1
        }
        var value: UInt32 = 0
        var digits = 0
        while i < bytes.count, digits < 8 {
            let byte = bytes[i] | (radix == 16 ? 0x20 : 0)
            let digit: UInt32
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digit = UInt32(byte - UInt8(ascii: "0"))
            } else if radix == 16 && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f") {
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            } else {
                break
            }
            value = value * radix + digit
            digits += 1
            i += 1
        }
        return digits > 0 ? value : nil
    }

    /// Appends the marker for token `index`.
    func append(_ index: Int, to out: inout [UInt8]) {
        out.append(contentsOf: String(start).utf8)
        out.append(contentsOf: String(index).utf8)
        out.append(contentsOf: String(end).utf8)
    }

    /// The pieces of `text`: plain text and token indices, in order.
    func split(_ text: String) -> [Piece] {
        guard text.unicodeScalars.contains(start) else { return [.text(text)] }
        var pieces: [Piece] = []
        var plain = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == start, let (index, next) = readIndex(scalars, from: i + 1) {
                if !plain.isEmpty { pieces.append(.text(String(plain))) }
                plain = String.UnicodeScalarView()
                pieces.append(.token(index))
                i = next
            } else {
                plain.append(scalars[i])
                i += 1
            }
        }
        if !plain.isEmpty { pieces.append(.text(String(plain))) }
        return pieces
    }

    private func readIndex(_ scalars: [Unicode.Scalar], from: Int) -> (Int, Int)? {
        var value = 0
        var i = from
        while i < scalars.count, (48...57).contains(scalars[i].value) {
            value = value &* 10 &+ Int(scalars[i].value - 48)
            i += 1
        }
        guard i > from, i < scalars.count, scalars[i] == end else { return nil }
        return (value, i + 1)
    }

    /// `text` with every marker replaced by what `original` gives for its token.
    func restore(_ text: String, original: (Int) -> String) -> String {
        guard text.unicodeScalars.contains(start) else { return text }
        return split(text).map { piece in
            switch piece {
            case .text(let text): text
            case .token(let index): original(index)
            }
        }.joined()
    }

    enum Piece: Equatable {
        case text(String)
        case token(Int)
    }
}
