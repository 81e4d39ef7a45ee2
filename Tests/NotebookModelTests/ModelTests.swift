import Testing

@testable import NotebookModel
import TestSupport

/// The seeds' rule, `RichTextEditorLogic.wordCount(of:)`, exactly as the seeds write it.
private func seedWordCount(_ text: String) -> Int {
    text.split { $0.isWhitespace || $0.isNewline }.count
}

private func paragraph(_ text: String) -> Block { Block(.paragraph([.text(text)])) }

// MARK: - Word count

@Suite struct WordCountTests {
    /// Every ASCII byte, as a separator between, before and after words, and doubled.
    @Test func everyASCIIByteFollowsTheSeedRule() {
        for value in UInt8(0)...127 {
            let c = String(UnicodeScalar(value))
            let samples = [
                "a\(c)b", "\(c)", "\(c)\(c)", "\(c)a", "a\(c)", "a\(c)\(c)b", "one two\(c)three four",
                "a\(c)b\(c)c\(c)d",
            ]
            let wrong = samples.filter { WordCount.count($0) != seedWordCount($0) }
                .map { "\($0.debugDescription): \(WordCount.count($0)), rule \(seedWordCount($0))" }
            #expect(wrong.isEmpty, "byte 0x\(String(value, radix: 16)): \(wrong.joined(separator: "; "))")
        }
    }

