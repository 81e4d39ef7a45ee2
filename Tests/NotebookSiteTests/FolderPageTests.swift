import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// The notes' `index.md` is the home page's text; every folder with notes has a page.
@Suite struct FolderPageTests {
    static let files = [
        "notebook.yml": "title: Vault\nbaseURL: https://example.org/\npageSize: 2\n",
        "notes/index.md": "---\ntitle: Welcome home\nsummary: The vault's front door.\n---\nStart with [the guides](./guides) or [[advanced]].\n",
        "notes/top.md": "---\ntitle: Top\ndate: 2026-01-05\n---\nSee [guides](/guides), [again](/guides/), [[index]] and [home](index.md).\n",
        "notes/guides/index.md": "---\ntitle: All the guides\n---\nGuides for everyone.\n",
        "notes/guides/one.md": "---\ntitle: One\ndate: 2026-01-04\n---\nOne.\n",
        "notes/guides/two.md": "---\ntitle: Two\ndate: 2026-01-03\n---\nTwo.\n",
        "notes/guides/three.md": "---\ntitle: Three\ndate: 2026-01-02\n---\nBack to [guides](../guides/) and [up](../).\n",
        "notes/guides/deep/inner.md": "---\ntitle: Inner\n---\nInner.\n",
        "notes/advanced.md": "---\ntitle: Advanced topics\n---\nThe folder note of advanced/.\n",
        "notes/advanced/a.md": "---\ntitle: A\n---\nA.\n",
        "notes/tags/t.md": "Tag t.\n",
    ]

    @Test func theNotesIndexIsTheHomePage() throws {
        let site = try TemporarySite(Self.files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && !report.diagnostics.contains { $0.code.hasPrefix("link") }, "\(report.diagnostics)")
        let home = try site.output("index.html")
        #expect(home.contains("<title>Welcome home</title>") || home.contains("<title>Welcome home"))
        #expect(home.contains("<h1>Welcome home</h1>"))
        #expect(home.contains("The vault&#39;s front door.") || home.contains("The vault's front door."))
        #expect(home.contains("Start with <a href=\"/guides/\">the guides</a> or <a class=\"wikilink\" href=\"/advanced/\">advanced</a>."))
        // The most recent notes follow, and the rest of the list is paginated as before.
        #expect(home.contains(">Top</a>") && FileManager.default.fileExists(atPath: site.path + "/public/page/2/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/index/index.html"))
        let top = try site.output("top/index.html")
        #expect(top.contains("<a href=\"/guides/\">guides</a>, <a href=\"/guides/\">again</a>, <a class=\"wikilink\" href=\"/\">index</a> and <a href=\"/\">home</a>"))
    }

