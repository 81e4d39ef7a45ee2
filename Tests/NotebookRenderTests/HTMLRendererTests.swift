import NotebookSource
import Foundation
import NotebookFormats
import NotebookModel
@testable import NotebookRender
import Testing

// MARK: - Helpers

private let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
/// The package root's parent holds `shared/`.
private let seedsFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/seed-notes")
private let goldenFolder = testsFolder.appendingPathComponent("Fixtures/Seeds")

private let isRecording = ProcessInfo.processInfo.environment["NOTEBOOK_RECORD_GOLDEN"] == "1"

/// Markdown through the whole pipeline: read, headings from text styles, render.
private func render(_ markdown: String, options: RenderOptions = RenderOptions()) -> String {
    let result = MarkdownReader().read(markdown, path: "note.md")
    return HTMLRenderer(options: options).render(TextStyleHeadings.apply(result.note.blocks))
}

private func render(_ blocks: [Block], options: RenderOptions = RenderOptions()) -> String {
    HTMLRenderer(options: options).render(blocks)
}

private func paragraph(_ inlines: Inline...) -> Block { Block(.paragraph(inlines)) }

private func seed(_ name: String) throws -> (ReadResult, String) {
    let source = try String(contentsOf: seedsFolder.appendingPathComponent("\(name).md"), encoding: .utf8)
    let result = MarkdownReader().read(source, path: "\(name).md")
    let html = HTMLRenderer().render(TextStyleHeadings.apply(result.note.blocks))
    return (result, html)
}

private func golden(_ name: String) throws -> String {
    try String(contentsOf: goldenFolder.appendingPathComponent("\(name).html"), encoding: .utf8)
}

/// The seeds' word-count rule.
private func seedWordCount(_ text: String) -> Int { text.split { $0.isWhitespace || $0.isNewline }.count }

private func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

// MARK: - Seeds

@Suite struct SeedGoldenTests {
    static let seeds = ["trip-notes", "sunday-pancakes", "meeting-notes"]

    /// With `NOTEBOOK_RECORD_GOLDEN=1` the golden files are written instead of compared, and
    /// the test fails so that a run that records is never a passing run.
    @Test(arguments: seeds)
    func seedMatchesGolden(_ name: String) throws {
        let (result, html) = try seed(name)
        #expect(result.diagnostics.isEmpty)
        let url = goldenFolder.appendingPathComponent("\(name).html")
        if isRecording {
            try FileManager.default.createDirectory(at: goldenFolder, withIntermediateDirectories: true)
            try Data(html.utf8).write(to: url)
            Issue.record("recorded \(name).html: rerun without NOTEBOOK_RECORD_GOLDEN")
            return
        }
        let expected = try golden(name)
        #expect(html == expected, "rerun with NOTEBOOK_RECORD_GOLDEN=1 to record, then review the diff")
    }

    @Test func tripNotesGoldenShowsATitle2HeadingAndTheYellowHighlight() throws {
        let html = try golden("trip-notes")
        #expect(
            html == """
                <h2 id="trip-notes"><strong>Trip notes</strong></h2>
                <p>Book the night train before Friday. <mark class="highlight highlight-yellow">Seats sell out fast.</mark></p>

                """)
        #expect(!html.contains("text-style"))
    }

    @Test func sundayPancakesGoldenShowsATitleHeadingItalicAndUnderline() throws {
        let html = try golden("sunday-pancakes")
        #expect(html.hasPrefix("<h1 id=\"sunday-pancakes\"><strong>Sunday Pancakes</strong></h1>\n"))
        #expect(html.contains("<em>ten minutes</em>"))
        #expect(html.contains("<u>medium-low</u>"))
        #expect(occurrences(of: "<p>", in: html) == 2)
        #expect(html.contains("<p>Add blueberries after pouring, never into the bowl.</p>"))
    }

    @Test func meetingNotesGoldenKeepsTheScaledRangeAParagraph() throws {
        let html = try golden("meeting-notes")
        #expect(
            html == """
                <p><span class="color-primary" style="font-size: 1.18em"><strong>Meeting Notes</strong></span></p>
                <p>Action items here.</p>

                """)
        #expect(!html.contains("<h"))
    }

    @Test(arguments: [
        ("trip-notes", "Trip notes\nBook the night train before Friday. Seats sell out fast.", 12),
        (
            "sunday-pancakes",
            "Sunday Pancakes\nRest the batter for ten minutes before cooking. The pan should be medium-low, or the outside "
                + "burns before the middle sets.\nAdd blueberries after pouring, never into the bowl.", 31
        ),
        ("meeting-notes", "Meeting Notes\nAction items here.", 5),
    ])
    func seedWordCounts(_ name: String, _ text: String, _ words: Int) throws {
        let (result, _) = try seed(name)
        #expect(seedWordCount(text) == words)
        #expect(result.note.wordCount == words)
        #expect(WordCount.count(TextStyleHeadings.apply(result.note.blocks)) == words)
        #expect(PlainText.of(result.note.blocks) == text)
    }
}

