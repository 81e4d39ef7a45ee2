import Foundation
import NotebookFormats
import NotebookModel
import Testing

@testable import NotebookSite

/// A site's math is typeset as MathML at build time, in Markdown and JSON notes alike, unless
/// `math: false`; a formula KaTeX refuses is a warning at its place and shows its source; the
/// preview typesets what it rebuilds; Quartz's own LaTeX page reads as its authors meant.
@Suite struct MathSiteTests {
    static let markdown = """
        # Math

        Euler: $e^{i\\pi} = -1$, but $5 and $10 stay money.

        $$
        \\int_0^1 x\\,dx = \\frac{1}{2}
        $$

        ```math
        \\sum_{k=1}^n k
        ```

        A $\\nosuch{x}$ and a $\\href{javascript:alert(1)}{link}$.
        """

    static var json: String {
        AttributedJSONWriter().write(MarkdownReader().read("Pythagoras: $a^2 + b^2 = c^2$\n", path: "j.md").note).json
    }

    @Test func markdownAndJSONNotesShowTheirMathAsMathML() throws {
        let site = try TemporarySite(["notes/math.md": Self.markdown, "notes/json.json": Self.json])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let page = try site.output("math/index.html")
        #expect(page.contains("Euler: <span class=\"katex\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow><msup><mi>e</mi>"), "\(page)")
        #expect(page.contains("but $5 and $10 stay money."))
        #expect(page.contains("<p><span class=\"katex-display\"><span class=\"katex\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">"))
        #expect(page.contains("<div class=\"katex-display\"><span class=\"katex\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\"><semantics><mrow><munderover>"))
        // A refused formula shows its source; an untrusted command its name, never its URL.
        #expect(page.contains("A <code class=\"math\">$\\nosuch{x}$</code> and"))
        #expect(!page.contains("href=\"javascript"))
        let warnings = report.diagnostics.filter { $0.code.hasPrefix("math.") }.map {
            "\($0.path.split(separator: "/").suffix(2).joined(separator: "/")):\($0.location?.description ?? ""): \($0.message)"
        }
        #expect(warnings == [
            "notes/math.md:13:4: this formula is shown as its source: KaTeX refused it: Undefined control sequence: \\nosuch",
            "notes/math.md:13:23: KaTeX warns: \\href is not allowed here: it is shown as its name",
        ])
        let json = try site.output("json/index.html")
        #expect(json.contains("Pythagoras: <span class=\"katex\"><math"), "\(json)")
    }

    /// A note's warnings from KaTeX past the first hundred are one warning that counts them, as
    /// its other findings are; another note's are its own.
    @Test func aNotesManyMathWarningsAreFolded() throws {
        let many = (0..<150).map { "A $\\href{x}{\($0)}$ link." }.joined(separator: "\n\n")
        let site = try TemporarySite(["notes/many.md": many, "notes/few.md": "A $\\href{x}{y}$ link.\n"])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        expectFoldedFindings(report.diagnostics, code: "math.warning")
    }

    /// A note's formulas are typeset up to 128 KB of TeX, each counted as often as it occurs (each
    /// occurrence is MathML in the page): past it, a warning at the first left out, and the rest
    /// shown as their source, however often one formula repeats.
    @Test func aNotesFormulasAreTypesetUpToItsBudgetCountingEveryOccurrence() throws {
        // 15,000 times 9 bytes of TeX: 135,000 bytes, past 131,072 at the 14,564th.
        let note = String(repeating: "A $x^{12345}$ b.\n", count: 15_000)
        let site = try TemporarySite(["notes/many.md": note])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let budget = report.diagnostics.filter { $0.code == "math.budget" }
        #expect(budget.count == 1, "\(budget)")
        #expect(budget.first?.location?.line == 14_564)
        let page = try site.output("many/index.html")
        #expect(page.components(separatedBy: "<math").count - 1 == 14_563)
        #expect(page.components(separatedBy: "<code class=\"math\">").count - 1 == 15_000 - 14_563)
    }

    @Test func mathFalseLeavesDollarsTextAndLoadsNoScript() throws {
        let site = try TemporarySite(["notebook.yml": "math: false\n", "notes/math.md": Self.markdown])
        let cache = site.path + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let report = SitePipeline(options: BuildOptions(cacheFolder: cache)).build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(!report.diagnostics.contains { $0.code.hasPrefix("math.") })
        let page = try site.output("math/index.html")
        #expect(!page.contains("<math"))
        // As before notebook read math: Markdown's own rules, a backslash before punctuation an escape.
        #expect(page.contains("Euler: $e^{i\\pi} = -1$, but $5 and $10 stay money."), "\(page)")
        #expect(page.contains("<p>$$\n\\int_0^1 x,dx = \\frac{1}{2}\n$$</p>"), "\(page)")
        #expect(!page.contains("class=\"math"))
        #expect(page.contains("<pre><code class=\"language-math\">\\sum_{k=1}^n k\n</code></pre>"))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
        #expect(!files.contains { $0.hasPrefix("math-") }, "\(files)")
    }

    @Test func aSecondBuildTakesTheMathFromTheCacheAndWritesTheSamePages() throws {
        let site = try TemporarySite(["notes/math.md": Self.markdown])
        let cache = site.path + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        func build(_ output: String) throws -> String {
            let report = SitePipeline(options: BuildOptions(output: site.path + "/" + output, cacheFolder: cache)).build(site.path)
            #expect(report.diagnostics.filter { $0.code.hasPrefix("math.") }.count == 2, "\(report.diagnostics)")
            return try String(contentsOfFile: site.path + "/" + output + "/math/index.html", encoding: .utf8)
        }
        let first = try build("first")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).contains { $0.hasPrefix("math-") })
        let second = try build("second")
        #expect(second == first && second.contains("<math"))
    }

    @Test func checkReadsTheCacheButWritesNone() throws {
        let site = try TemporarySite(["notes/math.md": Self.markdown, "notes/code.md": "```swift\nlet x = 1\n```\n"])
        let cache = site.path + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let report = SitePipeline(options: BuildOptions(cacheFolder: cache)).check(site.path)
        #expect(report.diagnostics.filter { $0.code.hasPrefix("math.") }.count == 2, "\(report.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: cache), "check wrote \((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? [])")
    }

    @Test func strictMakesWhatKaTeXRefusesAnError() throws {
        let site = try TemporarySite(["notes/math.md": Self.markdown])
        let report = SitePipeline(options: BuildOptions(strict: true)).build(site.path)
        #expect(!report.succeeded)
        let math = report.diagnostics.filter { $0.code.hasPrefix("math.") }
        #expect(math.count == 2 && math.allSatisfy { $0.severity == .error }, "\(math)")
    }

    /// The heading a page shows as its title is checked as the body is (`build`, `check` and
    /// `render` agree) and typeset in its `h1`; the title as text (`<title>`, lists, search)
    /// shows its formulas' TeX between their dollars.
    @Test func aFormulaInTheTitleHeadingIsCheckedTypesetInTheHeadingAndKeepsItsDollarsAsText() throws {
        let site = try TemporarySite(["notes/energy.md": "# Energy $E = mc^2$ and $\\nosuch$\n\nBody $x$.\n"])
        let report = SitePipeline().build(site.path)
        let refused = report.diagnostics.filter { $0.code.hasPrefix("math.") }
        #expect(refused.count == 1 && refused.first?.location == SourceLocation(line: 1, column: 26), "\(report.diagnostics)")
        let page = try site.output("energy/index.html")
        #expect(page.contains("<h1>Energy <span class=\"katex\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\">"), "\(page)")
        #expect(page.contains("<msup><mi>c</mi><mn>2</mn></msup>"), "\(page)")
        // What KaTeX refused shows as its source, as in the body.
        #expect(page.contains(" and <code class=\"math\">$\\nosuch$</code></h1>"), "\(page)")
        #expect(page.contains("<title>Energy $E = mc^2$"), "\(page)")
        let index = try site.output("index.html")
        #expect(index.contains(">Energy $E = mc^2$ and $\\nosuch$</a>"), "\(index)")
        #expect(!page.contains("<h1 id=") && !page.contains("id=\"energy"), "\(page)")
        #expect(!SitePipeline(options: BuildOptions(strict: true)).check(site.path).succeeded)
    }

    @Test func mathMustBeTrueOrFalse() throws {
        let site = try TemporarySite(["notebook.yml": "math: yes please\n", "notes/math.md": Self.markdown])
        let report = SitePipeline().check(site.path)
        #expect(report.diagnostics.contains { $0.message.hasPrefix("'math' must be true or false") && $0.location?.line == 1 }, "\(report.diagnostics.map(\.message))")
    }

    @Test func thePreviewTypesetsWhatItRebuilds() throws {
        let fixture = try SiteSessionTests.Fixture(["notes/math.md": "A $x^2$.\n"])
        var page = try String(contentsOfFile: fixture.output + "/math/index.html", encoding: .utf8)
        #expect(page.contains("<msup><mi>x</mi><mn>2</mn></msup>"))
        let report = try fixture.write("notes/math.md", "A $y_3$.\n")
        #expect(report.succeeded, "\(report.diagnostics)")
        page = try String(contentsOfFile: fixture.output + "/math/index.html", encoding: .utf8)
        #expect(page.contains("<msub><mi>y</mi><mn>3</mn></msub>"))
        #expect(fixture.matchesAFullBuild())
    }

    /// Found by review: the home and a folder's page showed their introducing note's title formula
    /// as TeX in their `h1`.
    @Test func theHomeAndFolderPagesTypesetTheirIntroductionsTitle() throws {
        let site = try TemporarySite([
            "notes/index.md": "# Home $h^2$\n\nWelcome.\n", "notes/geo/index.md": "# Geometry $\\pi r^2$ `c`\n\nShapes.\n",
            "notes/geo/circle.md": "# Circle\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let home = try site.output("index.html")
        #expect(home.contains("<h1>Home <span class=\"katex\"><math"), "\(home)")
        let folder = try site.output("geo/index.html")
        #expect(folder.contains("<h1>Geometry <span class=\"katex\"><math") && folder.contains("</span> <code>c</code></h1>"), "\(folder)")
        #expect(folder.contains("<title>Geometry $\\pi r^2$ c · "), "\(folder)")
    }

    @Test func thePreviewTypesetsATitlesFormulaAsABuildDoes() throws {
        let fixture = try SiteSessionTests.Fixture(["notes/area.md": "# Area $r^2$\n\nA $x^2$.\n"])
        let report = try fixture.write("notes/area.md", "# Area $\\pi r^2$\n\nA $y_3$.\n")
        #expect(report.succeeded, "\(report.diagnostics)")
        let page = try String(contentsOfFile: fixture.output + "/area/index.html", encoding: .utf8)
        #expect(page.contains("<h1>Area <span class=\"katex\"><math") && page.contains("<mi>π</mi>"), "\(page)")
        #expect(fixture.matchesAFullBuild())
    }

    @Test func quartzsLaTeXPageShowsItsFormulasAsMathML() throws {
        let site = try QuartzVaultTests.copy()
        let report = SitePipeline().build(site.path)
        #expect(!report.diagnostics.contains { $0.code.hasPrefix("math.") }, "\(report.diagnostics.filter { $0.code.hasPrefix("math.") })")
        let page = try site.output("features/latex/index.html")
        #expect(page.components(separatedBy: "<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"block\">").count - 1 == 4)
        #expect(page.contains("produces <span class=\"katex\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow><msup><mi>e</mi>"))
        #expect(!page.contains("<code class=\"math"))
        // Its code examples stay code: `$$` inside a fence, `$e^{i\pi} = -1$` inside backticks.
        #expect(page.contains("<code>$e^{i\\pi} = -1$</code>"))
        let plugin = try site.output("features/quartz-plugin/index.html")
        #expect(plugin.contains("<td><span class=\"katex\"><math"), "\(plugin)")
    }
}
