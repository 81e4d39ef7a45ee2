import Testing
import TestSupport
@testable import NotebookFormats

// MARK: - Helpers

private func value(_ text: String) -> JSON5Value? {
    try? JSON5Parser.parseValue(text).get()
}

private func valueError(_ text: String) -> JSON5Error? {
    if case .failure(let error) = JSON5Parser.parseValue(text) { return error }
    return nil
}

private func members(_ text: String) -> [JSON5Member]? {
    try? JSON5Parser.parseMembers(text).get()
}

private func membersError(_ text: String) -> JSON5Error? {
    if case .failure(let error) = JSON5Parser.parseMembers(text) { return error }
    return nil
}

/// `key: value` pairs without offsets, for compact comparisons.
private func pairs(_ text: String) -> [(String, JSON5Value)]? {
    members(text)?.map { ($0.key, $0.value) }
}

private func number(_ text: String) -> Double? {
    if case .number(let number)? = value(text) { return number }
    return nil
}

private func string(_ text: String) -> String? {
    if case .string(let string)? = value(text) { return string }
    return nil
}

// MARK: - Annotations

@Test func annotationExamples() {
    #expect(members("highlight: 'green', underline: 'single'") == [
        JSON5Member(key: "highlight", value: .string("green"), keyOffset: 0, valueOffset: 11),
        JSON5Member(key: "underline", value: .string("single"), keyOffset: 20, valueOffset: 31),
    ])
    #expect(members("bold: true, scale: 1.18, color: 'primary'") == [
        JSON5Member(key: "bold", value: .bool(true), keyOffset: 0, valueOffset: 6),
        JSON5Member(key: "scale", value: .number(1.18), keyOffset: 12, valueOffset: 19),
        JSON5Member(key: "color", value: .string("primary"), keyOffset: 25, valueOffset: 32),
    ])
    #expect(members("textStyle: 'title'") == [
        JSON5Member(key: "textStyle", value: .string("title"), keyOffset: 0, valueOffset: 11),
    ])
    #expect(members("highlight: 'green', underline: 'single', scale: 1.5")?.count == 3)
}

@Test func membersEmptyTrailingCommaAndBraces() {
    #expect(members("")?.isEmpty == true)
    #expect(members("  /* nothing */ \n")?.isEmpty == true)
    #expect(pairs("a: 1,")?.map(\.0) == ["a"])
    #expect(pairs("a: 1, 'b': \"x\",")?.map(\.1) == [.number(1), .string("x")])
    #expect(members(" {a: 1, b: [2]} ") == [
        JSON5Member(key: "a", value: .number(1), keyOffset: 2, valueOffset: 5),
        JSON5Member(key: "b", value: .array([.number(2)]), keyOffset: 8, valueOffset: 11),
    ])
    #expect(members("{}")?.isEmpty == true)
    // Duplicates are kept, in source order.
    #expect(pairs("a: 1, a: 2")?.map(\.1) == [.number(1), .number(2)])
}

@Test func memberOffsetsAreUTF8Bytes() {
    // "é" is two UTF-8 bytes; the BOM is three.
    let result = members("\u{FEFF}é: 'ü', \"k\": 2")
    #expect(result?.map(\.key) == ["é", "k"])
    #expect(result?.map(\.keyOffset) == [3, 13])
    #expect(result?.map(\.valueOffset) == [7, 18])
}

// MARK: - Values

@Test func literals() {
    #expect(value("null") == .null)
    #expect(value("true") == .bool(true))
    #expect(value("false") == .bool(false))
    #expect(value("[]") == .array([]))
    #expect(value("{}") == .object([]))
    #expect(value("[1, 'a', null, [true], {}]") == .array([
        .number(1), .string("a"), .null, .array([.bool(true)]), .object([]),
    ]))
    #expect(value("{a: {b: [1,],},}") == .object([
        JSON5Member(key: "a", value: .object([
            JSON5Member(key: "b", value: .array([.number(1)]), keyOffset: 5, valueOffset: 8),
        ]), keyOffset: 1, valueOffset: 4),
    ]))
}

