import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// `![[Note]]`, `![[Note#Heading]]` and `![[Note#^id]]` show the other note's content in place.
@Suite struct EmbedTests {
    static let files = [
        "notes/host.md": "---\ntitle: Host\ndate: 2026-01-02\n---\n## Mine\n\nBefore.\n\n![[Source]]\n\n![[Source#Second part]]\n\n![[Source#^quote]]\n\nAfter.\n",
        "notes/deep/source.md": """
            ---
            title: Source
            ---
            First, with a footnote[^1], [[#Second part|my section]] and [a sibling](sibling.md).

            ## Second part

            Text of the second part. ^quote

            ### Deeper

            Deeper text.

            ## Third part

            Not in the section.

            [^1]: The note.

            """,
        "notes/deep/sibling.md": "---\ntitle: Sibling\n---\nSibling.\n",
    ]

    /// Obsidian's `[[Note#Heading#Subheading]]`: the subheading under that heading, for links and
    /// embeds alike (it was a broken link with the note's page), the title heading first or not.
    @Test func aPathOfHeadingsNamesTheSubheadingUnderItsHeading() throws {
        let site = try TemporarySite([
            "notes/note.md": "# Note\n\nIntro.\n\n## A\n\nText A.\n\n### B\n\nText AB.\n\n## C\n\n### B\n\nText CB.\n",
            "notes/other.md": "# Other\n\n[[Note#A#B]], [[Note#C # b]], [[note#Note#C#B]] and [[Note#A#C]].\n\n![[Note#C#B]]\n",
        ])
        let report = SitePipeline().build(site.path)
        let broken = report.diagnostics.filter { $0.code == "link.broken" }
        #expect(broken.count == 1 && broken.first?.message.contains("'A#C'") == true, "\(report.diagnostics)")
        let page = try site.output("other/index.html")
        #expect(page.components(separatedBy: "href=\"/note/#b\"").count - 1 == 1, "\(page)")
        // Two links and the embed's caption.
        #expect(page.components(separatedBy: "href=\"/note/#b-1\"").count - 1 == 3, "\(page)")
        #expect(page.contains("<p>Text CB.</p>") && !page.contains("Text AB."), "\(page)")
    }

    /// Found by review: of two headings of one name, only the first one's section was searched.
    @Test func aPathOfHeadingsLooksUnderEveryHeadingOfItsName() throws {
        let site = try TemporarySite([
            "notes/h.md": "# H\n\n## Setup\n\nFirst.\n\n## Setup\n\n### C++ & Rust: a/b\n\nSecond.\n\n## Setup\n\n### Linux\n\nThird.\n",
            "notes/l.md": "[[H#Setup#C++ & Rust: a/b]], [[H#Setup#Linux]], [[H#Setup#Nowhere]].\n",
        ])
        let report = SitePipeline().build(site.path)
        let broken = report.diagnostics.filter { $0.code == "link.broken" }
        #expect(broken.count == 1 && broken.first?.message.contains("Nowhere") == true, "\(report.diagnostics)")
        let page = try site.output("l/index.html")
        #expect(page.contains("href=\"/h/#c-rust-ab\"") || page.contains("href=\"/h/#c--rust-ab\""), "\(page)")
        #expect(page.contains("href=\"/h/#linux\""), "\(page)")
    }

    /// Found by review: the slug of the whole path was tried first (`A#B` found a heading "AB"),
    /// and took empty parts (`##B`, `A#`) for the heading they leave.
    @Test func aPathOfHeadingsIsNoSlugAndHasNoEmptyPart() throws {
        let site = try TemporarySite([
            "notes/note.md": "# Note\n\n## AB\n\n## A\n\n### B\n\n## X Y\n\n## X\n\n### Y\n",
            "notes/other.md": "# Other\n\n[[Note#A#B]] [[Note#X # Y]] [[Note##B]] [[Note#A#]] [[Note#A##B]]\n",
        ])
        let report = SitePipeline().build(site.path)
        let broken = report.diagnostics.filter { $0.code == "link.broken" }.map(\.message)
        #expect(broken.count == 3 && ["'#B'", "'A#'", "'A##B'"].allSatisfy { part in broken.contains { $0.contains(part) } }, "\(broken)")
        let page = try site.output("other/index.html")
        #expect(page.contains("href=\"/note/#b\"") && page.contains("href=\"/note/#y\""), "\(page)")
        #expect(!page.contains("#ab\"") && !page.contains("#x-y\""), "\(page)")
    }

