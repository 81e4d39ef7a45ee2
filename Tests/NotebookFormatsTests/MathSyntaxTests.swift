import NotebookModel
import Testing

@testable import NotebookFormats

/// `$…$` and `$$…$$` are formulas whose TeX Markdown never touches; `$` as money stays text; the
/// writers and readers of both formats keep formulas both ways.
@Suite struct MathSyntaxTests {
    /// The formulas of a paragraph's inlines, at any depth: (TeX, style).
    static func formulas(_ inlines: [Inline]) -> [(String, MathStyle)] {
        inlines.flatMap { inline -> [(String, MathStyle)] in
            guard case .span(let formatting, let children) = inline.kind else { return [] }
            if let style = formatting.math { return [(PlainText.of(children), style)] }
            return formulas(children)
        }
    }

    /// Calls `body` with every run of inline content of `blocks`.
    static func eachInlines(_ blocks: [Block], _ body: ([Inline]) -> Void) {
        var copy = blocks
        Block.rewriteInlines(in: &copy) { inlines, _ in
            body(inlines)
            return false
        }
    }

    static func read(_ markdown: String) -> (formulas: [(String, MathStyle)], text: String, note: Note) {
        let note = MarkdownReader().read(markdown, path: "m.md").note
        var found: [(String, MathStyle)] = []
        var text = ""
        Self.eachInlines(note.blocks) { inlines in
            found += formulas(inlines)
            text += PlainText.of(inlines) + "\n"
        }
        return (found, text, note)
    }

    @Test func dollarsMakeFormulasWhoseTeXIsKeptAsWritten() {
        let read = Self.read("Euler: $e^{i\\pi} = -1$, and $a_1 * b_2 \\, d\\xi \\\\ x_{*}$ too.\n")
        #expect(read.formulas.map(\.0) == ["e^{i\\pi} = -1", "a_1 * b_2 \\, d\\xi \\\\ x_{*}"])
        #expect(read.formulas.map(\.1) == [.inline, .inline])
        let display = Self.read("$$\nf(x) = \\int_{-\\infty}^\\infty\n    \\hat f(\\xi)\\,e^{2 \\pi i \\xi x} \\,d\\xi\n- 1 + 2\n# not a heading\n$$\n")
        #expect(display.formulas.map(\.0) == ["\nf(x) = \\int_{-\\infty}^\\infty\n    \\hat f(\\xi)\\,e^{2 \\pi i \\xi x} \\,d\\xi\n- 1 + 2\n# not a heading\n"])
        #expect(display.formulas.map(\.1) == [.display])
        #expect(display.note.blocks.count == 1)
    }

    /// TeX writes a URL in a group: a brace ends it for the closing dollar. A comment left open
    /// within a line is text, and the formulas after it are formulas.
    @Test func urlsInTeXAndCommentsLeftOpenWithinALineLeaveFormulasAlone() {
        let read = Self.read("A $\\href{https://x.org}{link}$, $\\url{http://a}$ and $\\text{see https://x.org/a}$, but $5 off https://shop/$deal.\n")
        #expect(read.formulas.map(\.0) == ["\\href{https://x.org}{link}", "\\url{http://a}", "\\text{see https://x.org/a}"])
        let open = Self.read("Use <!-- to open a comment.\n\nLater $x^2$ here.\n\n$$y$$\n")
        #expect(open.formulas.map(\.0) == ["x^2", "y"])
        #expect(Self.read("<!-- a comment left open\n\n$x^2$\n").formulas.isEmpty)
    }

