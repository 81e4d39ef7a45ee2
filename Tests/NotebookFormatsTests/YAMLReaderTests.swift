import NotebookSource
import NotebookModel
import Testing
import TestSupport

@testable import NotebookFormats

@Suite struct YAMLReaderTests {
    private func parse(_ text: String) throws -> YAMLNode {
        try #require(try YAMLReader.parse(text).get())
    }

    private func failure(_ text: String, limits: YAMLReader.Limits = .init()) throws -> YAMLError {
        guard case .failure(let error) = YAMLReader.parse(text, limits: limits) else {
            Issue.record("expected an error for \(text.prefix(40).debugDescription)")
            throw CancellationError()
        }
        return error
    }

    private func at(_ line: Int, _ column: Int) -> NotebookModel.SourceLocation { .init(line: line, column: column) }

    @Test func emptyAndCommentOnlyTextsHaveNoDocument() throws {
        #expect(try YAMLReader.parse("").get() == nil)
        #expect(try YAMLReader.parse("\n\n").get() == nil)
        #expect(try YAMLReader.parse("# only a comment\n").get() == nil)
    }

    @Test func blockMappingWithLocations() throws {
        let root = try parse("title: Trip notes\ndate: 2026-06-12\n")
        #expect(root.location == at(1, 1))
        #expect(root["title"]?.string == "Trip notes")
        #expect(root["title"]?.location == at(1, 8))
        #expect(root["date"]?.string == "2026-06-12")
        #expect(root["date"]?.location == at(2, 7))
        #expect(root["missing"] == nil)
        #expect(root.mapping?.map(\.key.string) == ["title", "date"])
    }

    @Test func flowAndBlockSequences() throws {
        let root = try parse("flow: [a, 'b c', 3]\nblock:\n  - x\n  - [y, z]\n  - k: v\n")
        #expect(root["flow"]?.sequence?.compactMap(\.string) == ["a", "b c", "3"])
        let block = try #require(root["block"]?.sequence)
        #expect(block.count == 3)
        #expect(block[0].string == "x")
        #expect(block[0].location == at(3, 5))
        #expect(block[1].sequence?.compactMap(\.string) == ["y", "z"])
        #expect(block[2]["k"]?.string == "v")
    }

    @Test func scalarStyles() throws {
        let root = try parse("a: plain\nb: 'single'\nc: \"dq\\tx\"\nd: |\n  lit\ne: >\n  fold\n")
        #expect(root["a"]?.kind == .scalar("plain", plain: true))
        #expect(root["b"]?.kind == .scalar("single", plain: false))
        #expect(root["c"]?.kind == .scalar("dq\tx", plain: false))
        #expect(root["d"]?.kind == .scalar("lit\n", plain: false))
        #expect(root["e"]?.kind == .scalar("fold\n", plain: false))
    }

    @Test func booleansAreCaseInsensitiveAndPlainOnly() throws {
        let root = try parse("a: true\nb: NO\nc: On\nd: 'yes'\ne: maybe\nf: !!bool false\ng: [x]\n")
        #expect(root["a"]?.bool == true)
        #expect(root["b"]?.bool == false)
        #expect(root["c"]?.bool == true)
        #expect(root["d"]?.bool == nil)
        #expect(root["e"]?.bool == nil)
        #expect(root["f"]?.bool == false)
        #expect(root["g"]?.bool == nil)
    }

    @Test func numbers() throws {
        let root = try parse("a: 42\nb: -1.5e3\nc: 0x1F\nd: .inf\ne: '7'\nf: 1.2.3\ng: nan\nh: 0o17\n")
        #expect(root["a"]?.number == 42)
        #expect(root["a"]?.int == 42)
        #expect(root["b"]?.number == -1500)
        #expect(root["b"]?.int == nil)
        #expect(root["c"]?.int == 31)
        #expect(root["d"]?.number == .infinity)
        #expect(root["e"]?.number == nil)
        #expect(root["f"]?.number == nil)
        #expect(root["g"]?.number == nil)
        #expect(root["h"]?.number == 15)
    }