    @Test func theEmbeddedContentIsInAFigureThatLinksToItsSource() throws {
        let site = try TemporarySite(Self.files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.filter { $0.path.contains("notes/") }.isEmpty, "\(report.diagnostics)")
        let page = try site.output("host/index.html")
        #expect(page.contains("<figure class=\"embed\" data-embed=\"Source\">"))
        #expect(page.contains("<figcaption><a class=\"embed-source\" href=\"/deep/source/\">Source</a></figcaption>"))
        // Its links resolve from the embedded note; its ids are its own.
        #expect(page.contains("<a href=\"/deep/sibling/\">a sibling</a>"))
        #expect(page.contains("<a class=\"wikilink\" href=\"#e1_second-part\">my section</a>"))
        #expect(page.contains("<h2 id=\"e1_second-part\">") && page.contains("href=\"#e1_fn1\" id=\"e1_fnref1\""))
        // A section runs to the next heading of its level; a block is the block alone.
        let second = try #require(page.range(of: "<h2 id=\"e2_second-part\">"))
        let rest = page[second.lowerBound...]
        #expect(rest.contains("Deeper text.") && !rest.prefix(while: { _ in true }).isEmpty)
        let sectionEnd = try #require(rest.range(of: "</figure>"))
        #expect(!rest[..<sectionEnd.lowerBound].contains("Third part"))
        #expect(page.contains("<div class=\"embed-content\">\n<p id=\"e3_^quote\">Text of the second part.</p>\n</div>"))
    }

    @Test func theHostCountsItsOwnWordsAndItsContentsListItsOwnHeadings() throws {
        let site = try TemporarySite(Self.files.merging(["notebook.yml": "title: T\nbaseURL: https://example.org/\n"]) { $1 })
        #expect(SitePipeline().build(site.path).succeeded)
        let page = try site.output("host/index.html")
        #expect(page.contains("<p class=\"meta\"><time datetime=\"2026-01-02\">2 January 2026</time> · 3 words</p>"))
        #expect(!page.contains("href=\"#second-part\"") && !page.contains("href=\"#e1_second-part\">Second part"))
        // The feed carries the page as shown.
        #expect(try site.output("feed.xml").contains("Text of the second part."))
        let search = try site.output("search/index.json")
        let entry = try #require(search.split(separator: "\n").first { $0.contains("\"Host\"") })
        #expect(!entry.contains("deeper"))
    }

