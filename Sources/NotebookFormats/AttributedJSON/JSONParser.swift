import NotebookSource

/// A small JSON parser over UTF-8 bytes (RFC 8259) that keeps every value's byte offset.
///
/// It stops at the first fault, and still gives what it read up to there: arrays and objects
/// hold the elements and members that were complete. An array or object nested deeper than
/// `maximumDepth` is read without recursion and kept as a string of its source text, so no
/// input can exhaust the stack and nothing of it is lost. Line starts are noted on the way, as JSON has line
/// breaks only between tokens.
struct JSONParser {
    /// The deepest nesting of arrays and objects kept as structure.
    static let maximumDepth = 64

    /// The document of `text` (possibly partial) and the fault that stopped the parse, if any.
    static func parse(_ text: String) -> (document: JSONDocument, error: JSONSyntaxError?) {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// The document of UTF-8 `bytes` (possibly partial) and the fault that stopped the parse, if any.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (document: JSONDocument, error: JSONSyntaxError?) {
        var parser = JSONParser(bytes: bytes)
        parser.parseDocument()
        if parser.error != nil { parser.lineStarts = LineTable(bytes).starts }
        let document = JSONDocument(
            nodes: parser.nodes, strings: parser.strings, lineStarts: parser.lineStarts, flattened: parser.flattened)
        return (document, parser.error)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var error: JSONSyntaxError?
    private var nodes: [JSONDocument.Node] = []
    private var strings: [String] = []
    private var lineStarts = [0]
    private var flattened: [Int] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // About what notes need (written JSON has some 20 bytes a value); the arrays grow past it
        // when a text is denser. Room far beyond need is memory mapped afresh for each large file.
        nodes.reserveCapacity(bytes.count / 16)
        strings.reserveCapacity(bytes.count / 32)
    }

    private mutating func parseDocument() {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else {
            error = JSONSyntaxError(message: "the file is empty; expected a JSON value", offset: position)
            return
        }
        parseValue(depth: 0)
        if error == nil {
            skipWhitespace()
            if position < bytes.count { fail("\(describeByte(at: position)) after the end of the JSON value") }
        }
    }

    // MARK: Values