// MARK: - Escaping

@Suite struct EscapingTests {
    @Test func scriptInText() {
        let model = render([paragraph(.text("<script>alert(\"x\") & 'y'</script>"))])
        #expect(model == "<p>&lt;script&gt;alert(&quot;x&quot;) &amp; 'y'&lt;/script&gt;</p>\n")
        let markdown = render("Say <script>alert(1)</script> hi")
        #expect(!markdown.lowercased().contains("<script"))
        #expect(markdown.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func scriptInLinkTitle() {
        let link = Formatting(link: Link(destination: "https://example.com", title: "\"><script>alert(1)</script>"))
        let html = render([paragraph(.span(link, [.text("a")]))])
        #expect(
            html == "<p><a href=\"https://example.com\" title=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\">a</a></p>\n")
        let markdown = render("[a](https://example.com \"<script>x</script>\")")
        #expect(markdown.contains("title=\"&lt;script&gt;x&lt;/script&gt;\""))
        #expect(!markdown.contains("<script"))
    }

    @Test func scriptInCode() {
        #expect(render("`<script>`") == "<p><code>&lt;script&gt;</code></p>\n")
        #expect(render("```\n<script>alert(1)</script>\n```") == "<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n")
        let language = render([Block(.codeBlock(CodeBlock(language: "\"><script>", code: "x")))])
        #expect(language == "<pre><code class=\"language-&quot;&gt;&lt;script&gt;\">x</code></pre>\n")
    }

    @Test func scriptInAltText() {
        let image = Image(source: "i.png", title: "\"t", alternative: [.text("\"><script>alert(1)</script>")])
        #expect(
            render([paragraph(Inline(.image(image)))])
                == "<p><img src=\"i.png\" alt=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\" title=\"&quot;t\" /></p>\n")
        let markdown = render("![<script>alert(1)</script> **x**](i.png)")
        #expect(!markdown.contains("<script"))
        #expect(markdown.contains("alt=\"&lt;script&gt;alert(1)&lt;/script&gt; x\""))
    }

    @Test func rawHTMLIsTextUnlessUnsafe() {
        let block = "<div onclick=\"x\">\n<script>alert(1)</script>\n</div>"
        let safe = render(block)
        #expect(!safe.contains("<div"))
        #expect(!safe.contains("<script"))
        #expect(safe.contains("&lt;div onclick=&quot;x&quot;&gt;"))
        let inline = render("a <b onclick=\"x\">b</b> <script>c</script>")
        #expect(inline == "<p>a &lt;b onclick=&quot;x&quot;&gt;b&lt;/b&gt; &lt;script&gt;c&lt;/script&gt;</p>\n")
    }

    @Test func unsafeHTMLStillFiltersTags() {
        let unsafe = RenderOptions(unsafeHTML: true)
        let block = render("<div class=\"x\">\n<script>alert(1)</script>\n</div>", options: unsafe)
        #expect(block == "<div class=\"x\">\n&lt;script>alert(1)&lt;/script>\n</div>\n")
        let inline = render("a <b>b</b> <script>c</script> <SCRIPT src=x> <scripts>", options: unsafe)
        #expect(inline == "<p>a <b>b</b> &lt;script>c&lt;/script> &lt;SCRIPT src=x> <scripts></p>\n")
        for tag in ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"] {
            let html = render("x <\(tag)> y </\(tag)>", options: unsafe)
            #expect(html == "<p>x &lt;\(tag)> y &lt;/\(tag)></p>\n", "\(tag)")
        }
        #expect(HTMLEscaping.filterTags("<script/>") == "&lt;script/>")
        #expect(HTMLEscaping.filterTags("<ScRiPt\t>") == "&lt;ScRiPt\t>")
    }

    // MARK: Links

    static let dangerous = [
        "javascript:alert(1)", "JavaScript:alert(1)", "  javascript:alert(1)", "java\tscript:alert(1)",
        "java\nscript:alert(1)", "\u{1}javascript:alert(1)", " \t\nJAVASCRIPT:alert(1)", "vbscript:msgbox(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "DATA:text/html,x", "file:///etc/passwd",
    ]

    @Test(arguments: dangerous)
    func dangerousLinksHaveNoHref(_ destination: String) {
        for options in [RenderOptions(), RenderOptions(links: .anySafe), RenderOptions(links: .only(["javascript", "data", "vbscript", "file"]))] {
            let html = render([paragraph(.span(Formatting(link: Link(destination: destination)), [.text("click")]))], options: options)
            #expect(html == "<p>click</p>\n", "\(destination.debugDescription)")
            let image = render([paragraph(Inline(.image(Image(source: destination, alternative: [.text("pic")]))))], options: options)
            #expect(image == "<p>pic</p>\n", "\(destination.debugDescription)")
        }
    }

    @Test func dangerousLinksFromMarkdown() {
        let sources = [
            "[a](javascript:alert(1))", "[a](JavaScript:alert(1))", "[a](<  javascript:alert(1)>)", "[a](java&#9;script:alert(1))",
            "[a](javascript&#58;alert(1))", "<javascript:alert(1)>", "[a](data:text/html,x)", "[a][r]\n\n[r]: javascript:alert(1)",
        ]
        for source in sources {
            let html = render(source)
            #expect(!html.contains("href"), "\(source): \(html)")
            #expect(html.hasPrefix("<p>"), "\(source): \(html)")
        }
        for source in ["![x](javascript:alert(1))", "![x](data:image/svg+xml;base64,PHN2Zz4=)", "![x](DaTa:image/png,x)"] {
            let html = render(source)
            #expect(html == "<p>x</p>\n", "\(source): \(html)")
        }
    }

    @Test func safeLinksAreKept() {
        let cases: [(String, String)] = [
            ("mailto:a@example.com", "mailto:a@example.com"),
            ("https://example.com/a?b=1&c=2", "https://example.com/a?b=1&amp;c=2"),
            ("http://example.com", "http://example.com"),
            ("../cooking/pancakes.md", "../cooking/pancakes.md"),
            ("#section", "#section"),
            ("/abs/path", "/abs/path"),
            ("?q=1", "?q=1"),
            ("page with space.html", "page%20with%20space.html"),
            ("it's\"<x>", "it&#x27;s%22%3Cx%3E"),
        ]
        for (destination, href) in cases {
            let html = render([paragraph(.span(Formatting(link: Link(destination: destination)), [.text("a")]))])
            #expect(html == "<p><a href=\"\(href)\">a</a></p>\n", "\(destination)")
        }
        #expect(render("![p](pic.png \"T\")") == "<p><img src=\"pic.png\" alt=\"p\" title=\"T\" /></p>\n")
    }

    /// A link whose text is its address is marked, for printed pages, which write a link's
    /// address after its text, to leave it out: an autolink, a bare `www.` or e-mail address, or a
    /// link written with its address as its text; no other.
    @Test func aLinkWhoseTextIsItsAddressIsMarkedBare() {
        let bare = [
            ("<https://example.com>", "https://example.com", "https://example.com"),
            ("www.example.com/a", "http://www.example.com/a", "www.example.com/a"),
            ("<me@example.com>", "mailto:me@example.com", "me@example.com"),
            ("[https://x.org](https://x.org)", "https://x.org", "https://x.org"),
            ("[https://x.org/](https://x.org)", "https://x.org", "https://x.org/"),
            ("[www.x.org](https://www.x.org)", "https://www.x.org", "www.x.org"),
        ]
        for (markdown, href, text) in bare {
            #expect(render(markdown) == "<p><a class=\"bare-url\" href=\"\(href)\">\(text)</a></p>\n", "\(markdown)")
        }
        // Formatting within the text leaves it the address.
        #expect(render("[**https://x.org**](https://x.org)").contains("<a class=\"bare-url\" href=\"https://x.org\"><strong>"))
        #expect(render("[`https://x.org`](https://x.org)").contains("<a class=\"bare-url\" href=\"https://x.org\"><code>"))
        // Other text, no text, and links that lead within the site are no addresses shown.
        for markdown in ["[the site](https://x.org)", "[https://x.org](https://y.org)", "[](https://x.org)", "[other.md](other.md)", "[/a/](/a/)"] {
            #expect(!render(markdown).contains("bare-url"), "\(markdown)")
        }
        // A site's filled link (deferred links) keeps the mark; a broken one is marked broken only.
        let renderer = HTMLRenderer(options: RenderOptions(deferLinks: true))
        let deferred = renderer.renderNote(MarkdownReader().read("<https://example.com> [a](missing.md)", path: "n.md").note.blocks)
        let filled = renderer.fill(deferred) { target in
            if case .link(let url) = target, url == "missing.md" { return LinkSlot.broken }
            return nil
        }
        #expect(filled.html.contains("<a class=\"bare-url\" href=\"https://example.com\">"), "\(filled.html)")
        #expect(filled.html.contains("<a class=\"broken-link\" href=\"missing.md\""), "\(filled.html)")
    }

    @Test func otherSchemesFollowTheLinkPolicy() {
        func href(_ destination: String, _ policy: LinkPolicy) -> Bool {
            render([paragraph(.span(Formatting(link: Link(destination: destination)), [.text("a")]))], options: RenderOptions(links: policy))
                .contains("href=")
        }
        for destination in ["ftp://example.com", "tel:+123", "irc://x", "custom:thing", "Tel:+1"] {
            #expect(!href(destination, .standard), "\(destination)")
            #expect(href(destination, .anySafe), "\(destination)")
        }
        #expect(href("tel:+123", .only(["tel"])))
        #expect(href("TEL:+123", .only(["Tel"])))
        #expect(!href("https://example.com", .only(["tel"])))
        #expect(href("relative/page", .only([])))
        #expect(Link.scheme(of: "  Ht\ttPs://x") == "https")
        #expect(Link.scheme(of: "a/b:c") == nil)
        #expect(Link.scheme(of: "1http:x") == nil)
    }

    @Test func wikilinksUseOnlyAllowedURLs() {
        let link = Formatting(wikilink: WikiLink(target: "Sunday Pancakes", heading: "Batter"))
        let resolved = render(
            [paragraph(.span(link, [.text("pancakes")]))],
            options: RenderOptions(wikilinkURL: { "/cooking/\(Slug.make($0.target))/#\(Slug.make($0.heading ?? ""))" }))
        #expect(resolved == "<p><a class=\"wikilink\" href=\"/cooking/sunday-pancakes/#batter\">pancakes</a></p>\n")
        let hostile = render(
            [paragraph(.span(Formatting(wikilink: WikiLink(target: "\"><script>")), [.text("x")]))],
            options: RenderOptions(wikilinkURL: { _ in "javascript:alert(1)" }))
        #expect(hostile == "<p><a class=\"wikilink wikilink-unresolved\" data-target=\"&quot;&gt;&lt;script&gt;\" title=\"Not found in this notebook: &quot;&gt;&lt;script&gt;\" role=\"link\" aria-disabled=\"true\" tabindex=\"0\">x</a></p>\n")
    }

    // MARK: Colors

    @Test func hexColorsOnlyAsValidatedValues() {
        let unsafe = [
            Color.hex("red;x"), .hex("#fff;background:url(javascript:alert(1))"), .hex("\"><script>"), .hex("#12345"),
            .hex("expression(alert(1))"),
        ]
        for color in unsafe {
            let html = render([
                paragraph(
                    .span(Formatting(color: color), [.text("c")]), .span(Formatting(highlight: color), [.text("h")]))
            ])
            #expect(html == "<p>c<mark class=\"highlight\">h</mark></p>\n", "\(color)")
        }
        let valid = render([
            paragraph(.span(Formatting(color: .hex("#ABCDEF")), [.text("c")]), .span(Formatting(highlight: .hex("#abc")), [.text("h")]))
        ])
        #expect(
            valid
                == "<p><span style=\"color: #abcdef\">c</span><mark class=\"highlight\" style=\"background-color: #aabbcc\">h</mark></p>\n"
        )
    }

    @Test func namedColorsBecomeClassesOnly() {
        let odd = Color.palette("x\" onmouseover=\"alert(1)")
        let html = render([paragraph(.span(Formatting(highlight: odd, color: odd), [.text("t")]))])
        #expect(!html.contains("onmouseover=\""))
        #expect(!html.contains("alert(1)"))
        let named = render([
            paragraph(.span(Formatting(highlight: .palette("green"), color: .semantic(.secondary)), [.text("t")]))
        ])
        #expect(named == "<p><span class=\"color-secondary\"><mark class=\"highlight highlight-green\">t</mark></span></p>\n")
    }

    /// With anchors on, each highlight's `mark` carries its number first, whatever its color, and
    /// stays inside a colored span and outside emphasis.
    @Test func anchoredHighlightsCarryTheirNumber() {
        let html = render(
            [
                paragraph(
                    .span(Formatting(highlight: .palette("green"), color: .semantic(.secondary)), [.text("a")]),
                    .span(Formatting(bold: true, highlight: .hex("#abc")), [.text("b")]),
                    .span(Formatting(highlight: .hex("red;x")), [.text("c")]))
            ], options: RenderOptions(anchorHighlights: true))
        #expect(
            html
                == "<p><span class=\"color-secondary\"><mark id=\"highlight-1\" class=\"highlight highlight-green\">a</mark></span>"
                + "<mark id=\"highlight-2\" class=\"highlight\" style=\"background-color: #aabbcc\"><strong>b</strong></mark>"
                + "<mark id=\"highlight-3\" class=\"highlight\">c</mark></p>\n")
    }

    /// A scale in the model that no annotation could give must not crash the renderer.
    @Test func hugeScaleDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let block = Block(.paragraph([.span(Formatting(scale: 1e300), [.text("big")])]))
            _ = HTMLRenderer().render([block])
        }
    }

    @Test func unusualScales() {
        for scale in [Double.nan, .infinity, -1, 0] {
            #expect(render([paragraph(.span(Formatting(scale: scale), [.text("t")]))]) == "<p>t</p>\n", "\(scale)")
        }
        #expect(render([paragraph(.span(Formatting(scale: 1.18), [.text("t")]))]) == "<p><span style=\"font-size: 1.18em\">t</span></p>\n")
        #expect(render([paragraph(.span(Formatting(scale: 2), [.text("t")]))]) == "<p><span style=\"font-size: 2em\">t</span></p>\n")
    }
}

