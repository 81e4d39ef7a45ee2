import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// The palette: CSS colors only, merged with the defaults, each with its rules in both modes.
@Suite struct PaletteTests {
    @Test(arguments: ["#abc", "#abcd", "#a1b2c3", "#a1b2c3d4", "teal", "RebeccaPurple", "rgb(10, 20, 30)", "rgba(10 20 30 / 50%)", "hsl(120deg 50% 50%)", "hsla(120, 50%, 50%, 0.5)"])
    func cssColorsAreAccepted(_ text: String) {
        #expect(CSSColor.parse(text) == text.lowercased())
    }

    @Test(arguments: ["red;x", "#abcde", "#ggg", "url(x)", "var(--a)", "rgb(1,2,3);}", "rgb(calc(1),2,3)", "expression(1)", "teal }", "{}", "hsl(1 2 3) x", "rgb()", "", "rgb(1,2)", "rgb(1,,2)", "rgb(1.2.3,1,1)", "rgb(1,2,3,4,5)"])
    func anythingElseIsRefused(_ text: String) {
        #expect(CSSColor.parse(text) == nil)
    }

    @Test func aPaletteNameIsAClassName() {
        for name in ["1", "-a", "Teal", "a_b"] {
            let read = SiteConfigReader.read("palette:\n  '\(name)': teal\n", path: "notebook.yml")
            #expect(read.diagnostics.map(\.severity) == [.error], "\(name)")
        }
        #expect(SiteConfigReader.read("palette:\n  sea-2: teal\n", path: "notebook.yml").diagnostics.isEmpty)
    }

    @Test func entriesOverrideDefaultsOfTheirNameAndAddTheRest() throws {
        let read = SiteConfigReader.read("palette:\n  yellow: '#ff0'\n  teal: teal\n  mint: 'rgb(170, 240, 209)'\n", path: "notebook.yml")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let names = read.config.palette.map(\.name)
        #expect(names == ["yellow", "green", "pink", "orange", "blue", "purple", "red", "gray", "teal", "mint"])
        #expect(read.config.palette.first == PaletteColor(name: "yellow", css: "#ff0"))
    }