    @Test func moneyAndOtherDollarsStayText() {
        for text in [
            "It costs $5 and $10.", "From $20,000 to $30,000.", "A $ x$ is no formula, nor $x $.", "Escaped \\$x\\$ dollars.",
            "A $x$5 is no formula.", "Code `$x$` is code.", "An unclosed $x and a blank\n\nline$ apart.", "$$\n\n$$ empty",
            "Two lines $a\nb$ apart.", "It costs $5 and $x is", "A $x $ y", "Set $PATH, then run `echo \"$USER\"` now.",
            "https://api.example.com/odata/People?$filter=Age&$top=5", "www.example.com/$a$b", "Cost $5 \\\nnext x$ here.",
            "<!-- PID $$ -->\nPrice is $$ hmm", "Use $$ for the PID:\n```sh\necho $$ > pid\n```\n", "- first $$x\n- second$$ end",
            "> Price $$5 each.\n>\n> Total $$10.", "| $$x | y |\n|---|---|\n| z$$ | w |", "para $$x\n# Heading $$", "Foot[^a$b$] here.\n\n[^a$b$]: note",
        ] {
            let read = Self.read(text)
            #expect(read.formulas.isEmpty, "\(text) → \(read.formulas)")
        }
        #expect(Self.read("It costs $5 and $10.").text == "It costs $5 and $10.\n")
        #expect(Self.read("Escaped \\$x\\$ dollars.").text == "Escaped $x$ dollars.\n")
        // As in Pandoc, the first `$` decides: `$5 and $x$` is money, then the formula x.
        #expect(Self.read("It costs $5 and $x$ is the unknown.").formulas.map(\.0) == ["x"])
        #expect(Self.read("A $x$5 thing and $y$.").formulas.map(\.0) == ["y"])
        // A digit after the opening `$` is allowed.
        #expect(Self.read("So $5 + 10$ is.").formulas.map(\.0) == ["5 + 10"])
        #expect(Self.read("An escaped $\\$5$ in TeX.").formulas.map(\.0) == ["\\$5"])
    }

    @Test func formulasInsideQuotesListsAndTablesLeaveTheirMarkersOut() {
        let quote = Self.read("> In a quote\n> $$\n> a \\\\\n>   + b\n> $$\n")
        #expect(quote.formulas.map(\.0) == ["\na \\\\\n  + b\n"])
        let item = Self.read("- item $$x\n  = y$$\n- next\n")
        #expect(item.formulas.map(\.0) == ["x\n= y"])
        let flow = Self.read("- $$\n  \\begin{cases} a \\\\\n  b \\end{cases}\n  $$\n")
        #expect(flow.formulas.map(\.0) == ["\n\\begin{cases} a \\\\\nb \\end{cases}\n"])
        // As in Obsidian, a `|` ends a cell in a table's row, in a formula too (`\vert` and `\mid` do not).
        let table = Self.read("| a | b |\n|---|---|\n| $\\vert x \\vert$ | $\\downarrow$ |\n| $|x|$ | c |\n")
        #expect(table.formulas.map(\.0) == ["\\vert x \\vert", "\\downarrow"])
        guard case .table(let parsed)? = table.note.blocks.first?.kind else { Issue.record("no table"); return }
        #expect(parsed.rows.map(\.count) == [2, 2])
    }

    @Test func noFormulaRunsIntoCodeCommentsLinksFootnotesOrAnotherBlock() {
        for text in [
            "Shell: echo $$ is the PID; see `echo $$`.", "A $$ here <!-- and $$ there --> end.", "A $a <!-- b$ --> c",
            "D $$ a [^n$$] b", "$a [^n$] b", "See [the $5 plan](https://x.com/buy?$plan=5) now.", "$x [link](http://e.com/?q=$) y",
            "$a [[Note$x]] b", "Run $$ here\n> quote $$ there", "Cost $$x\n---\ny $$ z", "Title $$a\n===\nb $$", "P $$ a\n***\nq $$",
            "Example:\n\n    $ echo $$\n    12345\n    $ kill $$\n", "> Example:\n>\n>     $ echo $$\n>     $ kill $$\n",
            "    cost $$ is\nReal text and $$ too.", "Go to https://e.com/a$b and $c.",
        ] {
            let read = Self.read(text)
            #expect(read.formulas.isEmpty, "\(text) → \(read.formulas)")
            let plain = MarkdownReader(math: false).read(text, path: "m.md").note
            #expect(read.note.blocks.map(\.kind) == plain.blocks.map(\.kind), "\(text) reads otherwise than without math")
        }
        // Math in a list's indented paragraph is still math.
        #expect(Self.read("- item\n\n    $x$ here\n").formulas.map(\.0) == ["x"])
        // A line ending is a line feed: no carriage return reaches TeX.
        #expect(Self.read("> $$\r\n> a \\\\\r\n> b\r\n> $$\r\n").formulas.map(\.0) == ["\na \\\\\nb\n"])
    }

