import Foundation
import Testing

@testable import NotebookSite

/// The default theme's details (issue 16, point 4): the site's icon, broken links and wikilinks
/// that look and say it, tags apart on cards, and Newer/Older only on dated lists.
@Suite struct ThemePolishTests {
    @Test func pagesNameTheSitesIconOrAnEmptyOne() throws {
        let bare = try TemporarySite(["notes/a.md": "# A\n"])
        #expect(SitePipeline().build(bare.path).succeeded)
        for page in ["index.html", "a/index.html", "tags/index.html", "404.html"] {
            #expect(try bare.output(page).contains("<link rel=\"icon\" href=\"data:,\">"), "\(page)")
        }
        let icons = try TemporarySite(["notes/a.md": "# A\n", "assets/favicon.png": "png", "assets/favicon.svg": "<svg/>"])
        #expect(SitePipeline().build(icons.path).succeeded)
        #expect(try icons.output("a/index.html").contains("<link rel=\"icon\" href=\"/assets/favicon.svg\">"))
        #expect(FileManager.default.fileExists(atPath: icons.path + "/public/assets/favicon.svg"))
    }

    /// The opening heading a page shows as its title keeps its code, italics and highlights in
    /// the `h1`, as Obsidian and Quartz show a heading; its links show their text, its footnote
    /// references nothing, its bold nothing more than the heading's, and a title of text alone is
    /// written as `{{note.title}}` writes it.
    /// A language written right to left makes every page's `dir` `rtl` (the themes' spacing is
    /// set by logical sides, and their arrows turn); any other, `ltr`.
    @Test func aRightToLeftLanguageTurnsThePages() throws {
        for (language, direction) in [
            ("he", "rtl"), ("ar-EG", "rtl"), ("fa", "rtl"), ("ur_PK", "rtl"), ("az-Arab", "rtl"), ("en", "ltr"), ("en-US", "ltr"),
            ("az-Latn", "ltr"), ("sr-Cyrl-RS", "ltr"), ("", "ltr"), ("heb", "ltr"),
        ] {
            #expect(SiteView.isRightToLeft(language) == (direction == "rtl"), "\(language)")
        }
        let site = try TemporarySite(["notebook.yml": "title: T\nlanguage: he\n", "notes/a.md": "---\naliases: [b]\n---\nשלום\n"])
        #expect(SitePipeline().build(site.path).succeeded)
        for page in ["index.html", "a/index.html", "b/index.html", "search/index.html"] {
            #expect(try site.output(page).contains("<html lang=\"he\" dir=\"rtl\">"), "\(page)")
        }
    }