    private mutating func fail(_ message: String, at offset: Int? = nil) {
        if error == nil { error = JSONSyntaxError(message: message, offset: offset ?? position) }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09:
                position += 1
            case 0x0A:
                position += 1
                lineStarts.append(position)
            case 0x0D:
                position += 1
                if position == bytes.count || bytes[position] != 0x0A { lineStarts.append(position) }
            default:
                return
            }
        }
    }

    private mutating func append(_ kind: JSONDocument.Node.Kind, at offset: Int, payload: Int) {
        nodes.append(JSONDocument.Node(kind: kind, offset: offset, payload: payload, end: nodes.count + 1))
    }

    /// Reads the value at `position`; false (with `error` set) when none could be read.
    @discardableResult
    private mutating func parseValue(depth: Int) -> Bool {
        guard position < bytes.count else {
            fail("unexpected end of the file; expected a value")
            return false
        }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            return depth < Self.maximumDepth ? parseObject(depth: depth) : flattenValue()
        case UInt8(ascii: "["):
            return depth < Self.maximumDepth ? parseArray(depth: depth) : flattenValue()
        case UInt8(ascii: "\""):
            guard let text = parseString() else { return false }
            strings.append(text)
            append(.string, at: start, payload: strings.count - 1)
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return parseNumber()
        case UInt8(ascii: "t"):
            return parseLiteral("true", .bool, 1)
        case UInt8(ascii: "f"):
            return parseLiteral("false", .bool, 0)
        case UInt8(ascii: "n"):
            return parseLiteral("null", .null, 0)
        default:
            fail("\(describeByte(at: position)) where a value was expected")
            return false
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ kind: JSONDocument.Node.Kind, _ payload: Int) -> Bool {
        let start = position
        let count = word.utf8CodeUnitCount
        var matched = 0
        while matched < count, start + matched < bytes.count, bytes[start + matched] == word.utf8Start[matched] {
            matched += 1
        }
        guard matched == count else {
            fail(start + matched < bytes.count ? "invalid literal; expected '\(word)'" : "unexpected end of the file in '\(word)'",
                at: start)
            return false
        }
        position += count
        append(kind, at: start, payload: payload)
        return true
    }

    private enum FlatState { case value, key, next }

    /// Reads the array or object at `position` with an explicit stack instead of recursion,
    /// checking its syntax, and adds it as one string node holding its source text.
    private mutating func flattenValue() -> Bool {
        let start = position
        var closers: [UInt8] = []
        var state = FlatState.value
        while !(state == .next && closers.isEmpty) {
            skipWhitespace()
            guard position < bytes.count else {
                fail("unexpected end of the file in an \(closers.last == UInt8(ascii: "}") ? "object" : "array")")
                return false
            }
            let byte = bytes[position]
            switch state {
            case .value where byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"):
                let closer = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
                closers.append(closer)
                position += 1
                skipWhitespace()
                if position < bytes.count && bytes[position] == closer {
                    position += 1
                    closers.removeLast()
                    state = .next
                } else {
                    state = closer == UInt8(ascii: "]") ? .value : .key
                }
            case .value:
                let kept = (nodes.count, strings.count)
                guard parseValue(depth: 0) else { return false }
                nodes.removeLast(nodes.count - kept.0)
                strings.removeLast(strings.count - kept.1)
                state = .next
            case .key:
                guard byte == UInt8(ascii: "\""), parseString(isKey: true) != nil else {
                    fail("expected a key in double quotes, found \(describeByte(at: position))")
                    return false
                }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    fail("expected ':' after the key")
                    return false
                }
                position += 1
                state = .value
            case .next where byte == UInt8(ascii: ","):
                position += 1
                state = closers.last == UInt8(ascii: "}") ? .key : .value
            case .next where byte == closers.last:
                position += 1
                closers.removeLast()
            case .next:
                let expected = closers.last == UInt8(ascii: "}") ? "'}'" : "']'"
                fail("expected ',' or \(expected), found \(describeByte(at: position))")
                return false
            }
        }
        strings.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
        append(.string, at: start, payload: strings.count - 1)
        flattened.append(start)
        return true
    }

    /// Reads `[ … ]`; the array keeps the elements read before a fault.
    private mutating func parseArray(depth: Int) -> Bool {
        let index = nodes.count
        append(.array, at: position, payload: 0)
        position += 1
        var count = 0
        defer {
            nodes[index].payload = count
            nodes[index].end = nodes.count
        }
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            return true
        }
        while true {
            skipWhitespace()
            if parseValue(depth: depth + 1) { count += 1 }
            if error != nil { break }
            skipWhitespace()
            guard position < bytes.count else {
                fail("unexpected end of the file in an array; expected ',' or ']'")
                break
            }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "]") { break }
            guard byte == UInt8(ascii: ",") else {
                fail("expected ',' or ']' after an array element, found \(describeByte(at: position - 1))", at: position - 1)
                break
            }
        }
        return true
    }

    /// Reads `{ … }`; the object keeps the members read before a fault.
    private mutating func parseObject(depth: Int) -> Bool {
        let index = nodes.count
        append(.object, at: position, payload: 0)
        position += 1
        var count = 0
        defer {
            nodes[index].payload = count
            nodes[index].end = nodes.count
        }
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return true
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else {
                fail("unexpected end of the file in an object; expected a key")
                break
            }
            guard bytes[position] == UInt8(ascii: "\"") else {
                fail("expected a key in double quotes, found \(describeByte(at: position))")
                break
            }
            let keyOffset = position
            guard let key = parseString(isKey: true) else { break }
            strings.append(key)
            append(.string, at: keyOffset, payload: strings.count - 1)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                fail(position < bytes.count
                    ? "expected ':' after the key, found \(describeByte(at: position))"
                    : "unexpected end of the file; expected ':' after the key")
                break
            }
            position += 1
            skipWhitespace()
            if parseValue(depth: depth + 1) { count += 1 }
            if error != nil { break }
            skipWhitespace()
            guard position < bytes.count else {
                fail("unexpected end of the file in an object; expected ',' or '}'")
                break
            }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "}") { break }
            guard byte == UInt8(ascii: ",") else {
                fail("expected ',' or '}' after a member, found \(describeByte(at: position - 1))", at: position - 1)
                break
            }
        }
        return true
    }

    // MARK: Strings

    /// The string whose opening quote is at `position`; nil (with `error` set) if it is not valid.
    private mutating func parseString(isKey: Bool = false) -> String? {
        let start = position + 1
        var index = start
        // Fast path: no escapes. Eight bytes at a time while none is a quote, a backslash or a
        // control character.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if Self.hasSpecialByte(word) { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if isKey, let known = JSONKeys.interned(slice) { return known }
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 {
                fail("control character \(describeByte(at: index)) in a string; write it as an escape", at: index)
                return nil
            }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { break }
            let escape = bytes[index + 1]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = parseUnicodeEscape(at: index) else { return nil }
                // `\u0000` is read as U+FFFD, as a NUL byte of the file is (`SourceText`).
                appendUTF8(scalar.scalar == "\0" ? "\u{FFFD}" : scalar.scalar, to: &buffer)
                index = scalar.next
                continue
            default:
                fail("invalid escape '\\\(describeEscape(escape))' in a string", at: index)
                return nil
            }
            index += 2
        }
        fail("unterminated string: the file ends before its closing quote", at: start - 1)
        return nil
    }

    /// Whether any byte of `word` is `"`, `\\` or below 0x20 (the classic zero-byte test).
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word & highs
        return hasZero(quote) || hasZero(backslash) || control != 0
    }

    /// The scalar of `\uXXXX` at `index` (with its low surrogate, for a pair) and where it ends.
    private mutating func parseUnicodeEscape(at index: Int) -> (scalar: Unicode.Scalar, next: Int)? {
        guard let high = hexQuad(at: index + 2) else {
            fail("invalid '\\u' escape: expected four hexadecimal digits", at: index)
            return nil
        }
        if high < 0xD800 || high > 0xDFFF {
            return (Unicode.Scalar(high)!, index + 6)
        }
        guard high < 0xDC00, index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
            bytes[index + 7] == UInt8(ascii: "u"), let low = hexQuad(at: index + 8), (0xDC00...0xDFFF).contains(low)
        else {
            fail("invalid '\\u' escape: a lone surrogate is not a character", at: index)
            return nil
        }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        return (Unicode.Scalar(value)!, index + 12)
    }

    private func hexQuad(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            buffer.append(UInt8(value))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | (value >> 6)))
            buffer.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | (value >> 12)))
            buffer.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (value & 0x3F)))
        default:
            buffer.append(UInt8(0xF0 | (value >> 18)))
            buffer.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            buffer.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            buffer.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() -> Bool {
        let start = position
        var index = position
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            fail("expected a digit after '-'", at: index)
            return false
        }
        var value = 0
        var overflow = false
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                fail("a number may not start with 0 followed by digits", at: start)
                return false
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                let digit = Int(bytes[index] - UInt8(ascii: "0"))
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.subtractingReportingOverflow(digit)
                overflow = overflow || o1 || o2
                value = plus
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                fail("expected a digit after the decimal point", at: index)
                return false
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                fail("expected a digit in the exponent", at: index)
                return false
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        position = index
        // The digits were accumulated negatively, which also holds Int.min.
        if isInteger && !overflow && (negative || value != Int.min) {
            append(.integer, at: start, payload: negative ? value : -value)
            return true
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        let number = Double(text) ?? .nan
        append(.number, at: start, payload: Int(Int64(bitPattern: number.bitPattern)))
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Messages

    /// `'x'` for a printable ASCII byte, else its code point or byte value.
    private func describeByte(at index: Int) -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        switch byte {
        case 0x20: return "a space"
        case 0x0A: return "a line break"
        case 0x09: return "a tab"
        default:
            if byte < 0x80 { return "U+\(String(byte, radix: 16, uppercase: true).leftPadded(to: 4))" }
            var end = index + 1
            while end < bytes.count && end < index + 4 && bytes[end] & 0xC0 == 0x80 { end += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            return "'\(text)'"
        }
    }

    private func describeEscape(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : String(format16: byte)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }

    fileprivate init(format16 byte: UInt8) {
        self = "U+" + String(byte, radix: 16, uppercase: true).leftPadded(to: 4)
    }
}
