import NotebookModel
import Testing

@testable import NotebookFormats
@testable import NotebookRender

/// A fence's info string gives the code's language, a title and lines to mark; the page shows
/// them, Markdown keeps them, and JSON says it cannot.
@Suite struct CodeFenceInfoTests {
    static func code(_ markdown: String) throws -> CodeBlock {
        let read = MarkdownReader().read(markdown, path: "code.md")
        guard case .codeBlock(let code)? = read.note.blocks.first?.kind else { throw Missing() }
        return code
    }

    struct Missing: Error {}

    @Test func readsTheLanguageATitleAndMarkedLines() throws {
        let code = try Self.code("```swift title=\"Package.swift\" {1,3-5}\nlet a = 1\n```\n")
        #expect(code.language == "swift" && code.title == "Package.swift" && code.markedLines == [1...1, 3...5])
        #expect(CodeFenceInfo(parsing: "js {5, 1-2,2-3} other=1 title='a \"b\"'") == CodeFenceInfo(language: "js", title: "a \"b\"", markedLines: [1...3, 5...5]))
        // An attribute first names no language; braces that are not line numbers mark nothing.
        #expect(CodeFenceInfo(parsing: "title=\"T\"") == CodeFenceInfo(title: "T"))
        #expect(CodeFenceInfo(parsing: "go {hl_lines=[1]}") == CodeFenceInfo(language: "go"))
        #expect(CodeFenceInfo(parsing: "go {0,2}").markedLines.isEmpty)
        #expect(CodeFenceInfo(parsing: "go {3-1}").markedLines.isEmpty)
        // A number past the limit is the limit, as past a block's last line (found by review:
        // `{2,1-99999999999}` marked nothing, its valid parts neither).
        #expect(CodeFenceInfo(parsing: "go {1-99999999}").markedLines == [1...CodeFenceInfo.lineLimit])
        #expect(CodeFenceInfo(parsing: "go {2,1-99999999999999999999999}").markedLines == [1...CodeFenceInfo.lineLimit])
        #expect(CodeFenceInfo(parsing: "go {1-2147483648,-3}").markedLines.isEmpty)
        #expect(CodeFenceInfo(parsing: "go {1-00000002,000000004}").markedLines == [1...2, 4...4])
        #expect(CodeFenceInfo(parsing: "go title=\"unclosed").title == nil)
        // Found by review: a backslash escapes only the quote and itself; an empty title is none;
        // the language may carry its marks (`js{1,3}`); a brace group that is not lines is a word,
        // as pandoc's `{r}` was a language before.
        #expect(CodeFenceInfo(parsing: "js title=\"C:\\Users\\me \\\" \\\\\"") == CodeFenceInfo(language: "js", title: "C:\\Users\\me \" \\"))
        #expect(CodeFenceInfo(parsing: "js title=\"\"").title == nil)
        #expect(CodeFenceInfo(parsing: "js{1,3}") == CodeFenceInfo(language: "js", markedLines: [1...1, 3...3]))
        #expect(CodeFenceInfo(parsing: "{r}") == CodeFenceInfo(language: "{r}"))
        #expect(CodeFenceInfo(parsing: "{python echo=FALSE}").language == "{python")
        #expect(CodeFenceInfo(parsing: "go {+2}").markedLines.isEmpty)
        // Braces of digits that mark no line are kept aside, for a warning (found by review: no
        // word was said); one written first names no language.
        #expect(CodeFenceInfo(parsing: "go {0,2}").unreadMarks == "{0,2}")
        #expect(CodeFenceInfo(parsing: "js{3-1}").language == "js")
        #expect(CodeFenceInfo(parsing: "js{3-1}").unreadMarks == "{3-1}")
        #expect(CodeFenceInfo(parsing: "{0} js").language == nil)
        #expect(CodeFenceInfo(parsing: "go {+2}").unreadMarks == nil && CodeFenceInfo(parsing: "{r}").unreadMarks == nil)
        let read = MarkdownReader().read("Text.\n\n```go {0,2}\nx := 1\n```\n", path: "code.md")
        #expect(read.diagnostics.map(\.code) == ["code.marks"])
        #expect(read.diagnostics.first?.severity == .warning && read.diagnostics.first?.location == SourceLocation(line: 3, column: 1))
        #expect(read.diagnostics.first?.message.hasPrefix("the line marks {0,2} are not all lines") == true, "\(read.diagnostics)")
        // Marks past the code's last line are said too; marks within it, or partly past it, are not.
        let past = MarkdownReader().read("```go {5,9}\na\nb\n```\n\n```go {2-7}\na\nb\n```\n", path: "code.md")
        #expect(past.diagnostics.map(\.message) == ["the line marks {5,9} are past the code's 2 lines; none is marked"], "\(past.diagnostics)")
    }