    @Test func theTitleHeadingKeepsItsFormattingInTheHeading() throws {
        let site = try TemporarySite([
            "notes/best.md": "# The *best* `code` ==note== **[[plain|link]]** [out](https://example.org) it's[^1]\n\nText ==marked==.\n\n[^1]: A footnote.\n",
            "notes/bold.md": "# **Bold** title\n\nText.\n",
            "notes/tagged.md": "# A ==marked== title #tagone\n\nText.\n",
            "notes/alt.md": "# Alt ![img $q^2$](https://example.org/p.png) *i*\n\nText.\n",
            "notes/lines.md": "Line one *it*\\\nline two\n===\n\nText.\n",
            "notes/plain.md": "# Plain's title & more\n\nText.\n",
            "notes/front.md": "---\ntitle: Front's\n---\n\nText.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let best = try site.output("best/index.html")
        #expect(
            best.contains("<h1>The <em>best</em> <code>code</code> <mark class=\"highlight highlight-yellow\">note</mark> link out it's</h1>"),
            "\(best)")
        // The body's highlight keeps the first anchor: the title's has none.
        #expect(best.contains("<mark id=\"highlight-1\" class=\"highlight highlight-yellow\">marked</mark>"), "\(best)")
        #expect(best.contains("<title>The best code note link out it&#39;s"), "\(best)")
        #expect(try site.output("plain/index.html").contains("<h1>Plain&#39;s title &amp; more</h1>"))
        // A heading is bold already: bold alone shows as text.
        #expect(try site.output("bold/index.html").contains("<h1>Bold title</h1>"))
        // Found by review: a tag in a formatted title was a link in the h1 (in a plain one, text);
        // the note's tags are linked beside it.
        let tagged = try site.output("tagged/index.html")
        #expect(tagged.contains("<h1>A <mark class=\"highlight highlight-yellow\">marked</mark> title #tagone</h1>"), "\(tagged)")
        #expect(tagged.contains("<a class=\"tag\" href=\"/tags/tagone/\">#tagone</a>"), "\(tagged)")
        // An image's description is text, its formula's TeX too (it was a refused formula's code);
        // a line break is a space, as in `<title>`.
        #expect(try site.output("alt/index.html").contains("<h1>Alt img $q^2$ <em>i</em></h1>"))
        #expect(try site.output("lines/index.html").contains("<h1>Line one <em>it</em>\nline two</h1>"))
        #expect(try site.output("front/index.html").contains("<h1>Front&#39;s</h1>"))
    }

    @Test func theSitesOwnIconComesBeforeItsThemes() throws {
        let site = try TemporarySite([
            "notebook.yml": "theme: ./mine\n", "notes/a.md": "# A\n", "assets/favicon.ico": "ico", "mine/assets/favicon.svg": "<svg/>",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(try site.output("a/index.html").contains("<link rel=\"icon\" href=\"/assets/favicon.ico\">"))
    }

    @Test func thePreviewNamesAnIconAddedWhileItRuns() throws {
        let fixture = try SiteSessionTests.Fixture(["notes/a.md": "# A\n"])
        #expect(fixture.page("a/index.html").contains("href=\"data:,\""))
        let report = try fixture.write("assets/favicon.ico", "ico")
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(fixture.page("a/index.html").contains("<link rel=\"icon\" href=\"/assets/favicon.ico\">"))
        #expect(fixture.matchesAFullBuild())
        // The folder moved away: the icon with it.
        try FileManager.default.moveItem(atPath: fixture.site.path + "/assets", toPath: fixture.site.path + "/old-assets")
        let moved = fixture.session.update(changing: [fixture.site.path + "/assets", fixture.site.path + "/old-assets"])
        #expect(moved.succeeded, "\(moved.diagnostics)")
        #expect(fixture.page("a/index.html").contains("href=\"data:,\""))
    }

    @Test func aWikilinkThatLeadsNowhereSaysSoOnHover() throws {
        let site = try TemporarySite(["notes/a.md": "See [[Nowhere]] and [[#No heading]].\n"])
        _ = SitePipeline().build(site.path)
        let page = try site.output("a/index.html")
        #expect(page.contains("<a class=\"wikilink wikilink-unresolved\" data-target=\"Nowhere\" title=\"Not found in this notebook: Nowhere\" role=\"link\" aria-disabled=\"true\" tabindex=\"0\">Nowhere</a>"), "\(page)")
        #expect(page.contains("title=\"Not found in this notebook: #No heading\""))
    }

    /// Found by review: a link to a heading or block another note lacks leads to that note's
    /// page, as Obsidian opens the note (it had no `href`, and said the note was not found).
    @Test func aLinkToAHeadingAnotherNoteLacksLeadsToItsPage() throws {
        let site = try TemporarySite([
            "notes/zebra.md": "---\ntitle: Zebra\n---\nz\n",
            "notes/l.md": "[[zebra#Nonexistent heading]], [md](zebra.md#nope), [[zebra#^nob]] and [root](/zebra/#nope).\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.diagnostics.filter { $0.code == "link.broken" }.count == 4, "\(report.diagnostics)")
        let page = try site.output("l/index.html")
        let links = "<p><a class=\"wikilink\" href=\"/zebra/\">zebra</a>, <a href=\"/zebra/\">md</a>, "
            + "<a class=\"wikilink\" href=\"/zebra/\">zebra</a> and <a href=\"/zebra/\">root</a>.</p>"
        #expect(page.contains(links) && !page.contains("wikilink-unresolved"), "\(page)")
    }

    @Test func aMarkdownLinkToAMissingNoteLooksBrokenAndSaysSo() throws {
        let site = try TemporarySite([
            "notes/a.md": "See [gone](missing.md \"Old\"), [here](b.md) and [out](https://example.org/).\n", "notes/b.md": "B\n",
        ])
        _ = SitePipeline().build(site.path)
        let page = try site.output("a/index.html")
        #expect(page.contains("<a class=\"broken-link\" href=\"missing.md\" title=\"Not found in this notebook: missing.md (Old)\">gone</a>"), "\(page)")
        #expect(page.contains("<a href=\"/b/\">here</a>"))
        #expect(page.contains("<a href=\"https://example.org/\">out</a>"))
        // A page without the heading, a path out of the notes to the site's assets: warnings, not marks.
        let other = try TemporarySite([
            "notes/lab/a.md": "# A\n\n[h](b.md#nope), [file](../../assets/f.pdf), [top](#content).\n", "notes/lab/b.md": "B\n",
            "assets/f.pdf": "pdf",
        ])
        let report = SitePipeline().build(other.path)
        #expect(report.diagnostics.filter { $0.code == "link.broken" }.count == 3, "\(report.diagnostics)")
        #expect(!(try other.output("lab/a/index.html")).contains("broken-link"))
    }

    @Test func anImageFoundNowhereAsksForNothingAndSaysSo() throws {
        let site = try TemporarySite([
            "notes/a.md": "![pipeline](quartz%20pipeline.png)\n\n![[missing.png]]\n\n![here](here.png)\n", "notes/here.png": "png",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.diagnostics.filter { $0.code == "link.broken" }.count == 2, "\(report.diagnostics)")
        let page = try site.output("a/index.html")
        #expect(page.contains("<span class=\"broken-link broken-image\" title=\"Not found in this notebook: quartz%20pipeline.png\">pipeline</span>"), "\(page)")
        #expect(page.contains("<span class=\"broken-link broken-image\" title=\"Not found in this notebook: missing.png\">missing.png</span>"))
        #expect(page.contains("<img src=\"/here.png\" alt=\"here\" />") && page.components(separatedBy: "<img").count == 2, "\(page)")
    }

    @Test func cardsSetTagsApart() throws {
        let site = try TemporarySite(["notes/a.md": "---\ntags: [one, two]\n---\nText.\n"])
        #expect(SitePipeline().build(site.path).succeeded)
        #expect(try site.output("index.html").contains("1 word · <a class=\"tag\" href=\"/tags/one/\">#one</a> · <a class=\"tag\" href=\"/tags/two/\">#two</a></p>"))
    }

    @Test func newerAndOlderOnlyOnDatedLists() throws {
        let undated = try TemporarySite(["notebook.yml": "pageSize: 1\n", "notes/a.md": "A\n", "notes/b.md": "B\n", "notes/c.md": "C\n"])
        #expect(SitePipeline().build(undated.path).succeeded)
        let middle = try undated.output("page/2/index.html")
        #expect(middle.contains(">Previous</a>") && middle.contains(">Next</a>") && !middle.contains("Newer") && !middle.contains("Older"))
        let dated = try TemporarySite([
            "notebook.yml": "pageSize: 1\n", "notes/a.md": "---\ndate: 2026-01-01\n---\nA\n", "notes/b.md": "B\n", "notes/c.md": "C\n",
        ])
        #expect(SitePipeline().build(dated.path).succeeded)
        let page = try dated.output("page/2/index.html")
        #expect(page.contains(">Newer</a>") && page.contains(">Older</a>"))
    }
}
