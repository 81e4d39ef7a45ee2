import Foundation
import NotebookModel
import Testing

@testable import NotebookScripts

/// Code handed over from many notes is highlighted on the queue's thread, each different block
/// once, and a block the script fails on is a warning at every place it is written.
@Suite struct ScriptQueueTests {
    static func blocks(_ codes: [String], language: String = "toy", firstLine: Int = 1) -> [Block] {
        let blocks = codes.enumerated().map { index, code in
            Block(.codeBlock(CodeBlock(language: language, code: code)), at: SourceLocation(line: firstLine + 3 * index, column: 1))
        }
        // Inside a quote, where code blocks are found too.
        return [Block(.blockQuote(blocks), at: SourceLocation(line: firstLine, column: 1))]
    }

    @Test func highlightsEveryBlockHandedOverFromManyThreads() {
        let queue = ScriptQueue(highlighter: CodeHighlighter())
        // More than one batch's worth, from eight threads at once, each block twice.
        let count = ScriptQueue.batch * 3 + 5
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in stride(from: thread, to: count * 2, by: 8) {
                queue.submit(Self.blocks(["let x\(index % count) = 1"], language: "swift"), path: "notes/\(index).md")
            }
        }
        let highlights = queue.finish()
        #expect(highlights.diagnostics.isEmpty && highlights.unavailable == nil)
        for index in 0..<count {
            let html = highlights.html(for: CodeBlock(language: "swift", code: "let x\(index) = 1"))
            #expect(html == "<span class=\"hljs-keyword\">let</span> x\(index) = <span class=\"hljs-number\">1</span>")
        }
        #expect(highlights.html(for: CodeBlock(language: "swift", code: "never handed over")) == nil)
        #expect(highlights.html(for: CodeBlock(language: "python", code: "let x0 = 1")) == nil)
    }

    @Test func manyBlocksWaitingStartASecondThreadWithTheSameResults() {
        let codes = (0..<(ScriptQueue.backlog + 300)).map { "let v\($0) = \"\($0)\"" }
        let two = ScriptQueue(highlighter: CodeHighlighter())
        two.submit(Self.blocks(codes, language: "swift"), path: "notes/a.md")
        #expect(two.threadCount == 2)
        let both = two.finish()
        // One block at a time: one thread.
        let one = ScriptQueue(highlighter: CodeHighlighter())
        for code in codes { one.submit(Self.blocks([code], language: "swift"), path: "notes/a.md") }
        let single = one.finish()
        for code in codes {
            let block = CodeBlock(language: "swift", code: code)
            #expect(both.html(for: block) != nil && both.html(for: block) == single.html(for: block))
        }
    }

    @Test func aBlockTheScriptFailsOnIsAWarningWhereverItIsWritten() {
        let queue = ScriptQueue(highlighter: CodeHighlighter(script: CodeHighlightingTests.spinning, timeLimit: 0.3))
        let start = Date()
        queue.submit(Self.blocks(["spin", "next"]), path: "notes/b.md")
        queue.submit(Self.blocks(["throw", "spin"], firstLine: 10), path: "notes/a.md")
        queue.submit([Block(.codeBlock(CodeBlock(language: nil, code: "spin")))], path: "notes/c.md")
        let highlights = queue.finish()
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(highlights.diagnostics.map { "\($0.path):\($0.location?.line ?? 0): \($0.message)" } == [
            "notes/a.md:10: this toy block is shown plain: highlight.js threw Error: cannot read throw",
            "notes/a.md:13: this toy block is shown plain: highlight.js ran longer than 0.3 s and was stopped",
            "notes/b.md:1: this toy block is shown plain: highlight.js ran longer than 0.3 s and was stopped",
        ])
        #expect(highlights.html(for: CodeBlock(language: "toy", code: "next")) == "<span class=\"hljs-keyword\">next</span>")
        #expect(highlights.html(for: CodeBlock(language: "toy", code: "spin")) == nil)
    }

    @Test func aMissingScriptIsSaidOnceAndNoBlockIsAWarning() {
        let queue = ScriptQueue(highlighter: CodeHighlighter(script: "/nonexistent/highlight.js"))
        queue.submit(Self.blocks(["a", "b"]), path: "notes/a.md")
        let highlights = queue.finish()
        #expect(highlights.unavailable == .unavailable("/nonexistent/highlight.js cannot be read; install libjs-highlight.js"))
        #expect(highlights.diagnostics.isEmpty)
        #expect(highlights.html(for: CodeBlock(language: "toy", code: "a")) == nil)
    }

    @Test func aQueueGivenNoCodeRunsNoScript() {
        let highlighter = CodeHighlighter(script: "/nonexistent/highlight.js")
        let queue = ScriptQueue(highlighter: highlighter)
        queue.submit([Block(.paragraph([.text("no code", at: nil)]))], path: "notes/a.md")
        let highlights = queue.finish()
        // The script was never asked for: had it been, it would be missing.
        #expect(highlights.unavailable == nil && highlighter.unavailable == nil)
    }
}