// MARK: - Structure

@Suite struct HTMLStructureTests {
    @Test func headingIDsAreStableAndDeduplicated() {
        let markdown = "# Intro\n\n## Intro\n\n### Intro-1\n\n# Über Café\n\n# ?!\n\n# ^[Styled](bold: true) *Intro*"
        let html = render(markdown)
        let ids = html.components(separatedBy: "id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids == ["intro", "intro-1", "intro-1-1", "über-café", "section", "styled-intro"])
        #expect(render(markdown) == html)
        // From text styles too.
        let styled = render("^[Trip notes](textStyle: 'title2')\n\n^[Trip notes](textStyle: 'title')")
        #expect(styled == "<h2 id=\"trip-notes\">Trip notes</h2>\n<h1 id=\"trip-notes-1\">Trip notes</h1>\n")
    }

    @Test func taskCheckboxesAreDisabled() {
        let html = render("- [ ] todo\n- [x] done\n- plain")
        #expect(
            html == """
                <ul>
                <li><input type="checkbox" disabled="" /> todo</li>
                <li><input type="checkbox" checked="" disabled="" /> done</li>
                <li>plain</li>
                </ul>

                """)
        #expect(occurrences(of: "<input", in: html) == occurrences(of: "disabled=\"\"", in: html))
    }