    @Test func nulls() throws {
        let root = try parse("a:\nb: ~\nc: null\nd: 'null'\n")
        #expect(root["a"]?.isNull == true)
        #expect(root["b"]?.isNull == true)
        #expect(root["c"]?.isNull == true)
        #expect(root["d"]?.isNull == false)
    }

    @Test func tagsAreKept() throws {
        let root = try parse("a: !!str 12\n")
        #expect(root["a"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["a"]?.number == nil)
        #expect(root["a"]?.string == "12")
    }

    @Test func aliasesResolveToTheAnchoredNode() throws {
        let root = try parse("base: &b [x, y]\ncopy: *b\nname: &n Ann\nagain: *n\n")
        #expect(root["copy"]?.sequence?.compactMap(\.string) == ["x", "y"])
        #expect(root["copy"]?.location == at(2, 7))
        #expect(root["again"]?.string == "Ann")
    }

    @Test func unknownAndSelfReferentialAliasesAreErrors() throws {
        let unknown = try failure("a: *nowhere\n")
        #expect(unknown.message.contains("*nowhere"))
        #expect(unknown.location == at(1, 4))
        let recursive = try failure("a: &r [1, *r]\n")
        #expect(recursive.message.contains("contains it"))
        #expect(recursive.location == at(1, 11))
    }