    /// ASCII text of every length up to 40, so that words cross the eight-byte steps at every
    /// place: spaces, the other separators and the bytes beside them in the table.
    @Test func asciiTextOfEveryLengthFollowsTheSeedRule() {
        let alphabet: [UInt8] = [0x61, 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x08, 0x0E, 0x1F, 0x21, 0x7F, 0x00]
        var generator = SplitMix64(state: 0x5EED)
        for length in 0...40 {
            for _ in 0..<200 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(WordCount.count(utf8: bytes) == seedWordCount(text), "\(bytes)")
            }
        }
        // The same past a byte outside ASCII, at every place (the slow path).
        for place in 0..<20 {
            var bytes = Array(String(repeating: "ab cd ", count: 4).utf8)
            bytes.insert(contentsOf: Array("é".utf8), at: place)
            #expect(WordCount.count(utf8: bytes) == seedWordCount(String(decoding: bytes, as: UTF8.self)), "\(place)")
        }
    }

    static let unicodeWhitespace: [UInt32] =
        [0x85, 0xA0, 0x1680] + Array(0x2000...0x200A) + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000]

    @Test(arguments: unicodeWhitespace)
    func unicodeWhitespaceSeparates(_ value: UInt32) throws {
        let c = String(try #require(Unicode.Scalar(value)))
        for sample in ["a\(c)b", "\(c)a\(c)", "a\(c)\(c)b", "x y\(c)z", "é\(c)ü"] {
            #expect(WordCount.count(sample) == seedWordCount(sample), "U+\(String(value, radix: 16)) in \(sample.debugDescription)")
        }
        // Each of these is white space by the seeds' rule.
        #expect(seedWordCount("a\(c)b") == 2)
        #expect(WordCount.count("a\(c)b") == 2)
    }

    /// Characters the rule does not treat as white space, in text that is not all ASCII.
    @Test func nonSeparatorsStayInWords() {
        for sample in ["a\u{200B}b", "a\u{FEFF}b", "a\u{180E}b", "a\u{2060}b", "é\u{1C}b", "a\u{1F}é"] {
            #expect(WordCount.count(sample) == seedWordCount(sample), "\(sample.debugDescription)")
        }
    }

    /// A combining mark after a space joins it in one character; the rule looks at that character.
    @Test func combiningMarksAfterSpaces() {
        let samples = [
            "a \u{301}b", "a \u{301} b", "a\t\u{308}b", "a\n\u{301}b", "a\u{3000}\u{301}b", "e\u{301} e\u{301}",
            " \u{301}", "a \u{20DD}b", "a\u{A0}\u{301}b",
        ]
        for sample in samples {
            #expect(WordCount.count(sample) == seedWordCount(sample), "\(sample.debugDescription)")
        }
    }

    @Test func crlfAndOtherLineEnds() {
        for sample in ["a\r\nb", "a\r\n\r\nb", "\r\na\r\n", "a\rb", "a\n\rb", "a\u{85}b", "a\r\n\u{301}b"] {
            #expect(WordCount.count(sample) == seedWordCount(sample), "\(sample.debugDescription)")
        }
        #expect(WordCount.count("a\r\nb") == 2)
    }

    @Test func mixedTextMatchesTheRule() {
        let samples = [
            "", "   ", "word", "Trip notes", "Ünïcödé wörds hère", "日本語 の ノート", "emoji 🎉 count 👩‍👩‍👧",
            "tabs\tand\u{B}vertical\u{C}feeds", "mixed\u{2003}ascii and\u{A0}nbsp", String(repeating: "ab ", count: 1000),
        ]
        for sample in samples {
            #expect(WordCount.count(sample) == seedWordCount(sample), "\(sample.debugDescription)")
        }
    }

    @Test func tripNotesIsTwelveWords() {
        let text = "Trip notes\nBook the night train before Friday. Seats sell out fast."
        #expect(seedWordCount(text) == 12)
        #expect(WordCount.count(text) == 12)
    }

    @Test func blocksAreSeparated() {
        // Two paragraphs with no white space between them in the model.
        #expect(WordCount.count([paragraph("Trip"), paragraph("notes")]) == 2)
        let tripNotes = [
            Block(.heading(level: 2, [.span(Formatting(bold: true), [.text("Trip notes")])])),
            Block(.paragraph([
                .text("Book the night train before Friday. "),
                .span(Formatting(highlight: .palette("yellow")), [.text("Seats sell out fast.")]),
            ])),
        ]
        #expect(WordCount.count(tripNotes) == 12)
        #expect(Note(path: "trip-notes.md", blocks: tripNotes).wordCount == 12)
    }

    @Test func listItemsAreSeparated() {
        let list = List(
            isOrdered: false,
            items: [ListItem(blocks: [paragraph("one")]), ListItem(blocks: [paragraph("two")]),
                    ListItem(blocks: [paragraph("three"), Block(.list(List(isOrdered: true, items: [ListItem(blocks: [paragraph("four")])])))])])
        #expect(WordCount.count([Block(.list(list))]) == 4)
        #expect(WordCount.count([paragraph("before"), Block(.list(list)), paragraph("after")]) == 6)
    }

    @Test func tableCellsAreSeparated() {
        let table = Table(
            alignments: [.none, .none], header: [TableCell([.text("a")]), TableCell([.text("b")])],
            rows: [[TableCell([.text("c")]), TableCell([.text("d")])]])
        #expect(WordCount.count([Block(.table(table))]) == 4)
        let oneRow = Table(alignments: [.none, .none], header: [TableCell([.text("a")]), TableCell([.text("b")])], rows: [])
        #expect(WordCount.count([Block(.table(oneRow))]) == 2)
        #expect(WordCount.count([paragraph("x"), Block(.table(oneRow)), paragraph("y")]) == 4)
    }

    @Test func calloutsQuotesAndSpansAreSeparatedOrJoinedAsTheTextIs() {
        let callout = Block(.callout(Callout(kind: "note", title: [.text("Title")], blocks: [paragraph("body")])))
        #expect(WordCount.count([callout]) == 2)
        #expect(WordCount.count([paragraph("a"), Block(.blockQuote([paragraph("b"), paragraph("c")])), paragraph("d")]) == 4)
        // Formatting is ignored: spans do not split or join words.
        let joined = Block(.paragraph([.text("medium"), .span(Formatting(bold: true), [.text("-low")])]))
        #expect(WordCount.count([joined]) == 1)
        let broken = Block(.paragraph([.text("soft"), Inline(.softBreak), .text("break"), Inline(.lineBreak), .text("line")]))
        #expect(WordCount.count([broken]) == 3)
    }
}

// MARK: - Slugs and heading ids

@Suite struct SlugTests {
    @Test(arguments: [
        ("Sunday Pancakes", "sunday-pancakes"),
        ("Cooking", "cooking"),
        ("Trip notes", "trip-notes"),
        ("Hello, World!", "hello-world"),
        ("a - b", "a-b"),
        ("a__b--c  d", "a-b-c-d"),
        ("a_-_ -b", "a-b"),
        ("-leading and trailing-", "leading-and-trailing"),
        ("  spaced  ", "spaced"),
        ("What's new? (2026)", "whats-new-2026"),
        ("C++ & C#", "c-c"),
        ("Привет мир", "привет-мир"),
        ("日本語のノート", "日本語のノート"),
        ("Straße Über", "straße-über"),
        ("ÉCOLE", "école"),
        ("مرحبا بالعالم", "مرحبا-بالعالم"),
        ("हिन्दी पाठ", "हिन्दी-पाठ"),
        ("٣ أيام", "٣-أيام"),
        ("Notes 🎉", "notes"),
        ("v1.2.3", "v123"),
        ("100%", "100"),
        ("", ""),
        ("!!!", ""),
    ])
    func slug(_ text: String, _ expected: String) {
        #expect(Slug.make(text) == expected)
    }