@Test func numbers() {
    #expect(number("0") == 0)
    #expect(number("-0")?.sign == .minus)
    #expect(number("42") == 42)
    #expect(number("+1") == 1)
    #expect(number("-1") == -1)
    #expect(number(".5") == 0.5)
    #expect(number("-.5") == -0.5)
    #expect(number("5.") == 5)
    #expect(number("0.25") == 0.25)
    #expect(number("1e3") == 1000)
    #expect(number("1E-3") == 0.001)
    #expect(number("2.5e+2") == 250)
    #expect(number("5.e1") == 50)
    #expect(number("0x1F") == 31)
    #expect(number("0XfF") == 255)
    #expect(number("-0x10") == -16)
    #expect(number("+0x10") == 16)
    #expect(number("Infinity") == .infinity)
    #expect(number("+Infinity") == .infinity)
    #expect(number("-Infinity") == -.infinity)
    #expect(number("NaN")?.isNaN == true)
    #expect(number("-NaN")?.isNaN == true)
    #expect(number("1.18") == 1.18)
}

@Test func strings() {
    #expect(string("'single'") == "single")
    #expect(string("\"double\"") == "double")
    #expect(string("'say \"hi\"'") == "say \"hi\"")
    #expect(string("\"it's\"") == "it's")
    #expect(string(#"'\n\t\r\b\f\v\0'"#) == "\n\t\r\u{08}\u{0C}\u{0B}\u{00}")
    #expect(string(#"'\'\"\\\/'"#) == "'\"\\/")
    #expect(string(#"'\x41\xe9'"#) == "Aé")
    #expect(string(#"'\u0041\u00E9\u2028'"#) == "Aé\u{2028}")
    #expect(string(#"'\uD83D\uDE00'"#) == "😀")
    #expect(string("'a\\\nb'") == "ab")
    #expect(string("'a\\\r\nb'") == "ab")
    #expect(string("'a\\\rb'") == "ab")
    #expect(string("'a\\\u{2028}b'") == "ab")
    #expect(string("'\\\nb'") == "b")
    #expect(string("'raw \u{2028} and \u{2029} and tab\t'") == "raw \u{2028} and \u{2029} and tab\t")
    #expect(string("'日本語 😀'") == "日本語 😀")
    #expect(string("''") == "")
}

@Test func identifierKeys() {
    #expect(pairs("a: 1, _b: 2, $c: 3, d4: 4, ÿx: 5, π: 6, a\u{0301}: 7")?.map(\.0) == [
        "a", "_b", "$c", "d4", "ÿx", "π", "a\u{0301}",
    ])
    #expect(pairs(#"\u0061b: 1"#)?.map(\.0) == ["ab"])
    #expect(pairs("null: 1, true: 2, Infinity: 3")?.map(\.0) == ["null", "true", "Infinity"])
}

@Test func commentsAndWhitespace() {
    #expect(value("// lead\n[1, /* mid */ 2] // trail") == .array([.number(1), .number(2)]))
    #expect(value("/* a */ 1 /* b */") == .number(1))
    #expect(value("1 // no newline at end") == .number(1))
    #expect(value("[1 /* ** / */, 2]") == .array([.number(1), .number(2)]))
    let spaces = "\t\n\r\u{0B}\u{0C} \u{A0}\u{2028}\u{2029}\u{FEFF}\u{3000}\u{2003}"
    #expect(value(spaces + "true" + spaces) == .bool(true))
    #expect(pairs("a:\u{A0}1,\u{2028}b\u{3000}:2")?.map(\.0) == ["a", "b"])
}

// MARK: - Errors

@Test func missingCommaBetweenMembers() {
    let error = membersError("a: 1 b: 2")
    #expect(error?.offset == 5)
    #expect(error?.message.contains("','") == true)
    #expect(membersError("{a: 1 b: 2}") == JSON5Error(message: "expected ',' or '}' after member", offset: 6))
    #expect(valueError("[1 2]") == JSON5Error(message: "expected ',' or ']' after array element", offset: 3))
}