    @Test(.timeLimit(.minutes(1))) func aliasBombIsCapped() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["b", "c", "d", "e", "f", "g", "h", "i"]
        var previous = "a"
        for name in names {
            let refs = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            text += "\(name): &\(name) [\(refs)]\n"
            previous = name
        }
        let error = try failure(text)
        #expect(error.message.contains("more than 10000 nodes"))
        #expect(error.location.line == 5)
    }

    @Test func nodeCapCountsPlainNodesToo() throws {
        let items = Array(repeating: "x", count: 20).joined(separator: ", ")
        let error = try failure("[\(items)]", limits: .init(maxNodes: 10))
        #expect(error.message.contains("more than 10 nodes"))
        #expect(try YAMLReader.parse("[\(items)]", limits: .init(maxNodes: 21)).get()?.sequence?.count == 20)
    }

    @Test func deepNestingIsFlattenedIntoItsText() throws {
        // Unclosed, it is still libyaml's syntax error, not a crash.
        let unclosed = try failure(String(repeating: "[", count: 10_000))
        #expect(unclosed.message.contains("is not closed"), "\(unclosed)")

        let flow = String(repeating: "[", count: 100) + "a, *b" + String(repeating: "]", count: 100)
        let read = YAMLReader.read(flow)
        #expect(read.flattened == [at(1, 65)])
        var node = try #require(try read.result.get())
        for _ in 0..<64 { node = try #require(node.sequence?.first) }
        let kept = String(repeating: "[", count: 36) + "a, *b" + String(repeating: "]", count: 36)
        #expect(node.kind == .scalar(kept, plain: false))

        let blockText = (0..<200).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let block = YAMLReader.read(blockText)
        #expect(block.flattened == [at(65, 65)])
        node = try #require(try block.result.get())
        for level in 0..<64 { node = try #require(node["k\(level)"]) }
        let text = try #require(node.string)
        #expect(text.hasPrefix("k64:\n") && text.hasSuffix("k199:"), "\(text.prefix(40))")
        #expect(YAMLReader.parse(blockText) == block.result)
    }

    @Test func flowNestedDeepInsideAFlattenedCollectionIsReadWithoutLibyamlsSquareTime() throws {
        // libyaml takes time in the square of flow nesting; each such collection is blanked out
        // and the parse starts again, with the text taken from the source as written.
        let inner = #"[it's, "a]b\"", 'c''d]', &x {k: 'v'}, # a comment ]"# + "\n 1,]"
        let text = "k: " + String(repeating: "[", count: 300_000) + inner + String(repeating: "]", count: 300_000) + "\nnext: é\n"
        let read = YAMLReader.read(text)
        #expect(read.flattened == [at(1, 3 + 64)])
        var node = try #require(try read.result.get())
        #expect(node["next"]?.string == "é")
        node = try #require(node["k"])
        for _ in 0..<63 { node = try #require(node.sequence?.first) }
        let kept = String(repeating: "[", count: 300_000 - 63) + inner + String(repeating: "]", count: 300_000 - 63)
        #expect(node.string == kept)
    }

    @Test func flowCollectionsInsideAFlattenedBlockOne() throws {
        let block = (0..<70).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let text = block + " " + String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000) + "\nafter: 1"
        let read = YAMLReader.read(text)
        #expect(read.flattened == [at(65, 65)])
        #expect(try read.result.get()?["after"]?.string == "1")
    }

    @Test(arguments: [
        "a: b", "[k]: b", #"{"k":"]]"}"#, "{'k':']]'}", #"!<tag:yaml.org,2002:str> "a]""#, "? [x]\n  : y",
    ])
    func theFlowScannerFindsTheEndOfWhatLibyamlAccepts(_ inner: String) throws {
        let text = "x: " + String(repeating: "[", count: 140) + inner + String(repeating: "]", count: 140) + "\nafter: 1"
        let shallow = "x: [" + inner + "]"
        try #require(YAMLReader.parse(shallow).map { $0 != nil } == .success(true), "libyaml reads \(shallow)")
        let read = YAMLReader.read(text)
        #expect(read.flattened.count == 1, "\(read.result)")
        #expect(try read.result.get()?["after"]?.string == "1")
    }

    @Test func deepBlockNestingIsReadInOnePassOverIt() throws {
        // 1,500 levels of `- ` (1.1 MB of indentation): the flattened part is passed over once.
        let text = "x:\n" + (0..<1_500).map { String(repeating: " ", count: $0 + 1) + "-" }.joined(separator: "\n") + " a\nafter: 1"
        let read = YAMLReader.read(text)
        #expect(read.flattened.count == 1)
        #expect(try read.result.get()?["after"]?.string == "1")
    }

    @Test func restartsAreBounded() throws {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let many = (0..<17).map { "k\($0): \(deep)" }.joined(separator: "\n")
        let error = try failure(many)
        #expect(error.message == "more than 16 flow collections nest deeper than 64 levels")
        #expect(error.location == at(17, 5 + 128))
        let sixteen = (0..<16).map { "k\($0): \(deep)" }.joined(separator: "\n")
        #expect(YAMLReader.read(sixteen).flattened.count == 16)
        let unclosed = try failure("k: " + String(repeating: "[", count: 200))
        #expect(unclosed.message.contains("not closed"), "\(unclosed)")
    }

    @Test func aFlattenedCollectionKeepsItsAnchor() throws {
        let text = "a: " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\nb: *x"
        let anchored = text.replacingOccurrences(of: "a: [", with: "a: &x [")
        let node = try #require(try YAMLReader.read(anchored).result.get())
        #expect(node["b"]?.sequence != nil)
        let inner = String(repeating: "[", count: 63) + "&x " + String(repeating: "[", count: 6) + String(repeating: "]", count: 6)
        let deep = try #require(try YAMLReader.read("a: " + inner + String(repeating: "]", count: 63) + "\nb: *x").result.get())
        // The text is the collection's source, its anchor included.
        #expect(deep["b"]?.string == "&x " + String(repeating: "[", count: 6) + String(repeating: "]", count: 6))
    }

    @Test func sixtyFourLevelsAreAllowed() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        var node = try parse(text)
        var depth = 1
        while let inner = node.sequence?.first {
            node = inner
            depth += 1
        }
        #expect(depth == 64)
    }

    @Test func syntaxErrorsCarryProblemContextAndLocation() throws {
        let error = try failure("title: ok\ntags: [a, b\ndraft: no\n")
        #expect(error.location.line == 3)
        #expect(error.context != nil)
        #expect(error.contextLocation == at(2, 7))
        #expect(error.description.contains(error.message))
        let mapping = try failure("a: 1\n b: 2\n")
        #expect(mapping.message == "mapping values are not allowed in this context")
        #expect(mapping.location == at(2, 3))
        #expect(mapping.shifted(byLines: 10).location == at(12, 3))
    }

    @Test func columnsCountBytes() throws {
        let root = try parse("é: [ü, x]\n")
        #expect(root["é"]?.location == at(1, 5))
        #expect(root["é"]?.sequence?.last?.location == at(1, 10))
        let error = try failure("名前: x: y\n")
        #expect(error.location == at(1, 10))  // the second `:`, after 6 + 3 bytes
    }

    @Test func crlfAndBOM() throws {
        let root = try parse("\u{FEFF}a: 1\r\nb: 2\r\n")
        #expect(root["a"]?.location == at(1, 7))
        #expect(root["b"]?.location == at(2, 4))
        // ASCII text, where a character index is the byte offset, with a line break of two bytes.
        let ascii = try parse("a: 1\r\nb: [x, 2]\r\nc: 3\n")
        #expect(ascii["a"]?.location == at(1, 4))
        #expect(ascii["b"]?.sequence?.last?.location == at(2, 8))
        #expect(ascii["c"]?.location == at(3, 4))
    }

    @Test func secondDocumentIsAnError() throws {
        let error = try failure("a: 1\n---\nb: 2\n")
        #expect(error.message.contains("second YAML document"))
        #expect(error.location == at(2, 1))
        #expect(try parse("--- \na: 1\n...\n")["a"]?.string == "1")
    }

    @Test func duplicateKeysAreAnError() throws {
        let error = try failure("a: 1\nb: 2\na: 3\n")
        #expect(error.message == "duplicate key 'a' in a mapping")
        #expect(error.location == at(3, 1))
    }

    /// Small mappings and large ones find a repeated key the same way, wherever it repeats.
    @Test func duplicateKeysInMappingsOfEverySize() throws {
        let keys = (1...40).map { "k\($0)" }
        for count in [2, 15, 16, 17, 40] {
            let distinct = keys.prefix(count).map { "\($0): v\n" }.joined()
            #expect(try parse(distinct)[keys[count - 1]]?.string == "v", "\(count)")
            for repeated in [0, count / 2, count - 1] {
                let error = try failure(distinct + "\(keys[repeated]): again\n")
                #expect(error.message == "duplicate key '\(keys[repeated])' in a mapping", "\(count) \(repeated)")
                #expect(error.location == at(count + 1, 1), "\(count) \(repeated)")
            }
        }
        // Keys that are not text are never counted as repeats of text keys.
        #expect(try parse("? [a]\n: 1\na: 2\n")["a"]?.string == "2")
    }

    @Test func garbageAndNULBytesDoNotCrash() throws {
        let nul = try failure("a: b\u{0}c\n")
        #expect(nul.message.contains("control characters"))
        #expect(nul.location == at(1, 5))
        var generator = SplitMix64(state: 0x5EED)
        let alphabet = Array("[]{}:-&*!'\"#|>\n ab\u{0}é")
        for _ in 0..<300 {
            let count = Int.random(in: 1...300, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = YAMLReader.parse(String(decoding: bytes, as: UTF8.self))
            let yamlish = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            _ = YAMLReader.parse(String(yamlish))
        }
        for text in ["\u{0}", "[", "{", "&", "*", "!", "? ", ": ", "- - -", "'", "\"", "|\n x", "%YAML 9\n", "a: &"] {
            _ = YAMLReader.parse(text)
        }
    }
}
