import Foundation
import TestSupport
import NotebookModel
import Testing

@testable import NotebookSite

@Suite struct BuildTests {
    func build(_ site: String, workers: Int = 2, output: String? = nil, drafts: Bool = false) -> BuildReport {
        SitePipeline(options: BuildOptions(output: output, includeDrafts: drafts, workers: workers)).build(site)
    }

    /// That no file of the output `output` holds `text` (and that it holds files).
    func expectNowhere(_ text: String, in output: String) {
        let files = FileManager.default.enumerator(atPath: output)?.compactMap { $0 as? String } ?? []
        #expect(files.count > 10)
        for file in files {
            let contents = (try? String(contentsOfFile: output + "/" + file, encoding: .utf8)) ?? ""
            #expect(!contents.contains(text), "\(file)")
        }
    }

    @Test func buildsEveryPageOfASmallSite() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: Test Notes\nbaseURL: https://example.org/notes/\npageSize: 1\n",
            "notes/one.md": "---\ntitle: One\ndate: 2026-05-01\ntags: [a, b]\naliases: [/old/one/]\n---\nSee [[Two]] and ==this==.\n",
            "notes/two.md": "---\ntitle: Two\ndate: 2026-04-01\ntags: [a]\n---\n# Part\n\nBack to [one](one.md).\n",
            "notes/picture.png": "png",
            "assets/extra.css": "body{}",
        ])
        let report = build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let out = site.path + "/public/"
        for file in [
            "index.html", "page/2/index.html", "one/index.html", "two/index.html", "tags/index.html", "tags/a/index.html",
            "tags/a/page/2/index.html", "tags/b/index.html", "highlights/index.html", "feed.xml", "sitemap.xml",
            "search/index.json", "404.html", "old/one/index.html", "picture.png", "assets/extra.css", "assets/style.css",
        ] {
            #expect(FileManager.default.fileExists(atPath: out + file), "\(file)")
        }
        let index = try String(contentsOfFile: out + "index.html", encoding: .utf8)
        #expect(index.contains("<a rel=\"next\" href=\"/notes/page/2/\">"))
        let second = try String(contentsOfFile: out + "page/2/index.html", encoding: .utf8)
        #expect(second.contains("<a rel=\"prev\" href=\"/notes/\">"))
        let one = try String(contentsOfFile: out + "one/index.html", encoding: .utf8)
        #expect(one.contains("href=\"/notes/two/\""))
        #expect(one.contains("<meta property=\"og:url\" content=\"https://example.org/notes/one/\">"))
        let two = try String(contentsOfFile: out + "two/index.html", encoding: .utf8)
        #expect(two.contains("Linked from"))
        #expect(two.contains("href=\"/notes/one/\""))
        let feed = try String(contentsOfFile: out + "feed.xml", encoding: .utf8)
        #expect(feed.contains("<link href=\"https://example.org/notes/one/\"/>"))
        let highlights = try String(contentsOfFile: out + "highlights/index.html", encoding: .utf8)
        #expect(highlights.contains("href=\"/notes/one/#highlight-1\""))
        let redirect = try String(contentsOfFile: out + "old/one/index.html", encoding: .utf8)
        #expect(redirect.contains("url=/notes/one/"))
    }

    /// A note's broken links past the first hundred are one warning that counts them, in a build
    /// and in the preview, as the note's other findings are; another note's are its own.
    @Test func aNotesManyBrokenLinksAreFolded() throws {
        let many = (0..<150).map { "[[missing \($0)]]" }.joined(separator: " ")
        let site = try TemporarySite(["notes/many.md": many + "\n", "notes/few.md": "[[nowhere]]\n"])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        expectFoldedFindings(report.diagnostics, code: "link.broken")
        var session = SiteSession(directory: site.path, options: BuildOptions(output: site.path + "-preview"))
        defer { try? FileManager.default.removeItem(atPath: site.path + "-preview") }
        expectFoldedFindings(session.build().diagnostics, code: "link.broken")
    }

    /// A `[[…]]` that cannot be a wikilink (a URL, a name holding `:`) is shown as written with a
    /// warning at its place, and under `--strict` fails the build, as a broken link does.
    @Test func aWikilinkNoNameCanHoldIsAWarningAndUnderStrictAnError() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "notes/a.md": "# A\n\nSee [[https://example.org/y]] and ![[q?.pdf]].\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let found = report.diagnostics.filter { $0.code == "wikilink.name" }
        #expect(found.map(\.severity) == [.warning, .warning], "\(report.diagnostics)")
        #expect(found.allSatisfy { $0.path.hasSuffix("/notes/a.md") })
        #expect(found.compactMap(\.location) == [SourceLocation(line: 3, column: 5), SourceLocation(line: 3, column: 35)])
        let page = try String(contentsOfFile: site.path + "/public/a/index.html", encoding: .utf8)
        #expect(page.contains("See [[https://example.org/y]] and ![[q?.pdf]]."))
        let strict = SitePipeline(options: BuildOptions(output: site.path + "/strict", strict: true)).build(site.path)
        #expect(!strict.succeeded)
        #expect(strict.diagnostics.filter { $0.code == "wikilink.name" }.allSatisfy { $0.severity == .error })
    }

    /// Under `--strict` every warning is an error, whichever step finds it (embeds that show
    /// themselves or nest too deep, an unclosed comment, a block identifier given twice, a name
    /// two notes answer to), and a broken link found earlier does not hide what embeds find: the
    /// same findings as without `--strict`, each an error. That no notebook.yml is there is a note.
    @Test func strictMakesEveryWarningAnErrorAndHidesNone() throws {
        var files = [
            "notes/a.md": "![[b]]\n\n[gone](missing.md)\n",
            "notes/b.md": "![[a]]\n\ntext ^dup\n\nmore ^dup\n",
            "notes/c.md": "---\naliases: [Twin]\n---\nopen %% never closed\n",
            "notes/d.md": "---\naliases: [twin]\n---\n[[Twin]]\n",
            "notes/self.md": "![[self]]\n",
        ]
        for level in 1...6 { files["notes/deep\(level).md"] = "![[deep\(level + 1)]]\n" }
        files["notes/deep7.md"] = "bottom\n"
        let site = try TemporarySite(files)
        let plain = SitePipeline().check(site.path).diagnostics
        let strict = SitePipeline(options: BuildOptions(strict: true)).build(site.path)
        #expect(!strict.succeeded)
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public"))
        func kinds(_ found: [Diagnostic]) -> [String] { found.map { "\($0.path.split(separator: "/").last ?? ""):\($0.code):\($0.message)" }.sorted() }
        let warned = plain.filter { $0.severity == .warning }
        #expect(warned.count >= 6, "\(plain)")
        #expect(kinds(strict.diagnostics.filter { $0.severity == .error }) == kinds(plain.filter { $0.severity != .note }), "\(strict.diagnostics)")
        #expect(strict.diagnostics.contains { $0.severity == .error && $0.message.contains("would show itself") }, "\(strict.diagnostics)")
        #expect(strict.diagnostics.contains { $0.severity == .error && $0.message.contains("deeper than 4") }, "\(strict.diagnostics)")
        #expect(strict.diagnostics.filter { $0.severity == .warning }.isEmpty)
        #expect(strict.diagnostics.filter { $0.code == "config.missing" }.map(\.severity) == [.note])
    }

    @Test func aFailedBuildLeavesThePreviousOutputAlone() throws {
        let site = try TemporarySite(["notes/a.md": "fine\n"])
        #expect(build(site.path).succeeded)
        let before = OutputDigest.of(site.path + "/public")
        try Data("^[x](underline: 'wavy')\n".utf8).write(to: URL(fileURLWithPath: site.path + "/notes/b.md"))
        let failed = build(site.path)
        #expect(!failed.succeeded)
        #expect(failed.diagnostics.contains { $0.severity == .error && $0.path.hasSuffix("b.md") })
        #expect(OutputDigest.of(site.path + "/public") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix("public.") }
        #expect(leftovers.isEmpty)
    }

    @Test func draftsOnlyWithDrafts() throws {
        let site = try TemporarySite(["notes/d.md": "---\ndraft: true\n---\nsecret\n", "notes/p.md": "[[d]]\n"])
        let report = build(site.path)
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/d/index.html"))
        #expect(report.diagnostics.contains { $0.code == "link.broken" })
        let search = try String(contentsOfFile: site.path + "/public/search/index.json", encoding: .utf8)
        #expect(!search.contains("secret"))
    }

    /// Obsidian Publish's `publish: false` keeps a note out of every output, as a draft is kept.
    @Test func publishFalseIsKeptOutOfTheSite() throws {
        let site = try TemporarySite([
            "notes/private.md": "---\npublish: false\ntags: [hidden]\n---\n# Private\n\nwords ==unpublished mark==\n",
            "notes/public.md": "# Public\n\nSee [[private]].\n",
        ])
        let report = build(site.path)
        #expect(report.succeeded)
        #expect(report.notes == 1)
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/private/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/tags/hidden/index.html"))
        #expect(report.diagnostics.contains { $0.code == "link.broken" })
        expectNowhere("unpublished", in: site.path + "/public")
        // `--drafts` shows it, as it shows drafts.
        #expect(build(site.path, drafts: true).notes == 2)
    }

    /// `explicitPublish: true`: only the notes selected with `publish: true` are published, as
    /// Obsidian Publish and Quartz's ExplicitPublish publish them.
    @Test func explicitPublishPublishesOnlyTheNotesSelected() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nexplicitPublish: true\n",
            "notes/chosen.md": "---\npublish: true\n---\n# Chosen\n\nSee [[other]].\n",
            "notes/other.md": "# Other\n\nunselected words\n",
            "notes/draft.md": "---\npublish: true\ndraft: true\n---\n# Draft\n\nunselected draft\n",
        ])
        let report = build(site.path)
        #expect(report.succeeded && report.notes == 1, "\(report.diagnostics)")
        #expect(FileManager.default.fileExists(atPath: site.path + "/public/chosen/index.html"))
        #expect(report.diagnostics.contains { $0.code == "link.broken" })
        expectNowhere("unselected", in: site.path + "/public")
        #expect(build(site.path, drafts: true).notes == 3)
    }

    /// A note not selected is not the site's: nothing of it is said (a vault's templates), but a
    /// front matter that cannot be read, which may be one meant to be selected.
    @Test func aNoteNotSelectedIsNotChecked() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nexplicitPublish: true\n",
            "notes/chosen.md": "---\npublish: true\n---\n# Chosen\n",
            "notes/Templates/daily.md": "---\ntags: {{tags}}\ndate: <% tp.date.now() %>\n---\n^[y](highlight: 'zzz')\n",
            "notes/broken.md": "---\ntitle: [unclosed\n---\nText.\n",
        ])
        let report = build(site.path)
        #expect(!report.diagnostics.contains { $0.path.contains("daily.md") }, "\(report.diagnostics)")
        #expect(report.diagnostics.filter { $0.path.contains("broken.md") }.map(\.code) == ["frontmatter.syntax"])
        // A selected note is checked as any is.
        try Data("---\npublish: true\ndate: soon\n---\nx\n".utf8).write(to: URL(fileURLWithPath: site.path + "/notes/bad.md"))
        #expect(build(site.path).diagnostics.contains { $0.path.contains("bad.md") && $0.severity == .error })
    }

    /// libcmark-gfm switches process-wide state during every parse with extensions: parallel
    /// builds must give exactly what one worker gives, and that is the recorded output.
    @Test func parallelBuildsMatchOneWorker() throws {
        let site = try OutputDigest.generatedSite(notes: 5000)
        defer { ScratchFolder.remove(site) }
        let one = site + "/one-worker"
        #expect(build(site, workers: 1, output: one).succeeded)
        let expected = OutputDigest.of(one)
        #expect(expected.count > 5000)
        try RecordedOutput.expect(expected, matches: "corpus-5000")
        for run in 0..<3 {
            let many = site + "/many-\(run)"
            #expect(build(site, workers: 8, output: many).succeeded)
            let digests = OutputDigest.of(many)
            let differing = expected.keys.filter { expected[$0] != digests[$0] }
            #expect(differing.isEmpty && digests.count == expected.count, "run \(run): \(differing.count) pages differ")
        }
    }

    /// The example site, built as `notebook build ExampleSite` does, is the recorded output.
    @Test func theExampleSiteIsTheRecordedOne() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-example-\(UUID().uuidString)").path
        defer { ScratchFolder.remove(output) }
        let report = build(repository.appendingPathComponent("ExampleSite").path, output: output)
        #expect(report.succeeded, "\(report.diagnostics)")
        try RecordedOutput.expect(OutputDigest.of(output), matches: "example-site")
    }

    /// Swift seeds its hashing per process, so two runs of the binary must agree byte for byte.
    @Test func twoRunsOfTheBinaryAreIdentical() throws {
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("notebook").path }
        let binary = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "build the notebook product first")
        let site = try OutputDigest.generatedSite(notes: 300)
        defer { ScratchFolder.remove(site) }
        var digests: [[String: UInt64]] = []
        for run in 0..<2 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["build", site, "-o", site + "/out-\(run)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            digests.append(OutputDigest.of(site + "/out-\(run)"))
        }
        #expect(digests[0].count > 300)
        #expect(digests[0] == digests[1])
    }
}