    @Test func longLinesOfDollarsAreReadInLinearTime() {
        // 400,000 dollars took 19 s when each `$$` looked to the end of its line.
        for line in [String(repeating: "$", count: 400_000), String(repeating: "$$x$$", count: 80_000), String(repeating: "$$ ", count: 130_000)] {
            let read = Self.read(line)
            #expect(read.note.blocks.count == 1)
        }
    }

    @Test func dollarsAloneOnTheirLinesMakeABlockThatMayHoldBlankLines() {
        let block = Self.read("Before.\n\n$$\n\\begin{aligned}\na &= b\n\n\\end{aligned}\n$$\n\nAfter $x$.\n")
        #expect(block.formulas.map(\.0) == ["\n\\begin{aligned}\na &= b\n\n\\end{aligned}\n", "x"])
        #expect(block.note.blocks.count == 3)
        // Ending on a line that ends in `$$`, as Obsidian's do.
        #expect(Self.read("$$\na\n- b$$\n").formulas.map(\.0) == ["\na\n- b"])
        // Unclosed: text, as written.
        #expect(Self.read("$$\na\n\nb\n").formulas.isEmpty)
    }

    @Test func aLineOfUnclosedDollarsIsReadInLinearTime() {
        // 40,000 openers and no closer: each is looked for once.
        let text = String(repeating: "$a ", count: 40_000) + "\n\n" + String(repeating: "$$ b\n\n", count: 20_000)
        let read = Self.read(text)
        #expect(read.formulas.isEmpty)
        #expect(read.text.hasPrefix("$a $a "))
    }

    @Test func theMarkdownWriterKeepsFormulasAndEscapesDollars() {
        let source = "Euler $e^{i\\pi}$ costs \\$5, and $x$&#53; is one.\n\n$$\n\\frac{1}{2}\n+ 1\n$$\n\n> $$\n> a\n>  - b\n> $$\n\n- item $$x\n  + y$$\n"
        let first = Self.read(source)
        let written = MarkdownWriter().write(first.note)
        #expect(written.contains("Euler $e^{i\\pi}$ costs \\$5, and $x$&#53; is one."), "\(written)")
        #expect(written.contains("$$\n\\frac{1}{2}\n+ 1\n$$"), "\(written)")
        let again = Self.read(written)
        #expect(again.formulas.map(\.0) == first.formulas.map(\.0))
        #expect(again.formulas.map(\.1) == first.formulas.map(\.1))
        #expect(again.text == first.text)
    }

    @Test func formulasTheReaderCannotHaveMadeAreWrittenSoThatTheyReadBackTheSame() {
        func paragraph(_ inlines: [Inline]) -> Block { Block(.paragraph(inlines)) }
        func formula(_ tex: String, _ style: MathStyle) -> Inline { .span(Formatting(math: style), [.text(tex)]) }
        let note = Note(path: "m.md", blocks: [
            paragraph([formula("\\text{a $b$ c}", .display)]),
            paragraph([.text("A "), formula("a\\ ", .inline), .text(" and "), formula("a % c\n+ b", .inline), .text(".")]),
            Block(.heading(level: 2, [.text("Head "), formula("\\beta\n\\gamma", .display)])),
            paragraph([formula("x$", .inline), .text(" and "), formula("a$$b", .display), .text(" end")]),
            paragraph([.text("D "), formula("a\\", .display), .text(" and "), formula("b$", .display), .text(".")]),
        ])
        let written = MarkdownWriter().write(note)
        #expect(written.contains("$$\n\\text{a $b$ c}\n$$"), "\(written)")
        #expect(written.contains("A $a\\ {}$ and $a  + b$."), "\(written)")
        #expect(written.contains("## Head $$\\beta \\gamma$$"), "\(written)")
        #expect(written.contains("$x\\$$ and $$a$\\$b$$ end"), "\(written)")
        let back = Self.read(written)
        #expect(back.formulas.map(\.0) == ["\n\\text{a $b$ c}\n", "a\\ {}", "a  + b", "\\beta \\gamma", "x\\$", "a$\\$b", "a\\ {}", "b\\$"])
    }

