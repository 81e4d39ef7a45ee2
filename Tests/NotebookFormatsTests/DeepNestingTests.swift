import Foundation
import Mustache
import NotebookConstraints
import NotebookModel
import NotebookRender
import Testing

@testable import NotebookFormats

/// Runs `body` on a new thread with the default (secondary thread, 512 KB) stack, as a build's
/// workers read notes, and waits for it.
func onSecondaryThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ThreadResult<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.start()
    done.wait()
    return box.value!
}

/// The value a thread hands back; written once before the semaphore is signalled.
final class ThreadResult<T>: @unchecked Sendable {
    var value: T?
}

/// Each nesting shape at 100,000 levels goes through every walk: reader, checker, renderer, the
/// writers, plain text, and freeing, on a secondary thread: nothing crashes, the model is
/// flattened past the limit with a warning, and the text is kept.
@Suite struct DeepNestingTests {
    static let levels = 100_000

    static func nested(_ open: String, _ middle: String, _ close: String) -> String {
        String(repeating: open, count: levels) + middle + String(repeating: close, count: levels)
    }

    /// Notes whose Markdown nests 100,000 deep, named.
    static let notes: [(String, String)] = [
        ("images", nested("![", "deepword", "](u)")),
        ("links", nested("[", "deepword", "](u)")),
        ("emphasis", nested("*", "deepword", "*")),
        ("strong", nested("**", "deepword", "**")),
        ("strikethrough", "a " + nested("~~", "deepword", "~~")),
        ("strikethrough with spaces", nested("~~a ", "deepword", " a~~")),
        ("emphasis with text", nested("*a ", "deepword", " a*")),
        ("annotations", nested("^[", "deepword", "](bold: true)")),
        ("wikilinks in link text", nested("[", "[[deepword]]", "](u)")),
        ("images in links", nested("[![", "deepword", "](i)](u)")),
        ("block quotes", String(repeating: ">", count: levels) + " deepword"),
        ("lists on one line", String(repeating: "- ", count: levels) + "deepword"),
        ("ordered lists", String(repeating: "1. ", count: levels) + "deepword"),
        ("lists in quotes", String(repeating: "> - ", count: levels / 2) + "deepword"),
        ("annotation value in JSON5", "^[deepword](k: " + nested("[", "1", "]") + ")"),
        ("front matter", "---\nextra: " + nested("[", "a", "]") + "\n---\ndeepword"),
        ("front matter mappings", "---\nextra: " + nested("{a: ", "b", "}") + "\n---\ndeepword"),
    ]

    private static func walkEverything(_ name: String, _ source: String) -> [String] {
        var problems: [String] = []
        let read = MarkdownReader().read(source, path: "deep.md")
        if !PlainText.of(read.note.blocks).contains("deepword") { problems.append("\(name): text lost") }
        let checked = ConstraintChecker(definition: .seeds).apply(to: read.note)
        let html = HTMLRenderer().render(checked.note.blocks)
        if !html.contains("deepword") { problems.append("\(name): not rendered") }
        let markdown = MarkdownWriter().write(checked.note)
        if !markdown.contains("deepword") { problems.append("\(name): not in Markdown") }
        let json = AttributedJSONWriter().write(checked.note).json
        let back = AttributedJSONReader().read(json, path: "deep.json")
        if !PlainText.of(back.note.blocks).contains("deepword") { problems.append("\(name): lost through JSON") }
        _ = read.note.wordCount
        return problems
    }

    @Test(arguments: notes.map(\.0))
    func nestingIsBoundedEverywhere(_ name: String) {
        let source = Self.notes.first { $0.0 == name }!.1
        let problems = onSecondaryThread { Self.walkEverything(name, source) }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: notes.map(\.0))
    func nestingPastTheLimitIsAWarning(_ name: String) {
        let source = Self.notes.first { $0.0 == name }!.1
        let result = onSecondaryThread { MarkdownReader().read(source, path: "deep.md") }
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        let flattened = ["images", "emphasis", "strong", "emphasis with text", "strikethrough with spaces", "annotations",
            "images in links", "block quotes", "lists on one line", "ordered lists", "lists in quotes"]
        // Annotation attributes longer than 1,024 bytes are text, so the JSON5 shape is not read
        // at this size (JSON5ParserTests and DeepDataTests flatten it).
        let code = name.hasPrefix("front matter") ? "frontmatter.nesting" : flattened.contains(name) ? "markdown.nesting" : nil
        if let code {
            #expect(result.diagnostics.contains { $0.code == code && $0.severity == .warning }, "\(result.diagnostics)")
        }
    }

    @Test func deepJSONIsFlattenedWithAWarning() {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let json = #"{"body": ["deepword", {"custom": "# + Self.nested(open, "1", close) + "}]}"
            let result = onSecondaryThread { AttributedJSONReader().read(json, path: "deep.json") }
            #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
            #expect(result.diagnostics.contains { $0.code == "json.nesting" && $0.severity == .warning })
            #expect(PlainText.of(result.note.blocks) == "deepword")
        }
    }

    @Test func deepMustacheSectionsAreFlattenedWithAWarning() throws {
        let template = Self.nested("{{#a}}", "x", "{{/a}}")
        let parsed = onSecondaryThread { try? MustacheTemplate(parsing: template) }
        let compiled = try #require(parsed)
        #expect(compiled.warnings.map(\.kind) == [.nestingTooDeep])
        let page = try compiled.render(["a": true])
        #expect(page.contains("{{#a}}x{{/a}}"))
        #expect(page.utf8.count == template.utf8.count - 2 * 6 * 64)
    }

    @Test func deepYAMLInTheFormattingFileIsFlattenedWithAWarning() {
        let formatting = onSecondaryThread { FormattingDefinitionReader.read("highlight: " + Self.nested("[", "a", "]"), path: "formatting.yml") }
        #expect(formatting.diagnostics.contains { $0.severity == .warning && $0.message.contains("kept as text") })
    }
}