@Suite struct SymbolicLinkTests {
    @Test func linksOutsideTheSiteAreNeverFollowed() throws {
        let outside = try TemporarySite(["secret.md": "secret words\n", "private/key.txt": "key"])
        let site = try TemporarySite(["notes/a.md": "fine\n", "notes/inner/b.md": "inner\n", "assets/x.css": "x"])
        try FileManager.default.createSymbolicLink(atPath: site.path + "/notes/leak.md", withDestinationPath: outside.path + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/notes/private", withDestinationPath: outside.path + "/private")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/assets/key.txt", withDestinationPath: outside.path + "/private/key.txt")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/notes/again", withDestinationPath: site.path + "/notes/inner")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/notes/loop", withDestinationPath: site.path + "/notes")
        let report = SitePipeline(options: BuildOptions(workers: 2)).build(site.path)
        #expect(report.succeeded)
        let warned = report.diagnostics.filter { $0.code == "files.symlink" }.map { $0.path.split(separator: "/").last.map(String.init) ?? "" }
        #expect(Set(warned) == ["leak.md", "private", "key.txt", "loop"])
        let output = OutputDigest.of(site.path + "/public")
        #expect(!output.keys.contains { $0.contains("leak") || $0.contains("key.txt") || $0.contains("private") })
        let search = try String(contentsOfFile: site.path + "/public/search/index.json", encoding: .utf8)
        #expect(!search.contains("secret"))
        #expect(output.keys.contains("again/b/index.html") || output.keys.contains("inner/b/index.html"))
    }
}