    /// ASCII text takes a path of its own: it must slug as the path for any text does (which a
    /// non-ASCII letter at the end makes it take).
    @Test func asciiTextSlugsAsAnyTextDoes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int(state % 12) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: state >> 33) & 0x7F))
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let ascii = Slug.make(text)
            #expect(Slug.make(text + " é") == (ascii.isEmpty ? "é" : ascii + "-é"), "\(text.debugDescription)")
        }
    }

    @Test func combiningMarksAreKept() {
        #expect(Slug.make("Cafe\u{301} Menu") == "cafe\u{301}-menu")
    }

    @Test func headingIDsAreDeduplicated() {
        var ids = HeadingIDs()
        #expect(ids.id(for: "a") == "a")
        #expect(ids.id(for: "a") == "a-1")
        #expect(ids.id(for: "a") == "a-2")
        #expect(ids.id(for: "a-1") == "a-1-1")
        #expect(ids.id(for: "A") == "a-3")
    }

    @Test func headingLiterallyTakenBeforeItsDuplicate() {
        var ids = HeadingIDs()
        #expect(ids.id(for: "a-1") == "a-1")
        #expect(ids.id(for: "a") == "a")
        #expect(ids.id(for: "a") == "a-2")
    }

    @Test func headingIDsAreUniqueAndStable() {
        let texts = ["Intro", "Intro", "intro-1", "Intro 1", "Intro", "Intro-2", "", "!!", "Section", "intro", "Intro-1-1"]
        var first = HeadingIDs()
        let ids = texts.map { first.id(for: $0) }
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.prefix(2) == ["intro", "intro-1"])
        #expect(ids[6] == "section")
        #expect(ids[7] == "section-1")
        var second = HeadingIDs()
        #expect(texts.map { second.id(for: $0) } == ids)
    }

    /// Past its first sixteen ids the list of ids given turns into a table: the ids go on as before.
    @Test func manyHeadingsKeepTheirIDs() {
        var ids = HeadingIDs()
        let given = (0..<40).map { ids.id(for: $0 % 3 == 0 ? "Part \($0 / 3)" : "Notes") }
        #expect(Set(given).count == 40, "\(given)")
        #expect(given[0] == "part-0" && given[1] == "notes" && given[2] == "notes-1" && given[39] == "part-13")
        #expect(given.filter { $0.hasPrefix("notes") }.last == "notes-25")
        // Taken literally after the switch, and a duplicate's next suffix skips it.
        #expect(ids.id(for: "notes-26") == "notes-26")
        #expect(ids.id(for: "Notes") == "notes-27")
        #expect(ids.id(for: "part-0") == "part-0-1")
    }
}

// MARK: - Colors

@Suite struct ColorTests {
    @Test func hexValuesAreNormalized() {
        #expect(Color("#abc") == .hex("#aabbcc"))
        #expect(Color("#ABC") == .hex("#aabbcc"))
        #expect(Color("#a1B2c3") == .hex("#a1b2c3"))
        #expect(Color("#AABBCCDD") == .hex("#aabbccdd"))
        #expect(Color("#abc", palette: []) == .hex("#aabbcc"))
        #expect(Color("#AABBCCDD")?.description == "#aabbccdd")
    }

    @Test(arguments: [
        "red;x", "url(x)", "#ab", "#abcd", "#abcde", "#abcdefa", "#abcdef012", "#ggg", "#", "", "#abc;", "#abc ",
        " #abc", "yellow ", " yellow", "rgb(0,0,0)", "expression(alert(1))", "#１２３", "\u{FF03}abc", "Primary",
        "transparent", "javascript:alert(1)", "#abc\n", "yellow\"", "#+12", "#-12",
    ])
    func nonColorsAreRejected(_ text: String) {
        #expect(Color(text) == nil)
    }

