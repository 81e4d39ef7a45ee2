import NotebookModel
import Testing

@testable import NotebookFormats

private typealias Location = NotebookModel.SourceLocation

private func at(_ line: Int, _ column: Int) -> Location { Location(line: line, column: column) }

/// The diagnostics of the JSON reader: each at the line and column of its fault, with the text
/// of the note kept.
@Suite struct AttributedJSONDiagnosticsTests {
    private func read(fixture name: String) throws -> ReadResult {
        AttributedJSONReader().read(try JSONTestSupport.fixture(name), path: name)
    }

    private func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity.rawValue) \($0.code) \($0.location?.description ?? "-")" }
    }

    // MARK: Malformed JSON

    @Test func missingCommaIsAnErrorAtTheNextElement() throws {
        let result = try read(fixture: "missing-comma.json")
        #expect(summary(result.diagnostics) == ["error json.syntax 6:3"])
        #expect(result.diagnostics[0].path == "missing-comma.json")
        #expect(result.diagnostics[0].message == "invalid JSON: expected ',' or ']' after an array element, found '\"'")
        // What came before the fault is kept: the title and the first run.
        #expect(result.note.metadata.title == "Trip notes")
        #expect(JSONTestSupport.html(result.note.blocks) == "<p><strong>Trip notes</strong></p>\n")
    }

    @Test(arguments: [
        ("", "1:1", "the file is empty"),
        ("  \n ", "2:2", "the file is empty"),
        ("[\"a\", {}", "1:9", "unexpected end of the file in an array"),
        ("[\"a\n\", {}]", "1:4", "control character"),
        (#"["a\x", {}]"#, "1:4", "invalid escape '\\x'"),
        (#"["\ud83d", {}]"#, "1:3", "lone surrogate"),
        (#"["\u12G4", {}]"#, "1:3", "four hexadecimal digits"),
        ("[\"a\", {}] x", "1:11", "'x' after the end of the JSON value"),
        ("{\"title\" \"T\"}", "1:10", "expected ':' after the key"),
        ("{title: 1}", "1:2", "expected a key in double quotes"),
        ("[\"a\", {\"notebook.bold\": tru}]", "1:25", "invalid literal"),
        ("[01]", "1:2", "may not start with 0"),
        ("[-]", "1:3", "expected a digit after '-'"),
        ("[1.]", "1:4", "after the decimal point"),
        ("[\"a\",\r\n{}\r,\"b\"\r\n", "4:1", "unexpected end of the file"),
    ])
    func malformedJSON(source: String, location: String, message: String) {
        let result = AttributedJSONReader().read(source, path: "bad.json")
        #expect(summary(result.diagnostics) == ["error json.syntax \(location)"])
        #expect(result.diagnostics.first?.message.contains(message) == true, "\(result.diagnostics)")
    }

    @Test func nestingPastTheParsersLimitIsFlattenedWithAWarning() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let source = #"{"body": ["deepword", {"custom": "# + deep + "}]}"
        let result = AttributedJSONReader().read(source, path: "deep.json")
        let nesting = result.diagnostics.filter { $0.code == "json.nesting" }
        #expect(nesting.count == 1)
        #expect(nesting.first?.severity == .warning)
        #expect(nesting.first?.location == at(1, 34 + JSONParser.maximumDepth - 3))
        #expect(nesting.first?.message.contains("deeper than 64 levels") == true)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(PlainText.of(result.note.blocks) == "deepword")
    }

    @Test func aTruncatedKeyedBodyKeepsItsRunsWithoutIndexErrors() {
        let source = "{\"runs\": [\"a\", 0, \"b\", 1, \"c\""
        let result = AttributedJSONReader().read(source, path: "cut.json")
        #expect(result.diagnostics.map(\.code) == ["json.syntax"])
        #expect(JSONTestSupport.html(result.note.blocks) == "<p>abc</p>\n")
    }

    // MARK: Values

    @Test func valuesNotAllowedForTheirKeysAreErrorsAtTheValue() throws {
        let result = try read(fixture: "bad-values.json")
        #expect(
            summary(result.diagnostics) == [
                "error json.value 3:25", "error json.value 5:25", "error json.value 7:20", "error json.value 9:21",
                "error json.value 11:33", "error json.value 13:13",
            ])
        let messages = result.diagnostics.map(\.message)
        #expect(messages[0] == "value 'wavy' is not allowed for 'notebook.underline' of run 0: expected one of single, double, thick, dotted, dashed")
        #expect(messages[1].hasPrefix("value 'red;x' is not allowed for 'notebook.highlight' of run 1: expected a palette color"))
        #expect(messages[2] == "value 'yes' is not allowed for 'notebook.bold' of run 2: expected true or false")
        #expect(messages[3] == "value 20 is not allowed for 'notebook.scale' of run 3: expected a number from 0.1 to 10")
        #expect(messages[4] == "value '2' is not allowed for 'NSInlinePresentationIntent' of run 4: expected an integer option set")
        #expect(messages[5] == "value 42 is not allowed for 'NSLink' of run 5: expected a URL")
        // The attributes are left out, the text and the other attributes kept.
        #expect(JSONTestSupport.html(result.note.blocks) == "<p>wavy red <em>bold </em>big intent link</p>\n")
    }

    @Test func valuesInTheAttributeTableNameTheRunThatFirstUsesThem() {
        let source = "{\"runs\": [\"a\", {}, \"b\", 0, \"c\", 0],\n \"attributeTable\": [{\"notebook.color\": \"#12\"}]}"
        let result = AttributedJSONReader().read(source, path: "table.json")
        #expect(summary(result.diagnostics) == ["error json.value 2:40"])
        #expect(result.diagnostics.first?.message.contains("of attribute table entry 0 (first used by run 1)") == true)
    }

    @Test func badPresentationIntentsAreErrorsAndTheTextStays() {
        let source = #"""
            ["a", {"NSPresentationIntent": {"components": [{"kind": ["header", 9], "identity": 1}]}},
             "b", {"NSPresentationIntent": {"components": [{"kind": ["paragraph"]}]}},
             "c", {"NSPresentationIntent": {"components": [{"kind": ["table", [{"alignment": 5}]], "identity": 3}]}},
             "d", {"NSPresentationIntent": {"components": [{"kind": ["sidebar"], "identity": 4}]}},
             "e", {"NSPresentationIntent": []}]
            """#
        let result = AttributedJSONReader().read(source, path: "intents.json")
        #expect(
            summary(result.diagnostics) == [
                "error json.value 1:68", "error json.value 2:48", "error json.value 3:82", "warning json.unknown-key 4:58",
                "error json.value 5:32",
            ])
        #expect(PlainText.of(result.note.blocks).filter { !$0.isWhitespace } == "abcde")
    }

    @Test func envelopeValuesOfTheWrongTypeAreErrorsAtTheirPlace() {
        let source = """
            {"title": 5, "tags": "travel", "draft": "no", "date": "2026-13-01",
             "aliases": ["ok", 3], "summary": null, "body": 12}
            """
        let result = AttributedJSONReader().read(source, path: "envelope.json")
        #expect(
            summary(result.diagnostics) == [
                "error json.value 1:11", "error json.value 1:22", "error json.value 1:41", "error json.value 1:55",
                "error json.value 2:20", "error json.value 2:49",
            ])
        #expect(result.note.metadata.aliases == ["ok"])
        #expect(result.note.blocks.isEmpty)
    }

    // MARK: Keys, indices and runs

    @Test func unknownKeysAreWarningsOncePerNote() throws {
        let result = try read(fixture: "unknown-keys.json")
        #expect(summary(result.diagnostics) == ["warning json.unknown-key 3:2", "warning json.unknown-key 6:4"])
        #expect(result.diagnostics[0].message.hasPrefix("unknown key 'author' in the note envelope is ignored"))
        #expect(result.diagnostics[1].message.hasPrefix("unknown key 'NSFont' in run attributes is ignored"))
        #expect(JSONTestSupport.html(result.note.blocks) == "<p><strong>a</strong>b</p>\n")
    }

    @Test func attributeTableIndicesOutOfRangeAreErrors() throws {
        let result = try read(fixture: "table-index.json")
        #expect(summary(result.diagnostics) == ["error json.table-index 6:3", "error json.table-index 8:3"])
        #expect(result.diagnostics[0].message == "attribute table index 7 of run 1 is out of range: the table has entries 0…0")
        #expect(result.diagnostics[1].message == "the attribute table index of run 2 should be an integer, not 1.5")
        #expect(JSONTestSupport.html(result.note.blocks) == "<p><strong>a</strong>bc</p>\n")
    }

    @Test func aTableIndexInTheFlatFormIsAnError() {
        let result = AttributedJSONReader().read(#"["a", 0]"#, path: "flat.json")
        #expect(summary(result.diagnostics) == ["error json.table-index 1:7"])
    }

    @Test func aMisplacedEmptyRunIsAnError() throws {
        let result = try read(fixture: "empty-run.json")
        #expect(summary(result.diagnostics) == ["error json.empty-run 4:2"])
        #expect(result.diagnostics[0].message == "run 1 is empty but carries attributes; a run needs text")
        #expect(JSONTestSupport.html(result.note.blocks) == "<p>ab</p>\n")
        // A note of one empty run without attributes is an empty note, as Apple writes it.
        #expect(AttributedJSONReader().read(#"["", {}]"#, path: "empty.json").diagnostics.isEmpty)
        #expect(summary(AttributedJSONReader().read(#"["", {"notebook.bold": true}]"#, path: "e.json").diagnostics) == ["error json.empty-run 1:2"])
    }

    @Test func runsWithoutAttributesAreErrors() {
        let result = AttributedJSONReader().read(#"["a", "b", {}, "c"]"#, path: "runs.json")
        #expect(summary(result.diagnostics) == ["error json.value 1:7", "error json.value 1:16"])
        #expect(JSONTestSupport.html(result.note.blocks) == "<p>abc</p>\n")
    }

    @Test func aBodyOfTheWrongShapeIsAnError() {
        let result = AttributedJSONReader().read("42", path: "n.json")
        #expect(summary(result.diagnostics) == ["error json.value 1:1"])
        let keyed = AttributedJSONReader().read(#"{"attributeTable": [], "extra": 1}"#, path: "k.json")
        #expect(summary(keyed.diagnostics) == ["warning json.unknown-key 1:24", "error json.value 1:1"])
    }

    @Test func linkTitleWithoutALinkIsAWarning() {
        let result = AttributedJSONReader().read(#"["a", {"notebook.linkTitle": "T"}]"#, path: "t.json")
        #expect(summary(result.diagnostics) == ["warning json.value 1:30"])
    }
}