    /// A `%` inside `\verb|…|` is no comment: a formula written on one line keeps it, and what
    /// follows (a review found `\verb|%| x % c` cut to `\verb|`).
    @Test func aPercentInsideVerbIsNoCommentOnOneLine() {
        #expect(MarkdownWriter.oneLine("\\verb|%| x % c\nd") == "\\verb|%| x  d")
        #expect(MarkdownWriter.oneLine("\\verb*+%+ y\nz") == "\\verb*+%+ y z")
        #expect(MarkdownWriter.oneLine("\\verbose % gone\nk") == "\\verbose  k")
        #expect(MarkdownWriter.oneLine("\\verb|open % gone\nk") == "\\verb|open  k")
        #expect(MarkdownWriter.oneLine("\\\\verb|% gone\nk") == "\\\\verb| k")
        let note = Note(path: "m.md", blocks: [
            Block(.paragraph([.text("Text "), .span(Formatting(math: .display), [.text("\\verb|%| x % c\nd")]), .text(" more.")]))
        ])
        let written = MarkdownWriter().write(note)
        #expect(written.contains("$$\\verb|%| x  d$$"), "\(written)")
    }

    @Test func jsonCarriesFormulasInNotebookMathBothWays() throws {
        let first = Self.read("Inline $x^2$ and\n\n$$\n\\sum_i i\n$$\n")
        let json = AttributedJSONWriter().write(first.note).json
        #expect(json.contains("\"notebook.math\" : \"inline\"") || json.contains("\"notebook.math\": \"inline\""), "\(json)")
        #expect(json.contains("display"))
        let back = AttributedJSONReader().read(json, path: "m.json")
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        var formulas: [(String, MathStyle)] = []
        Self.eachInlines(back.note.blocks) { formulas += Self.formulas($0) }
        #expect(formulas.map(\.0) == ["x^2", "\n\\sum_i i\n"])
        #expect(formulas.map(\.1) == [.inline, .display])
        #expect(MarkdownWriter().write(back.note) == MarkdownWriter().write(first.note))
        let bad = AttributedJSONReader().read(#"{"runs": ["x", {"notebook.math": "block"}]}"#, path: "bad.json")
        #expect(bad.diagnostics.contains { $0.message.contains("'notebook.math'") && $0.message.contains("\"inline\" or \"display\"") }, "\(bad.diagnostics)")
    }

    /// Found by review: a formula run that also carries inline code intent is a formula on the
    /// page, and so in the Markdown `convert` writes (it was a code span, the formula lost).
    @Test func aFormulaWithCodeIntentIsWrittenAsAFormula() throws {
        let json = #"{"attributeTable":[{"NSPresentationIntent":{"components":[{"identity":1,"kind":["paragraph"]}]}},"#
            + #"{"NSPresentationIntent":{"components":[{"identity":1,"kind":["paragraph"]}]},"notebook.math":"inline","NSInlinePresentationIntent":4}],"#
            + #""runs":["Energy ",0,"E=mc^2",1," here.",0]}"#
        let read = AttributedJSONReader().read(json, path: "m.json")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(MarkdownWriter().write(read.note) == "Energy $E=mc^2$ here.\n")
    }

    /// A JSON code block's language is one word, as a fence's: another would be another class on
    /// the page (`skip-link`, which the theme hides), which Markdown could never give.
    @Test func aJSONCodeBlocksLanguageIsItsFirstWordWithAWarning() throws {
        let json = #"{"attributeTable":[{"NSPresentationIntent":{"components":[{"identity":1,"kind":["codeBlock","swift skip-link"]}]}}],"runs":["let x = 1\n",0]}"#
        let read = AttributedJSONReader().read(json, path: "c.json")
        #expect(read.diagnostics.count == 1 && read.diagnostics.first?.severity == .warning, "\(read.diagnostics)")
        #expect(read.diagnostics.first?.location?.column == 93)
        guard case .codeBlock(let code)? = read.note.blocks.first?.kind else { Issue.record("no code block"); return }
        #expect(code.language == "swift")
        #expect(MarkdownWriter().write(read.note).hasPrefix("```swift\n"))
    }
}
