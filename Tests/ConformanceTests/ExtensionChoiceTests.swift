import TestSupport
import Testing

@testable import NotebookFormats

/// A parse leaves the table and autolink extensions out of text where they find nothing: the
/// HTML through the model is then still what every extension gives.
@Suite struct ExtensionChoiceTests {
    @Test func whatTextNeeds() {
        func needs(_ text: String) -> CmarkParser.Needs { CmarkParser.Needs(Array(text.utf8)) }
        #expect(needs("plain words: and - dashes.") == CmarkParser.Needs(tables: false, autolinks: .no))
        #expect(needs("a | b") == CmarkParser.Needs(tables: true, autolinks: .no))
        #expect(needs("abc\n:---:\n").tables)
        #expect(needs("abc\n---:\n").tables)
        #expect(!needs("abc\n---\n").tables)
        #expect(needs("abc\n---\u{0C}\n").tables && needs("abc\n\u{0B}---\n").tables)
        #expect(needs("see https://example.org").autolinks == .yes)
        #expect(needs("see www.example.org").autolinks == .yes)
        #expect(needs("see wwwexample.org and ww.x").autolinks == .no)
        #expect(needs("mail me@example.org").autolinks == .yes)
        #expect(needs("mail me&#64;example.org").autolinks == .unlessTextHasNone)
        #expect(needs("http:/ only and w.w.w").autolinks == .no)
        #expect(needs("").tables == false)
        // A URL that is a destination only: the tree's text decides.
        #expect(needs("[a](https://example.org) and [b]( http://x.example ) and <ftp://y.example>").autolinks == .unlessTextHasNone)
        #expect(needs("[a]: https://example.org \"title\"").autolinks == .unlessTextHasNone)
        #expect(needs("[a](https://example.org) but https://bare.example").autolinks == .yes)
        #expect(needs("(https://in.parens.example)").autolinks == .yes)
    }

    /// What in a text node makes the tree parsed without autolinks be parsed again with them.
    @Test func whatTextMayAutolink() {
        func may(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { CmarkParser.mayAutolink($0.baseAddress!, count: $0.count) }
        }
        #expect(may("see https://in.text.example"))
        #expect(may("a @ b"))
        #expect(may("Www.example.org") && may("x wWw.y"))
        #expect(may("x :// y"))
        #expect(!may("salt & pepper, R&D, ww. and w.ww, http:/ and :/"))
        #expect(!may("ends with :/") && !may("ends with :") && !may(".www"))
    }

    /// A note past the arena (parsed with the library's allocator) whose tree, parsed without
    /// autolinks, has a URL in its text: parsed again with them.
    @Test func aNotePastTheArenaIsParsedAgainWithAutolinks() {
        let paragraph = "[a](https://dest.example) and \\[b](https://text.example)\n\n"
        let markdown = String(repeating: paragraph, count: CmarkParser.arenaLimit / paragraph.utf8.count + 10)
        #expect(CmarkParser.Needs(Array(markdown.utf8)).autolinks == .unlessTextHasNone)
        let model = HTMLNormalizer.normalize(ConformanceTests.modelHTML(markdown, notebookSyntax: false))
        #expect(model == HTMLNormalizer.normalize(CmarkParser.referenceHTML(markdown)))
        #expect(model.contains("<a href=\"https://text.example\">"))
    }

    /// Random texts of links, brackets, URLs, addresses, references and code: through the model
    /// (which leaves the autolink extension out where the tree's text shows it finds nothing)
    /// and through libcmark-gfm's renderer with every extension attached.
    @Test func randomTextsAsEveryExtension() {
        let pieces = [
            "[a](https://d.example)", "[b]( http://e.example/x?y=1 )", "<https://f.example>", "https://bare.example/p",
            "\\[c](https://g.example)", "[d] (https://h.example)", "[e](<https://i.example>)", "`https://code.example`",
            "[f]", "(https://paren.example)", "]", "[", "(", ")", "me@example.org", "&#64;", "&#58;//", "&#119;ww.x.example",
            "www.w.example", "WWW.UP.example", "*em https://em.example*", "~~s~~", ":", "//", "https", "ftp:", " ", " ", "\n",
            "\n\n", "[ref]: https://ref.example", "[ref]", "**x**", "![i](https://img.example/i.png)", "& ", "a|b", "word",
        ]
        var generator = SplitMix64(state: 0x5EED)
        for _ in 0..<400 {
            let count = generator.next(below: 10) + 1
            let markdown = (0..<count).map { _ in pieces[generator.next(below: pieces.count)] }.joined() + "\n"
            let model = HTMLNormalizer.normalize(ConformanceTests.modelHTML(markdown, notebookSyntax: false))
            let reference = HTMLNormalizer.normalize(CmarkParser.referenceHTML(markdown))
            #expect(model == reference, "\(markdown.debugDescription)")
        }
    }

    /// Texts on either side of each choice, through the model and through libcmark-gfm's own
    /// renderer with every extension attached.
    @Test(arguments: [
        "www.example.com and https://example.org/x?q=1 and someone@example.net\n",
        "[https://inside.example](https://dest.example) and `https://code.example`\n",
        "escaped http\\://no.example, www-not.example, WWW.UPPER.example\n",
        "<https://bad angle.example> and [bad](https://x y) link\n",
        "*www.emph.example* and ~~ftp://struck.example~~\n",
        "team&#64;example.org and &#119;ww.example.org\n",
        "abc\n:---:\n",
        "def\n---:\n",
        "x | y\n--|--\n1 | 2\n",
        "ratio 3:-1 and a-:b\n",
        "abc\n---\n",
        "abc\n---\u{0C}\n", "abc\n---\u{0B}\n", "abc\n\u{0C}---\n", "abc\n-\u{0C}", "> abc\n> --- \u{0C}\n", "- abc\n  ---\u{0B}\n",
        "plain text with w and : and - but nothing else\n",
        "\\[escaped](https://text.example) and [a] (https://apart.example)\n",
        "[https://link.text.example](https://dest.example) and [x](<https://angle.example>)\n",
        "[ref]: https://ref.example\n\n[ref] and R&D &#64; &#119;ww.entity.example\n",
        "[a](https://dest.example) x &#58;//colon.example\n",
    ])
    func sameAsEveryExtension(_ markdown: String) {
        let model = HTMLNormalizer.normalize(ConformanceTests.modelHTML(markdown, notebookSyntax: false))
        let reference = HTMLNormalizer.normalize(CmarkParser.referenceHTML(markdown))
        #expect(model == reference, "\(markdown.debugDescription)")
    }
}