    @Test func paletteAndSemanticNames() {
        for name in Color.defaultPalette {
            #expect(Color(name) == .palette(name))
        }
        #expect(Color.defaultPalette == ["yellow", "green", "pink", "orange", "blue", "purple", "red", "gray"])
        #expect(Color("primary") == .semantic(.primary))
        #expect(Color("secondary") == .semantic(.secondary))
        #expect(Color("primary", palette: []) == .semantic(.primary))
        #expect(Color("teal", palette: ["teal"]) == .palette("teal"))
        #expect(Color("teal") == nil)
        #expect(Color("yellow", palette: ["teal"]) == nil)
        #expect(Color("yellow")?.description == "yellow")
        #expect(Color("secondary")?.description == "secondary")
    }
}

// MARK: - Headings from text styles

@Suite struct TextStyleHeadingsTests {
    private func styled(_ style: TextStyle, bold: Bool? = nil, _ text: String) -> Inline {
        .span(Formatting(bold: bold, textStyle: style), [.text(text)])
    }

    @Test func title2ParagraphBecomesALevelTwoHeadingWithoutTheStyle() {
        let location = SourceLocation(line: 6, column: 1)
        let blocks = [Block(.paragraph([styled(.title2, bold: true, "Trip notes")]), at: location)]
        let result = TextStyleHeadings.apply(blocks)
        #expect(result == [Block(.heading(level: 2, [.span(Formatting(bold: true), [.text("Trip notes")])]), at: location)])
    }

    @Test(arguments: [(TextStyle.largeTitle, 1), (.title, 1), (.title2, 2), (.title3, 3)])
    func titleStylesBecomeHeadings(_ style: TextStyle, _ level: Int) {
        let result = TextStyleHeadings.apply([Block(.paragraph([styled(style, "Heading")]))])
        // The span held only the text style, so it gives way to its text.
        #expect(result == [Block(.heading(level: level, [.text("Heading")]))])
    }

    @Test(arguments: [TextStyle.headline, .subheadline, .body, .callout, .footnote, .caption, .caption2])
    func otherStylesStayParagraphs(_ style: TextStyle) {
        let blocks = [Block(.paragraph([styled(style, "Text")]))]
        #expect(TextStyleHeadings.apply(blocks) == blocks)
    }

    @Test func mixedStylesStayAParagraph() {
        let cases: [[Inline]] = [
            [styled(.title, "A"), styled(.title2, "B")],
            [styled(.title2, "Trip"), .text(" notes")],
            [.text("Trip "), styled(.title2, "notes")],
            [styled(.title2, "A"), styled(.body, "B")],
        ]
        for inlines in cases {
            let blocks = [Block(.paragraph(inlines))]
            #expect(TextStyleHeadings.apply(blocks) == blocks)
        }
    }

    @Test func bodyOnlyStays() {
        let blocks = [Block(.paragraph([.text("Book the night train.")])), Block(.paragraph([styled(.body, "x")]))]
        #expect(TextStyleHeadings.apply(blocks) == blocks)
    }

    @Test func nestedStylesAndContainers() {
        // An inner span in the same style, the whole text agreeing.
        let nested = Inline.span(Formatting(textStyle: .title3), [.text("A "), .span(Formatting(italic: true), [.text("b")])])
        let quote = Block(.blockQuote([Block(.paragraph([nested]))]))
        #expect(
            TextStyleHeadings.apply([quote])
                == [Block(.blockQuote([Block(.heading(level: 3, [.text("A "), .span(Formatting(italic: true), [.text("b")])]))]))])
        let item = ListItem(blocks: [Block(.paragraph([styled(.title, "T")]))])
        let list = Block(.list(List(isOrdered: false, items: [item])))
        #expect(
            TextStyleHeadings.apply([list])
                == [Block(.list(List(isOrdered: false, items: [ListItem(blocks: [Block(.heading(level: 1, [.text("T")]))])])))])
        let callout = Block(.callout(Callout(kind: "note", blocks: [Block(.paragraph([styled(.title2, "C")]))])))
        #expect(
            TextStyleHeadings.apply([callout])
                == [Block(.callout(Callout(kind: "note", blocks: [Block(.heading(level: 2, [.text("C")]))])))])
    }

    @Test func emptyAndWhitespaceOnlyParagraphsStay() {
        let blocks = [Block(.paragraph([])), Block(.paragraph([.span(Formatting(textStyle: .title), [.text("  ")])]))]
        #expect(TextStyleHeadings.apply(blocks) == blocks)
    }
}
