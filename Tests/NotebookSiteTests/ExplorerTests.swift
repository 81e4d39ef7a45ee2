import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// The explorer every page carries: the folders from the top, open on the way to the page's folder
/// with their notes, closed elsewhere; the same for every page of a folder's notes shown together.
@Suite struct ExplorerTests {
    static let files = [
        "notebook.yml": "title: Vault\nbaseURL: https://example.org/\n",
        "notes/index.md": "---\ntitle: Home\n---\nWelcome.\n",
        "notes/top.md": "---\ntitle: Top note\n---\nTop.\n",
        "notes/guides/index.md": "---\ntitle: All the guides\n---\nGuides.\n",
        "notes/guides/one.md": "---\ntitle: One\n---\nOne.\n",
        "notes/guides/two.md": "---\ntitle: Two\n---\nTwo.\n",
        "notes/guides/deep/inner.md": "---\ntitle: Inner\n---\nInner.\n",
        "notes/guides/deep/deeper/bottom.md": "---\ntitle: Bottom\n---\nBottom.\n",
        "notes/recipes/soup.md": "---\ntitle: Soup\n---\nSoup.\n",
        "notes/recipes/bread.md": "---\ntitle: Bread\n---\nBread.\n",
    ]

    /// The explorer's `<nav>` of a page.
    static func explorer(_ html: String) -> String {
        guard let start = html.range(of: "<nav class=\"explorer\""), let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// The links of an explorer, in order.
    static func links(_ explorer: String) -> [String] {
        explorer.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func aNotesPageOpensTheWayToItsFolderAndClosesTheRest() throws {
        let site = try TemporarySite(Self.files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let inner = Self.explorer(try site.output("guides/deep/inner/index.html"))
        // The top's folders by name, guides open down to deep with their notes, recipes closed;
        // then the notes at the top.
        #expect(
            Self.links(inner) == [
                "/guides/", "/guides/deep/", "/guides/deep/deeper/", "/guides/deep/inner/", "/guides/one/", "/guides/two/",
                "/recipes/", "/top/",
            ], "\(inner)")
        #expect(inner.contains("<li class=\"explorer-folder\" data-children data-open><a href=\"/guides/\">All the guides</a>"))
        #expect(inner.contains("<li class=\"explorer-folder\" data-children><a href=\"/recipes/\">recipes</a></li>"))
        #expect(inner.contains("<li class=\"explorer-folder\" data-children><a href=\"/guides/deep/deeper/\">deeper</a></li>"))
        #expect(inner.contains("data-index=\"/search/index.json\""))
        // Every page of one folder's notes has the same explorer, and the folder's page too.
        #expect(Self.explorer(try site.output("guides/one/index.html")) == Self.explorer(try site.output("guides/two/index.html")))
        #expect(Self.explorer(try site.output("guides/one/index.html")) == Self.explorer(try site.output("guides/index.html")))
        // The site's own pages show the top: its folders closed, its notes.
        for page in ["index.html", "tags/index.html", "404.html", "search/index.html", "highlights/index.html"] {
            #expect(Self.links(Self.explorer(try site.output(page))) == ["/guides/", "/recipes/", "/top/"], "\(page)")
        }
    }

    @Test func aFolderShowsItsNotesFiftyAtATimeThoseOfThePageAmongThem() throws {
        var files = ["notes/many/index.md": "---\ntitle: Many\n---\nMany.\n"]
        for number in 1...120 { files["notes/many/n\(String(format: "%03d", number)).md"] = "---\ntitle: N \(String(format: "%03d", number))\n---\nx\n" }
        let site = try TemporarySite(files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        func shown(_ page: String) throws -> [String] {
            Self.links(Self.explorer(try site.output(page))).filter { $0.hasPrefix("/many/n") }
        }
        #expect(try shown("many/n001/index.html") == (1...50).map { "/many/n\(String(format: "%03d", $0))/" })
        #expect(try shown("many/n075/index.html") == (51...100).map { "/many/n\(String(format: "%03d", $0))/" })
        #expect(try shown("many/n120/index.html") == (101...120).map { "/many/n\(String(format: "%03d", $0))/" })
        #expect(try shown("many/index.html") == (1...50).map { "/many/n\(String(format: "%03d", $0))/" })
        // The notes left out are said where they are: before those shown, after them, or both.
        let last = Self.explorer(try site.output("many/n120/index.html"))
        #expect(last.contains("<li class=\"explorer-more\"><a href=\"/many/\">100 earlier notes</a></li>\n<li><a href=\"/many/n101/\">"), "\(last)")
        #expect(!last.contains("more notes"), "\(last)")
        let middle = Self.explorer(try site.output("many/n075/index.html"))
        #expect(middle.contains(">50 earlier notes</a></li>\n<li><a href=\"/many/n051/\">") && middle.contains("/many/n100/\">N 100</a></li>\n<li class=\"explorer-more\"><a href=\"/many/\">20 more notes</a>"), "\(middle)")
        #expect(try !Self.explorer(site.output("many/n001/index.html")).contains("earlier"))
        // The top's notes left out are on the search page: the home page is paginated.
        var top: [String: String] = [:]
        for number in 1...60 { top["notes/r\(String(format: "%02d", number)).md"] = "---\ntitle: R \(String(format: "%02d", number))\n---\nx\n" }
        let rooted = try TemporarySite(top)
        #expect(SitePipeline().build(rooted.path).succeeded)
        #expect(Self.explorer(try rooted.output("r01/index.html")).contains("<li class=\"explorer-more\"><a href=\"/search/\">10 more notes</a></li>"))
        // What every page carries is bounded: 120 notes' pages, none with more than 50 of them.
        let sizes = try (1...120).map { try Self.explorer(site.output("many/n\(String(format: "%03d", $0))/index.html")).utf8.count }
        #expect(sizes.max()! < 50 * 80, "\(sizes.max()!)")
    }

    @Test func theSearchIndexListsTheFoldersInTheExplorersOrderAndCountsTheNotes() throws {
        let site = try TemporarySite(Self.files)
        #expect(SitePipeline().build(site.path).succeeded)
        let data = try Data(contentsOf: URL(fileURLWithPath: site.path + "/public/search/index.json"))
        let index = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let folders = try #require(index["folders"] as? [[Any]])
        #expect(folders.map { $0[1] as? String } == ["/guides/", "/guides/deep/", "/guides/deep/deeper/", "/recipes/"])
        #expect(folders.map { $0[2] as? Int } == [-1, 0, 1, -1])
        let pages = try #require(index["pages"] as? [[Any]])
        // The notes first (7 with pages of their own), then the folders' pages and the home page.
        #expect(index["notes"] as? Int == 7)
        #expect(pages.count == 7 + 4 + 1)
    }

    @Test func hostileNamesAreEscapedInTheExplorer() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: Vault\nbaseURL: https://example.org/\n",
            "notes/a <b> & \"c\"/x.md": "---\ntitle: '<script>alert(1)</script>'\n---\nx\n",
            "notes/a <b> & \"c\"/index.md": "---\ntitle: '\"Q\" & <i>A</i>'\n---\nFolder.\n",
        ])
        let report = SitePipeline(options: BuildOptions(strict: true)).build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let top = Self.explorer(try site.output("index.html"))
        #expect(top.contains(">&quot;Q&quot; &amp; &lt;i&gt;A&lt;/i&gt;</a>"), "\(top)")
        let folder = try #require(Self.links(top).first)
        let page = Self.explorer(try site.output(String(folder.dropFirst()) + "x/index.html"))
        #expect(page.contains(">&lt;script&gt;alert(1)&lt;/script&gt;</a>") && !page.contains("<script>"), "\(page)")
    }

