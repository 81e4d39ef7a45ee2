import Foundation
import NotebookSearch
import Testing

@testable import NotebookSite

/// The search's files and page as a site's build writes them.
@Suite struct SearchSiteTests {
    static let notes = [
        "notes/guides/setup.md": "---\ntitle: Setting up\ntags: [start]\n---\n# Setting up\n\nInstall the blueberries first.\n\n## Crème brûlée\n\nAfter dinner.\n",
        "notes/guides/deep/inner.md": "# Inner\n\n新幹線に乗る。\n",
        "notes/top.md": "# Top\n\nA note at the top, about </script> and \"quotes\".\n",
    ]

    static func json(_ site: borrowing TemporarySite, _ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try site.output(path).utf8))
    }

    /// Every term of the term files, with its postings' pages and weights.
    static func terms(_ site: borrowing TemporarySite) throws -> [String: [(page: Int, weight: Int)]] {
        var terms: [String: [(page: Int, weight: Int)]] = [:]
        let folder = site.path + "/public/search/terms"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))) as? [String])
            // A word kept only as its stem ("=STEM") has no postings of its own.
            for index in stride(from: 0, to: list.count, by: 2) where !list[index + 1].hasPrefix("=") {
                terms[list[index]] = Postings.read(list[index + 1]).map { ($0.note, $0.weight) }
            }
        }
        return terms
    }

    @Test func theIndexNamesEveryNoteAndFolderAndStemsEnglish() throws {
        let site = try TemporarySite(Self.notes)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let index = try #require(try Self.json(site, "search/index.json") as? [String: Any])
        #expect(index["stem"] as? String == "english")
        let pages = try #require(index["pages"] as? [[Any]])
        let folders = try #require(index["folders"] as? [[Any]])
        #expect(folders.map { $0[1] as? String } == ["/guides/", "/guides/deep/"])
        #expect(folders[1][2] as? Int == 0)
        let titles: [String] = pages.map { page in page[0] as? String ?? "" }
        #expect(Set(titles) == ["Setting up", "Inner", "Top", "guides", "deep"])
        let terms = try Self.terms(site)
        let setup = try #require(titles.firstIndex(of: "Setting up"))
        // Stemmed, folded, weighed: in the title (32), in a heading or tag (16), counted in the text.
        #expect(terms["blueberri"]?.map { $0.page } == [setup])
        #expect(terms["creme"]?.first?.weight == 16 | 1)
        let set = terms["set"]?.first { $0.page == setup }
        #expect(set.map { $0.weight & 32 } == 32)
        #expect(terms["start"]?.first?.weight == 16)
        let inner = try #require(titles.firstIndex(of: "Inner"))
        #expect(terms["新幹線"]?.map { $0.page } == [inner])
        // The text files carry each section under its heading's id on the page.
        // Each page is its summary (what link previews show), then its sections.
        let entries = try #require(try Self.json(site, "search/text/0.json") as? [[Any]])
        #expect(entries[setup].first as? String == "Install the blueberries first.")
        let text = entries.map { $0.dropFirst().compactMap { $0 as? [String] } }
        #expect(text[setup].contains(["Crème brûlée", "crème-brûlée", "After dinner."]))
        #expect(try site.output("guides/setup/index.html").contains("id=\"crème-brûlée\""))
        // The heading the page shows as its title leads to the page's top.
        #expect(text[setup].first == ["Setting up", "", "Install the blueberries first."])
        // Nothing in the search's files reads as markup in a page.
        #expect(!(try site.output("search/text/0.json")).contains("</script>"))
    }

    @Test func aSiteInAnotherLanguageIsNotStemmed() throws {
        var files = Self.notes
        files["notebook.yml"] = "language: fr\n"
        let site = try TemporarySite(files)
        #expect(SitePipeline().build(site.path).succeeded)
        let index = try #require(try Self.json(site, "search/index.json") as? [String: Any])
        #expect(index["stem"] is NSNull)
        let terms = try Self.terms(site)
        #expect(terms["blueberries"] != nil && terms["blueberri"] == nil)
    }

    @Test func linksCarryTheBasePath() throws {
        var files = Self.notes
        files["notebook.yml"] = "baseURL: https://example.org/blog/\n"
        let site = try TemporarySite(files)
        #expect(SitePipeline().build(site.path).succeeded)
        let index = try #require(try Self.json(site, "search/index.json") as? [String: Any])
        let folders = try #require(index["folders"] as? [[Any]])
        #expect(folders.map { $0[1] as? String } == ["/blog/guides/", "/blog/guides/deep/"])
        let pages = try #require(index["pages"] as? [[Any]])
        let top = try #require(pages.first { $0[0] as? String == "Top" })
        #expect(top[1] as? String == "/blog/top/")
        let setup = try #require(pages.first { $0[0] as? String == "Setting up" })
        #expect(setup[1] as? String == "setup/" && setup[2] as? Int == 0)
        let page = try site.output("top/index.html")
        #expect(page.contains("data-index=\"/blog/search/index.json\""))
        #expect(page.contains("<a class=\"search-open\" href=\"/blog/search/\">"))
    }

    /// Each page's link in the index, as `search.js` makes it (its folder's URL and the rest, or
    /// the whole URL), and each page's breadcrumbs are byte for byte its own: two folders may be
    /// named by the same text in two Unicode forms (which strings compare as equal), and a slug
    /// may begin with a combining mark (which makes one character of the slash before it).
    @Test func linksAreThePagesOwnBytesWhateverTheUnicodeForm() throws {
        let site = try TemporarySite([
            "notes/caf\u{E9}/x.md": "# X\n\ncomposed\n",
            "notes/cafe\u{301}/y.md": "# Y\n\ndecomposed\n",
            "notes/a/z.md": "---\nslug: \"\\u0301z\"\n---\n# Z\n\nmark\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let notes = SiteLoader().load(site.path).notes
        #expect(notes.count == 3)
        let index = try #require(try Self.json(site, "search/index.json") as? [String: Any])
        let folders = try #require(index["folders"] as? [[Any]])
        let pages = try #require(index["pages"] as? [[Any]])
        for note in notes {
            let page = try #require(pages.first { $0[0] as? String == note.title })
            let written = try #require(page[1] as? String), folder = try #require(page[2] as? Int)
            let link = written.hasPrefix("/") || folder < 0 ? written : try #require(folders[folder][1] as? String) + written
            #expect(Array(link.utf8) == Array(note.url.utf8), "\(note.title): \(link.unicodeScalars.map(\.value))")
        }
        // A folder's breadcrumbs are made once for its pages: each form of the name has its own.
        for forms in [["/caf\u{E9}/", "/cafe\u{301}/"], ["/cafe\u{301}/", "/caf\u{E9}/"]] {
            let plan = PagePlan(layoutOf: SiteLoader().load(site.path), urls: SiteURLs(baseURL: "/"))
            for folder in forms {
                #expect(plan.breadcrumbs(to: folder).last.map { Array($0.url.utf8) } == Array(folder.utf8))
            }
        }
    }

    @Test func theSearchPageListsEveryNoteByFolderAndEveryTag() throws {
        let site = try TemporarySite(Self.notes)
        #expect(SitePipeline().build(site.path).succeeded)
        let page = try site.output("search/index.html")
        for link in ["/guides/setup/", "/guides/deep/inner/", "/top/", "/tags/start/"] {
            #expect(page.contains("href=\"\(link)\""), "\(link)")
        }
        #expect(page.contains("guides › deep"))
        #expect(page.contains("Searching needs JavaScript"))
        // Every page has the Search link and its dialog.
        #expect(try site.output("top/index.html").contains("class=\"search-dialog\""))
    }

    @Test func aSiteMayOverrideTheSearchBoxAlone() throws {
        var files = Self.notes
        files["notebook.yml"] = "baseURL: https://example.org/\n"
        files["templates/search-box.mustache"] = "<a class=\"my-search\" href=\"{{site.searchPage}}\">Find</a>\n"
        let site = try TemporarySite(files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try site.output("top/index.html")
        #expect(page.contains("<a class=\"my-search\" href=\"/search/\">Find</a>"))
        #expect(!page.contains("search-dialog"))
        #expect(page.contains("class=\"theme-toggle\""))
        #expect(try site.output("search/index.html").contains("class=\"search-page\""))
    }

    @Test func aSiteMayLeaveOutTheLinkPreviews() throws {
        var files = Self.notes
        files["notebook.yml"] = "baseURL: https://example.org/\n"
        let plain = try TemporarySite(files)
        #expect(SitePipeline().build(plain.path).succeeded)
        #expect(try plain.output("top/index.html").contains("<template id=\"link-preview\" data-index=\"/search/index.json\">"))
        files["templates/preview.mustache"] = ""
        let site = try TemporarySite(files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try site.output("top/index.html")
        #expect(!page.contains("link-preview") && page.contains("class=\"search-dialog\""))
    }

    @Test func thePlainThemeHasTheSearchToo() throws {
        var files = Self.notes
        files["notebook.yml"] = "theme: plain\nbaseURL: https://example.org/\n"
        let site = try TemporarySite(files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(try site.output("top/index.html").contains("class=\"search-dialog\""))
        #expect(try site.output("search/index.html").contains("theme-plain"))
    }
}
