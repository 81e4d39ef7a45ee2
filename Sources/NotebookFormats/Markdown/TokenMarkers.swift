import Bytes
import Glibc

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

    /// The bytes that may start a candidate in a text: the first byte of a two-byte character, and
    /// `&` (of a numeric character reference, which the parser turns into the character).
    private static let leads = ByteSet(Array(0xC0...0xDF) + [UInt8(ascii: "&")])

    /// Markers absent from `bytes`, or nil when the text holds every candidate.
    init?(absentFrom bytes: UnsafeBufferPointer<UInt8>) {
        var present = Set<UInt32>()
        var index = 0
        // A byte that may start one is followed by another: the last byte is not looked at.
        let leads = UnsafeBufferPointer(rebasing: bytes[..<max(bytes.count - 1, 0)])
        while true {
            // Sixteen bytes at a time past the others, most of a note.
            index = Self.leads.firstIndex(in: leads, from: index)
            guard index < leads.count else { break }
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
        let open = Self.bytes(of: start), close = Self.bytes(of: end)
        out.append(open.0)
        out.append(open.1)
        // The decimal digits, most significant first.
        let first = out.count
        assert(index >= 0, "a token index is never negative")
        var rest = index
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        out[first...].reverse()
        out.append(close.0)
        out.append(close.1)
    }

    /// The pieces of `text`: plain text and token indices, in order. Read by bytes: each
    /// marker is two bytes of UTF-8 whose first is a lead byte, so a match is the character.
    func split(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        split(text) { pieces.append($0) }
        return pieces
    }

    /// The same pieces, each handed to `body` as it is found: no list is made of them.
    func split(_ text: String, _ body: (consuming Piece) -> Void) {
        guard marks(text) else { return body(.text(text)) }
        let open = Self.bytes(of: start), close = Self.bytes(of: end)
        text.withBorrowedUTF8 { bytes in
            func isMarker(_ marker: (UInt8, UInt8), at index: Int) -> Bool {
                index + 1 < bytes.count && bytes[index] == marker.0 && bytes[index + 1] == marker.1
            }
            var plainStart = 0
            var i = 0
            while i < bytes.count {
                // The next lead byte of a start marker, found by memchr.
                guard let found = memchr(bytes.baseAddress! + i, Int32(open.0), bytes.count - i) else { break }
                i = UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
                guard isMarker(open, at: i) else {
                    i += 1
                    continue
                }
                var digitsEnd = i + 2
                var value = 0
                while digitsEnd < bytes.count, bytes[digitsEnd] >= 48 && bytes[digitsEnd] <= 57 {
                    value = value &* 10 &+ Int(bytes[digitsEnd] - 48)
                    digitsEnd += 1
                }
                guard digitsEnd > i + 2, isMarker(close, at: digitsEnd) else {
                    i += 2
                    continue
                }
                if plainStart < i { body(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[plainStart..<i]), as: UTF8.self))) }
                body(.token(value))
                i = digitsEnd + 2
                plainStart = i
            }
            if plainStart < bytes.count {
                body(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[plainStart...]), as: UTF8.self)))
            }
        }
    }

    /// Whether `text` holds a start marker, so that `split` may find a token in it.
    func marks(_ text: String) -> Bool {
        let open = Self.bytes(of: start)
        return text.withBorrowedUTF8 { bytes in
            guard bytes.count > 1, var at = bytes.baseAddress else { return false }
            let last = bytes.baseAddress! + (bytes.count - 1)
            // The lead byte found by memchr, then its follower checked.
            while at < last, let found = memchr(at, Int32(open.0), last - at) {
                let lead = found.assumingMemoryBound(to: UInt8.self)
                if lead[1] == open.1 { return true }
                at = UnsafePointer(lead) + 1
            }
            return false
        }
    }

    /// The two bytes of UTF-8 of a marker (every candidate is below U+0800).
    private static func bytes(of marker: Unicode.Scalar) -> (UInt8, UInt8) {
        (0xC0 | UInt8(marker.value >> 6), 0x80 | UInt8(marker.value & 0x3F))
    }

    /// `text` with every marker replaced by what `original` gives for its token.
    func restore(_ text: String, original: (Int) -> String) -> String {
        guard marks(text) else { return text }
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
