import Foundation
import NotebookSearch
import NotebookFiles
import NotebookModel
@testable import NotebookSite
import Testing
import TestSupport

/// A session rebuilds exactly the pages a change affects, and its output is always what a full
/// build of the same files writes.
@Suite struct SiteSessionTests {
    static let baseURL = "http://127.0.0.1:8000/"

    /// A small site: a links to b, d links to c; a and c are tagged x, b y.
    static let files = [
        "notebook.yml": "title: Session\npageSize: 2\n",
        "notes/a.md": "---\ntitle: A\ndate: 2026-01-04\ntags: [x]\n---\nA links to [[B]].\n",
        "notes/b.md": "---\ntitle: B\ndate: 2026-01-03\ntags: [y]\n---\nB says ==hello==.\n",
        "notes/c.md": "---\ntitle: C\ndate: 2026-01-02\ntags: [x]\n---\nC is alone.\n",
        "notes/d.md": "---\ntitle: D\ndate: 2026-01-01\n---\nD links to [[C]].\n",
    ]

    /// A session over a copy of `files`, built once, and a function that writes a file and updates.
    final class Fixture {
        let site: TemporarySite
        let output: String
        var session: SiteSession

        init(_ files: [String: String] = SiteSessionTests.files) throws {
            site = try TemporarySite(files)
            output = site.path + "-out"
            session = SiteSession(directory: site.path, options: BuildOptions(output: output, baseURL: SiteSessionTests.baseURL))
            let report = session.build()
            #expect(report.succeeded, "\(report.diagnostics)")
        }

        deinit {
            try? FileManager.default.removeItem(atPath: output)
        }

        func write(_ name: String, _ contents: String) throws -> SessionReport {
            let path = site.path + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            return session.update(changing: [path])
        }

        func remove(_ name: String) throws -> SessionReport {
            try FileManager.default.removeItem(atPath: site.path + "/" + name)
            return session.update(changing: [site.path + "/" + name])
        }

        func move(_ from: String, _ to: String) throws -> SessionReport {
            try FileManager.default.moveItem(atPath: site.path + "/" + from, toPath: site.path + "/" + to)
            return session.update(changing: [site.path + "/" + from, site.path + "/" + to])
        }

        /// Whether the output is byte for byte what a full build writes now.
        func matchesAFullBuild() -> Bool {
            let fresh = output + "-full"
            defer { try? FileManager.default.removeItem(atPath: fresh) }
            let report = SitePipeline(options: BuildOptions(output: fresh, baseURL: SiteSessionTests.baseURL)).build(site.path)
            guard report.succeeded else { return false }
            let expected = OutputDigest.of(fresh)
            let actual = OutputDigest.of(output)
            for path in Set(expected.keys).union(actual.keys) where expected[path] != actual[path] {
                Issue.record("\(path) differs from a full build")
            }
            return expected == actual
        }

        func page(_ path: String) -> String {
            (try? String(contentsOfFile: output + "/" + path, encoding: .utf8)) ?? ""
        }
    }

    static let everyNoteChange = ["index.html", "page/2/index.html", "feed.xml", "highlights/index.html"] + search
    /// What a note that comes, goes or is retitled at the top changes besides: every page's
    /// explorer lists the notes at the top, so every page but the feed, the sitemap and the
    /// search's files is written again (the notes' pages named `notes`).
    static func everyExplorer(_ notes: [String]) -> [String] {
        notes.map { "\($0)/index.html" } + ["404.html", "tags/index.html", "tags/x/index.html", "tags/y/index.html"]
    }
    /// Every file of the search (a change to any note rewrites them all): its index, the term
    /// files and, for these short notes, one text file. The search page is rewritten when a title,
    /// a link, the order, a folder or a tag changes.
    static let search = ["search/index.json"] + SearchIndexFiles.shardKeys.map { "search/terms/\($0).json" } + ["search/text/0.json"]