    @Test func tableAlignment() {
        let html = render("| L | C | R | N |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |")
        #expect(
            html == """
                <table>
                <thead>
                <tr>
                <th align="left">L</th>
                <th align="center">C</th>
                <th align="right">R</th>
                <th>N</th>
                </tr>
                </thead>
                <tbody>
                <tr>
                <td align="left">1</td>
                <td align="center">2</td>
                <td align="right">3</td>
                <td>4</td>
                </tr>
                </tbody>
                </table>

                """)
    }

    @Test func footnoteSectionAndBackReferences() {
        let html = render("A[^x] B[^y] C[^x]\n\n[^y]: Why.\n[^x]: Ex.")
        #expect(
            html == """
                <p>A<sup class="footnote-ref"><a href="#fn1" id="fnref1" aria-label="Footnote 1">1</a></sup> B<sup class="footnote-ref"><a href="#fn2" id="fnref2" aria-label="Footnote 2">2</a></sup> C<sup class="footnote-ref"><a href="#fn1" id="fnref1-2" aria-label="Footnote 1">1</a></sup></p>
                <section class="footnotes" aria-label="Footnotes">
                <ol>
                <li id="fn1">
                <p>Ex. <a href="#fnref1" class="footnote-backref" aria-label="Back to reference 1">↩</a> <a href="#fnref1-2" class="footnote-backref" aria-label="Back to reference 1 (2)">↩</a></p>
                </li>
                <li id="fn2">
                <p>Why. <a href="#fnref2" class="footnote-backref" aria-label="Back to reference 2">↩</a></p>
                </li>
                </ol>
                </section>

                """)
        #expect(render("No such[^nope].") == "<p>No such[^nope].</p>\n")
    }

    /// A footnote may refer to another footnote; the reference must link to it.
    @Test func footnoteReferringToAnotherFootnote() {
        let html = render("Text[^z]\n\n[^z]: Zed[^a]\n\n[^a]: Ay")
        #expect(!html.contains("[^"), "\(html)")
        #expect(html.contains("<li id=\"fn1\">\n<p>Zed<sup class=\"footnote-ref\"><a href=\"#fn2\" id=\"fnref2\" aria-label=\"Footnote 2\">2</a></sup>"), "\(html)")
        #expect(html.contains("<li id=\"fn2\">\n<p>Ay <a href=\"#fnref2\" class=\"footnote-backref\" aria-label=\"Back to reference 2\">↩</a></p>"), "\(html)")
    }

    /// Wherever a definition stands, each reference links to its own footnote's text.
    @Test func footnoteReferencesLinkToTheirOwnText() throws {
        let html = render("[^z]: Zed[^a]\n\nText[^z]\n\n[^a]: Ay")
        let marker = "Text<sup class=\"footnote-ref\"><a href=\"#fn"
        let range = try #require(html.range(of: marker), "\(html)")
        let number = html[range.upperBound...].prefix { $0.isNumber }
        #expect(html.contains("<li id=\"fn\(number)\">\n<p>Zed"), "Text's reference goes to fn\(number): \(html)")
    }

    @Test func footnoteEndingInACodeBlock() {
        let html = render("A[^c]\n\n[^c]: Text\n\n        code\n")
        #expect(html.contains("<li id=\"fn1\">\n<p>Text</p>\n<pre><code>code\n</code></pre>\n<a href=\"#fnref1\" class=\"footnote-backref\" aria-label=\"Back to reference 1\">↩</a>\n</li>"))
    }

    @Test func calloutMarkup() {
        #expect(
            render("> [!WARNING] Careful **now**\n> Body") == """
                <div class="callout callout-warning" data-callout="warning" role="note">
                <p class="callout-title">\(CalloutIcon.svg(.warning))Careful <strong>now</strong></p>
                <p>Body</p>
                </div>

                """)
        #expect(
            render("> [!NOTE]\n> Body") == """
                <div class="callout callout-note" data-callout="note" role="note">
                <p class="callout-title">\(CalloutIcon.svg(.note))Note</p>
                <p>Body</p>
                </div>

                """)
        let hostile = render([Block(.callout(Callout(kind: "x\" onclick=\"alert(1)", blocks: [])))])
        #expect(!hostile.contains("onclick=\""))
    }

    @Test func formattingTags() {
        let html = render("**b** *i* ~~s~~ ^[u](underline: 'double') ^[t](strikethrough: 'dashed') ^[n](bold: false, italic: false)")
        #expect(
            html
                == "<p><strong>b</strong> <em>i</em> <del>s</del> <u class=\"underline-double\">u</u> "
                + "<del class=\"strikethrough-dashed\">t</del> <span class=\"not-bold not-italic\">n</span></p>\n")
    }
}