@Test func missingColon() {
    #expect(membersError("a 1") == JSON5Error(message: "expected ':' after key", offset: 2))
    #expect(membersError("a") == JSON5Error(message: "expected ':' after key", offset: 1))
    #expect(valueError("{'a' 1}") == JSON5Error(message: "expected ':' after key", offset: 5))
}

@Test func badKeys() {
    #expect(membersError("'': 1") == JSON5Error(message: "empty key", offset: 0))
    #expect(membersError("a: 1, \"\": 2") == JSON5Error(message: "empty key", offset: 6))
    #expect(membersError(": 1") == JSON5Error(message: "expected key, found ':'", offset: 0))
    #expect(membersError("1a: 1") == JSON5Error(message: "expected key, found '1'", offset: 0))
    #expect(membersError("a: 1,,") == JSON5Error(message: "expected key, found ','", offset: 5))
    #expect(valueError("{a: 1,") == JSON5Error(message: "expected key, found end of input", offset: 6))
    #expect(membersError(#"\u0031a: 1"#) == JSON5Error(message: "invalid escape in identifier", offset: 0))
    #expect(membersError("a-b: 1")?.offset == 1)
    #expect(membersError("a: 1}") == JSON5Error(message: "expected ',' after member", offset: 4))
    #expect(membersError("a: 1, }") == JSON5Error(message: "expected key, found '}'", offset: 6))
}

@Test func unterminatedStringsAndComments() {
    #expect(valueError("'abc") == JSON5Error(message: "unterminated string", offset: 0))
    #expect(valueError("[1, \"abc\\\"]") == JSON5Error(message: "unterminated string", offset: 4))
    #expect(valueError("'abc\\") == JSON5Error(message: "unterminated string", offset: 0))
    #expect(membersError("a: 'x") == JSON5Error(message: "unterminated string", offset: 3))
    #expect(valueError("1 /* never closed") == JSON5Error(message: "unterminated comment", offset: 2))
    #expect(valueError("/*/") == JSON5Error(message: "unterminated comment", offset: 0))
    #expect(valueError("1 / 2") == JSON5Error(message: "unexpected character '/'", offset: 2))
}

@Test func lineBreaksInStrings() {
    #expect(valueError("'ab\ncd'") == JSON5Error(message: "unescaped line break in string", offset: 3))
    #expect(valueError("\"ab\rcd\"") == JSON5Error(message: "unescaped line break in string", offset: 3))
}

@Test func badEscapes() {
    #expect(valueError(#"'ab\qc'"#) == JSON5Error(message: "invalid escape sequence", offset: 3))
    #expect(valueError(#"'\1'"#) == JSON5Error(message: "invalid escape sequence", offset: 1))
    #expect(valueError(#"'\01'"#) == JSON5Error(message: "invalid escape sequence", offset: 1))
    #expect(valueError(#"'\x4'"#) == JSON5Error(message: #"invalid \x escape"#, offset: 1))
    #expect(valueError(#"'\xZZ'"#) == JSON5Error(message: #"invalid \x escape"#, offset: 1))
    #expect(valueError(#"'a\u12G4'"#) == JSON5Error(message: #"invalid \u escape"#, offset: 2))
    #expect(valueError(#"'\u12'"#) == JSON5Error(message: #"invalid \u escape"#, offset: 1))
    #expect(valueError(#"'\uD83D'"#) == JSON5Error(message: #"unpaired surrogate in \u escape"#, offset: 1))
    #expect(valueError(#"'\uD83Dx'"#) == JSON5Error(message: #"unpaired surrogate in \u escape"#, offset: 1))
    #expect(valueError(#"'\uDE00'"#) == JSON5Error(message: #"unpaired surrogate in \u escape"#, offset: 1))
    #expect(valueError(#"'\uD83D\u0041'"#) == JSON5Error(message: #"unpaired surrogate in \u escape"#, offset: 1))
}