    /// A name alias's redirect gives way to what comes to its path, and comes back when that
    /// goes, whatever changed: another note's alias, a file beside the notes. The output stays
    /// what a full build writes; a session in memory shows the file, not the redirect.
    @Test func aNameAliasGivingWayFollowsWhatComesAndGoes() throws {
        let files = [
            "notebook.yml": "title: Session\n",
            "notes/a.md": "---\naliases: [shared]\n---\nA.\n", "notes/b.md": "---\naliases: [shared]\n---\nB.\n",
            "notes/g.md": "---\naliases: [pic]\n---\nG.\n",
        ]
        let fixture = try Fixture(files)
        #expect(fixture.page("shared/index.html").contains("/a/"))
        #expect(try fixture.write("notes/a.md", "---\ntitle: A\n---\nA.\n").succeeded)
        #expect(fixture.page("shared/index.html").contains("/b/"), "\(fixture.page("shared/index.html"))")
        #expect(fixture.matchesAFullBuild())
        // A file's copy is at its path slugged as a page's is: `PIC/index.html` at `pic/index.html`.
        #expect(try fixture.write("notes/PIC/index.html", "<p>the file</p>\n").succeeded)
        #expect(fixture.page("pic/index.html") == "<p>the file</p>\n")
        #expect(fixture.matchesAFullBuild())
        #expect(try fixture.remove("notes/PIC/index.html").succeeded)
        #expect(fixture.page("pic/index.html").contains("/g/"))
        #expect(fixture.matchesAFullBuild())

        let site = try TemporarySite(files)
        var memory = SiteSession(directory: site.path, options: BuildOptions(baseURL: SiteSessionTests.baseURL), inMemory: true)
        #expect(memory.build().succeeded)
        #expect(String(decoding: memory.pages["pic/index.html"] ?? [], as: UTF8.self).contains("/g/"))
        try FileManager.default.createDirectory(atPath: site.path + "/notes/pic", withIntermediateDirectories: true)
        try Data("<p>the file</p>\n".utf8).write(to: URL(fileURLWithPath: site.path + "/notes/pic/index.html"))
        #expect(memory.update(changing: [site.path + "/notes/pic/index.html"]).succeeded)
        #expect(memory.pages["pic/index.html"] == nil, "the redirect shadows the file")
    }

    @Test func theFirstBuildIsAFullBuild() throws {
        let fixture = try Fixture()
        #expect(fixture.matchesAFullBuild())
    }

