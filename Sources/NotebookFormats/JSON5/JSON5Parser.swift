/// A small hand-written JSON5 parser (https://spec.json5.org) that reports
/// the UTF-8 byte offset of every error.
///
/// Besides whole values it reads brace-less member lists, the form used by
/// Markdown attribute annotations such as `^[text](highlight: 'green', scale: 1.5)`.
public enum JSON5Parser {
    /// The deepest nesting of arrays/objects kept as structure. A deeper array or object is read
    /// without recursion and kept as a string of its source text (see ``readMembers(_:)``).
    public static let maximumDepth: Int = 64

    /// A parse's outcome, and the byte offset of each array or object nested past
    /// ``maximumDepth`` that the value holds as a string of its source text.
    public struct Outcome<Value: Sendable>: Sendable {
        public var result: Result<Value, JSON5Error>
        public var flattened: [Int]
    }

    /// Parses one JSON5 value filling the whole text (whitespace and comments around it allowed).
    public static func parseValue(_ text: String) -> Result<JSON5Value, JSON5Error> {
        readValue(text).result
    }

    /// ``parseValue(_:)``, with the places flattened past ``maximumDepth``.
    public static func readValue(_ text: String) -> Outcome<JSON5Value> {
        run(text) { (cursor: inout JSON5Cursor) throws(JSON5Error) -> JSON5Value in
            try cursor.skipTrivia()
            let value = try cursor.parseValue(depth: 0)
            try cursor.expectEnd()
            return value
        }
    }

    /// Parses the members of an object written without its braces: `a: 1, 'b': "x",` (empty text → no members).
    /// If the text starts with `{` (after whitespace), parse it as a whole object instead.
    public static func parseMembers(_ text: String) -> Result<[JSON5Member], JSON5Error> {
        readMembers(text).result
    }

    /// ``parseMembers(_:)``, with the places flattened past ``maximumDepth``.
    public static func readMembers(_ text: String) -> Outcome<[JSON5Member]> {
        run(text) { (cursor: inout JSON5Cursor) throws(JSON5Error) -> [JSON5Member] in
            try cursor.skipTrivia()
            // A brace-less object counts as one nesting level, like a braced one.
            let members = try cursor.peek == UInt8(ascii: "{")
                ? cursor.parseObject(depth: 0) : cursor.parseMemberList(closer: nil, depth: 1)
            try cursor.expectEnd()
            return members
        }
    }

    private static func run<T>(
        _ text: String, _ body: (inout JSON5Cursor) throws(JSON5Error) -> T
    ) -> Outcome<T> {
        var text = text
        return text.withUTF8 { bytes in
            var cursor = JSON5Cursor(bytes: bytes)
            do throws(JSON5Error) {
                let value = try body(&cursor)
                return Outcome(result: .success(value), flattened: cursor.flattened)
            } catch {
                return Outcome(result: .failure(error), flattened: cursor.flattened)
            }
        }
    }
}