@Test func badNumbers() {
    #expect(valueError("01") == JSON5Error(message: "leading zeros are not allowed", offset: 0))
    #expect(valueError("-007") == JSON5Error(message: "leading zeros are not allowed", offset: 1))
    #expect(valueError("00.5") == JSON5Error(message: "leading zeros are not allowed", offset: 0))
    #expect(valueError("0x") == JSON5Error(message: "expected hexadecimal digits", offset: 2))
    #expect(valueError("0xG") == JSON5Error(message: "expected hexadecimal digits", offset: 2))
    #expect(valueError("0x1G") == JSON5Error(message: "unexpected character 'G' in number", offset: 3))
    #expect(valueError("12px") == JSON5Error(message: "unexpected character 'p' in number", offset: 2))
    #expect(valueError("1.2.3") == JSON5Error(message: "unexpected character '.' in number", offset: 3))
    #expect(valueError("1e") == JSON5Error(message: "expected exponent digits", offset: 2))
    #expect(valueError("1e+") == JSON5Error(message: "expected exponent digits", offset: 3))
    #expect(valueError(".") == JSON5Error(message: "invalid number", offset: 0))
    #expect(valueError("-") == JSON5Error(message: "invalid number", offset: 0))
    #expect(valueError("+-1") == JSON5Error(message: "invalid number", offset: 0))
    #expect(valueError("-Infinit") == JSON5Error(message: "invalid number", offset: 0))
    #expect(valueError("[1, -x]") == JSON5Error(message: "invalid number", offset: 4))
}

@Test func unexpectedCharactersAndGarbage() {
    #expect(valueError("") == JSON5Error(message: "unexpected end of input", offset: 0))
    #expect(valueError("  // only a comment") == JSON5Error(message: "unexpected end of input", offset: 19))
    #expect(valueError("}") == JSON5Error(message: "unexpected character '}'", offset: 0))
    #expect(valueError("[1, }") == JSON5Error(message: "unexpected character '}'", offset: 4))
    #expect(valueError("[,]") == JSON5Error(message: "unexpected character ','", offset: 1))
    #expect(valueError("[1,,]") == JSON5Error(message: "unexpected character ','", offset: 3))
    #expect(valueError("[1") == JSON5Error(message: "expected ',' or ']' after array element", offset: 2))
    #expect(valueError("{a: }") == JSON5Error(message: "unexpected character '}'", offset: 4))
    #expect(valueError("{a: 1") == JSON5Error(message: "expected ',' or '}' after member", offset: 5))
    #expect(valueError("1 2") == JSON5Error(message: "unexpected character '2' after value", offset: 2))
    #expect(valueError("{} x") == JSON5Error(message: "unexpected character 'x' after value", offset: 3))
    #expect(valueError("[] ]") == JSON5Error(message: "unexpected character ']' after value", offset: 3))
    #expect(membersError("{a: 1} b: 2") == JSON5Error(message: "unexpected character 'b' after value", offset: 7))
    #expect(valueError("green") == JSON5Error(message: "unexpected identifier 'green'", offset: 0))
    #expect(valueError("truex") == JSON5Error(message: "unexpected identifier 'truex'", offset: 0))
    #expect(valueError("é") == JSON5Error(message: "unexpected character 'é'", offset: 0))
    #expect(valueError("\u{01}") == JSON5Error(message: "unexpected character U+0001", offset: 0))
    #expect(valueError("\u{200B}") == JSON5Error(message: "unexpected character U+200B", offset: 0))
    #expect(membersError("a: green") == JSON5Error(message: "unexpected identifier 'green'", offset: 3))
}

// MARK: - Depth and robustness

@Test func nestingUpToTheLimitIsAccepted() {
    let depth = JSON5Parser.maximumDepth
    #expect(depth == 64)
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(value(arrays) != nil)
    let objects = String(repeating: "{a:", count: depth) + "1" + String(repeating: "}", count: depth)
    #expect(value(objects) != nil)
    // The brace-less object of parseMembers counts as one level.
    let inner = String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
    #expect(members("a: " + inner) != nil)
    #expect(JSON5Parser.readMembers("a: " + inner).flattened.isEmpty)
    let deeper = JSON5Parser.readMembers("a: [" + inner + "]")
    #expect(deeper.flattened == [66])
}