    @Test func thePageShowsTheTitleAndMarksLinesOutsideTheHighlightingSpans() throws {
        let plain = HTMLRenderer().render([Block(.codeBlock(try Self.code("```swift title=\"<Package>.swift\" {1,3}\nlet a\nlet b\nlet c\n```\n")))])
        #expect(plain == """
            <figure class="code-block"><figcaption>&lt;Package&gt;.swift</figcaption><pre><code class="language-swift"><span class="marked-line">let a</span>
            let b
            <span class="marked-line">let c</span>
            </code></pre></figure>

            """)
        // A comment over two lines, the second marked: its span is closed before the mark ends
        // and opened again inside it.
        var code = CodeBlock(language: "c", code: "/* a\nb */\nx\n", markedLines: [2...2])
        code.highlighted = "<span class=\"hljs-comment\">/* a\nb */</span>\nx\n"
        #expect(HTMLRenderer().render([Block(.codeBlock(code))]) == """
            <pre><code class="language-c hljs"><span class="hljs-comment">/* a</span>
            <span class="marked-line"><span class="hljs-comment">b */</span></span>
            x
            </code></pre>

            """)
        // Found by review: a combining mark after a tag's `>` is not read into the tag; empty
        // lines and an empty block are not marked.
        #expect(MarkedLines.wrap("<span class=\"hljs-x\">\u{301}a</span>\nb\n", marked: [1...2]) == "<span class=\"marked-line\"><span class=\"hljs-x\">\u{301}a</span></span>\n<span class=\"marked-line\">b</span>\n")
        #expect(MarkedLines.wrap("a\n\nc", marked: [1...3]) == "<span class=\"marked-line\">a</span>\n\n<span class=\"marked-line\">c</span>")
        #expect(MarkedLines.wrap("", marked: [1...2]) == "")
        #expect(HTMLRenderer().render([Block(.codeBlock(CodeBlock(language: "js", code: "x\n", title: "")))]) == "<pre><code class=\"language-js\">x\n</code></pre>\n")
    }

    @Test func markdownKeepsThemAndJSONSaysItCannot() throws {
        for title in ["Package.swift", "a \"quoted\" \\ title", "it's `code`", "C:\\Users\\me", "&amp;lt; &#65;", "\\\\ \\\""] {
            let note = Note(path: "code.md", blocks: [Block(.codeBlock(CodeBlock(language: "swift", code: "let a\n", title: title, markedLines: [1...1])))])
            let markdown = MarkdownWriter().write(note)
            let back = try Self.code(markdown)
            #expect(back.title == title && back.markedLines == [1...1] && back.language == "swift" && back.code == "let a\n", "\(markdown)")
        }
        // A language that would read back as something else keeps only what reads back as itself.
        for (language, kept) in [("js title=\"x\" {1}", "js"), ("{2}", nil), ("a\nb", "a"), ("{r}", "{r}"), ("c&amp;", "c&amp;")] as [(String, String?)] {
            let note = Note(path: "code.md", blocks: [Block(.codeBlock(CodeBlock(language: language, code: "x\n")))])
            let back = try Self.code(MarkdownWriter().write(note))
            #expect(back.language == kept && back.title == nil && back.markedLines.isEmpty && back.code == "x\n", "\(language)")
        }
        let note = Note(path: "code.md", blocks: [Block(.codeBlock(CodeBlock(language: "swift", code: "let a\n", title: "T")), at: SourceLocation(line: 4, column: 1))])
        let warnings = AttributedJSONWriter().write(note).warnings
        #expect(warnings.map { "\($0.location?.line ?? 0): \($0.message)" } == ["4: a code block's title and marked lines are left out: the format keeps only its language"])
    }
}