/// The parsing state: a read position in contiguous UTF-8 bytes.
/// Only valid inside `String.withUTF8`; every read is bounds-checked against `bytes.count`.
private struct JSON5Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    /// Where each array or object read by ``flatten()`` starts.
    var flattened: [Int] = []

    var peek: UInt8? { byte(at: pos) }

    func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    // MARK: Values

    mutating func parseValue(depth: Int) throws(JSON5Error) -> JSON5Value {
        guard let first = peek else { throw unexpected(at: pos) }
        switch Unicode.Scalar(first) {
        case "{" where depth >= JSON5Parser.maximumDepth: return .string(try flatten())
        case "[" where depth >= JSON5Parser.maximumDepth: return .string(try flatten())
        case "{": return .object(try parseObject(depth: depth))
        case "[": return .array(try parseArray(depth: depth))
        case "\"", "'": return .string(try parseString())
        case "+", "-", ".", "0"..."9": return .number(try parseNumber())
        default: break
        }
        let start = pos
        if let keyword = keyword() { return keyword }
        guard pos > start else { throw unexpected(at: start) }
        let name = String(decoding: bytes[start..<pos].prefix(40), as: UTF8.self)
        throw JSON5Error("unexpected identifier '\(name)'", at: start)
    }

    /// Skips a word (ASCII letters, digits, `_`, `$`) and returns its value if it is a keyword.
    mutating func keyword() -> JSON5Value? {
        let start = pos
        while let byte = peek, Self.isWordByte(byte) { pos += 1 }
        return Self.keywords.first { bytes[start..<pos].elementsEqual($0.name.utf8) }?.value
    }

    static let keywords: [(name: String, value: JSON5Value)] = [
        ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
        ("Infinity", .number(.infinity)), ("NaN", .number(.nan)),
    ]

    /// Parses `[ … ]` at `pos`; `depth` counts the containers around it.
    mutating func parseArray(depth: Int) throws(JSON5Error) -> [JSON5Value] {
        pos += 1  // `[`; `parseValue(depth:)` has flattened anything deeper
        var elements: [JSON5Value] = []
        while true {
            try skipTrivia()
            if peek == UInt8(ascii: "]") { pos += 1; return elements }
            elements.append(try parseValue(depth: depth + 1))
            try skipTrivia()
            if peek == UInt8(ascii: "]") { pos += 1; return elements }
            guard peek == UInt8(ascii: ",") else { throw JSON5Error("expected ',' or ']' after array element", at: pos) }
            pos += 1
        }
    }

    /// Parses `{ … }` at `pos`; `depth` counts the containers around it.
    mutating func parseObject(depth: Int) throws(JSON5Error) -> [JSON5Member] {
        pos += 1  // `{`
        return try parseMemberList(closer: UInt8(ascii: "}"), depth: depth + 1)
    }

    /// Parses members up to `closer` (consumed), or up to the end of the text when `closer` is nil.
    mutating func parseMemberList(closer: UInt8?, depth: Int) throws(JSON5Error) -> [JSON5Member] {
        var members: [JSON5Member] = []
        while true {
            try skipTrivia()
            if let closer, peek == closer { pos += 1; return members }
            if closer == nil, peek == nil { return members }
            let keyOffset = pos
            let key = try parseKey()
            try skipTrivia()
            guard peek == UInt8(ascii: ":") else { throw JSON5Error("expected ':' after key", at: pos) }
            pos += 1
            try skipTrivia()
            let valueOffset = pos
            let value = try parseValue(depth: depth)
            members.append(JSON5Member(key: key, value: value, keyOffset: keyOffset, valueOffset: valueOffset))
            try skipTrivia()
            if peek == UInt8(ascii: ",") { pos += 1; continue }
            if let closer, peek == closer { pos += 1; return members }
            if closer == nil, peek == nil { return members }
            let message = closer == nil ? "expected ',' after member" : "expected ',' or '}' after member"
            throw JSON5Error(message, at: pos)
        }
    }

    private enum FlatState { case value, key, next }

    /// Reads the array or object at `pos` with an explicit stack instead of recursion, checking
    /// its syntax, and gives its source text.
    mutating func flatten() throws(JSON5Error) -> String {
        let start = pos
        flattened.append(start)
        var closers: [UInt8] = []
        var state = FlatState.value
        while !(state == .next && closers.isEmpty) {
            try skipTrivia()
            guard let byte = peek else { throw unexpected(at: pos) }
            switch state {
            case .value where byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"):
                closers.append(byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}"))
                pos += 1
                state = byte == UInt8(ascii: "[") ? .value : .key
            case .value where byte == UInt8(ascii: "]") && closers.last == byte,
                 .key where byte == UInt8(ascii: "}") && closers.last == byte,
                 .next where byte == closers.last:
                pos += 1
                closers.removeLast()
                state = .next
            case .value:
                _ = try parseValue(depth: 0)
                state = .next
            case .key:
                _ = try parseKey()
                try skipTrivia()
                guard peek == UInt8(ascii: ":") else { throw JSON5Error("expected ':' after key", at: pos) }
                pos += 1
                state = .value
            case .next where byte == UInt8(ascii: ","):
                pos += 1
                state = closers.last == UInt8(ascii: "}") ? .key : .value
            case .next:
                let message = closers.last == UInt8(ascii: "}") ? "expected ',' or '}' after member" : "expected ',' or ']' after array element"
                throw JSON5Error(message, at: pos)
            }
        }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    mutating func parseKey() throws(JSON5Error) -> String {
        let start = pos
        let key: String
        if let first = peek, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            key = try parseString()
        } else if let identifier = try parseIdentifier() {
            key = identifier
        } else {
            throw JSON5Error("expected key, found \(describe(at: start))", at: start)
        }
        guard !key.isEmpty else { throw JSON5Error("empty key", at: start) }
        return key
    }

    /// Reads an identifier name (with `\uHHHH` escapes); nil when none starts at `pos`.
    mutating func parseIdentifier() throws(JSON5Error) -> String? {
        let start = pos
        var text = TextBuilder(runStart: pos)
        while pos < bytes.count {
            if bytes[pos] == UInt8(ascii: "\\") {
                guard byte(at: pos + 1) == UInt8(ascii: "u"), let value = hex(at: pos + 2, count: 4),
                      let scalar = Unicode.Scalar(value), Self.isIdentifier(scalar, first: pos == start)
                else { throw JSON5Error("invalid escape in identifier", at: pos) }
                text.flush(bytes: bytes, at: pos)
                text.buffer.append(contentsOf: scalar.utf8)
                pos += 6
                text.runStart = pos
                continue
            }
            let (scalar, length) = scalar(at: pos)
            guard Self.isIdentifier(scalar, first: pos == start) else { break }
            pos += length
        }
        return pos == start ? nil : text.finish(bytes: bytes, at: pos)
    }

    // MARK: Strings

    /// Parses a single- or double-quoted string starting at `pos`.
    mutating func parseString() throws(JSON5Error) -> String {
        let open = pos
        let quote = bytes[pos]
        pos += 1
        var text = TextBuilder(runStart: pos)
        while let byte = peek {
            switch byte {
            case quote:
                let result = text.finish(bytes: bytes, at: pos)
                pos += 1
                return result
            case UInt8(ascii: "\\"):
                text.flush(bytes: bytes, at: pos)
                try parseEscape(into: &text.buffer)
                text.runStart = pos
            case 0x0A, 0x0D:
                throw JSON5Error("unescaped line break in string", at: pos)
            default:
                pos += 1
            }
        }
        throw JSON5Error("unterminated string", at: open)
    }

    /// Decodes the escape sequence at `pos` (a backslash). At the end of the
    /// text it consumes the backslash only, leaving the caller to report the unterminated string.
    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSON5Error) {
        let start = pos
        pos += 1
        guard let escaped = peek else { return }
        pos += 1
        switch Unicode.Scalar(escaped) {
        case "'", "\"", "\\", "/": buffer.append(escaped)
        case "b": buffer.append(0x08)
        case "f": buffer.append(0x0C)
        case "n": buffer.append(0x0A)
        case "r": buffer.append(0x0D)
        case "t": buffer.append(0x09)
        case "v": buffer.append(0x0B)
        case "0":
            if let next = peek, Self.isDigit(next) { throw JSON5Error("invalid escape sequence", at: start) }
            buffer.append(0)
        case "x":
            guard let value = hex(at: pos, count: 2), let scalar = Unicode.Scalar(value) else {
                throw JSON5Error("invalid \\x escape", at: start)
            }
            pos += 2
            buffer.append(contentsOf: scalar.utf8)
        case "u":
            guard var value = hex(at: pos, count: 4) else { throw JSON5Error("invalid \\u escape", at: start) }
            pos += 4
            if (0xD800...0xDBFF).contains(value), byte(at: pos) == UInt8(ascii: "\\"),
               byte(at: pos + 1) == UInt8(ascii: "u"), let low = hex(at: pos + 2, count: 4),
               (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                pos += 6
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw JSON5Error("unpaired surrogate in \\u escape", at: start)
            }
            buffer.append(contentsOf: scalar.utf8)
        case "\n": break                                     // line continuation
        case "\r": if peek == 0x0A { pos += 1 }
        case "\u{E2}" where byte(at: pos) == 0x80 && (byte(at: pos + 1) == 0xA8 || byte(at: pos + 1) == 0xA9):
            pos += 2                                         // U+2028 / U+2029 continuation
        default:
            throw JSON5Error("invalid escape sequence", at: start)
        }
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSON5Error) -> Double {
        let start = pos
        let sign: Double = peek == UInt8(ascii: "-") ? -1 : 1
        if peek == UInt8(ascii: "-") || peek == UInt8(ascii: "+") { pos += 1 }
        if let first = peek, Self.isWordByte(first) && !Self.isDigit(first) {  // Infinity, NaN
            guard case .number(let special) = keyword() else { throw JSON5Error("invalid number", at: start) }
            return sign * special
        }
        let digitsStart = pos
        if peek == UInt8(ascii: "0"), let x = byte(at: pos + 1), x | 0x20 == UInt8(ascii: "x") {
            pos += 2
            var value = 0.0
            while let byte = peek, let digit = Self.hexValue(byte) {
                value = value * 16 + Double(digit)
                pos += 1
            }
            guard pos > digitsStart + 2 else { throw JSON5Error("expected hexadecimal digits", at: pos) }
            try expectNumberEnd()
            return sign * value
        }
        let integerDigits = skipDigits()
        if integerDigits > 1 && bytes[digitsStart] == UInt8(ascii: "0") {
            throw JSON5Error("leading zeros are not allowed", at: digitsStart)
        }
        var fractionDigits = 0
        if peek == UInt8(ascii: ".") {
            pos += 1
            fractionDigits = skipDigits()
        }
        guard integerDigits + fractionDigits > 0 else { throw JSON5Error("invalid number", at: start) }
        if let e = peek, e | 0x20 == UInt8(ascii: "e") {
            pos += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
            guard skipDigits() > 0 else { throw JSON5Error("expected exponent digits", at: pos) }
        }
        try expectNumberEnd()
        guard let value = Double(String(decoding: bytes[digitsStart..<pos], as: UTF8.self)) else {
            throw JSON5Error("invalid number", at: start)
        }
        return sign * value
    }

    /// A number may not run straight into letters or digits (`12px`, `0x1G`).
    func expectNumberEnd() throws(JSON5Error) {
        if let next = peek, Self.isWordByte(next) || next == UInt8(ascii: ".") {
            throw JSON5Error("unexpected character \(describe(at: pos)) in number", at: pos)
        }
    }

    /// Skips ASCII digits and returns how many there were.
    mutating func skipDigits() -> Int {
        let start = pos
        while let byte = peek, Self.isDigit(byte) { pos += 1 }
        return pos - start
    }

    func hex(at index: Int, count: Int) -> UInt32? {
        guard index + count <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in index..<(index + count) {
            guard let digit = Self.hexValue(bytes[offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    // MARK: Whitespace and comments

    /// Skips JSON5 whitespace and comments.
    mutating func skipTrivia() throws(JSON5Error) {
        while let byte = peek {
            switch byte {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
                pos += 1
            case UInt8(ascii: "/"):
                try skipComment()
            case 0x80...:
                let (scalar, length) = scalar(at: pos)
                guard Self.isSpace(scalar) else { return }
                pos += length
            default:
                return
            }
        }
    }

    mutating func skipComment() throws(JSON5Error) {
        let start = pos
        switch byte(at: pos + 1) {
        case UInt8(ascii: "/"):
            pos += 2
            while pos < bytes.count && !isLineTerminator(at: pos) { pos += 1 }
        case UInt8(ascii: "*"):
            pos += 2
            while pos + 1 < bytes.count {
                if bytes[pos] == UInt8(ascii: "*") && bytes[pos + 1] == UInt8(ascii: "/") {
                    pos += 2
                    return
                }
                pos += 1
            }
            throw JSON5Error("unterminated comment", at: start)
        default:
            throw unexpected(at: start)
        }
    }

    func isLineTerminator(at index: Int) -> Bool {
        switch bytes[index] {
        case 0x0A, 0x0D: return true
        case 0xE2: return byte(at: index + 1) == 0x80 && (byte(at: index + 2) == 0xA8 || byte(at: index + 2) == 0xA9)
        default: return false
        }
    }

    /// After a complete top-level value only whitespace and comments may follow.
    mutating func expectEnd() throws(JSON5Error) {
        try skipTrivia()
        guard pos < bytes.count else { return }
        throw JSON5Error("unexpected character \(describe(at: pos)) after value", at: pos)
    }

    // MARK: Characters

    /// Decodes the scalar starting at `index` (the text is valid UTF-8).
    func scalar(at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        var value = UInt32(lead) & (0x7F >> length)
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    func unexpected(at index: Int) -> JSON5Error {
        let found = index < bytes.count ? "character \(describe(at: index))" : "end of input"
        return JSON5Error("unexpected \(found)", at: index)
    }

    /// `'c'` for a printable character, `U+XXXX` otherwise, or `end of input`.
    func describe(at index: Int) -> String {
        guard index < bytes.count else { return "end of input" }
        let scalar = scalar(at: index).0
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default:
            return "'\(Character(scalar))'"
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// ASCII letters, digits, `_` and `$`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && isIdentifier(Unicode.Scalar(byte), first: false)
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        if isDigit(byte) { return UInt32(byte - UInt8(ascii: "0")) }
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? UInt32(lower - UInt8(ascii: "a") + 10) : nil
    }

    /// JSON5 whitespace beyond ASCII: NBSP and other Zs, U+2028, U+2029, BOM.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0xFEFF: true
        default: scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// ECMAScript 5.1 IdentifierStart (`first`) or IdentifierPart.
    static func isIdentifier(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        switch scalar.value {
        case 0x24, 0x5F, 0x41...0x5A, 0x61...0x7A: return true
        case 0x30...0x39, 0x200C, 0x200D: return !first
        case 0..<0x80: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
            return !first
        default:
            return false
        }
    }
}

private extension JSON5Error {
    init(_ message: String, at offset: Int) { self.init(message: message, offset: offset) }
}

/// Builds decoded text, copying unescaped runs straight from the input and
/// allocating a buffer only once an escape is met.
private struct TextBuilder {
    var runStart: Int
    var buffer: [UInt8] = []

    /// Moves the pending unescaped run `runStart..<end` into the buffer.
    mutating func flush(bytes: UnsafeBufferPointer<UInt8>, at end: Int) {
        buffer.append(contentsOf: bytes[runStart..<end])
        runStart = end
    }

    /// The text so far plus the run up to `end`.
    mutating func finish(bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> String {
        if buffer.isEmpty { return String(decoding: bytes[runStart..<end], as: UTF8.self) }
        flush(bytes: bytes, at: end)
        return String(decoding: buffer, as: UTF8.self)
    }
}
