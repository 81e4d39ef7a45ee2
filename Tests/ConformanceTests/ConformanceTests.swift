import NotebookModel
import NotebookRender
import Testing

@testable import NotebookFormats

/// Every example of the CommonMark and GFM specs, rendered through the notebook's model.
///
/// The model must keep everything libcmark-gfm keeps: every example its own HTML renderer
/// passes must pass through the model too. With the notebook's own syntax on, the examples
/// where that syntax reads the text differently are listed, each with why.
@Suite struct ConformanceTests {
    /// Examples whose text is notebook syntax, by file and number, with the reason.
    static let notebookSyntaxReadings: [String: [Int: String]] = [
        "spec.txt": [
            598: "`![[foo]]` is an embedded wikilink in notebook syntax",
            146: "an HTML comment is never published (HTMLComments)", 148: "an HTML comment is never published",
            152: "an HTML comment is never published", 288: "an HTML comment is never published",
            289: "an HTML comment is never published", 644: "an HTML comment is never published",
            645: "a comment holding `--`, which CommonMark 0.31, browsers and Obsidian read as one, is never published",
            646: "`<!-->` and `<!-- foo--->`, comments for CommonMark 0.31, browsers and Obsidian, are never published",
        ],
        "extensions.txt": [22: "an HTML comment is never published (HTMLComments)"],
    ]

    /// The model's HTML for an example: raw HTML allowed, every link scheme but the dangerous.
    static func modelHTML(_ markdown: String, notebookSyntax: Bool) -> String {
        let reader = MarkdownReader(notebookSyntax: notebookSyntax)
        let (blocks, _) = reader.readBody(Substring(markdown), path: "example.md")
        return HTMLRenderer(options: RenderOptions(unsafeHTML: true, links: .anySafe)).render(blocks)
    }

    struct Tally {
        var run = 0
        var skipped = 0
        var model = 0
        var reference = 0
        /// Passed by libcmark-gfm's own renderer but not through the model.
        var lost: [SpecExample] = []
    }

    static func run(_ file: String, notebookSyntax: Bool) throws -> Tally {
        var tally = Tally()
        for example in try SpecExample.load(file) {
            if example.tags.contains("disabled") {
                tally.skipped += 1
                continue
            }
            tally.run += 1
            let expected = HTMLNormalizer.normalize(example.html)
            let model = HTMLNormalizer.normalize(modelHTML(example.markdown, notebookSyntax: notebookSyntax))
            let reference = HTMLNormalizer.normalize(CmarkParser.referenceHTML(example.markdown))
            if model == expected { tally.model += 1 }
            if reference == expected { tally.reference += 1 }
            if reference == expected && model != expected { tally.lost.append(example) }
        }
        print(
            "\(file)\(notebookSyntax ? " with notebook syntax" : ""): \(tally.model) of \(tally.run) examples pass "
                + "through the model; libcmark-gfm's own renderer passes \(tally.reference); \(tally.skipped) disabled")
        return tally
    }

    private static func describe(_ example: SpecExample, notebookSyntax: Bool) -> String {
        """
        \(example) passes through libcmark-gfm but not through the model
        markdown: \(example.markdown.debugDescription)
        expected: \(HTMLNormalizer.normalize(example.html))
        model:    \(HTMLNormalizer.normalize(modelHTML(example.markdown, notebookSyntax: notebookSyntax)))
        """
    }

    @Test("CommonMark and GFM examples through the model", arguments: ["spec.txt", "extensions.txt"])
    func commonMark(file: String) throws {
        let tally = try Self.run(file, notebookSyntax: false)
        for example in tally.lost { Issue.record(Comment(rawValue: Self.describe(example, notebookSyntax: false))) }
        #expect(tally.run > 20)
        #expect(tally.model >= tally.reference)
    }

    @Test("The same examples with notebook syntax on", arguments: ["spec.txt", "extensions.txt"])
    func withNotebookSyntax(file: String) throws {
        let tally = try Self.run(file, notebookSyntax: true)
        let listed = Self.notebookSyntaxReadings[file] ?? [:]
        for example in tally.lost where listed[example.number] == nil {
            Issue.record(Comment(rawValue: Self.describe(example, notebookSyntax: true)))
        }
        #expect(Set(tally.lost.map(\.number)) == Set(listed.keys))
    }

    @Test func normalizerIgnoresOnlyWhatItStates() {
        #expect(HTMLNormalizer.normalize("<p a=\"1\" b=\"2\">x</p>\n<hr />") == HTMLNormalizer.normalize("<p b=\"2\" a=\"1\">x</p><hr>"))
        #expect(HTMLNormalizer.normalize("<h2 id=\"x\">T</h2>") == HTMLNormalizer.normalize("<h2>T</h2>"))
        #expect(HTMLNormalizer.normalize("<s>x</s>") == HTMLNormalizer.normalize("<del>x</del>"))
        #expect(HTMLNormalizer.normalize("<a class=\"bare-url\" href=\"u\">u</a>") == HTMLNormalizer.normalize("<a href=\"u\">u</a>"))
        #expect(HTMLNormalizer.normalize("<a class=\"other\" href=\"u\">u</a>") != HTMLNormalizer.normalize("<a href=\"u\">u</a>"))
        #expect(HTMLNormalizer.normalize("<p>a b</p>") != HTMLNormalizer.normalize("<p>a  b</p>"))
        #expect(HTMLNormalizer.normalize("<p>x</p>") != HTMLNormalizer.normalize("<p>y</p>"))
        #expect(HTMLNormalizer.normalize("<p title=\"a\">x</p>") != HTMLNormalizer.normalize("<p title=\"b\">x</p>"))
    }
}
