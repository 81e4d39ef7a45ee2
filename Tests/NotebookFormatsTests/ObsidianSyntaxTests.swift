import NotebookModel
import Testing

@testable import NotebookFormats

/// Obsidian's own Markdown: `%%comments%%`, coloured highlights `==🔴text==`, folding callouts.
@Suite struct ObsidianSyntaxTests {
    private func read(_ source: String) -> ReadResult {
        MarkdownReader().read(source, path: "note.md")
    }

    /// Every piece of text the note shows, code included, joined by newlines.
    private func shown(_ result: ReadResult) -> String {
        PlainText.of(result.note.blocks)
    }

    private func highlights(_ blocks: [Block]) -> [(color: String, text: String)] {
        var found: [(String, String)] = []
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                if case .span(let formatting, let children) = inline.kind {
                    if let color = formatting.highlight { found.append((color.description, PlainText.of(children))) }
                    visit(children)
                }
            }
        }
        for block in blocks { if case .paragraph(let inlines) = block.kind { visit(inlines) } }
        return found
    }

    @Test func commentsReachNoText() {
        let result = read(
            """
            Visible %%secret one%% text. %%trailing secret%%
            More %%across
            lines secret%% after.

            %%
            block secret

            ```
            code secret
            ```
            %%

            Last.
            """)
        let text = shown(result)
        #expect(!text.contains("secret"), "\(text)")
        #expect(text.contains("Visible  text."))
        #expect(text.contains("More  after."))
        #expect(text.contains("Last."))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.comments.map(\.line) == [1, 1, 2, 5])
        #expect(result.comments.first?.column == 9)
        #expect(result.note.wordCount == 5)
    }

    @Test func aCommentThatEndsItsLineTakesTheSpacesBeforeIt() {
        // Two spaces before a line's end would otherwise make a hard break.
        let result = read("First  %%note%%\nsecond")
        guard case .paragraph(let inlines) = result.note.blocks.first?.kind else {
            Issue.record("\(result.note.blocks)")
            return
        }
        #expect(!inlines.contains { $0.kind == .lineBreak })
    }

    @Test func commentMarksInCodeAreText() {
        let result = read(
            """
            `inline %%code%%` and

            ```
            fenced %%kept%%
            ```

            ~~~
            %%
            ~~~
            """)
        let text = shown(result)
        #expect(text.contains("inline %%code%%"))
        #expect(text.contains("fenced %%kept%%"))
        #expect(result.comments.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func anUnclosedCommentHidesTheRestWithAWarning() throws {
        let result = read("---\ntitle: T\n---\nShown.\n\nEnd %% never closed\n\n# Hidden heading\nhidden text\n")
        let text = shown(result)
        #expect(text.contains("Shown."))
        #expect(text.contains("End"))
        #expect(!text.contains("hidden") && !text.contains("Hidden") && !text.contains("never"))
        let warning = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(warning.code == "markdown.comment" && warning.severity == .warning)
        #expect(warning.location == SourceLocation(line: 6, column: 5))
    }

    @Test func diagnosticsAfterACommentKeepTheirPlace() throws {
        let result = read("%%a\nb%% x ^[y](highlight: 'nope')")
        let finding = try #require(result.diagnostics.first)
        let without = try #require(read("a\nb x ^[y](highlight: 'nope')").diagnostics.first)
        #expect(finding.location == SourceLocation(line: 2, column: (without.location?.column ?? 0) + 2))
        #expect(finding.location?.column == 23)
    }

    @Test func commentsInHTMLAndLinksAreGoneToo() {
        let result = read("<div>%%secret%%</div>\n\n[link](https://example.org/ \"t %%secret%%\")")
        #expect(!String(describing: result.note.blocks).contains("secret"))
    }

    @Test func htmlCommentsReachNoTextAndArePlaced() {
        let result = read(
            """
            Visible <!-- secret one --> text.

            <!-- block secret
            over lines -->

            <div>kept <!-- secret two --> too</div>

            <!-->empty<!--->also

            <script>
            <!-- secret in a script, which pages never keep as one -->
            </script>

            `<!-- code stays -->` and <!-- secret three
            across --> lines.

            <!-- draft: secret four --> Lead text.

            <!-- unclosed secret

            Last secret.
            """)
        let text = shown(result)
        #expect(!text.contains("secret"), "\(text)")
        #expect(text.contains("Visible  text."))
        #expect(text.contains("<div>kept  too</div>"))
        #expect(text.contains("<!-- code stays -->"))
        #expect(text.contains(" lines."))
        // What a comment leaves of its line is text, as a browser shows it: paragraphs.
        let paragraphs = result.note.blocks.compactMap { if case .paragraph(let inlines) = $0.kind { PlainText.of(inlines) } else { nil } }
        #expect(paragraphs.contains("emptyalso") && paragraphs.contains("Lead text."), "\(paragraphs)")
        // Each comment where it starts, within blocks too.
        #expect(result.htmlComments.map { "\($0.line):\($0.column)" } == ["1:9", "3:1", "6:11", "8:1", "8:11", "11:1", "14:27", "17:1", "19:1"])
        #expect(result.comments.isEmpty)
        // One left open hides the rest of its block (here the note), as a browser would: said.
        #expect(result.diagnostics.map(\.code) == ["markdown.comment"], "\(result.diagnostics)")
        #expect(result.diagnostics.first?.location == SourceLocation(line: 19, column: 1))
        // A block of comments alone is no block at all.
        #expect(!result.note.blocks.contains { if case .html(let html) = $0.kind { html.contains("secret") || html.allSatisfy(\.isWhitespace) } else { false } })
    }

    /// A comment opened within a paragraph and never closed there is text, as CommonMark reads
    /// it: what the writer meant to hide is shown, so it is a warning at its place. Code, an
    /// escaped `\<!--` and `&lt;!--` are text as written; one closed is no text and no warning.
    @Test func aCommentNeverClosedInItsParagraphIsAWarning() {
        let result = read(
            "Text <!-- secret stuff\n\nMore `<!-- code` and \\<!-- escaped and &lt;!-- entity.\n\n"
                + "a <!-- hidden --> b <!-- y\n\n```\n<!-- fenced\n```\n\n| a | b |\n|---|---|\n| <!-- cell | c |\n\n- item <!-- open\n  next\n")
        let places = result.diagnostics.filter { $0.code == "markdown.comment" }.map { "\($0.location!.line):\($0.location!.column)" }
        #expect(places == ["1:6", "5:21", "13:3", "15:8"], "\(result.diagnostics)")
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("shown as text") })
        #expect(shown(result).contains("Text <!-- secret stuff") && !shown(result).contains("hidden"))
        // Without notebook syntax comments are Markdown's: nothing is said.
        #expect(MarkdownReader(notebookSyntax: false).read("Text <!-- open\n", path: "n.md").diagnostics.isEmpty)
    }

    /// Each comment left open is said once, at its own `<!--`, and only there: not again for each
    /// piece of text after it on its line, not for one in code or a link's address after it, one
    /// closed, or one after an escaping backslash.
    @Test func eachCommentLeftOpenIsSaidOnceAtItsPlace() {
        func places(_ source: String) -> [String] {
            read(source).diagnostics.filter { $0.code == "markdown.comment" }.map { "\($0.location!.line):\($0.location!.column)" }
        }
        #expect(places("a <!-- one *b* <!-- two\n") == ["1:3", "1:16"])
        #expect(places("x <!-- open `<!-- code` y\n") == ["1:3"])
        #expect(places("n <!-- x [l](https://x.org/a<!--b) o\n") == ["1:3"])
        // A `<!--` within a comment is the comment's, as browsers and CommonMark 0.31 read it.
        #expect(places("g <!-- <!-- closed --> i\n").isEmpty)
        #expect(places("p \\\\<!-- shown\n") == ["1:5"])
        #expect(places("q \\<!-- escaped\n").isEmpty)
        // An indented block's comment, at its own column.
        #expect(places("   <!-- l\n\nmore\n") == ["1:4"])
    }

    /// Comments that libcmark-gfm (CommonMark 0.29) reads as text but CommonMark 0.31, browsers
    /// and Obsidian read as comments are never published either: one holding `--` or ending with
    /// `-`, `<!-->`, `<!--->`; within its paragraph only, and not in code.
    @Test func commentsThatOlderCommonMarkReadsAsTextAreLeftOut() {
        let result = read("q <!-- secret -- plan --> r\n\ne <!--> x <!---> y <!-- z- --> w\n\n`<!-- a -- b -->` c\n")
        let text = shown(result)
        #expect(!text.contains("secret") && !text.contains("plan") && !text.contains("z-"), "\(text)")
        #expect(text.contains("q  r") && text.contains("e  x  y  w") && text.contains("<!-- a -- b -->"), "\(text)")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        // Not across a blank line: the paragraph ends first, and what was opened is text, said.
        for blank in ["\n", "   \n"] {
            let across = read("c <!-- TODO -- later\n\(blank)next --> z\n")
            #expect(shown(across).contains("TODO") && across.diagnostics.map(\.code) == ["markdown.comment"], "\(blank)")
        }
    }

    /// A `<!--` that only looks like a comment opening a block (in indented code, inside a
    /// `<div>` block) hides nothing after it: `%%` comments there are still taken out.
    @Test func aCommentOpeningThatIsNoBlockHidesNoSyntaxAfterIt() {
        let result = read("p\n\n    <!-- x\n\n%%s1%% ==a==\n\n<div>\n<!-- z\n</div>\n\n%%s8%% ==h==\n")
        let text = shown(result)
        #expect(!text.contains("s1") && !text.contains("s8") && !text.contains("%%"), "\(text)")
        #expect(highlights(result.note.blocks).map(\.text) == ["a", "h"])
        // One that opens a block and is never closed still hides the rest of the note.
        #expect(!shown(read("a\n\n<!-- open\n\n%%s9%% b ==c==\n")).contains("b"))
    }

    /// A comment inside a quote is placed at its column there.
    @Test func anHTMLCommentInAQuoteIsPlacedAtItsColumn() {
        let result = read("> <div>\n> a <!-- x -->\n> </div>\n")
        #expect(result.htmlComments.map { "\($0.line):\($0.column)" } == ["2:5"])
    }

    @Test func plainMarkdownKeepsHTMLComments() {
        let result = MarkdownReader(notebookSyntax: false).read("A <!-- kept --> b\n\n<!-- kept -->\n", path: "n.md")
        #expect(shown(result) == "A <!-- kept --> b\n<!-- kept -->\n")
        #expect(result.htmlComments.isEmpty)
    }

    @Test func plainMarkdownKeepsPercentSigns() {
        let result = MarkdownReader(notebookSyntax: false).read("50%% off", path: "n.md")
        #expect(shown(result) == "50%% off")
    }

    @Test func colouredHighlightsTakeTheirColourAndLoseTheMark() {
        let result = read("==🔴red== ==🟠 orange== ==🟢green== ==🔵blue== ==🟣purple== ==plain== ==⚪white==")
        let found = highlights(result.note.blocks)
        #expect(found.map(\.color) == ["red", "orange", "green", "blue", "purple", "yellow", "yellow"])
        #expect(found.map(\.text) == ["red", "orange", "green", "blue", "purple", "plain", "⚪white"])
        #expect(!shown(result).contains("🔴"))
    }

    @Test func aMarkAloneIsTheHighlightedTextNotAnEmptyHighlight() {
        let found = highlights(read("==🔴== and ==🔴 ==").note.blocks)
        #expect(found.map(\.color) == ["yellow"])
        #expect(found.map(\.text) == ["🔴"])
    }

    @Test func aColouredHighlightKeepsFormattingInside() {
        let result = read("==🔵**bold** rest==")
        let found = highlights(result.note.blocks)
        #expect(found.map(\.color) == ["blue"])
        #expect(found.map(\.text) == ["bold rest"])
    }

    private func callouts(_ source: String) -> [Callout] {
        read(source).note.blocks.compactMap { if case .callout(let callout) = $0.kind { callout } else { nil } }
    }

    @Test func calloutsFoldWithPlusAndMinus() {
        let found = callouts("> [!tip]- Closed\n> a\n\n> [!faq]+\n> b\n\n> [!note] Plain\n> c\n")
        #expect(found.map(\.folding) == [.closed, .open, .none])
        #expect(found.map { PlainText.of($0.title) } == ["Closed", "", "Plain"])
    }

    @Test func everyDocumentedKindAndAliasHasItsLook() {
        let table: [(String, CalloutKind)] = [
            ("note", .note), ("abstract", .abstract), ("summary", .abstract), ("tldr", .abstract), ("info", .info),
            ("todo", .todo), ("tip", .tip), ("hint", .tip), ("important", .tip), ("success", .success),
            ("check", .success), ("done", .success), ("question", .question), ("help", .question), ("faq", .question),
            ("warning", .warning), ("caution", .warning), ("attention", .warning), ("failure", .failure),
            ("fail", .failure), ("missing", .failure), ("danger", .danger), ("error", .danger), ("bug", .bug),
            ("example", .example), ("quote", .quote), ("cite", .quote), ("whatever", .note), ("TLDR", .abstract),
        ]
        for (name, look) in table {
            #expect(callouts("> [!\(name)]\n> x\n").first?.look == look, "\(name)")
        }
    }

    @Test func foldingSurvivesBothFormats() throws {
        let source = "> [!WARNING]- Careful\n> body\n"
        let note = read(source).note
        let markdown = MarkdownWriter().write(note)
        #expect(markdown.contains("[!WARNING]- Careful"))
        let json = AttributedJSONWriter().write(note).json
        let back = AttributedJSONReader().read(json, path: "n.json").note
        guard case .callout(let callout) = back.blocks.first?.kind else {
            Issue.record("\(back.blocks)")
            return
        }
        #expect(callout.folding == .closed && callout.kind == "warning")
        #expect(PlainText.of(callout.title) == "Careful")
    }

    private func images(_ source: String) -> [Image] {
        var found: [Image] = []
        for block in read(source).note.blocks {
            if case .paragraph(let inlines) = block.kind {
                for inline in inlines { if case .image(let image) = inline.kind { found.append(image) } }
            }
        }
        return found
    }

    @Test func imageSizesAreNoDescription() {
        let found = images("![[a.png|200]] ![[a.png|Cap|200x100]] ![[a.png|Just alt]] ![d|300](a.png) ![e|x300](a.png) ![[a.png|2000000]]")
        #expect(found.map { $0.size?.description } == ["200", "200x100", nil, "300", nil, nil])
        #expect(found.map { PlainText.of($0.alternative) } == ["a.png", "Cap", "Just alt", "d", "e|x300", "2000000"])
    }

    /// Obsidian embeds audio, video and PDF files as it embeds images: each is an image of the
    /// model, found by name; a document keeps the page it opens at, an image no fragment.
    @Test func embeddedAudioVideoAndDocumentsAreImages() {
        let found = images("![[talk.MP3]] ![[clip.mp4|320]] ![[paper.pdf#page=3]] ![[pic.png#x]] ![[notes.txt]]")
        #expect(found.map(\.source) == ["talk.MP3", "clip.mp4", "paper.pdf#page=3", "pic.png"])
        #expect(found.allSatisfy { $0.isEmbed })
        #expect(found.map { PlainText.of($0.alternative) } == ["talk.MP3", "clip.mp4", "paper.pdf", "pic.png"])
        #expect(found[1].size?.description == "320")
        // Written back as it was read.
        let markdown = MarkdownWriter().write(read("![[paper.pdf#page=3]] ![[clip.mp4|320]]\n").note)
        #expect(markdown.contains("![[paper.pdf#page=3"), "\(markdown)")
        #expect(images(markdown).map(\.source) == ["paper.pdf#page=3", "clip.mp4"])
    }

    @Test(arguments: [
        ("a.png", EmbeddedMedia.image), ("A.JPEG", .image), ("x/y.mp3", .audio), ("song.flac?v=2", .audio), ("clip.webm", .video),
        ("clip.MOV#t=10", .video), ("paper.pdf#page=3", .pdf), ("https://example.org/p.pdf", .pdf),
    ])
    func mediaByExtension(source: String, kind: EmbeddedMedia) {
        #expect(EmbeddedMedia(source: source) == kind)
    }

    @Test func noMediaWithoutAKnownExtension() {
        for source in ["notes.txt", "a.b/readme", "pdf", "", "x.pdf/", "file.mp3x", "archive.tar.gz", "v.mp4.md"] {
            #expect(EmbeddedMedia(source: source) == nil, "\(source)")
        }
    }

    @Test func imageSizesSurviveBothFormats() throws {
        let note = read("![[a.png|Cap|200x100]] and ![d|300](b.png)\n").note
        let markdown = MarkdownWriter().write(note)
        #expect(markdown.contains("![[a.png|Cap|200x100]]") && markdown.contains("![d|300](b.png)"))
        let json = AttributedJSONWriter().write(note).json
        #expect(json.contains("\"notebook.imageSize\"") && json.contains("\"200x100\""))
        let back = AttributedJSONReader().read(json, path: "n.json")
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        var sizes: [String] = []
        for block in back.note.blocks {
            if case .paragraph(let inlines) = block.kind {
                for inline in inlines { if case .image(let image) = inline.kind { sizes.append(image.size?.description ?? "-") } }
            }
        }
        #expect(sizes == ["200x100", "300"])
    }

    @Test func embedsSurviveBothFormats() throws {
        let note = read("![[Source#Second part|shown]]\n").note
        #expect(MarkdownWriter().write(note).contains("![[Source#Second part|shown]]"))
        let json = AttributedJSONWriter().write(note).json
        #expect(json.contains("notebook.embed"))
        let back = AttributedJSONReader().read(json, path: "n.json")
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        #expect(MarkdownWriter().write(back.note).contains("![[Source#Second part|shown]]"))
    }
}
