import Testing

@testable import NotebookFormats

/// The position-keeping JSON parser under the attributed-string reader.
@Suite struct AttributedJSONParserTests {
    private func parse(_ text: String) -> (value: JSONValue?, error: JSONSyntaxError?) {
        let (document, error) = JSONParser.parse(text)
        return (document.root, error)
    }

    @Test func valuesKeepTheirByteOffsets() throws {
        let (value, error) = parse(#"{"a": [1, -2.5e1, true, null, "é"], "b": {}}"#)
        #expect(error == nil)
        let root = try #require(value)
        let members = try #require(root.members).map { $0 }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members.map(\.keyOffset) == [1, 37])  // bytes: "é" takes two
        let elements = try #require(members[0].value.elements).map { $0 }
        #expect(elements.map(\.offset) == [7, 10, 18, 24, 30])
        #expect(elements[0].integer == 1 && elements[1].number == -25 && elements[1].integer == -25)
        #expect(elements[2].bool == true && elements[3].isNull && elements[4].string == "é")
        #expect(members[1].value.members?.isEmpty == true)
    }

    @Test func stringsReadEveryEscape() {
        let (value, error) = parse(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \u20AC \ud83d\ude00 end""#)
        #expect(error == nil)
        #expect(value?.string == "q\" b\\ s/ \u{8}\u{C}\n\r\t é € 😀 end")
    }

    @Test func longStringsWithAndWithoutEscapes() {
        let plain = String(repeating: "abcdefgh é ", count: 50)
        #expect(parse("\"\(plain)\"").value?.string == plain)
        let escaped = String(repeating: "0123456789", count: 5) + "\\n" + String(repeating: "x", count: 17)
        #expect(parse("\"\(escaped)\"").value?.string == String(repeating: "0123456789", count: 5) + "\n" + String(repeating: "x", count: 17))
    }

    @Test func numbers() {
        #expect(parse("0").value?.integer == 0)
        #expect(parse("-0").value?.integer == 0)
        #expect(parse("9223372036854775807").value?.integer == Int.max)
        #expect(parse("-9223372036854775808").value?.integer == Int.min)
        #expect(parse("9223372036854775808").value?.number == 9_223_372_036_854_775_808)
        #expect(parse("9223372036854775808").value?.integer == nil)
        #expect(parse("1.5").value?.integer == nil)
        #expect(parse("2.0").value?.integer == 2)
        #expect(parse("1E2").value?.number == 100)
        #expect(parse("1e-2").value?.number == 0.01)
    }

    @Test func lineStartsFollowLFCRLFAndCR() {
        let (document, error) = JSONParser.parse("[\n1,\r\n2,\r3\n]")
        #expect(error == nil)
        #expect(document.lineStarts == [0, 2, 6, 9, 11])
        #expect(document.location(of: 9) == (4, 1))
        #expect(document.location(of: 0) == (1, 1))
        // After a fault the rest of the file is still counted.
        let (cut, fault) = JSONParser.parse("[1,\n2 3\n\n]")
        #expect(fault?.offset == 6)
        #expect(cut.lineStarts == [0, 4, 8, 9])
    }

    @Test func aFaultKeepsWhatCameBefore() throws {
        let (value, error) = parse(#"{"a": [1, 2, {"b": 3, "c": }], "d": 4}"#)
        #expect(error?.offset == 27)
        let root = try #require(value)
        let a = try #require(root.member("a")?.value.elements).map { $0 }
        #expect(a.count == 3)
        #expect(a[2].member("b")?.value.integer == 3)
        #expect(a[2].member("c") == nil)
        #expect(root.member("d") == nil)
    }

    @Test func keysThatTheReaderKnowsAreShared() {
        for key in JSONKeys.attributes + [JSONKeys.runs, JSONKeys.attributeTable, JSONKeys.components, JSONKeys.kind,
            JSONKeys.identity, JSONKeys.alignment, JSONKeys.relative, JSONKeys.base]
        {
            var bytes = Array(key.utf8)
            #expect(bytes.withUnsafeBufferPointer { JSONKeys.interned($0) } == key)
            bytes[bytes.count - 1] ^= 0x20
            #expect(bytes.withUnsafeBufferPointer { JSONKeys.interned($0) } == nil)
        }
    }

    @Test func depthIsBounded() {
        let depth = JSONParser.maximumDepth
        let fits = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(parse(fits).error == nil)
        #expect(JSONParser.parse(fits).document.flattened.isEmpty)
        let deeper = "{\"a\":" + fits + "}"
        #expect(parse(deeper).error == nil)
        let (document, _) = JSONParser.parse(deeper)
        #expect(document.flattened == [5 + depth - 1])
        var members = document.root?.members?.makeIterator()
        var value = members?.next()?.value
        for _ in 0..<(depth - 1) {
            var elements = value?.elements?.makeIterator()
            value = elements?.next()
        }
        #expect(value?.string == "[]")
    }

    @Test func flatteningChecksTheSyntaxWithoutRecursion() {
        let open = String(repeating: "[", count: 100_000)
        #expect(parse(open).error?.message.contains("unexpected end of the file") == true)
        let close = String(repeating: "]", count: 100_000)
        let valid = open + #"1, "a\"]", {"k": [true, null, -2.5e3], "e": {}}, []"# + close
        let (document, error) = JSONParser.parse(valid)
        #expect(error == nil)
        #expect(document.flattened == [64])
        for bad in ["1 2", #"{"k" 1}"#, "{k: 1}", "[1,]", #""\x""#] {
            let result = parse(String(repeating: "[", count: 70) + bad + String(repeating: "]", count: 70))
            #expect(result.error != nil, "\(bad)")
        }
    }
}
