import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// An alias that is not a URL is a name: a wikilink target ranked with the title, and a
/// redirect in the note's folder, as Quartz does.
@Suite struct AliasNameTests {
    @Test(arguments: [
        ("changelog", "/guide/", "/guide/changelog/"), ("Setting Up Git", "/a/", "/a/setting-up-git/"), ("v5", "/", "/v5/"),
        ("old/post", "/x/", "/x/oldpost/"),
    ])
    func aNameRedirectsFromTheNotesFolder(alias: String, folder: String, expected: String) {
        #expect(AliasPath.redirect(of: alias, folder: folder, noteURL: folder + "note/") == .success(expected))
    }

    @Test func aNameOfAFoldersIndexNoteRedirectsFromThatFolder() throws {
        // The notes' own index.md is at /, a folder's at the folder: a name lands in it.
        let site = try TemporarySite([
            "notes/index.md": "---\ntitle: Home\naliases: [home, start]\n---\nHi.\n",
            "notes/guides/index.md": "---\ntitle: Guides\naliases: [intro]\n---\nGuides.\n",
            "notes/guides/a.md": "[[start]] and [[intro]]\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.filter { $0.path.contains("notes/") }.isEmpty, "\(report.diagnostics)")
        #expect(try site.output("home/index.html").contains("url=/\">"))
        #expect(try site.output("guides/intro/index.html").contains("/guides/"))
        #expect(try site.output("guides/a/index.html").contains("<a class=\"wikilink\" href=\"/\">start</a>"))
    }

    @Test func twoAliasesOfANoteFromOnePathMakeOneRedirect() throws {
        // A name and a URL, or two spellings of a name, that lead from the same path.
        let site = try TemporarySite([
            "notes/about.md": "---\ntitle: About\naliases: [About Me, /about-me/, about me]\n---\nHi.\n",
            "notes/index.md": "---\ntitle: Home\naliases: [Start, /start/]\n---\nHome.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && !report.diagnostics.contains { $0.severity == .error }, "\(report.diagnostics)")
        #expect(try site.output("about-me/index.html").contains("url=/about/\">"))
        #expect(try site.output("start/index.html").contains("url=/\">"))
    }

    @Test func aURLAliasIsAsBeforeAndANameWithoutASlugHasNoPage() {
        #expect(AliasPath.redirect(of: "/old/post", folder: "/x/", noteURL: "/x/y/") == .success("/old/post/"))
        #expect(AliasPath.redirect(of: "../up", folder: "/x/", noteURL: "/x/y/") == .failure(.leavesTheSite))
        #expect(AliasPath.redirect(of: "https://example.org/x", folder: "/", noteURL: "/x/") == .failure(.notASitePath))
        #expect(AliasPath.redirect(of: "mailto:a@b.c", folder: "/", noteURL: "/x/") == .failure(.notASitePath))
        // A backslash, written or percent-encoded, makes no folder a browser would reach.
        #expect(AliasPath.redirect(of: "/\\\\evil.com", folder: "/", noteURL: "/x/") == .failure(.notASitePath))
        #expect(AliasPath.redirect(of: "/%5C%5Cevil.com", folder: "/", noteURL: "/x/") == .failure(.notASitePath))
        #expect(AliasPath.redirect(of: "/a%5cb/", folder: "/", noteURL: "/x/") == .failure(.notASitePath))
        #expect(AliasPath.redirect(of: "Re: minutes", folder: "/", noteURL: "/x/") == .success("/re-minutes/"))
        #expect(AliasPath.redirect(of: "!!!", folder: "/", noteURL: "/x/") == nil)
        // A name whose slug is the note's own adds no page.
        #expect(AliasPath.redirect(of: "Y", folder: "/x/", noteURL: "/x/y/") == nil)
    }

    @Test func aURLAliasOnAPathKeptForTheSitesOwnPagesIsAnErrorAtTheAlias() throws {
        // Each once, at its place; `/tags/` is a page of the site, whose collision names it. A
        // name there (`Assets`, `Page`, `Search`) makes no redirect, with a warning.
        let site = try TemporarySite([
            "notes/one.md": "---\naliases: [Assets, Page, Search, /tags/, /highlights/old/, /page/9/, /ASSETS/, Fine]\n---\nx\n"
        ])
        let report = SitePipeline().build(site.path)
        let reserved = report.diagnostics.filter { $0.code == "url.reserved" }
        // `/ASSETS/` too: on a disk that folds case it is the assets' folder.
        #expect(!report.succeeded && reserved.count == 3, "\(report.diagnostics)")
        #expect(report.diagnostics.filter { $0.code == "output.collision" }.count == 1, "\(report.diagnostics)")
        #expect(report.diagnostics.filter { $0.code == "alias.redirect" }.count == 3, "\(report.diagnostics)")
        #expect(reserved.map { $0.location?.line } == [2, 2, 2] && reserved.first?.location?.column == 41, "\(reserved)")
        #expect(reserved.first?.message == "alias '/highlights/old/' would make a page at /highlights/old/, which is reserved for the site's own pages")
        let fine = try TemporarySite(["notes/one.md": "---\naliases: [Fine]\n---\nx\n"])
        #expect(SitePipeline().build(fine.path).succeeded)
        #expect(try fine.output("fine/index.html").contains("url=/one/\">"))
    }

    /// A name without a letter or digit makes no redirect page: a warning at it, and wikilinks
    /// still find the note by it.
    @Test func aNameWithoutALetterOrDigitIsAWarning() throws {
        let site = try TemporarySite(["notes/a.md": "---\naliases: [\"!!!\", \"🎉\", A, Fine]\n---\nx [[!!!]] and [[🎉]]\n"])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && !report.diagnostics.contains { $0.code.hasPrefix("link") }, "\(report.diagnostics)")
        let found = report.diagnostics.filter { $0.code == "alias.redirect" }
        #expect(found.map(\.message) == [
            "alias '!!!' has no letter or digit to name a redirect page; [[!!!]] still finds the note",
            "alias '🎉' has no letter or digit to name a redirect page; [[🎉]] still finds the note",
        ], "\(report.diagnostics)")
        #expect(found.map { $0.location?.column } == [11, 18])
    }

    @Test func wikilinksFindANoteByItsAliasAndTheRedirectLeadsToIt() throws {
        let site = try TemporarySite([
            "notes/guide/whats-new.md": "---\ntitle: What's new\naliases: [changelog, \"/old/news/\"]\n---\nNews.\n",
            "notes/a.md": "---\ntitle: A\n---\nSee [[Changelog]] and [[changelog#Nothing|x]].\n",
        ])
        let report = SitePipeline().build(site.path)
        let links = report.diagnostics.filter { $0.code.hasPrefix("link") }
        #expect(links.count == 1 && links.first?.message.contains("no heading 'Nothing'") == true, "\(report.diagnostics)")
        #expect(try site.output("a/index.html").contains("<a class=\"wikilink\" href=\"/guide/whats-new/\">Changelog</a>"))
        #expect(try site.output("guide/changelog/index.html").contains("/guide/whats-new/"))
        #expect(try site.output("old/news/index.html").contains("/guide/whats-new/"))
        #expect(try site.output("sitemap.xml").contains("/guide/whats-new/"))
    }

    @Test func aNameOfTwoNotesIsAWarningNamingBothAndATitleWins() throws {
        let site = try TemporarySite([
            "notes/setup.md": "---\ntitle: Setup\n---\nThe old page.\n",
            "notes/guide/install.md": "---\ntitle: Install\naliases: [setup, Both]\n---\nThe new page.\n",
            "notes/other.md": "---\ntitle: Other\naliases: [both]\n---\nAnother.\n",
            "notes/a.md": "---\ntitle: A\n---\n[[Setup]] and [[both]].\n",
        ])
        let report = SitePipeline().build(site.path)
        let ambiguous = report.diagnostics.filter { $0.code == "alias.ambiguous" }
        // `both`, an alias of two notes, is said once, at the first in the site's order; each at the alias.
        #expect(ambiguous.count == 2, "\(report.diagnostics)")
        let install = ambiguous.filter { $0.path.hasSuffix("install.md") }
        #expect(install.contains { $0.message.contains("alias 'setup' also names 'setup.md'") && $0.location == SourceLocation(line: 3, column: 11) })
        #expect(install.contains { $0.message.contains("alias 'Both' also names 'other.md'") && $0.location == SourceLocation(line: 3, column: 18) })
        // The title wins without a second warning at the link; two aliases are ambiguous there.
        let page = try site.output("a/index.html")
        #expect(page.contains("href=\"/setup/\">Setup</a>"))
        #expect(report.diagnostics.filter { $0.code == "link.ambiguous" }.count == 1)
        // Each redirect lands in its own note's folder: no clash.
        #expect(!report.diagnostics.contains { $0.severity == .error }, "\(report.diagnostics)")
    }
}
