@testable import Mustache
import Testing

/// Names looked up through objects given as fields, which the renderer reads in place, render
/// as through the same objects given as dictionaries.
@Suite struct FieldsLookupTests {
    /// `value` with every object given as its fields, keys in sorted order.
    private func asFields(_ value: MustacheValue) -> MustacheValue {
        switch value {
        case .object(let members):
            .fields(MustacheFields(members.keys.sorted().map { ($0, asFields(members[$0]!)) }))
        case .array(let items): .array(items.map(asFields))
        default: value
        }
    }

    private func render(_ source: String, _ value: MustacheValue) throws -> String {
        try MustacheLibrary(sources: [:]).render(MustacheTemplate(parsing: source), value)
    }

    private static let deep: MustacheValue = ["a": ["b": ["c": "deep"]], "x": ["y": 7]]
    private static let innerEmpty: MustacheValue = ["a": ["b": [:]], "b": ["c": "outer"]]
    private static let innerOther: MustacheValue = ["a": ["d": 1], "b": ["c": "outer"]]
    private static let first: MustacheValue = ["name": "n1"]
    private static let second: MustacheValue = ["name": "n2", "site": ["title": "inner"]]
    private static let list: MustacheValue = ["list": [first, second], "site": ["title": "T"]]
    private static let section: MustacheValue = ["a": ["b": ["c": "in b"]]]
    private static let text: MustacheValue = ["a": ["b": "text, not an object"]]
    private static let html: MustacheValue = ["html": "<b>&</b>"]
    private static let scalars: MustacheValue = ["n": 12, "f": 1.5, "t": true, "z": .null]

    @Test(arguments: [
        ("{{a.b.c}}|{{a.b}}|{{a}}|{{x.y}}", deep),
        // Found in the inner context, the rest is looked up there only, never in the outer one.
        ("{{#a}}{{b.c}}{{/a}}|", innerEmpty),
        ("{{#a}}{{b.c}}{{/a}}|", innerOther),
        ("{{#list}}{{name}}:{{site.title}};{{/list}}", list),
        ("{{#a.b}}{{c}}{{/a.b}}{{^a.x}}none{{/a.x}}", section),
        ("{{a.b}}{{a.b.c}}", text),
        ("{{&html}} {{{html}}} {{html}}", html),
        ("{{n}} {{f}} {{t}} {{z}}", scalars),
    ])
    func fieldsRenderAsDictionaries(_ source: String, _ value: MustacheValue) throws {
        let expected = try render(source, value)
        #expect(try render(source, asFields(value)) == expected)
        #expect(!expected.isEmpty)
    }

    /// Of a key given twice, the first is found; a dictionary on the way is read as before.
    @Test func firstOfTwiceGivenKeysAndDictionariesOnTheWay() throws {
        let fields = MustacheValue.fields(MustacheFields([("k", "first"), ("k", "second"), ("d", ["e": ["f": "in a dictionary"]])]))
        #expect(try render("{{k}}|{{d.e.f}}|{{#d}}{{e.f}}{{k}}{{/d}}", fields) == "first|in a dictionary|in a dictionaryfirst")
    }

    /// The renderer finds a pair's value at the offset a tuple of the two has.
    @Test func aPairsValueIsWhereTheTupleHasIt() {
        #expect(MustacheFields.valueOffset == MemoryLayout<(String, MustacheValue)>.offset(of: \(String, MustacheValue).1))
    }
}