/// The innermost value of arrays nested in their first elements.
private func innermost(_ value: JSON5Value?) -> (value: JSON5Value?, depth: Int) {
    var value = value
    var depth = 0
    while case .array(let elements)? = value, let first = elements.first {
        value = first
        depth += 1
    }
    return (value, depth)
}

@Test func deepNestingIsFlattenedIntoItsText() {
    let deep = JSON5Parser.readValue(String(repeating: "[", count: 100) + "1, 'x', {k: [1,],}," + String(repeating: "]", count: 100))
    #expect(deep.flattened == [64])
    let (inner, depth) = innermost(try? deep.result.get())
    #expect(depth == 64)
    #expect(inner == .string(String(repeating: "[", count: 36) + "1, 'x', {k: [1,],}," + String(repeating: "]", count: 36)))
    let objects = JSON5Parser.readMembers(String(repeating: "{a:", count: 100_000) + "1" + String(repeating: "}", count: 100_000))
    #expect(objects.flattened == [64 * 3])
}

@Test func deepInvalidInputIsStillAnError() {
    #expect(valueError(String(repeating: "[", count: 10_000)) == JSON5Error(message: "unexpected end of input", offset: 10_000))
    #expect(valueError(String(repeating: "{a:", count: 10_000))?.offset == 30_000)
    #expect(valueError(String(repeating: "[", count: 70) + "1 2" + String(repeating: "]", count: 70))
        == JSON5Error(message: "expected ',' or ']' after array element", offset: 72))
    #expect(valueError(String(repeating: "[", count: 70) + "{a 1}" + String(repeating: "]", count: 70))
        == JSON5Error(message: "expected ':' after key", offset: 73))
    #expect(valueError(String(repeating: "[", count: 70) + String(repeating: "]", count: 69) + "}")?.offset == 139)
}

@Test func randomAndMutatedInputNeverCrash() {
    var generator = SplitMix64(state: 0x5EED)
    let fragments = [
        "{", "}", "[", "]", ":", ",", "'", "\"", "\\", "/", "*", "//", "/*", "*/", "\n", "\r", " ",
        "0", "1", "9", "0x", "e", "E", ".", "+", "-", "a", "_", "$", "true", "null", "Infinity", "NaN",
        "\\u", "\\x", "\\uD83D", "D800", "é", "😀", "\u{2028}", "\u{A0}", "\u{FEFF}", "\u{0301}", "\u{00}",
    ]
    let seeds = [
        "highlight: 'green', underline: 'single', scale: 1.5",
        "{a: [1, 2.5e3, -0x1F, .5, 5., +Infinity, NaN], 'b\\u00e9': \"x\\ny\", /* c */ c: null,}",
        "// note\n[true, false, {k: 'v'},]",
    ]
    for round in 0..<5_000 {
        var text: String
        if round.isMultiple(of: 2) {
            text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text += fragments.randomElement(using: &generator)!
            }
        } else {
            var scalars = Array(seeds.randomElement(using: &generator)!.unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0...scalars.count, using: &generator)
                let replacement = fragments.randomElement(using: &generator)!.unicodeScalars
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: scalars.insert(contentsOf: replacement, at: index)
                case 1: if index < scalars.count { scalars.remove(at: index) }
                default: scalars.replaceSubrange(index..<min(index + 1, scalars.count), with: replacement)
                }
            }
            text = String(String.UnicodeScalarView(scalars))
        }
        let length = text.utf8.count
        switch JSON5Parser.parseValue(text) {
        case .success: break
        case .failure(let error): #expect((0...length).contains(error.offset), "\(text.debugDescription)")
        }
        switch JSON5Parser.parseMembers(text) {
        case .success(let members):
            #expect(members.allSatisfy { $0.keyOffset < $0.valueOffset && $0.valueOffset < length })
        case .failure(let error):
            #expect((0...length).contains(error.offset), "\(text.debugDescription)")
        }
    }
}