    @Test func editingANoteRebuildsItsPageItsListsAndThePagesThatLinkToIt() throws {
        let fixture = try Fixture()
        let report = try fixture.write("notes/b.md", "---\ntitle: B\ndate: 2026-01-03\ntags: [y]\n---\nB says ==goodbye==.\n")
        #expect(report.succeeded)
        #expect(!report.everything)
        // The order is the same: of the index, only the first page (totals) and b's page, here the same one.
        #expect(
            report.written
                == (["a/index.html", "b/index.html", "feed.xml", "highlights/index.html", "index.html", "tags/y/index.html"] + Self.search).sorted())
        #expect(report.removed.isEmpty)
        #expect(fixture.page("b/index.html").contains("goodbye"))
        #expect(fixture.page("highlights/index.html").contains("goodbye"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aTitleThatMovesAnUndatedNoteRewritesTheSitemap() throws {
        // Undated notes go by title: renaming B to Z moves it from second to last, A staying first.
        let fixture = try Fixture([
            "notes/a.md": "---\ntitle: A\n---\nA links to [[B]].\n", "notes/b.md": "---\ntitle: B\n---\nB.\n",
            "notes/c.md": "---\ntitle: C\n---\nC.\n",
        ])
        let report = try fixture.write("notes/b.md", "---\ntitle: Z\n---\nZ.\n")
        #expect(report.written.contains("sitemap.xml"))
        let sitemap = fixture.page("sitemap.xml")
        #expect(sitemap.range(of: "/c/")!.lowerBound < sitemap.range(of: "/b/")!.lowerBound)
        #expect(fixture.matchesAFullBuild())
    }

    @Test func changingTagsRebuildsTheOldAndNewTagPagesAndTheListOfTags() throws {
        let fixture = try Fixture()
        let report = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\ntags: [z]\n---\nC is alone.\n")
        // No highlight changed and the order is the same: the highlights page stays.
        #expect(
            report.written
                == ([
                    "c/index.html", "d/index.html", "feed.xml", "index.html", "page/2/index.html", "sitemap.xml",
                    "tags/index.html", "tags/x/index.html", "tags/z/index.html", "search/index.html",
                ] + Self.search).sorted())
        #expect(fixture.page("tags/z/index.html").contains("C is alone"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func nestedTagsRebuildEveryLevelAndMatchAFullBuild() throws {
        let fixture = try Fixture(Self.files.merging(["notebook.yml": "title: Session\npageSize: 1\n"], uniquingKeysWith: { $1 }))
        var report = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\ntags: [x/inner]\n---\nC is #alone/here.\n")
        #expect(report.written.contains("tags/x/inner/index.html") && report.written.contains("tags/alone/here/index.html"))
        #expect(report.written.contains("tags/alone/index.html") && report.written.contains("tags/x/index.html"))
        #expect(fixture.page("tags/x/index.html").contains("#x/inner</a>"))
        #expect(fixture.matchesAFullBuild())
        report = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\ntags: [x]\n---\nC is alone.\n")
        #expect(report.removed.contains("tags/x/inner/index.html") && report.removed.contains("tags/alone/index.html"))
        #expect(!fixture.page("tags/x/index.html").contains("#x/inner"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func editingAnEmbeddedNoteRebuildsEveryPageThatShowsIt() throws {
        let fixture = try Fixture(
            Self.files.merging([
                "notes/e.md": "---\ntitle: E\n---\nE shows C:\n\n![[C]]\n",
                "notes/f.md": "---\ntitle: F\n---\nF shows E:\n\n![[E]]\n",
            ]) { $1 })
        #expect(fixture.page("f/index.html").contains("C is alone."))
        let report = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\ntags: [x]\n---\nC is changed.\n")
        #expect(report.written.contains("e/index.html") && report.written.contains("f/index.html"), "\(report.written)")
        #expect(fixture.page("f/index.html").contains("C is changed.") && fixture.page("e/index.html").contains("C is changed."))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func foldersComeAndGoWithTheirNotes() throws {
        let fixture = try Fixture()
        var report = try fixture.write("notes/guides/g.md", "---\ntitle: G\ndate: 2026-01-06\n---\nG.\n")
        #expect(report.written.contains("guides/index.html") && report.written.contains("index.html"))
        #expect(fixture.matchesAFullBuild())
        report = try fixture.write("notes/guides/index.md", "---\ntitle: Guides\n---\nAbout the guides.\n")
        #expect(fixture.page("guides/index.html").contains("About the guides."))
        #expect(fixture.matchesAFullBuild())
        report = try fixture.write("notes/guides.md", "---\ntitle: Folder note\n---\nBeside.\n")
        #expect(!report.succeeded)
        report = try fixture.remove("notes/guides.md")
        #expect(report.succeeded)
        report = try fixture.remove("notes/guides/g.md")
        report = try fixture.remove("notes/guides/index.md")
        #expect(report.removed.contains("guides/index.html"), "\(report.removed)")
        #expect(fixture.matchesAFullBuild())
    }

    @Test func theExplorerOfAFolderChangesWithItsNotesAndEveryPageWithItsFolders() throws {
        // Every page shows the folders at the top; a folder's notes, the pages under it.
        let fixture = try Fixture(ExplorerTests.files)
        var report = try fixture.write("notes/recipes/soup.md", "---\ntitle: Soup of the day\n---\nSoup.\n")
        #expect(report.written.contains("recipes/bread/index.html") && report.written.contains("recipes/index.html"))
        #expect(!report.written.contains("guides/one/index.html") && !report.written.contains("top/index.html"), "\(report.written)")
        #expect(fixture.page("recipes/bread/index.html").contains(">Soup of the day</a>"))
        #expect(fixture.matchesAFullBuild())
        // A paragraph changes no title: its folder's other pages stay.
        report = try fixture.write("notes/recipes/soup.md", "---\ntitle: Soup of the day\n---\nSoup, hot.\n")
        #expect(!report.written.contains("recipes/bread/index.html"), "\(report.written)")
        // A new folder is in every page's explorer.
        report = try fixture.write("notes/tools/saw.md", "---\ntitle: Saw\n---\nSaw.\n")
        #expect(report.written.contains("guides/deep/deeper/bottom/index.html") && report.written.contains("404.html"), "\(report.written)")
        #expect(fixture.page("guides/one/index.html").contains("<a href=\"/tools/\">tools</a>"))
        #expect(fixture.matchesAFullBuild())
        // A folder retitled by its index note too.
        report = try fixture.write("notes/recipes/index.md", "---\ntitle: Recipes\n---\nFood.\n")
        #expect(report.written.contains("guides/one/index.html"), "\(report.written)")
        #expect(fixture.page("guides/one/index.html").contains("<a href=\"/recipes/\">Recipes</a>"))
        #expect(fixture.matchesAFullBuild())
        // A folder that holds only its index note opens once it holds a note, and no more when
        // it holds none again.
        _ = try fixture.write("notes/empty/index.md", "---\ntitle: Empty\n---\nNothing yet.\n")
        #expect(fixture.page("guides/one/index.html").contains("<li class=\"explorer-folder\"><a href=\"/empty/\">Empty</a></li>"))
        _ = try fixture.write("notes/empty/first.md", "---\ntitle: First\n---\nFirst.\n")
        #expect(fixture.page("guides/one/index.html").contains("<li class=\"explorer-folder\" data-children><a href=\"/empty/\">Empty</a></li>"))
        #expect(fixture.matchesAFullBuild())
        _ = try fixture.remove("notes/empty/first.md")
        #expect(fixture.page("guides/one/index.html").contains("<li class=\"explorer-folder\"><a href=\"/empty/\">Empty</a></li>"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aTitleInALaterGroupOfAFoldersNotesChangesOnlyThatGroupsPages() throws {
        // 120 dated notes at the top, newest first: n120 … n071 are the first group of 50.
        var files = ["notebook.yml": "title: Flat\n"]
        for number in 1...120 {
            files["notes/n\(number).md"] = "---\ntitle: N \(number)\ndate: 2026-01-01T00:\(String(format: "%02d", number / 60)):\(String(format: "%02d", number % 60))Z\n---\nx\n"
        }
        let fixture = try Fixture(files)
        // n30 is in the third group (n020 … n001 in the last): only that group's pages show it.
        var report = try fixture.write("notes/n30.md", "---\ntitle: Thirty\ndate: 2026-01-01T00:00:30Z\n---\nx\n")
        let notes = report.written.filter { $0.hasPrefix("n") }
        #expect(Set(notes) == Set((21...70).map { "n\($0)/index.html" }), "\(report.written)")
        #expect(!report.written.contains("404.html") && !report.written.contains("tags/index.html"))
        #expect(fixture.page("n21/index.html").contains(">Thirty</a>"))
        #expect(fixture.matchesAFullBuild())
        // A title in the first group is on every page.
        report = try fixture.write("notes/n100.md", "---\ntitle: Hundred\ndate: 2026-01-01T00:01:40Z\n---\nx\n")
        #expect(report.written.contains("404.html") && report.written.contains("n1/index.html"), "\(report.written)")
        #expect(fixture.matchesAFullBuild())
    }

    /// A JSON file that holds data is a file beside the notes; saved as a note it becomes one,
    /// and back: the preview follows, as a full build would.
    @Test func aJSONFileIsANoteOrAFileAsItsTextSays() throws {
        let fixture = try Fixture()
        _ = try fixture.write("notes/data.json", "{\"foo\": 1}\n")
        #expect(fixture.page("data.json") == "{\"foo\": 1}\n" && fixture.page("data/index.html").isEmpty)
        #expect(fixture.matchesAFullBuild())
        _ = try fixture.write("notes/data.json", "{\"title\": \"Data now\", \"body\": \"Hello.\"}\n")
        #expect(fixture.page("data/index.html").contains("Data now") && fixture.page("data.json").isEmpty)
        #expect(fixture.matchesAFullBuild())
        _ = try fixture.write("notes/data.json", "[1, 2, 3]\n")
        #expect(fixture.page("data.json") == "[1, 2, 3]\n" && fixture.page("data/index.html").isEmpty)
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aNoteBesideAFolderIntroducesItWhileTheFolderHoldsANote() throws {
        // `guides.md` is a note's page, then the folder's page while `guides/` holds a note, then
        // a note's page again: its own page is never lost, and its tag's list shows it throughout
        // (as the folder's introducer, leading to the same page).
        let fixture = try Fixture()
        var report = try fixture.write("notes/guides.md", "---\ntitle: Guides\ndate: 2026-01-07\ntags: [x]\n---\nBeside.\n")
        #expect(fixture.page("guides/index.html").contains("Beside.") && fixture.page("tags/x/index.html").contains("Guides"))
        report = try fixture.write("notes/guides/g.md", "---\ntitle: G\ndate: 2026-01-06\n---\nG.\n")
        #expect(report.succeeded && fixture.page("guides/index.html").contains("Beside.") && fixture.page("guides/index.html").contains("/guides/g/"))
        #expect(mainElement(of: fixture.page("tags/x/index.html")).contains("href=\"/guides/\">Guides"), "\(fixture.page("tags/x/index.html"))")
        #expect(fixture.matchesAFullBuild())
        report = try fixture.remove("notes/guides/g.md")
        #expect(report.succeeded && !report.removed.contains("guides/index.html"), "\(report.removed)")
        #expect(fixture.page("guides/index.html").contains("Beside.") && fixture.page("tags/x/index.html").contains("Guides"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func respellingATagRebuildsEveryPageOfItsList() throws {
        let fixture = try Fixture(Self.files.merging(["notebook.yml": "title: Session\npageSize: 1\n"], uniquingKeysWith: { $1 }))
        let report = try fixture.write("notes/a.md", "---\ntitle: A\ndate: 2026-01-04\ntags: [X]\n---\nA links to [[B]].\n")
        #expect(report.written.contains("tags/x/page/2/index.html"))
        #expect(fixture.page("tags/x/page/2/index.html").contains("#X"))
        #expect(fixture.matchesAFullBuild())
    }


    @Test func aRetitledNoteIsFoundByItsNewTitleOnlyAndItsPlacesStay() throws {
        // The order and the output's paths stay: only the link index is made again.
        let fixture = try Fixture()
        var report = try fixture.write("notes/a.md", "---\ntitle: A\ndate: 2026-01-04\ntags: [x]\n---\nA links to [[Bee]].\n")
        #expect(fixture.page("a/index.html").contains("wikilink-unresolved"))
        report = try fixture.write("notes/b.md", "---\ntitle: Bee\ndate: 2026-01-03\ntags: [y]\n---\nB says ==hello==.\n")
        #expect(report.succeeded)
        #expect(report.written.contains("a/index.html"))
        #expect(fixture.page("a/index.html").contains("class=\"wikilink\" href=\"/b/\""))
        #expect(fixture.page("b/index.html").contains("<a href=\"/a/\">A</a>"))
        #expect(fixture.matchesAFullBuild())
        report = try fixture.write("notes/b.md", "---\ntitle: B\ndate: 2026-01-03\ntags: [y]\n---\nB says ==hello==.\n")
        #expect(report.written.contains("a/index.html"))
        #expect(fixture.page("a/index.html").contains("wikilink-unresolved"))
        #expect(!fixture.page("b/index.html").contains("Linked from"))
        #expect(fixture.matchesAFullBuild())
        // Two notes of one title: d's [[C]] names both, and finds them again when one moves off.
        report = try fixture.write("notes/a.md", "---\ntitle: C\ndate: 2026-01-04\ntags: [x]\n---\nA links to [[Bee]].\n")
        #expect(report.diagnostics.contains { $0.code == "link.ambiguous" && $0.path.hasSuffix("d.md") })
        #expect(fixture.matchesAFullBuild())
        report = try fixture.write("notes/a.md", "---\ntitle: A\ndate: 2026-01-04\ntags: [x]\n---\nA links to [[Bee]].\n")
        #expect(!report.diagnostics.contains { $0.code == "link.ambiguous" })
        #expect(fixture.page("d/index.html").contains("class=\"wikilink\" href=\"/c/\""))
        #expect(fixture.matchesAFullBuild())
        // A slug onto another note's place is found though the last build's paths were kept.
        report = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\nslug: d\ntags: [x]\n---\nC is alone.\n")
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.severity == .error && $0.message.contains("d/") })
        report = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\ntags: [x]\n---\nC is alone.\n")
        #expect(report.succeeded)
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aBuildThatFailsBeforeRenderingReportsTheLinkFindingsAFullBuildReports() throws {
        let fixture = try Fixture()
        let report = try fixture.write("notes/a.md", "---\ntitle: A\ndate: 2026-01-04\nslug: b\n---\nA links to [[Nope]].\n")
        #expect(!report.succeeded)
        defer { try? FileManager.default.removeItem(atPath: fixture.output + "-full") }
        let full = SitePipeline(options: BuildOptions(output: fixture.output + "-full", baseURL: SiteSessionTests.baseURL)).build(fixture.site.path)
        #expect(!full.succeeded)
        let findings = { (diagnostics: [Diagnostic]) in diagnostics.map { "\($0.severity) \($0.code) \($0.path)" }.sorted() }
        #expect(report.diagnostics.contains { $0.code == "link.broken" && $0.path.hasSuffix("a.md") })
        #expect(findings(report.diagnostics) == findings(full.diagnostics))
    }

    @Test func linksAddedAndRemovedKeepEveryBacklinkListInTheSitesOrder() throws {
        // Only the changed note's links are resolved again: its targets' backlinks are mended.
        let fixture = try Fixture()
        let backlinks = { (page: String) -> [String] in backlinkURLs(in: fixture.page(page)) }
        #expect(backlinks("b/index.html") == ["/a/"])
        var report = try fixture.write("notes/d.md", "---\ntitle: D\ndate: 2026-01-01\n---\nD links to [[C]] and [[B]].\n")
        #expect(report.written.contains("b/index.html") && !report.written.contains("a/index.html"))
        #expect(backlinks("b/index.html") == ["/a/", "/d/"])
        // c comes between a and d.
        report = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\ntags: [x]\n---\nC is alone with [[B]].\n")
        #expect(backlinks("b/index.html") == ["/a/", "/c/", "/d/"])
        #expect(fixture.matchesAFullBuild())
        report = try fixture.write("notes/a.md", "---\ntitle: A\ndate: 2026-01-04\ntags: [x]\n---\nA links to [[D]].\n")
        #expect(report.written.contains("b/index.html") && report.written.contains("d/index.html"))
        #expect(backlinks("b/index.html") == ["/c/", "/d/"])
        #expect(backlinks("d/index.html") == ["/a/"])
        _ = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\ntags: [x]\n---\nC is alone.\n")
        _ = try fixture.write("notes/d.md", "---\ntitle: D\ndate: 2026-01-01\n---\nD links to [[C]].\n")
        #expect(backlinks("b/index.html") == [])
        #expect(!fixture.page("b/index.html").contains("Linked from"))
        #expect(fixture.matchesAFullBuild())
    }
    @Test func addingANoteRebuildsTheNotesItLinksTo() throws {
        let fixture = try Fixture()
        let report = try fixture.write("notes/e.md", "---\ntitle: E\ndate: 2026-01-05\n---\nE links to [[C]].\n")
        #expect(
            report.written
                == (["e/index.html", "c/index.html", "page/3/index.html", "sitemap.xml", "search/index.html"] + Self.everyNoteChange
                    + Self.everyExplorer(["a", "b", "d"])).sorted())
        #expect(fixture.page("c/index.html").contains("/e/"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func addingANoteThatABrokenLinkNamedFixesTheLink() throws {
        let fixture = try Fixture()
        _ = try fixture.write("notes/d.md", "---\ntitle: D\ndate: 2026-01-01\n---\nD links to [[F]].\n")
        #expect(fixture.page("d/index.html").contains("wikilink-unresolved"))
        let report = try fixture.write("notes/f.md", "---\ntitle: F\n---\nF.\n")
        #expect(report.written.contains("d/index.html"))
        #expect(!fixture.page("d/index.html").contains("wikilink-unresolved"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func deletingANoteRemovesItsPageAndRebuildsWhatListedIt() throws {
        let fixture = try Fixture()
        let report = try fixture.remove("notes/d.md")
        #expect(report.removed == ["d/index.html"])
        #expect(
            report.written == (["c/index.html", "sitemap.xml", "search/index.html"] + Self.everyNoteChange + Self.everyExplorer(["a", "b"])).sorted())
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/d/index.html"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func renamingANoteMovesItsPageAndRelinksTheNotesThatLinkToIt() throws {
        let fixture = try Fixture()
        let report = try fixture.move("notes/b.md", "notes/bee.md")
        #expect(report.removed == ["b/index.html"])
        #expect(
            report.written
                == Set(["a/index.html", "bee/index.html", "sitemap.xml", "search/index.html"] + Self.everyNoteChange + Self.everyExplorer(["c", "d"]))
                .sorted())
        #expect(fixture.page("a/index.html").contains("class=\"wikilink\" href=\"/bee/\""))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aHeadingThatStopsOrStartsBeingThePagesTitleRelinksTheNotesThatLinkToIt() throws {
        let fixture = try Fixture([
            "notebook.yml": "title: T\n",
            "notes/a.md": "---\ntitle: A\n---\nSee [[b#Named]].\n",
            "notes/b.md": "---\ntitle: Named\n---\n# Named\n\nText.\n",
        ])
        #expect(fixture.page("a/index.html").contains("href=\"/b/\""))
        // A paragraph before it: the heading is in the body now, with its id.
        var report = try fixture.write("notes/b.md", "---\ntitle: Named\n---\nFirst.\n\n# Named\n\nText.\n")
        #expect(report.written.contains("a/index.html"), "\(report.written)")
        #expect(fixture.page("a/index.html").contains("href=\"/b/#named\""))
        #expect(fixture.matchesAFullBuild())
        report = try fixture.write("notes/b.md", "---\ntitle: Named\n---\n# Named\n\nText.\n")
        #expect(report.written.contains("a/index.html"), "\(report.written)")
        #expect(fixture.page("a/index.html").contains("href=\"/b/\""))
        #expect(fixture.matchesAFullBuild())
    }

    /// Found by review: a heading's level alone changed left a path of headings (`[[b#A#B]]`) as
    /// it was resolved before, broken or not.
    @Test func aHeadingsLevelRelinksAPathOfHeadings() throws {
        let fixture = try Fixture([
            "notebook.yml": "title: T\n",
            "notes/a.md": "---\ntitle: A\n---\nSee [[b#A#B]].\n",
            "notes/b.md": "---\ntitle: B\n---\n## A\n\n### B\n\nText.\n",
        ])
        #expect(fixture.page("a/index.html").contains("href=\"/b/#b\""))
        var report = try fixture.write("notes/b.md", "---\ntitle: B\n---\n## A\n\n## B\n\nText.\n")
        #expect(report.written.contains("a/index.html"), "\(report.written)")
        #expect(fixture.page("a/index.html").contains("class=\"wikilink\" href=\"/b/\""))
        #expect(report.diagnostics.contains { $0.code == "link.broken" }, "\(report.diagnostics)")
        #expect(fixture.matchesAFullBuild())
        report = try fixture.write("notes/b.md", "---\ntitle: B\n---\n## A\n\n### B\n\nText.\n")
        #expect(fixture.page("a/index.html").contains("href=\"/b/#b\""))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aTemplateChangeRebuildsEverything() throws {
        let fixture = try Fixture()
        let report = try fixture.write("templates/footer.mustache", "<footer>changed</footer>\n")
        #expect(report.everything)
        #expect(report.groups.count == 15)
        #expect(fixture.page("a/index.html").contains("<footer>changed</footer>"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aConfigChangeRebuildsEverything() throws {
        let fixture = try Fixture()
        let report = try fixture.write("notebook.yml", "title: Renamed\npageSize: 10\n")
        #expect(report.everything)
        #expect(report.removed == ["page/2/index.html"])
        #expect(fixture.page("c/index.html").contains("Renamed"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aConstraintChangeRebuildsEverything() throws {
        let fixture = try Fixture()
        let report = try fixture.write("formatting.yml", "highlight: { values: [green], default: green }\n")
        #expect(report.everything)
        #expect(report.diagnostics.contains { $0.message.contains("highlight") && $0.path.hasSuffix("notes/b.md") })
        #expect(fixture.page("b/index.html").contains("highlight-green"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aChangeToTheThemeRebuildsEverything() throws {
        let fixture = try Fixture(
            Self.files.merging(
                ["notebook.yml": "title: Session\npageSize: 2\ntheme: ./mine\n", "mine/templates/footer.mustache": "<footer>mine</footer>\n"],
                uniquingKeysWith: { $1 }))
        #expect(fixture.page("a/index.html").contains("<footer>mine</footer>"))
        let report = try fixture.write("mine/templates/footer.mustache", "<footer>mine, changed</footer>\n")
        #expect(report.everything)
        #expect(fixture.page("c/index.html").contains("<footer>mine, changed</footer>"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func anAssetChangeCopiesOnlyThatFile() throws {
        let fixture = try Fixture()
        let report = try fixture.write("assets/photo.png", "not really a png")
        #expect(report.written == ["assets/photo.png"])
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aFailedBuildChangesNothingAndTheNextGoodOneCatchesUp() throws {
        let fixture = try Fixture()
        let before = OutputDigest.of(fixture.output)
        let broken = try fixture.write("notes/a.md", "---\ntitle: [unclosed\n---\nA links to nothing.\n")
        #expect(!broken.succeeded)
        #expect(broken.diagnostics.contains { $0.severity == .error && $0.path.hasSuffix("notes/a.md") })
        #expect(OutputDigest.of(fixture.output) == before)
        _ = try fixture.write("notes/c.md", "---\ntitle: C\ndate: 2026-01-02\ntags: [x]\n---\nC changed while A was broken.\n")
        let fixed = try fixture.write("notes/a.md", "---\ntitle: A\ndate: 2026-01-04\ntags: [x]\n---\nA links to nothing now.\n")
        #expect(fixed.succeeded)
        #expect(fixed.written.contains("a/index.html") && fixed.written.contains("c/index.html") && fixed.written.contains("b/index.html"))
        #expect(fixture.page("c/index.html").contains("C changed while A was broken"))
        #expect(fixture.matchesAFullBuild())
    }

    @Test func aNewFolderOfNotesIsRead() throws {
        let fixture = try Fixture()
        let folder = fixture.site.path + "/notes/trips/far"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("# Far away\n\nA trip.\n".utf8).write(to: URL(fileURLWithPath: folder + "/away.md"))
        let report = fixture.session.update(changing: [fixture.site.path + "/notes/trips"])
        #expect(report.written.contains("trips/far/away/index.html"))
        #expect(fixture.matchesAFullBuild())
    }
}

