import Foundation
import NotebookModel
import NotebookRender
import Testing

@testable import NotebookScripts

/// A note's fenced code is highlighted where it is (``NoteScripts``, what `notebook render` runs),
/// and a block the script fails on stays plain with a warning at its line, the next block
/// highlighted all the same.
@Suite struct CodeHighlightingTests {
    static let spinning = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/spinning-highlight.js").path

    static let backtracking = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/backtracking-highlight.js").path

    static func note(_ codes: [String], language: String = "toy") -> Note {
        let blocks = codes.enumerated().map { index, code in
            Block(.codeBlock(CodeBlock(language: language, code: code)), at: SourceLocation(line: 3 * index + 1, column: 1))
        }
        // One of them inside a list, where code blocks are found too.
        return Note(path: "notes/code.md", blocks: [Block(.list(List(isOrdered: false, items: [ListItem(blocks: blocks)])))])
    }

    @Test func highlightsCodeAtAnyDepthAndRendersIt() throws {
        let (html, diagnostics) = NoteScripts.render(Self.note(["let"], language: "swift"), options: RenderOptions(), highlighter: CodeHighlighter(), typesetter: nil)
        #expect(diagnostics.isEmpty)
        #expect(html.contains("<pre><code class=\"language-swift hljs\"><span class=\"hljs-keyword\">let</span></code></pre>"), "\(html)")
    }

    @Test func afterThreeStopsANoteRunsTheScriptOnNoMoreBlocks() throws {
        let start = Date()
        let (_, diagnostics) = NoteScripts.render(
            Self.note(["spin1", "spin2", "spin3", "spin4", "next"]), options: RenderOptions(),
            highlighter: CodeHighlighter(script: Self.spinning, timeLimit: 0.3), typesetter: nil)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(diagnostics.map { $0.message.hasSuffix("was stopped") } == [true, true, true, false, false])
        #expect(diagnostics.last?.message == "this toy block is shown plain: highlight.js was not run on it: it was stopped on 3 blocks of this note already")
    }

    /// The engine stops a script between its steps, not inside one regular expression: the block
    /// is left to its thread within the bound all the same, and new contexts take the rest.
    @Test func aRegularExpressionThatNeverEndsIsLeftWithinTheBoundAndTheNextBlockIsHighlighted() throws {
        let start = Date()
        let (html, diagnostics) = NoteScripts.render(
            Self.note(["regex one", "next", "regex two", "last"]), options: RenderOptions(),
            highlighter: CodeHighlighter(script: Self.backtracking, timeLimit: 0.3), typesetter: nil)
        // Two blocks of 0.3 s and a quarter, each noticed at most a quarter of that late, and the rest.
        #expect(Date().timeIntervalSince(start) < 2.5, "\(Date().timeIntervalSince(start)) s")
        #expect(diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" } == [
            "1: this toy block is shown plain: highlight.js ran longer than 0.3 s and was stopped",
            "7: this toy block is shown plain: highlight.js ran longer than 0.3 s and was stopped",
        ])
        #expect(html.contains("<code class=\"language-toy\">regex one</code>"))
        #expect(html.contains("<code class=\"language-toy hljs\"><span class=\"hljs-keyword\">next</span></code>"))
        #expect(html.contains("<span class=\"hljs-keyword\">last</span>"))
    }

    @Test func aScriptThatNeverReturnsIsStoppedAndTheNextBlockIsHighlighted() throws {
        let start = Date()
        let (html, diagnostics) = NoteScripts.render(
            Self.note(["spin", "next", "throw", "img", "last"]), options: RenderOptions(),
            highlighter: CodeHighlighter(script: Self.spinning, timeLimit: 0.3), typesetter: nil)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(diagnostics.map { "\($0.path):\($0.location?.line ?? 0): \($0.message)" } == [
            "notes/code.md:1: this toy block is shown plain: highlight.js ran longer than 0.3 s and was stopped",
            "notes/code.md:7: this toy block is shown plain: highlight.js threw Error: cannot read throw",
            "notes/code.md:10: this toy block is shown plain: highlight.js gave markup other than its spans",
        ])
        #expect(html.contains("<code class=\"language-toy\">spin</code>"))
        #expect(html.contains("<code class=\"language-toy hljs\"><span class=\"hljs-keyword\">next</span></code>"))
        #expect(html.contains("<code class=\"language-toy\">img</code>") && !html.contains("<img"))
        #expect(html.contains("<span class=\"hljs-keyword\">last</span>"))
    }
}