    @Test func everyPaletteColorGetsItsHighlightAndTextRulesInBothModes() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\npalette:\n  mint: 'rgb(170, 240, 209)'\n",
            "formatting.yml": "highlight: { values: [yellow, mint] }\ncolor: { values: [mint, yellow] }\n",
            "notes/a.md": "Old ==yellow== stays; ^[new](highlight: 'mint') and ^[text](color: 'mint').\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && !report.diagnostics.contains { $0.severity == .error }, "\(report.diagnostics)")
        // The rules are written once, and every page links them instead of carrying them.
        let css = try site.output("assets/palette.css")
        #expect(css.contains(".highlight-mint { background-color: rgb(170, 240, 209); }"))
        #expect(css.contains(".highlight-yellow { background-color: #fde68a; }"))
        // A text colour for light mode and one for dark: the page's colour scheme picks.
        #expect(css.contains(".color-mint { color: light-dark(rgb(170, 240, 209), rgb(170, 240, 209)); }"), "\(css)")
        #expect(css.contains(".color-yellow { color: light-dark(#7a5a00, #e3b341); }"))
        #expect(!css.contains("@media"))
        for path in ["a/index.html", "index.html", "tags/index.html", "highlights/index.html", "404.html"] {
            let page = try site.output(path)
            #expect(page.contains("<link rel=\"stylesheet\" href=\"/assets/palette.css\">"), "\(path)")
            #expect(!page.contains("<style>"), "\(path)")
        }
        let page = try site.output("a/index.html")
        #expect(page.contains("class=\"highlight highlight-mint\""))
        #expect(page.contains("class=\"color-mint\"") || page.contains("color-mint"))
    }

    @Test func theStyleSheetFollowsTheBaseURLAndLinksToItResolve() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/notes/\n",
            "notes/a.md": "The [palette](/assets/palette.css) is the site's own.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(try site.output("a/index.html").contains("<link rel=\"stylesheet\" href=\"/notes/assets/palette.css\">"))
        #expect(try site.output("assets/palette.css").hasPrefix(".highlight-yellow { background-color: #fde68a; }\n"))
    }

    @Test func aFileOfTheSiteAtThePalettesPathIsAnErrorNamingBoth() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "notes/a.md": "A\n",
            "assets/palette.css": "body { color: red; }\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(!report.succeeded)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(report.diagnostics)")
        #expect(errors.first?.message.contains("assets/palette.css") == true, "\(errors)")
        #expect(errors.first?.message.contains("palette") == true, "\(errors)")
    }

    @Test func hexHighlightsKeepTheirColorOnTheHighlightsPage() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "formatting.yml": "highlight: { values: [yellow, '#ff8800'] }\n",
            "notes/a.md": "One ^[hex](highlight: '#ff8800') passage and ==a yellow one==.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let page = try site.output("highlights/index.html")
        #expect(page.contains("<span class=\"swatch \" style=\"background-color: #ff8800\" aria-hidden=\"true\"></span> #ff8800"), "\(page)")
        #expect(page.contains("<mark class=\"highlight \" style=\"background-color: #ff8800\">hex</mark>"))
        #expect(page.contains("2 highlighted passages"))
    }

    @Test func countsOnPagesSayTheirNounInTheRightNumber() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "notes/a.md": "---\ntags: [solo]\n---\nOne ==word==\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let home = try site.output("index.html")
        #expect(home.contains("1 note · 2 words"))
        let note = try site.output("a/index.html")
        #expect(note.contains("2 words"))
        let highlights = try site.output("highlights/index.html")
        #expect(highlights.contains("1 highlighted passage<"))
        let one = try TemporarySite(["notebook.yml": "title: T\nbaseURL: https://example.org/\n", "notes/a.md": "Word\n"])
        #expect(SitePipeline().build(one.path).succeeded)
        #expect(try one.output("index.html").contains("1 note · 1 word<"))
        #expect(try one.output("a/index.html").contains("1 word<"))
    }

    @Test func withoutAFormattingDefinitionEveryPaletteColourIsAHighlight() throws {
        // A vault has no formatting.yml: Obsidian's coloured highlights keep their colours.
        let site = try TemporarySite([
            "notes/a.md": "---\ntitle: A\ndate: 2026-01-02\n---\n==🔴Red== and ==🟣purple== and ^[gray](highlight: 'gray') and ==plain==.\n"
        ])
        let report = SitePipeline().build(site.path)
        #expect(!report.diagnostics.contains { $0.code.hasPrefix("constraint") }, "\(report.diagnostics)")
        let page = try site.output("a/index.html")
        for color in ["red", "purple", "gray", "yellow"] {
            #expect(page.contains("class=\"highlight highlight-\(color)\">"), "\(color)")
        }
        #expect(!page.contains("🔴") && !page.contains("🟣"))
        let highlights = try site.output("highlights/index.html")
        #expect(highlights.contains("highlight-red") && highlights.contains("highlight-purple"))
    }

    @Test func aFormattingDefinitionStillCorrectsColouredHighlights() throws {
        let site = try TemporarySite([
            "formatting.yml": "highlight: { values: [yellow, green, pink], default: yellow }\n",
            "notes/a.md": "==🔴Red== and ==🟢green==.\n",
        ])
        let report = SitePipeline().build(site.path)
        let corrected = report.diagnostics.filter { $0.message.contains("'red'") }
        #expect(corrected.count == 1 && corrected.first?.severity == .warning, "\(report.diagnostics)")
        #expect(corrected.first?.location == SourceLocation(line: 1, column: 1))
        let page = try site.output("a/index.html")
        #expect(page.contains("class=\"highlight highlight-yellow\">Red</mark>"))
        #expect(page.contains("class=\"highlight highlight-green\">green</mark>"))
    }
}