@Suite struct LinkCheckTests {
    @Test func rootRelativeLinksAreCheckedAndFollowTheBaseURL() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/notes/\n",
            "notes/a.md": """
                ---
                tags: [travel]
                ---
                # Top

                [tags](/tags/travel/) [home](/) [b](/b/#part) [css](/assets/style.css) [pic](/pic.png)
                [gone](/nowhere/) [bad anchor](/b/#missing) [feed](/feed.xml) and a note[^x]

                """,
            "notes/b.md": "# B\n\n## Part\n\nText.\n",
            "notes/pic.png": "png",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded)
        let broken = report.diagnostics.filter { $0.code == "link.broken" }
        #expect(broken.map(\.message).sorted() == [
            "broken link '/b/#missing': 'B' has no heading 'missing'", "broken link '/nowhere/': no page or file at /nowhere/ on this site",
            "broken footnote [^x]: no footnote [^x] is defined",
        ].sorted())
        #expect(broken.allSatisfy { $0.location?.line == 7 })
        let page = try String(contentsOfFile: site.path + "/public/a/index.html", encoding: .utf8)
        for href in ["/notes/tags/travel/", "/notes/", "/notes/b/#part", "/notes/assets/style.css", "/notes/pic.png", "/notes/feed.xml"] {
            #expect(page.contains("href=\"\(href)\""), "\(href)")
        }
        let strict = SitePipeline(options: BuildOptions(strict: true)).build(site.path)
        #expect(!strict.succeeded)
    }

    /// A note's opening heading that repeats its title is the page's title, not an element of the
    /// body: links to it, however written, lead to the page's top, not to an id the page lacks.
    @Test func aLinkToTheHeadingThePageShowsAsItsTitleLeadsToThePagesTop() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "notes/a.md": "[[b#Part]] [[b#Later]] [md](b.md#part) [root](/b/#part) [[c#Part]] [[d#Named]]\n\n![[b#Part]]\n",
            "notes/b.md": "# Part\n\nText of b.\n\n## Later\n\nMore.\n",
            // A paragraph comes first: the heading stays in the body, and so does its id.
            "notes/c.md": "Intro first.\n\n# Part\n\nText.\n",
            // The title from the front matter, repeated by the opening heading.
            "notes/d.md": "---\ntitle: Named\n---\n# Named\n\nText.\n",
            // Repeated in other case: still the title.
            "notes/e.md": "---\ntitle: Named Again\n---\n# named AGAIN\n\nText.\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try site.output("a/index.html")
        #expect(page.components(separatedBy: "href=\"/b/\"").count - 1 >= 3, "\(page)")
        for href in ["/b/#later", "/c/#part", "/d/"] { #expect(page.contains("href=\"\(href)\""), "\(href)") }
        #expect(!page.contains("/b/#part") && !page.contains("/d/#named"))
        // The embed of that heading's section is the note as its page shows it.
        #expect(page.contains("Text of b."))
        let b = try site.output("b/index.html")
        #expect(!b.contains("id=\"part\"") && b.contains("id=\"later\""))
        #expect(try site.output("c/index.html").contains("id=\"part\""))
        #expect(try !site.output("e/index.html").contains("id=\"named-again\""))
    }

    /// The page numbers its headings' ids without the one it shows as its title: links name the
    /// ids the page has, so a later heading of the same text is `#pancakes`, not `#pancakes-1`.
    @Test func linksNameTheHeadingIdsThePageHas() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "notes/pancakes.md": "# Pancakes\n\nIntro.\n\n## Pancakes\n\nNested.\n",
            "notes/w.md": "---\ntitle: Waffles\n---\n# Waffles\n\n## Waffles!\n\nCrisp.\n",
            "notes/l.md": "[a](/pancakes/#pancakes) [[Pancakes#Pancakes]] [[Waffles#Waffles!]] [k](/w/#waffles)\n\n[gone](pancakes.md#pancakes-1)\n",
            // Obsidian writes a Markdown link's fragment as the heading's text: by text, the title's.
            "notes/Sunday Pancakes.md": "# Sunday Pancakes\n\nIntro.\n\n## Batter\n\n## Sunday Pancakes\n",
            "notes/o.md": "[[Sunday Pancakes#Sunday Pancakes]] [md](Sunday%20Pancakes.md#Sunday%20Pancakes) [md2](<Sunday Pancakes.md#Sunday Pancakes>) [id](Sunday%20Pancakes.md#sunday-pancakes)\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded)
        let broken = report.diagnostics.filter { $0.code == "link.broken" }
        #expect(broken.map(\.message) == ["broken link 'pancakes.md#pancakes-1': 'Pancakes' has no heading 'pancakes-1'"], "\(report.diagnostics)")
        #expect(broken.first?.location?.line == 3)
        let page = try site.output("l/index.html")
        for href in ["/pancakes/#pancakes", "/pancakes/", "/w/#waffles"] { #expect(page.contains("href=\"\(href)\""), "\(href)") }
        #expect(page.components(separatedBy: "href=\"/w/#waffles\"").count - 1 == 2)
        #expect(try site.output("pancakes/index.html").contains("<h2 id=\"pancakes\">"))
        #expect(try site.output("w/index.html").contains("<h2 id=\"waffles\">"))
        let obsidian = try site.main("o/index.html")
        #expect(obsidian.components(separatedBy: "href=\"/sunday-pancakes/\"").count - 1 == 3, "\(obsidian)")
        #expect(obsidian.components(separatedBy: "href=\"/sunday-pancakes/#sunday-pancakes\"").count - 1 == 1)
    }

    /// A relative link to a folder's page that a note introduces checks its heading as a link to
    /// the note does, and leads to the page's top for the heading the page shows as its title.
    @Test func relativeLinksToAFoldersPageCheckItsIntroductionsHeadings() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "notes/cooking.md": "# Cooking\n\nAbout cooking.\n\n## Tools\n",
            "notes/cooking/pasta.md": "Pasta.\n",
            "notes/travel/index.md": "---\ntitle: Travel Index\n---\n# Travel Index\n\nTrips.\n",
            "notes/travel/trip.md": "Trip.\n",
            "notes/l2.md": "[c](./cooking/#cooking) [tools](./cooking#tools) [t](./travel/#travel-index)\n\n[nope](./travel#nope)\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded)
        let broken = report.diagnostics.filter { $0.code == "link.broken" }
        #expect(broken.map(\.message) == ["broken link './travel#nope': 'Travel Index' has no heading 'nope'"], "\(report.diagnostics)")
        let page = try site.output("l2/index.html")
        for href in ["/cooking/", "/cooking/#tools", "/travel/"] { #expect(page.contains("href=\"\(href)\""), "\(href)") }
        #expect(!page.contains("#cooking\"") && !page.contains("#travel-index\""))
    }
}