    @Test func missingDraftCyclesAndDepthAreFindingsNeverLoops() throws {
        var files: [String: String] = [
            "notes/a.md": "![[Missing]]\n\n![[Draft]]\n\n![[B]]\n",
            "notes/b.md": "---\ntitle: B\n---\nB\n\n![[a]]\n",
            "notes/draft.md": "---\ntitle: Draft\ndraft: true\n---\nSecret draft text.\n",
        ]
        for level in 1...6 { files["notes/n\(level).md"] = "---\ntitle: N\(level)\n---\nLevel \(level).\n\n" + (level < 6 ? "![[N\(level + 1)]]\n" : "") }
        let site = try TemporarySite(files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded)
        let broken = report.diagnostics.filter { $0.code == "link.broken" }.map(\.message)
        #expect(broken.contains { $0.contains("[[Missing]]") } && broken.contains { $0.contains("[[Draft]]") }, "\(report.diagnostics)")
        let cycles = report.diagnostics.filter { $0.code == "embed.cycle" }
        #expect(!cycles.isEmpty && cycles.allSatisfy { $0.location?.line != nil })
        let depth = report.diagnostics.filter { $0.code == "embed.depth" }
        #expect(depth.count == 1 && depth.first?.path.hasSuffix("n5.md") == true, "\(report.diagnostics)")
        #expect(!(try site.output("a/index.html")).contains("Secret draft text"))
        let top = try site.output("n1/index.html")
        for level in 2...5 { #expect(top.contains("Level \(level).")) }
        #expect(!top.contains("Level 6.") && top.contains("href=\"/n6/\""))
    }

    @Test func anEmbedOfWhatIsNotAnotherNoteIsALinkToIt() throws {
        // A file beside the note, a folder's page, a heading of the note itself: each resolves,
        // and is shown as a working link.
        let site = try TemporarySite([
            "notes/a.md": "---\ntitle: A\n---\n## Here\n\n![[data.csv]]\n\n![[guides]]\n\n![[#Here]]\n",
            "notes/data.csv": "a,b\n",
            "notes/guides/b.md": "---\ntitle: B\n---\nB.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.filter { $0.path.contains("notes/") }.isEmpty, "\(report.diagnostics)")
        let page = try site.output("a/index.html")
        #expect(!page.contains("wikilink-unresolved"))
        #expect(page.contains("<a class=\"wikilink\" href=\"/data.csv\">data.csv</a>"), "\(page)")
        #expect(page.contains("<a class=\"wikilink\" href=\"/guides/\">guides</a>"))
        #expect(page.contains("<a class=\"wikilink\" href=\"#here\">#Here</a>"))
    }

    /// Audio, video and documents, as Obsidian shows them: found by name anywhere in the vault as
    /// an image is, with the browser's controls, a PDF of the site in a frame that opens at the
    /// page asked for; one elsewhere a link; a missing one marked, as a missing image is.
    @Test func audioVideoAndDocumentsAreShownAsObsidianShowsThem() throws {
        let site = try TemporarySite([
            "notes/journal/a.md": """
                ---
                title: A
                ---
                ![[song.mp3]]

                ![[clip.mp4|320]]

                ![[paper.pdf#page=3]]

                ![[Paper.PDF|Read it]]

                ![a recording](../media/song.mp3)

                [[paper.pdf#page=2]] and [the paper](../media/paper.pdf#page=4).

                ![elsewhere](https://example.org/x.pdf)

                ![[missing.mp4]]

                ![[paper.pdf#height=400]] ![](../media/paper.pdf "The paper")

                ![t](<../media/Track %231%3F%25.mp3>) [[paper.pdf#page=3#x]]

                """,
            "notes/media/song.mp3": "ID3", "notes/media/clip.mp4": "mp4", "notes/media/paper.pdf": "%PDF-1.4\n",
            "notes/media/Track #1?%.mp3": "ID3",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let broken = report.diagnostics.filter { $0.code == "link.broken" }
        #expect(broken.count == 1 && broken.first?.message.contains("missing.mp4") == true, "\(report.diagnostics)")
        let page = try site.output("journal/a/index.html")
        #expect(page.contains(#"<audio class="embed-audio" src="/media/song.mp3" controls preload="metadata"><a href="/media/song.mp3">song.mp3</a></audio>"#), "\(page)")
        #expect(page.contains(#"<video class="embed-video" src="/media/clip.mp4" controls preload="metadata" width="320"><a href="/media/clip.mp4">clip.mp4</a></video>"#))
        // A link below the frame, for a browser that shows no document in a page (a phone's) and for feeds.
        #expect(page.contains(
            #"<iframe class="embed-pdf" src="/media/paper.pdf#page=3" title="paper.pdf" loading="lazy"></iframe><a class="embed-pdf-link" href="/media/paper.pdf#page=3">paper.pdf</a>"#))
        #expect(page.contains(#"<iframe class="embed-pdf" src="/media/paper.pdf" title="Read it" loading="lazy"></iframe>"#))
        // Obsidian's height of a PDF's frame; a title given is the frame's.
        #expect(page.contains(#"<iframe class="embed-pdf" src="/media/paper.pdf#height=400" title="paper.pdf" loading="lazy" height="400"></iframe>"#))
        #expect(page.contains(#"<iframe class="embed-pdf" src="/media/paper.pdf" title="The paper" loading="lazy"></iframe>"#))
        // A name with `#`, `?` or `%` is all of the file's URL: the player is the file's kind.
        #expect(page.contains(#"<audio class="embed-audio" src="/media/Track%20%231%3F%25.mp3" controls preload="metadata">"#), "\(page)")
        #expect(page.contains(#"<a class="wikilink" href="/media/paper.pdf#page=3%23x">"#))
        #expect(page.contains(#"<audio class="embed-audio" src="/media/song.mp3" controls preload="metadata"><a href="/media/song.mp3">a recording</a></audio>"#))
        #expect(page.contains(#"<a class="wikilink" href="/media/paper.pdf#page=2">"#))
        #expect(page.contains(#"<a href="/media/paper.pdf#page=4">the paper</a>"#))
        #expect(page.contains(#"<a href="https://example.org/x.pdf">elsewhere</a>"#) && !page.contains("<iframe class=\"embed-pdf\" src=\"https:"))
        #expect(page.contains(#"<span class="broken-link broken-image" title="Not found in this notebook: missing.mp4">missing.mp4</span>"#))
        for file in ["media/song.mp3", "media/clip.mp4", "media/paper.pdf"] {
            #expect(FileManager.default.fileExists(atPath: site.path + "/public/" + file), "\(file)")
        }
    }

    /// The heading a page shows as its title: embedded from its own note it is a link, as any of
    /// its headings is (not a cycle); from another note, the note as its page shows it, and a link
    /// when that shows nothing.
    @Test func anEmbedOfTheHeadingAPageShowsAsItsTitle() throws {
        let site = try TemporarySite([
            "notes/embeds.md": "# Embeds\n\nTop.\n\n![[#Embeds]]\n\n![[Embeds#Embeds]]\n",
            "notes/only.md": "# Only\n",
            "notes/host.md": "---\ntitle: Host\n---\n![[Only#Only]]\n\n![[Embeds#Embeds]]\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.filter { $0.path.contains("notes/") }.isEmpty, "\(report.diagnostics)")
        let own = try site.output("embeds/index.html")
        #expect(own.contains("<a class=\"wikilink\" href=\"/embeds/\">#Embeds</a>"), "\(own)")
        #expect(own.contains("<a class=\"wikilink\" href=\"/embeds/\">Embeds#Embeds</a>"))
        #expect(!own.contains("<figure"))
        let host = try site.output("host/index.html")
        #expect(host.contains("<a class=\"wikilink\" href=\"/only/\">Only</a>"), "\(host)")
        #expect(host.components(separatedBy: "<figure").count - 1 == 1)
        #expect(host.contains("<p>Top.</p>"))
    }

    /// A note that opens with `## Alpha` shows Alpha as its title: `![[N#Alpha]]` is still that
    /// heading's section, up to the next `##`, as in Obsidian, not the whole note.
    @Test func theTitleHeadingsSectionEndsAtTheNextHeadingOfItsLevel() throws {
        let site = try TemporarySite([
            "notes/n.md": "## Alpha\n\nalpha text\n\n### Inside\n\ninside text\n\n## Beta\n\nbeta text\n",
            "notes/host.md": "---\ntitle: Host\n---\n![[N#Alpha]]\n\n![[N]]\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.filter { $0.path.contains("notes/") }.isEmpty, "\(report.diagnostics)")
        let figures = try site.output("host/index.html").components(separatedBy: "<figure").dropFirst()
        #expect(figures.count == 2)
        let section = figures.first ?? ""
        #expect(section.contains("alpha text") && section.contains("inside text") && !section.contains("beta text"), "\(section)")
        #expect(figures.last?.contains("beta text") == true)
    }

    /// Found by a second review: a `#` title's section ends at the next `#` heading (an `h2` on
    /// the page, as the title's would be), and an embed of a heading or block the note lacks
    /// shows none of the note (a link to it, its finding at the embed).
    @Test func aHashTitlesSectionEndsAtTheNextHashAndAMissingPartIsALink() throws {
        let site = try TemporarySite([
            "notes/a.md": "# Alpha\n\nalpha intro\n\n# Second top\n\nNOT PART OF ALPHA\n",
            "notes/b.md": "# Bee\n\nWHOLE NOTE TEXT\n",
            "notes/host.md": "---\ntitle: Host\n---\n![[a#Alpha]]\n\n![[b#^missing]]\n\n![[b#Nohead]]\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.diagnostics.filter { $0.code == "link.broken" }.count == 2, "\(report.diagnostics)")
        let page = try site.output("host/index.html")
        #expect(page.contains("alpha intro") && !page.contains("NOT PART OF ALPHA") && !page.contains("WHOLE NOTE TEXT"), "\(page)")
        #expect(page.components(separatedBy: "<figure").count - 1 == 1)
    }

    /// Only what an embed shows is followed: a section with no embeds in it is no cycle, though
    /// the rest of its note embeds the host.
    @Test func aCycleIsJudgedByWhatAnEmbedShows() throws {
        let site = try TemporarySite([
            "notes/p.md": "---\ntitle: P\n---\n## S1\n\n![[Q]]\n\n## S2\n\nplain s2\n",
            "notes/q.md": "---\ntitle: Q\n---\nQ text\n\n![[P#S2]]\n",
            "notes/r.md": "---\ntitle: R\n---\n## Loop\n\n![[R2]]\n",
            "notes/r2.md": "---\ntitle: R2\n---\n![[R#Loop]]\n",
        ])
        let report = SitePipeline().build(site.path)
        let cycles = report.diagnostics.filter { $0.code == "embed.cycle" }
        // R's section Loop embeds R2, which embeds that section again: a real cycle, on R2's page
        // (R2 → R#Loop → R2) and on R's (R → R2 → R#Loop → R2).
        #expect(cycles.allSatisfy { $0.path.hasSuffix("r.md") || $0.path.hasSuffix("r2.md") }, "\(cycles)")
        #expect(!cycles.isEmpty)
        let p = try site.output("p/index.html")
        #expect(p.contains("<p>Q text</p>") && p.contains("<h2 id=\"e1_e1_s2\">S2</h2>"), "\(p)")
        let q = try site.output("q/index.html")
        #expect(q.contains("<figure class=\"embed\" data-embed=\"P\">") && q.contains("plain s2"), "\(q)")
    }

    /// `^id` alone after a table names the table; an ordered list's item stays one, at its number;
    /// an anchor with nothing before it shows nothing, and is a link.
    @Test func anIdentifierAfterABlockNamesItAndAnItemKeepsItsList() throws {
        let site = try TemporarySite([
            "notes/src.md": "---\ntitle: Src\n---\n| a |\n|---|\n| 1 |\n\n^tbl\n\n3. third ^ol\n4. fourth\n\n- bullet ^ul\n\n# Loose\n\n1. one\n\n2. two ^lo\n",
            "notes/start.md": "---\ntitle: Start\n---\n^first\n\ntext\n",
            "notes/e.md": "---\ntitle: E\n---\n![[src#^tbl]]\n\n![[src#^ol]]\n\n![[src#^ul]]\n\n![[start#^first]]\n\n![[src#^lo]]\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.filter { $0.path.contains("notes/") }.isEmpty, "\(report.diagnostics)")
        let page = try site.output("e/index.html")
        // The anchor goes before the table, so that a link to it shows the table.
        #expect(page.contains("<div class=\"embed-content\">\n<div id=\"e1_^tbl\" class=\"block-id\"></div>\n<table>"), "\(page)")
        #expect(try site.output("src/index.html").contains("<div id=\"^tbl\" class=\"block-id\"></div>\n<table>"))
        #expect(page.contains("<ol>\n<li id=\"e2_^ol\" value=\"3\">third</li>\n</ol>"), "\(page)")
        #expect(page.contains("<ul>\n<li id=\"e3_^ul\">bullet</li>\n</ul>"), "\(page)")
        #expect(page.contains("<p><a class=\"wikilink\" href=\"/start/#%5Efirst\">Start</a></p>"), "\(page)")
        // An item of a loose list too (it was its paragraph alone).
        #expect(page.contains("<ol>\n<li id=\"e5_^lo\" value=\"2\">\n<p>two</p>\n</li>\n</ol>"), "\(page)")
        #expect(page.components(separatedBy: "<figure").count - 1 == 4)
    }

    /// Embedded ids never clash with the host's, whatever the host's headings say.
    @Test func embeddedIdsAreNoneOfTheHostsOwn() throws {
        let site = try TemporarySite([
            "notes/clash.md": "---\ntitle: Clash\n---\n## E1 Waffles\n\n## E1 Fn1\n\nRef[^1].\n\n![[Waffles]]\n\n[^1]: Host's.\n",
            "notes/waffles.md": "---\ntitle: Waffles\n---\nIntro.\n\n## Waffles\n\nCrisp[^1].\n\n[^1]: Embedded.\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let page = try site.output("clash/index.html")
        let ids = page.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.contains("e1-waffles") && ids.contains("e1_waffles") && ids.contains("e1_fn1"), "\(ids)")
    }

    @Test func aPartsLinksToWhatItLeavesOutLeadToTheEmbeddedNotesPage() throws {
        let site = try TemporarySite([
            "notes/host.md": "Host.\n\n![[Emb#^b1]]\n\n![[Emb#Two]]\n",
            "notes/emb.md": "Preface.\n\n## One\n\nSee [[#One]], [one](#one) and ref[^1]. ^b1\n\n## Two\n\nBack to [[#Two]] and [[#Crème]]\n\n## Crème\n\n[^1]: Emb's note.\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let page = try site.output("host/index.html")
        let hrefs = page.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let ids = Set(page.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        // Every link to the page itself leads to an id it has; the rest to the embedded note's page.
        let inPage = hrefs.filter { $0.hasPrefix("#") && $0 != "#content" }
        #expect(!inPage.isEmpty && inPage.allSatisfy { ids.contains(String($0.dropFirst()).removingPercentEncoding ?? "") }, "\(inPage) \(ids)")
        #expect(inPage.contains("#e2_two"))
        #expect(hrefs.contains("/emb/#one") && hrefs.contains("/emb/#fn1") && hrefs.contains("/emb/#cr%C3%A8me"), "\(hrefs)")
    }

    @Test func anEmbedWithinALineIsALinkWhoseLabelIsText() throws {
        let site = try TemporarySite([
            "notes/e.md": "---\ntitle: E\n---\nE body words.\n",
            "notes/inline.md": "---\ntitle: Inline\n---\nInline ![[E]] here.\n",
            "notes/alone.md": "---\ntitle: Alone\n---\n![[E]]\n\nMine.\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let inline = try site.output("inline/index.html")
        #expect(inline.contains("3 words") && inline.contains("<meta name=\"description\" content=\"Inline E here.\">"))
        // Alone, the embed shows the other note: its words are not the host's, nor its summary.
        let alone = try site.output("alone/index.html")
        #expect(alone.contains("1 word") && alone.contains("<meta name=\"description\" content=\"Mine.\">"))
    }

    @Test func aNoteThatEmbedsManyTimesOverStaysSmall() throws {
        // Each level embeds the next 30 times: 30^4 copies of the last without a limit.
        var files: [String: String] = [:]
        for level in 0..<5 {
            let body = level < 4 ? String(repeating: "![[L\(level + 1)]]\n\n", count: 30) : "The last level.\n"
            files["notes/l\(level).md"] = "---\ntitle: L\(level)\n---\n" + body
        }
        let site = try TemporarySite(files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded)
        let limits = report.diagnostics.filter { $0.code == "embed.limit" }
        #expect(!limits.isEmpty && limits.allSatisfy { $0.location != nil })
        let page = try site.output("l0/index.html")
        #expect(page.components(separatedBy: "<figure class=\"embed\"").count - 1 == Embeds.maximumPerPage)
        #expect(page.utf8.count < 200_000)
    }
}
