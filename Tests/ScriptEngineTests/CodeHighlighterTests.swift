import Foundation
import Testing

@testable import NotebookScripts
@testable import ScriptEngine

/// Debian's highlight.js, run in JavaScriptCore, marks code up with its classes.
@Suite struct CodeHighlighterTests {
    @Test func highlightsAKnownLanguageAndLeavesOthersPlain() throws {
        let highlighter = CodeHighlighter()
        let swift = try #require(try highlighter.highlight("let x = \"<b>\" // & more", language: "swift"))
        #expect(swift == "<span class=\"hljs-keyword\">let</span> x = <span class=\"hljs-string\">\"&lt;b&gt;\"</span> <span class=\"hljs-comment\">// &amp; more</span>")
        #expect(try highlighter.highlight("x", language: "no-such-language") == nil)
        #expect(try highlighter.highlight("x", language: "swift\" onload=\"") == nil)
        #expect(highlighter.unavailable == nil)
    }

    @Test func whatABlockShowsDoesNotDependOnTheLanguagesMadeBeforeIt() throws {
        // HTTP guesses its body's language among those made; Arduino's definition needs C++'s.
        let http = "POST /api HTTP/1.1\nContent-Type: application/json\n\n{\"name\": \"value\", \"n\": [1, 2, true]}"
        let alone = try CodeHighlighter().highlight(http, language: "http")
        for first in [("x", "text"), ("{}", "json"), ("<a></a>", "xml")] {
            let highlighter = CodeHighlighter()
            _ = try highlighter.highlight(first.0, language: first.1)
            #expect(try highlighter.highlight(http, language: "http") == alone, "after \(first.1)")
        }
        let sketch = "void setup() { int led = 13; pinMode(led, OUTPUT); }"
        let arduino = try #require(try CodeHighlighter().highlight(sketch, language: "arduino"))
        let afterCpp = CodeHighlighter()
        _ = try afterCpp.highlight("int x;", language: "cpp")
        #expect(try afterCpp.highlight(sketch, language: "arduino") == arduino)
        #expect(arduino.contains("<span class=\"hljs-keyword\">int</span>"), "\(arduino)")
    }

    @Test func aMissingScriptMakesNothingHighlighted() throws {
        let highlighter = CodeHighlighter(script: "/nonexistent/highlight.js")
        #expect(try highlighter.highlight("let x = 1", language: "swift") == nil)
        #expect(highlighter.unavailable == .unavailable("/nonexistent/highlight.js cannot be read; install libjs-highlight.js"))
    }

    @Test func checksWhatTheScriptGives() {
        #expect(HighlightedHTML.isValid("<span class=\"hljs-keyword\">let</span> a &lt; b", of: "let a < b"))
        #expect(HighlightedHTML.isValid("<span class=\"hljs-title function_\">f</span>", of: "f"))
        #expect(!HighlightedHTML.isValid("<span class=\"hljs-keyword\">let</span>", of: "var"))
        #expect(HighlightedHTML.isValid("<span class=\"css\">a</span>", of: "a"))
        #expect(!HighlightedHTML.isValid("<span class=\"x&quot;\">a</span>", of: "a"))
        #expect(!HighlightedHTML.isValid("<span class=\"a  b\">a</span>", of: "a"))
        #expect(!HighlightedHTML.isValid("<span class=\"\">a</span>", of: "a"))
        #expect(!HighlightedHTML.isValid("<span class=\"hljs-a\" onclick=\"x\">a</span>", of: "a"))
        #expect(!HighlightedHTML.isValid("<img src=x>", of: ""))
        #expect(!HighlightedHTML.isValid("<span class=\"hljs-a\">a", of: "a"))
        #expect(!HighlightedHTML.isValid("a</span>", of: "a"))
        #expect(!HighlightedHTML.isValid("&nbsp;", of: "\u{a0}"))
    }
}

/// Languages are made when first named, with the languages their code holds, and by alias.
@Suite struct CodeHighlighterLanguageTests {
    @Test func aliasesAndEmbeddedLanguagesAreHighlighted() throws {
        let highlighter = CodeHighlighter()
        // An alias, known only from its language's definition.
        let javascript = try #require(try highlighter.highlight("const a = 1;", language: "js"))
        #expect(javascript.contains("<span class=\"hljs-keyword\">const</span>"))
        // HTML holds CSS and JavaScript, highlighted as those languages.
        let fresh = CodeHighlighter()
        let html = try #require(try fresh.highlight("<style>p { color: red; }</style><script>let b = 2;</script>", language: "html"))
        #expect(html.contains("<span class=\"hljs-attribute\">color</span>") && html.contains("<span class=\"hljs-keyword\">let</span>"), "\(html)")
    }

    /// `tsx`, which later versions of highlight.js (and Quartz's vault) name TypeScript, is
    /// TypeScript; a name no version knows stays plain.
    @Test func tsxIsTypeScript() throws {
        let highlighter = CodeHighlighter()
        let tsx = try #require(try highlighter.highlight("const a: number = 1;", language: "tsx"))
        #expect(tsx == (try highlighter.highlight("const a: number = 1;", language: "typescript")))
        #expect(try highlighter.highlight("const a = 1;", language: "tsxx") == nil)
        // `latex`, the name later versions give 9.18's `tex`.
        let latex = try #require(try highlighter.highlight("\\section{A} % note", language: "latex"))
        #expect(latex == (try highlighter.highlight("\\section{A} % note", language: "tex")) && latex.contains("hljs-comment"))
    }
}