// MARK: - Hostile inputs, rendered

/// The hostile inputs of `HostileInputTests` (NotebookFormatsTests), read and rendered: the
/// renderer's target is the one that can see both modules.
@Suite struct HostileRenderTests {
    private static func repeated(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }

    static let inputs: [(String, String)] = [
        ("empty", ""),
        ("front matter only", "---\ntitle: T\n---\n"),
        ("NUL bytes", "a\u{0}b [[a\u{0}b]] `c\u{0}` ^[x\u{0}](bold: true)\n\n```\n\u{0}\n```"),
        ("nested quotes", repeated(">", 100_000) + " x"),
        ("nested lists", repeated("- ", 100_000) + "x"),
        ("indented lists", (0..<2_000).map { repeated("  ", $0) + "- x\($0)" }.joined(separator: "\n")),
        ("nested annotations", repeated("^[", 5_000) + "x" + repeated("](bold: true)", 5_000)),
        ("nested strong", repeated("*", 100_000) + "x" + repeated("*", 100_000)),
        ("nested underscores", repeated("_", 100_000) + "x" + repeated("_", 100_000)),
        ("nested brackets", repeated("[", 100_000) + "x" + repeated("]", 100_000)),
        ("long line", repeated("word ", 200_000)),
        ("wide table", {
            let columns = 0..<1_000
            return ["|" + columns.map { " c\($0) |" }.joined(), "|" + columns.map { _ in "---|" }.joined(),
                    "|" + columns.map { " x\($0) |" }.joined()].joined(separator: "\n")
        }()),
    ]

