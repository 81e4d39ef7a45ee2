import Testing

@testable import NotebookSite

@Suite struct TableOfContentsTests {
    static func entry(_ level: Int, _ text: String) -> TocEntry {
        TocEntry(text: text, id: text.lowercased(), level: level)
    }

    /// The tree as text: each entry with its children in brackets.
    static func shape(_ entries: [TocNode]) -> String {
        entries.map { $0.text + ($0.hasChildren ? "[" + shape($0.children) + "]" : "") }.joined(separator: " ")
    }

    @Test func deeperHeadingsGoUnderTheHeadingBefore() {
        let flat = [Self.entry(2, "A"), Self.entry(3, "A1"), Self.entry(3, "A2"), Self.entry(2, "B"), Self.entry(3, "B1")]
        #expect(Self.shape(TableOfContents.tree(flat)) == "A[A1 A2] B[B1]")
        #expect(TableOfContents.tree(flat)[0].children.map(\.id) == ["a1", "a2"])
    }

    @Test func skippedAndRisingLevelsKeepEveryHeadingOnce() {
        // An h3 right after the page's h1, headings higher than the first, and a level skipped.
        let flat = [Self.entry(3, "Deep"), Self.entry(2, "Up"), Self.entry(1, "Top"), Self.entry(3, "Skip"), Self.entry(2, "Mid"), Self.entry(3, "Low")]
        #expect(Self.shape(TableOfContents.tree(flat)) == "Deep Up Top[Skip Mid[Low]]")
        #expect(TableOfContents.tree([]).isEmpty)
        let same = (0..<4).map { Self.entry(2, "S\($0)") }
        #expect(Self.shape(TableOfContents.tree(same)) == "S0 S1 S2 S3")
    }

    @Test func aNotesPageNestsItsContentsAndShowsItsFolders() throws {
        let site = try TemporarySite([
            "notebook.yml": "baseURL: https://example.org/\n",
            "notes/guides/deep/page.md": "# Page\n\n## One\n\n### One a\n\n### One b\n\n## Two\n\ntext\n",
            "notes/guides/index.md": "# The Guides\n\nAbout guides.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try site.output("guides/deep/page/index.html")
        #expect(page.contains("<li><a href=\"#one\">One</a>\n<ol>\n<li><a href=\"#one-a\">One a</a></li>\n<li><a href=\"#one-b\">One b</a></li>\n</ol>\n</li>\n<li><a href=\"#two\">Two</a></li>"))
        #expect(page.contains("<li><a href=\"/\">"))
        #expect(page.contains("<li><a href=\"/guides/\">The Guides</a></li>\n<li><a href=\"/guides/deep/\">deep</a></li>"))
        // A folder's page shows the folders above it, not itself.
        let deep = try site.output("guides/deep/index.html")
        #expect(deep.contains("<li><a href=\"/guides/\">The Guides</a></li>\n</ol></nav>"))
        #expect(!(try site.output("guides/index.html")).contains("class=\"breadcrumbs\""))
    }

    /// Found by review: the contents hold the three highest levels the page has under its title,
    /// whichever levels the note wrote them at (a note with `#` headings lost its `###`; after a
    /// `##` title, `#####` was left out).
    @Test func theContentsHoldThreeLevelsHoweverTheNoteWroteThem() throws {
        let site = try TemporarySite([
            "notes/hash.md": "---\ntitle: T\n---\nIntro.\n\n# A\n\n## B\n\n### C\n\n#### D\n",
            "notes/h2.md": "## Title\n\n### A\n\n#### B\n\n##### C\n\n###### D\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        for note in ["hash", "h2"] {
            let page = try site.output("\(note)/index.html")
            let toc = page.components(separatedBy: "<nav class=\"toc\"").dropFirst().first?.components(separatedBy: "</nav>").first ?? ""
            #expect(toc.contains(">A</a>") && toc.contains(">B</a>") && toc.contains(">C</a>") && !toc.contains(">D</a>"), "\(note): \(toc)")
        }
    }
}