    @Test func everyFolderWithNotesHasAPageIntroducedByItsIndexOrItsFolderNote() throws {
        let site = try TemporarySite(Self.files)
        #expect(SitePipeline().build(site.path).succeeded)
        let guides = try site.output("guides/index.html")
        #expect(guides.contains("<h1>All the guides</h1>") && guides.contains("Guides for everyone."))
        // One page, however many notes (pageSize is 2 here).
        #expect(guides.contains(">One</a>") && guides.contains(">Two</a>") && guides.contains(">Three</a>"))
        #expect(guides.contains("href=\"/guides/deep/\""))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/guides/page/2/index.html"))
        let advanced = try site.output("advanced/index.html")
        #expect(advanced.contains("<h1>Advanced topics</h1>") && advanced.contains("The folder note of advanced/.") && advanced.contains(">A</a>"))
        let deep = try site.output("guides/deep/index.html")
        #expect(deep.contains("<h1>deep</h1>") && deep.contains(">Inner</a>"))
        // The home page lists the root's folders; tags/ holds tag introductions, not a folder.
        let home = try site.output("index.html")
        #expect(home.contains("href=\"/guides/\"") && home.contains("href=\"/advanced/\""))
        #expect(try site.output("tags/t/index.html").contains("Tag t."))
        let sitemap = try site.output("sitemap.xml")
        for url in ["/guides/", "/guides/deep/", "/advanced/"] { #expect(sitemap.contains("https://example.org\(url)<"), "\(url)") }
        let search = try site.output("search/index.json")
        #expect(search.contains("\"All the guides\"") && search.contains("\"deep\"") && search.contains("\"Welcome home\""))
    }

    /// A note that introduces a page (a folder's, a tag's, the home page) and links to another
    /// is among that note's backlinks, by the page it introduces, as Quartz lists it.
    @Test func anIntroductionsLinksAreBacklinksFromThePageItIntroduces() throws {
        let site = try TemporarySite([
            "notes/n.md": "---\ntitle: N\ntags: [x]\n---\nn\n",
            "notes/tags/x.md": "---\ntitle: About x\n---\nSee [[n]].\n",
            "notes/f/index.md": "---\ntitle: Folder F\n---\nSee [[n]] too.\n", "notes/f/m.md": "m\n",
            "notes/index.md": "---\ntitle: Home\n---\nStart at [[n]].\n",
            "notes/other.md": "---\ntitle: Other\n---\nAnd [[n]].\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let page = try site.output("n/index.html")
        for link in ["<a href=\"/tags/x/\">About x</a>", "<a href=\"/f/\">Folder F</a>", "<a href=\"/\">Home</a>", "<a href=\"/other/\">Other</a>"] {
            #expect(page.contains("<li>" + link + "</li>"), "\(link): \(page)")
        }
    }

    /// A folder note is a note, as in Obsidian: its tags (in its front matter and its text) have
    /// pages, which list it leading to the folder's page, and its text's tags link to them.
    @Test func aFolderNotesTagsListThePageItIntroduces() throws {
        let site = try TemporarySite([
            "notes/F.md": "---\ntitle: Folder F\ntags: [foldertag]\n---\nFolder note F #inlinefoldertag ==folderhl==.\n",
            "notes/F/inside.md": "---\ndate: 2026-01-02\ntags: [foldertag]\n---\nInside.\n",
            "notes/G/index.md": "---\ntitle: Folder G\ntags: [gtag/sub]\n---\nG.\n",
            "notes/G/g.md": "G note.\n",
            "notes/index.md": "---\ntags: [home]\n---\nHome.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let folderTag = try site.output("tags/foldertag/index.html")
        #expect(folderTag.contains("href=\"/f/\"") && folderTag.contains("Folder F") && folderTag.contains("href=\"/f/inside/\""), "\(folderTag)")
        #expect(try site.output("tags/inlinefoldertag/index.html").contains("href=\"/f/\""))
        #expect(try site.output("tags/gtag/sub/index.html").contains("href=\"/g/\""))
        #expect(try site.output("tags/gtag/index.html").contains("href=\"/g/\""))
        #expect(try site.output("tags/home/index.html").contains("href=\"/\""))
        let tags = try site.output("tags/index.html")
        #expect(tags.contains("inlinefoldertag") && tags.contains("gtag"))
        // The folder's page links its text's tag to a page that is there.
        #expect(try site.output("f/index.html").contains("href=\"/tags/inlinefoldertag/\""))
        #expect(try site.output("search/index.html").contains("Folder G"))
        // Its highlights are on the highlights page, leading to the folder's page, where they are.
        let highlights = try site.output("highlights/index.html")
        #expect(highlights.contains("href=\"/f/#highlight-1\"") && highlights.contains("folderhl"), "\(highlights)")
        #expect(try site.output("f/index.html").contains("id=\"highlight-1\""))
        // The page it introduces shows its tags in its meta line, as the note's own page would.
        func meta(_ path: String) throws -> Substring {
            let page = try site.output(path)
            guard let start = page.range(of: "<p class=\"meta\">"), let end = page[start.upperBound...].range(of: "</p>") else { return "" }
            return page[start.upperBound..<end.lowerBound]
        }
        let fMeta = try meta("f/index.html")
        #expect(
            fMeta.contains("<a class=\"tag\" href=\"/tags/foldertag/\">#foldertag</a>")
                && fMeta.contains("<a class=\"tag\" href=\"/tags/inlinefoldertag/\">#inlinefoldertag</a>"), "\(fMeta)")
        #expect(try meta("g/index.html").contains("<a class=\"tag\" href=\"/tags/gtag/sub/\">#gtag/sub</a>"))
        #expect(try meta("index.html").contains("<a class=\"tag\" href=\"/tags/home/\">#home</a>"))
        // A folder without an introducing note shows no tags there.
        #expect(try !meta("tags/foldertag/index.html").contains("class=\"tag\""))
    }

    @Test func aFolderOnAReservedPathIsAnError() throws {
        let site = try TemporarySite(["notes/page/x.md": "x\n", "notes/ok.md": "ok\n"])
        let report = SitePipeline().build(site.path)
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.code == "url.reserved" && $0.path.hasSuffix("notes/page") && $0.message.contains("/page/") })
    }

    @Test func anIntroductionWithoutTextLeavesTheDescriptionToTheSiteOrTheFolder() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: Site\ndescription: The site's own words\nbaseURL: https://example.org/\n",
            "notes/index.md": "---\ntitle: Home\n---\n", "notes/fold/index.md": "---\ntitle: Fold\n---\n",
            "notes/fold/n.md": "- a list, no paragraph\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        #expect(try site.output("index.html").contains("<meta name=\"description\" content=\"The site&#39;s own words\">"))
        #expect(try site.output("fold/index.html").contains("<meta name=\"description\" content=\"The notes in fold\">"))
        // A note with no summary has no description at all, not an empty one.
        let note = try site.output("fold/n/index.html")
        #expect(!note.contains("name=\"description\"") && !note.contains("og:description"))
        // Nor an empty summary in the feed (Atom's is optional).
        let feed = try site.output("feed.xml")
        #expect(feed.contains("<title>n</title>") && !feed.contains("<summary></summary>"), "\(feed)")
    }

    @Test func withoutAnIndexTheHomePageIsAsBefore() throws {
        let site = try TemporarySite(["notebook.yml": "title: Plain\n", "notes/a.md": "---\ntitle: A\n---\nA.\n"])
        #expect(SitePipeline().build(site.path).succeeded)
        let home = try site.output("index.html")
        #expect(home.contains("<h1>Plain</h1>") && !home.contains("introduction"))
    }
}