/// Hostile code costs a bounded time: blocks past a size are not run, and after a few blocks of a
/// note the script had to be stopped on, it is run on no more of that note's, after ten on none.
@Suite struct ScriptQueueBoundsTests {
    @Test func afterThreeStopsInANoteNoMoreOfItsBlocksAreRunAndOtherNotesStayAsTheyAre() {
        let queue = ScriptQueue(highlighter: CodeHighlighter(script: CodeHighlightingTests.spinning, timeLimit: 0.3))
        let start = Date()
        queue.submit(ScriptQueueTests.blocks(["spin1", "spin2", "spin3", "spin4", "next"]), path: "notes/a.md")
        queue.submit(ScriptQueueTests.blocks(["other"]), path: "notes/b.md")
        let highlights = queue.finish()
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(ScriptQueue.maximumStopsInNote == 3)
        #expect(highlights.diagnostics.map { "\($0.path):\($0.location?.line ?? 0): \($0.message)" } == [
            "notes/a.md:1: this toy block is shown plain: highlight.js ran longer than 0.3 s and was stopped",
            "notes/a.md:4: this toy block is shown plain: highlight.js ran longer than 0.3 s and was stopped",
            "notes/a.md:7: this toy block is shown plain: highlight.js ran longer than 0.3 s and was stopped",
            "notes/a.md:10: this toy block is shown plain: highlight.js was not run on it: it was stopped on 3 blocks of this note already",
            "notes/a.md:13: this toy block is shown plain: highlight.js was not run on it: it was stopped on 3 blocks of this note already",
        ])
        #expect(highlights.html(for: CodeBlock(language: "toy", code: "next")) == nil)
        #expect(highlights.html(for: CodeBlock(language: "toy", code: "other")) == "<span class=\"hljs-keyword\">other</span>")
    }

    @Test func afterTenStopsInARunNoMoreBlocksAreRun() {
        let queue = ScriptQueue(highlighter: CodeHighlighter(script: CodeHighlightingTests.spinning, timeLimit: 0.2))
        for note in 0..<4 { queue.submit(ScriptQueueTests.blocks((0..<3).map { "spin\(note)-\($0)" }), path: "notes/\(note).md") }
        queue.submit(ScriptQueueTests.blocks(["innocent"]), path: "notes/z.md")
        let highlights = queue.finish()
        #expect(ScriptQueue.maximumStops == 10)
        #expect(highlights.diagnostics.filter { $0.message.hasSuffix("and was stopped") }.count == 10)
        #expect(highlights.diagnostics.filter { $0.message.hasSuffix("it was stopped on 10 blocks already") }.map(\.path) == ["notes/3.md", "notes/3.md", "notes/z.md"])
    }

    @Test func codeLongerThan64KBIsShownPlain() throws {
        let long = String(repeating: "let x = 1\n", count: CodeHighlighter.maximumCode / 10 + 1)
        let queue = ScriptQueue(highlighter: CodeHighlighter())
        queue.submit(ScriptQueueTests.blocks([long, "let y = 2"], language: "swift"), path: "notes/a.md")
        let highlights = queue.finish()
        #expect(highlights.diagnostics.map(\.message) == ["this swift block is shown plain: highlight.js was not run on it: it is longer than 64 KB"])
        #expect(highlights.html(for: CodeBlock(language: "swift", code: long)) == nil)
        #expect(highlights.html(for: CodeBlock(language: "swift", code: "let y = 2")) != nil)
        // Code that highlight.js would not highlight anyway is not said to be too long.
        let plain = ScriptQueue(highlighter: CodeHighlighter())
        plain.submit(ScriptQueueTests.blocks([long], language: "text"), path: "notes/a.md")
        #expect(plain.finish().diagnostics.isEmpty)
    }
}

