import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// `baseURL` is a URL or a path from the root; a relative one is a warning for feed and sitemap.
@Suite struct BaseURLTests {
    @Test(arguments: ["https://example.org/", "http://localhost:8000/notes/", "/", "/docs/", "https://example.org"])
    func acceptedBaseURLs(_ text: String) {
        #expect(SiteURLs.problem(withBaseURL: text) == nil)
    }

    @Test(arguments: ["not a url", "example.org", "ftp://example.org/", "https://", "//example.org/", "https://a.org/?q=1", "javascript:alert(1)", "https://a.org/\u{1B}", "https://e.org/\u{7F}/", "https://e.org:99999/", "https://user:pw@e.org/", "https://e.org/\u{85}"])
    func refusedBaseURLs(_ text: String) {
        #expect(SiteURLs.problem(withBaseURL: text)?.contains("is not a URL") == true)
    }

    @Test func aBaseURLThatIsNotOneIsAnErrorAtItsLine() throws {
        let read = SiteConfigReader.read("title: T\nbaseURL: not a url\n", path: "notebook.yml")
        #expect(read.diagnostics.map(\.severity) == [.error])
        #expect(read.diagnostics.first?.location?.line == 2)
        #expect(read.config.baseURL == "/")
    }

    @Test func aRelativeBaseURLIsAWarningForBuildAndCheckButNotThePreview() throws {
        let site = try TemporarySite(["notebook.yml": "title: T\nbaseURL: /\n", "notes/a.md": "A.\n"])
        for report in [SitePipeline().build(site.path), SitePipeline().check(site.path)] {
            let warning = try #require(report.diagnostics.first { $0.code == "config.base-url" })
            #expect(warning.severity == .warning && warning.location?.line == 2)
            #expect(warning.message.contains("feed.xml and sitemap.xml need one"))
        }
        #expect(!SitePipeline(options: BuildOptions(baseURL: "https://example.org/")).check(site.path).diagnostics.contains {
            $0.code == "config.base-url"
        })
        var session = SiteSession(directory: site.path, options: BuildOptions(output: site.path + "-out", baseURL: "http://127.0.0.1:1/"))
        defer { try? FileManager.default.removeItem(atPath: site.path + "-out") }
        #expect(!session.build().diagnostics.contains { $0.code == "config.base-url" })
    }

    /// A notebook.yml that cannot be read is an error, and its baseURL is not said to be the
    /// default's `/` on top of it (the file may give one).
    @Test func anUnreadableConfigurationSaysNothingOfItsBaseURL() throws {
        for config in ["title: [unclosed\nbaseURL: https://x.org/\n", "title: T\nbaseURL: not a url\n"] {
            let site = try TemporarySite(["notebook.yml": config, "notes/a.md": "A.\n"])
            let report = SitePipeline().check(site.path)
            #expect(report.diagnostics.contains { $0.severity == .error && $0.path.hasSuffix("notebook.yml") }, "\(report.diagnostics)")
            #expect(!report.diagnostics.contains { $0.code == "config.base-url" }, "\(report.diagnostics)")
        }
    }

    /// `--base-url` reaches the links rendered as the notes are read: a `#tag` in the text.
    @Test func aBaseURLGivenOnTheCommandLineReachesTheTagsInTheText() throws {
        let site = try TemporarySite(["notes/a.md": "About #travel here.\n"])
        #expect(SitePipeline(options: BuildOptions(baseURL: "/sub/")).build(site.path).succeeded)
        let page = try site.output("a/index.html")
        #expect(page.contains("About <a class=\"tag\" href=\"/sub/tags/travel/\">#travel</a> here."), "\(page)")
    }

    @Test func theFeedsAuthorFallsBackToTheSitesTitle() throws {
        let site = try TemporarySite(["notebook.yml": "title: Field & Notes\nbaseURL: https://example.org/\n", "notes/a.md": "A.\n"])
        #expect(SitePipeline().build(site.path).succeeded)
        let feed = try site.output("feed.xml")
        #expect(feed.contains("<author><name>Field &amp; Notes</name></author>"))
        #expect(feed.contains("<id>https://example.org/</id>"))
    }

    /// The feed's entries link by the site's paths; `xml:base` tells a reader where they are,
    /// and a site without an absolute base URL says nothing it does not know.
    @Test func theFeedSaysWhereItsEntriesLinksAre() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/sub/\n", "notes/a.md": "See [[b]].\n", "notes/b.md": "B.\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let feed = try site.output("feed.xml")
        #expect(feed.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"en\" xml:base=\"https://example.org/sub/\">"), "\(feed)")
        #expect(feed.contains("href=&quot;/sub/b/&quot;"), "\(feed)")
        let relative = try TemporarySite(["notes/a.md": "A.\n"])
        #expect(SitePipeline().build(relative.path).succeeded)
        #expect(!(try relative.output("feed.xml")).contains("xml:base"))
    }
}
