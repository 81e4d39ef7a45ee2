import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// Nested tags have pages at every level, text holds tags, and front matter's `#` is dropped.
@Suite struct NestedTagTests {
    static let files = [
        "notes/a.md": "---\ntitle: A\ndate: 2026-01-03\ntags: [plugin/emitter, \"#hash\"]\n---\nA is about #travel and `#code`.\n",
        "notes/b.md": "---\ntitle: B\ndate: 2026-01-02\ntags: plugin/transformer\n---\nB.\n",
        "notes/c.md": "---\ntitle: C\ndate: 2026-01-01\ntags: [plugin]\n---\nC mentions #plugin/emitter too.\n",
        "notes/tags/plugin/emitter.md": "---\ntitle: Emitters\n---\nPlugins that write files.\n",
    ]

    @Test func everyLevelHasItsPageAndListsItsNotesAndNestedTags() throws {
        let site = try TemporarySite(Self.files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && !report.diagnostics.contains { $0.code.hasPrefix("link") }, "\(report.diagnostics)")
        let plugin = try site.main("tags/plugin/index.html")
        for title in ["A", "B", "C"] { #expect(plugin.contains(">\(title)</a>"), "\(title)") }
        #expect(plugin.contains("href=\"/tags/plugin/emitter/\">#plugin/emitter</a> <span class=\"count\">2</span>"))
        #expect(plugin.contains("href=\"/tags/plugin/transformer/\">#plugin/transformer</a> <span class=\"count\">1</span>"))
        let emitter = try site.main("tags/plugin/emitter/index.html")
        #expect(emitter.contains(">A</a>") && emitter.contains(">C</a>") && !emitter.contains(">B</a>"))
        #expect(emitter.contains("Plugins that write files."))
        let tags = try site.output("tags/index.html")
        let tree = try #require(tags.range(of: "#plugin</a> <span class=\"count\">3</span>\n<ul>"))
        #expect(tags[tree.upperBound...].hasPrefix("\n<li><a class=\"tag\" href=\"/tags/plugin/emitter/\">"))
        #expect(tags.contains("href=\"/tags/hash/\">#hash</a>") && !tags.contains("##hash"))
        let sitemap = try site.output("sitemap.xml")
        for path in ["/tags/plugin/", "/tags/plugin/emitter/", "/tags/plugin/transformer/", "/tags/travel/"] {
            #expect(sitemap.contains(path), "\(path)")
        }
    }


    /// Tags of other names that one slug puts on one page (`c++` and `c`) are a warning at the
    /// note of the later spelling, naming the first; case alone (`Travel`, `travel`) is one tag.
    /// Every `#` a front-matter tag starts with is dropped.
    @Test func tagsThatShareAPageWithoutBeingOneAreAWarning() throws {
        let site = try TemporarySite([
            "notes/one.md": "---\ntags: [c++, \"emoji🎉\", \"##double\", Travel, lang/c++]\n---\none\n",
            "notes/two.md": "---\ntags: [c, emoji, travel, lang/c]\n---\ntwo #C\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded)
        let shared = report.diagnostics.filter { $0.code == "tag.shared-page" }
        #expect(shared.allSatisfy { $0.severity == .warning && $0.path.hasSuffix("notes/two.md") }, "\(shared)")
        #expect(shared.map { $0.message.prefix(while: { $0 != ":" }) } == [
            "tag 'c' shares its page /tags/c/ with the tag 'c++' of \(site.path)/notes/one.md",
            "tag 'emoji' shares its page /tags/emoji/ with the tag 'emoji🎉' of \(site.path)/notes/one.md",
            "tag 'lang/c' shares its page /tags/lang/c/ with the tag 'lang/c++' of \(site.path)/notes/one.md",
        ], "\(shared)")
        #expect(try site.output("tags/index.html").contains("href=\"/tags/double/\">#double</a>"))
        // So are spaces among them: `# spaced` is `spaced`.
        #expect(TagName("# spaced")?.name == "spaced" && TagName("#  two/ parts")?.name == "two/ parts")
        // Within one note too: its front matter's `c++` and `c`, or `emoji🎉` and `#emoji` in its text.
        let one = try TemporarySite(["notes/one.md": "---\ntags: [c++, c, \"emoji🎉\"]\n---\nText #emoji here.\n"])
        let within = SitePipeline().build(one.path).diagnostics.filter { $0.code == "tag.shared-page" }.map(\.message)
        #expect(within == [
            "tag 'c' shares its page /tags/c/ with the tag 'c++' of the same note: the page lists it as 'c++'; rename one so that their slugs differ",
            "tag 'emoji' shares its page /tags/emoji/ with the tag 'emoji🎉' of the same note: the page lists it as 'emoji🎉'; rename one so that their slugs differ",
        ], "\(within)")
    }
    @Test func tagsInTheTextLinkToTheirPagesAndTagTheNote() throws {
        let site = try TemporarySite(Self.files)
        #expect(SitePipeline().build(site.path).succeeded)
        let a = try site.output("a/index.html")
        #expect(a.contains("A is about <a class=\"tag\" href=\"/tags/travel/\">#travel</a> and <code>#code</code>."))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/tags/code/index.html"))
        let travel = try site.output("tags/travel/index.html")
        #expect(travel.contains(">A</a>"))
        // Tags count as headings in the search: a's posting of `travel` has weight 16 or more.
        let search = try site.output("search/terms/t.json")
        #expect(search.contains("\"travel\""))
    }

    @Test func aTagInTheHeadingThePageShowsAsItsTitleTagsTheNote() throws {
        let site = try TemporarySite(["notes/n.md": "# Title #titletag\n\nBody.\n\n## Sub #subtag\n"])
        #expect(SitePipeline().build(site.path).succeeded)
        #expect(try site.output("tags/titletag/index.html").contains(">Title #titletag</a>"))
        #expect(try site.output("tags/subtag/index.html").contains(">Title #titletag</a>"))
        #expect(try site.output("n/index.html").contains("href=\"/tags/titletag/\">#titletag</a>"))
    }

    @Test func jsonNotesFollowTheSameRule() throws {
        let site = try TemporarySite([
            "notes/j.json": ##"{"title": "J", "tags": ["#Outer/Inner"], "body": "Text with #inline-tag here.\n"}"##
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let page = try site.output("j/index.html")
        #expect(page.contains("<a class=\"tag\" href=\"/tags/inline-tag/\">#inline-tag</a>"))
        #expect(FileManager.default.fileExists(atPath: site.path + "/public/tags/outer/inner/index.html"))
        #expect(try site.output("tags/outer/index.html").contains(">J</a>"))
    }

    @Test func linksToNestedTagPagesResolve() throws {
        let site = try TemporarySite([
            "notes/a.md": "---\ntags: [a/b]\n---\nSee [the parent](/tags/a/) and [the child](/tags/a/b/).\n"
        ])
        let report = SitePipeline().build(site.path)
        #expect(!report.diagnostics.contains { $0.code.hasPrefix("link") }, "\(report.diagnostics)")
    }
}