/// Formulas go through the same queue: typeset by KaTeX (loaded only when one comes), refused
/// ones a warning at their place with KaTeX's message, runaway ones stopped within the bound.
@Suite struct ScriptQueueMathTests {
    static let spinning = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/spinning-katex.js").path

    @Test func formulasAndMathBlocksAreTypesetAndRefusedOnesSaidWhereTheyAre() {
        let queue = ScriptQueue(highlighter: CodeHighlighter(), typesetter: MathTypesetter())
        queue.submit(formulas: [("x^2", .inline, SourceLocation(line: 3, column: 8)), ("a + \\nosuch", .inline, SourceLocation(line: 4, column: 2))], path: "notes/a.md")
        queue.submit([Block(.codeBlock(CodeBlock(language: "math", code: "\\frac12\n\\oops\n")), at: SourceLocation(line: 10, column: 1))], path: "notes/a.md")
        let results = queue.finish()
        #expect(results.html(forFormula: "x^2", .inline)?.contains("<msup><mi>x</mi><mn>2</mn></msup>") == true)
        #expect(results.html(forFormula: "a + \\nosuch", .inline) == nil)
        #expect(results.html(for: CodeBlock(language: "math", code: "\\frac12\n\\oops\n")) == nil)
        #expect(results.diagnostics.map { "\($0.location?.description ?? ""): \($0.message)" } == [
            "4:6: this formula is shown as its source: KaTeX refused it: Undefined control sequence: \\nosuch",
            "12:1: this formula is shown as its source: KaTeX refused it: Undefined control sequence: \\oops",
        ])
        #expect(results.mathUnavailable == nil && results.unavailable == nil)
    }

    /// A JSON note's formula is the text of a JSON string, from its quote: its characters are
    /// counted as JSON writes them, on the string's line; an untrusted command is found where the
    /// formula writes it.
    @Test func formulasFindingsArePlacedInJSONStringsAndAtUntrustedCommands() {
        let queue = ScriptQueue(highlighter: CodeHighlighter(), typesetter: MathTypesetter())
        // ` "\\na +\\n\\\\nosuch\\n",` on line 2: the quote at column 2.
        let json = #"[\#n "\na +\n\\nosuch\n", {"notebook.math": "display"}\#n]\#n"#
        queue.submit(formulas: [("\na +\n\\nosuch\n", .display, SourceLocation(line: 2, column: 2))], path: "notes/j.json", source: json)
        queue.submit(formulas: [("\n\\alpha\n\\href{x}{y} + \\href{z}{w}\n", .display, SourceLocation(line: 10, column: 3))], path: "notes/m.md")
        let results = queue.finish()
        #expect(results.diagnostics.map { "\($0.path):\($0.location?.description ?? ""): \($0.message)" } == [
            "notes/j.json:2:10: this formula is shown as its source: KaTeX refused it: Undefined control sequence: \\nosuch",
            "notes/m.md:12:1: KaTeX warns: \\href is not allowed here: it is shown as its name",
            "notes/m.md:12:15: KaTeX warns: \\href is not allowed here: it is shown as its name",
        ])
    }

    @Test func aNotesFormulasPastItsBudgetAreNotTypeset() {
        let queue = ScriptQueue(highlighter: CodeHighlighter(), typesetter: MathTypesetter(script: Self.spinning))
        let big = String(repeating: "x", count: 15 * 1024)
        // Formulas of 15 KB, the first twice: each occurrence counts, and the ninth (the eighth
        // different one, at line 9) passes 128 KB.
        var formulas: [(tex: String, style: MathStyle, at: NotebookModel.SourceLocation?)] = [(big + "0", .inline, SourceLocation(line: 1, column: 2))]
        formulas += (0..<9).map { (big + "\($0)", .inline, SourceLocation(line: $0 + 2, column: 2)) }
        formulas.append(("small", .inline, SourceLocation(line: 20, column: 2)))
        queue.submit(formulas: formulas, path: "notes/a.md")
        queue.submit(formulas: [(big + "8", .inline, SourceLocation(line: 1, column: 2))], path: "notes/b.md")
        let results = queue.finish()
        #expect(results.diagnostics.map { "\($0.path):\($0.location?.line ?? 0): \($0.message)" } == [
            "notes/a.md:9: this note's formulas pass 128 KB of TeX: this one and those after it are shown as their source"
        ])
        #expect(results.html(forFormula: big + "6", .inline) != nil && results.html(forFormula: big + "7", .inline) == nil)
        #expect(results.html(forFormula: "small", .inline) == nil)
        // Asked for in a note's order, a formula typeset earlier is not given past the budget.
        let lookup = results.formulasOfOneNote()
        #expect(formulas.prefix(8).allSatisfy { lookup($0.tex, $0.style) != nil })
        #expect(lookup(big + "0", .inline) == nil)
        // Another note's own budget has room for it.
        #expect(results.html(forFormula: big + "8", .inline) != nil)
    }

    @Test func aQueueGivenNoMathNeverLoadsKaTeX() {
        let typesetter = MathTypesetter(script: "/nonexistent/katex.js")
        let queue = ScriptQueue(highlighter: CodeHighlighter(), typesetter: typesetter)
        queue.submit(ScriptQueueTests.blocks(["let x = 1"], language: "swift"), path: "notes/a.md")
        let results = queue.finish()
        #expect(results.mathUnavailable == nil && typesetter.unavailable == nil)
        let asked = ScriptQueue(highlighter: CodeHighlighter(), typesetter: typesetter)
        asked.submit(formulas: [("x", .inline, nil)], path: "notes/a.md")
        let missing = asked.finish()
        #expect(missing.mathUnavailable == .unavailable("/nonexistent/katex.js cannot be read; install libjs-katex"))
        #expect(missing.diagnostics.isEmpty)
    }

    @Test func aFormulaThatNeverReturnsIsStoppedAndTheNextIsTypeset() {
        let queue = ScriptQueue(highlighter: CodeHighlighter(), typesetter: MathTypesetter(script: Self.spinning, timeLimit: 0.3))
        let start = Date()
        queue.submit(formulas: [("spin", .inline, SourceLocation(line: 1, column: 2)), ("next", .display, SourceLocation(line: 2, column: 3)), ("bad", .inline, SourceLocation(line: 3, column: 2))], path: "notes/a.md")
        let results = queue.finish()
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(results.diagnostics.map { "\($0.location?.description ?? ""): \($0.message)" } == [
            "1:2: this formula is shown as its source: KaTeX ran longer than 0.3 s and was stopped",
            "3:2: this formula is shown as its source: KaTeX refused it: Undefined control sequence: \\bad",
        ])
        #expect(results.html(forFormula: "next", .display)?.contains("<mi>next</mi>") == true)
        #expect(results.html(forFormula: "spin", .inline) == nil)
    }

    @Test func typesetFormulasAreCachedAndCheckedWhenUsed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("math-cache-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try #require(HighlightCache(folder: folder, script: Self.spinning, kind: .math))
        let first = ScriptQueue(highlighter: CodeHighlighter(), typesetter: MathTypesetter(script: Self.spinning), mathCache: cache)
        first.submit(formulas: [("one", .inline, nil), ("two", .display, nil)], path: "notes/a.md")
        #expect(first.finish().html(forFormula: "two", .display) != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasPrefix("math-") })
        // No script: only the cache gives the MathML, for the style it was made in.
        let reopened = try #require(HighlightCache(folder: folder, script: Self.spinning, kind: .math))
        let second = ScriptQueue(highlighter: CodeHighlighter(), typesetter: MathTypesetter(script: "/nonexistent/katex.js"), mathCache: reopened)
        second.submit(formulas: [("two", .display, nil), ("one", .inline, nil), ("one", .display, nil)], path: "notes/a.md")
        let results = second.finish()
        #expect(results.html(forFormula: "two", .display)?.contains("<mi>two</mi>") == true)
        #expect(results.html(forFormula: "one", .inline) != nil)
        #expect(results.html(forFormula: "one", .display) == nil)
        // An entry that fails the check is not used.
        #expect(reopened.entry(language: "inline", code: "one") != nil)
        reopened.keep(.highlighted("<script>alert(1)</script>"), language: "inline", code: "three")
        #expect(reopened.entry(language: "inline", code: "three") == nil)
        // Nor one that says a formula is plain: no formula is.
        reopened.keep(.plain, language: "inline", code: "four")
        #expect(reopened.entry(language: "inline", code: "four") == nil)
    }
}