    @Test func hostileInputsRender() {
        for (name, source) in Self.inputs {
            let result = MarkdownReader().read(source, path: "hostile.md")
            let blocks = TextStyleHeadings.apply(result.note.blocks)
            for options in [RenderOptions(), RenderOptions(unsafeHTML: true, links: .anySafe)] {
                let html = HTMLRenderer(options: options).render(blocks)
                #expect(source.isEmpty || source.hasPrefix("---") || !html.isEmpty, "\(name)")
                let hasNUL = html.unicodeScalars.contains("\u{0}")
                #expect(!hasNUL, "\(name): NUL in the HTML: \(html.prefix(200).debugDescription)")
            }
            if source.contains("x") {
                #expect(HTMLRenderer().render(blocks).contains("x"), "\(name): text lost")
            }
        }
    }

    @Test func binaryGarbageRenders() {
        var state: UInt64 = 0x5EED_2026
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let bytes = (0..<200 * 1024).map { _ in UInt8(truncatingIfNeeded: next()) }
        let (text, diagnostics) = SourceText.decode(bytes, path: "garbage.md")
        #expect(diagnostics.map(\.code) == ["source.utf8"])
        let result = MarkdownReader().read(text, path: "garbage.md")
        let html = HTMLRenderer(options: RenderOptions(unsafeHTML: true)).render(result.note.blocks)
        #expect(!html.isEmpty)
        #expect(!html.contains("\u{0}"))
    }

    /// A model deeper than any reader makes: past the renderer's own limit, content is text.
    @Test func deepModelRendersAsTextPastTheLimit() {
        var block = Block(.paragraph([.text("core")]))
        for _ in 0..<1_000 { block = Block(.blockQuote([block])) }
        let quotes = HTMLRenderer().render([block])
        #expect(quotes.contains("core"))
        #expect(occurrences(of: "<blockquote>", in: quotes) <= 200)
        var inline = Inline.text("deep")
        for _ in 0..<1_000 { inline = .span(Formatting(bold: true), [inline]) }
        let spans = HTMLRenderer().render([Block(.paragraph([inline]))])
        #expect(spans.contains("deep"))
        #expect(occurrences(of: "<strong>", in: spans) <= 200)
        #expect(occurrences(of: "<strong>", in: spans) == occurrences(of: "</strong>", in: spans))
    }
}