    @Test func aSiteWithNothingToListHasNoExplorer() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n", "notes/index.md": "---\ntitle: Home\n---\nOnly the home page.\n",
        ])
        #expect(SitePipeline(options: BuildOptions(strict: true)).build(site.path).succeeded)
        #expect(!(try site.output("index.html")).contains("class=\"explorer"))
    }

    @Test func aSitesOwnTemplatesReplaceOrEmptyTheExplorerAlone() throws {
        var files = Self.files
        files["templates/explorer.mustache"] = ""
        let site = try TemporarySite(files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try site.output("guides/one/index.html")
        #expect(!page.contains("class=\"explorer") && page.contains("class=\"search-dialog\"") && page.contains("id=\"link-preview\""))
        files["templates/explorer.mustache"] =
            "{{#explorer}}<nav class=\"mine\">{{#folders}}<a href=\"{{url}}\">{{name}}</a>{{#open}}+{{/open}}{{/folders}}</nav>{{/explorer}}"
        let own = try TemporarySite(files)
        let built = SitePipeline(options: BuildOptions(strict: true)).build(own.path)
        #expect(built.succeeded && built.diagnostics.isEmpty, "\(built.diagnostics)")
        #expect(try own.output("guides/one/index.html").contains("<nav class=\"mine\"><a href=\"/guides/\">All the guides</a>+<a href=\"/recipes/\">recipes</a></nav>"))
    }

    @Test func theHomePageShowsTheNewestDatedNotesUnderItsIntroduction() throws {
        var files = Self.files
        for day in 1...7 { files["notes/journal/d\(day).md"] = "---\ntitle: Day \(day)\ndate: 2026-03-0\(day)\n---\nx\n" }
        let site = try TemporarySite(files)
        #expect(SitePipeline().build(site.path).succeeded)
        let home = mainElement(of: try site.output("index.html"))
        let recent = try #require(home.range(of: "<section class=\"recent\">").map { String(home[$0.lowerBound...]) })
        let shown = recent.prefix { $0 != "§" }.components(separatedBy: "</section>")[0]
        #expect(Self.links(shown) == ["/journal/d7/", "/journal/d6/", "/journal/d5/", "/journal/d4/", "/journal/d3/"], "\(shown)")
        #expect(shown.contains("<time datetime=\"2026-03-07\">"))
        // Undated notes are never recent, and a home page without an introduction lists its notes
        // newest first already.
        let undated = try TemporarySite(Self.files)
        #expect(SitePipeline().build(undated.path).succeeded)
        #expect(!(try undated.output("index.html")).contains("class=\"recent\""))
        files["notes/index.md"] = nil
        let plain = try TemporarySite(files)
        #expect(SitePipeline().build(plain.path).succeeded)
        #expect(!(try plain.output("index.html")).contains("class=\"recent\""))
    }
}
