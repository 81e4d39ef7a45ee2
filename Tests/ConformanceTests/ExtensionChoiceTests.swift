import Testing

@testable import NotebookFormats

/// A parse leaves the table and autolink extensions out of text where they find nothing: the
/// HTML through the model is then still what every extension gives.
@Suite struct ExtensionChoiceTests {
    @Test func whatTextNeeds() {
        func needs(_ text: String) -> CmarkParser.Needs { CmarkParser.Needs(Array(text.utf8)) }
        #expect(needs("plain words: and - dashes.") == CmarkParser.Needs(tables: false, autolinks: false))
        #expect(needs("a | b") == CmarkParser.Needs(tables: true, autolinks: false))
        #expect(needs("abc\n:---:\n").tables)
        #expect(needs("abc\n---:\n").tables)
        #expect(!needs("abc\n---\n").tables)
        #expect(needs("abc\n---\u{0C}\n").tables && needs("abc\n\u{0B}---\n").tables)
        #expect(needs("see https://example.org").autolinks)
        #expect(needs("see www.example.org").autolinks)
        #expect(!needs("see wwwexample.org and ww.x").autolinks)
        #expect(needs("mail me@example.org").autolinks)
        #expect(needs("mail me&#64;example.org").autolinks)
        #expect(!needs("http:/ only and w.w.w").autolinks)
        #expect(needs("").tables == false)
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
    ])
    func sameAsEveryExtension(_ markdown: String) {
        let model = HTMLNormalizer.normalize(ConformanceTests.modelHTML(markdown, notebookSyntax: false))
        let reference = HTMLNormalizer.normalize(CmarkParser.referenceHTML(markdown))
        #expect(model == reference, "\(markdown.debugDescription)")
    }
}