/// Random edits to a generated notebook: after each, the session's output is what a full build writes.
@Suite struct SiteSessionRandomEditTests {
    @Test func randomEditsKeepTheOutputEqualToAFullBuild() throws {
        let directory = try OutputDigest.generatedSite(notes: 60)
        defer { ScratchFolder.remove(directory) }
        let output = directory + "-out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        var session = SiteSession(directory: directory, options: BuildOptions(output: output, baseURL: SiteSessionTests.baseURL))
        #expect(session.build().succeeded)
        var random = SplitMix64(state: 7)
        var rebuiltLess = 0
        /// A note's title and first `##` heading, as written.
        func titleAndHeading(_ path: String) throws -> (title: String, heading: String) {
            let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            let title = lines.first { $0.hasPrefix("title: ") }.map { String($0.dropFirst(7)).trimmingCharacters(in: ["\""]) } ?? ""
            let heading = lines.first { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) } ?? ""
            return (title, heading)
        }
        for step in 0..<32 {
            let notes = NoteDiscovery.scan(try FileTree(directory)).notes
            let note = notes[random.next(below: notes.count)]
            let other = notes[random.next(below: notes.count)]
            var text = try String(contentsOfFile: note.path, encoding: .utf8)
            var changed = [note.path]
            // Every kind of change in turn, on notes picked at random.
            switch (step * 7) % 10 {
            case 0: text += "\nAn added paragraph \(step) with ==a highlight==.\n"
            case 7:
                // A link to another note by its title and a heading of it.
                let (title, heading) = try titleAndHeading(other.path)
                text += "\nSee [[\(title)#\(heading)]] and [[\(title)#No such heading \(step)]].\n"
            case 8:
                // A heading renamed: links to it break, and links to the new one resolve.
                let heading = try titleAndHeading(note.path).heading
                if !heading.isEmpty { text = text.replacingOccurrences(of: "## " + heading, with: "## Renamed \(step) " + heading) }
            case 9:
                // A title that another note has too: wikilinks to it become ambiguous.
                let title = try titleAndHeading(other.path).title
                text = text.components(separatedBy: "\n").map { $0.hasPrefix("title: ") ? "title: \"\(title)\"" : $0 }.joined(separator: "\n")
            case 1: text = text.replacingOccurrences(of: "title: \"", with: "title: \"Renamed \(step) ")
            case 2: text += "\nSee [[\(other.relativePath.dropLast(3))]] and [[Missing \(step)]].\n"
            case 3: text = text.replacingOccurrences(of: "tags: [", with: "tags: [fresh\(step % 3), ")
            case 5:
                let added = directory + "/notes/extra-\(step).md"
                try Data("# Extra \(step)\n\nAn undated note, tagged.\n".utf8).write(to: URL(fileURLWithPath: added))
                _ = session.update(changing: [added])
                #expect(matches(output, directory), "after adding \(added)")
                continue
            case 4:
                try FileManager.default.removeItem(atPath: note.path)
                _ = session.update(changing: [note.path])
                #expect(matches(output, directory), "after deleting \(note.relativePath)")
                continue
            default:
                let moved = note.path.replacingOccurrences(of: ".md", with: "-moved.md")
                try FileManager.default.moveItem(atPath: note.path, toPath: moved)
                changed.append(moved)
                text = try String(contentsOfFile: moved, encoding: .utf8)
                changed = [note.path, moved]
                _ = session.update(changing: Set(changed))
                #expect(matches(output, directory), "after moving \(note.relativePath)")
                continue
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: note.path))
            let report = session.update(changing: Set(changed))
            #expect(report.succeeded)
            if report.groups.count < notes.count / 2 { rebuiltLess += 1 }
            #expect(matches(output, directory), "after step \(step) on \(note.relativePath)")
        }
        #expect(rebuiltLess > 0)
    }

    private func matches(_ output: String, _ directory: String) -> Bool {
        let fresh = output + "-full"
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        guard SitePipeline(options: BuildOptions(output: fresh, baseURL: SiteSessionTests.baseURL)).build(directory).succeeded else {
            return false
        }
        let expected = OutputDigest.of(fresh)
        let actual = OutputDigest.of(output)
        for path in Set(expected.keys).union(actual.keys).sorted() where expected[path] != actual[path] {
            Issue.record("\(path) differs from a full build")
        }
        return expected == actual
    }
}
