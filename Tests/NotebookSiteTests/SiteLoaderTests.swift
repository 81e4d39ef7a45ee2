import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

@Suite struct SiteLoaderTests {
    @Test func discoversNotesUnderNotesAtAnyDepth() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: Mine\n",
            "notes/Cooking/Sunday Pancakes.md": "# Sunday Pancakes\n\nRest the batter.\n",
            "notes/a/b/c/deep.md": "Deep.\n",
            "notes/.hidden/secret.md": "no\n",
            "notes/readme.txt": "not a note\n",
            "notes/picture.png": "png",
        ])
        let loaded = SiteLoader().load(site.path)
        #expect(loaded.usesNotesFolder)
        #expect(loaded.config.title == "Mine")
        #expect(Set(loaded.notes.map(\.relativePath)) == ["Cooking/Sunday Pancakes.md", "a/b/c/deep.md"])
        #expect(Set(loaded.notes.map(\.url)) == ["/cooking/sunday-pancakes/", "/a/b/c/deep/"])
        #expect(loaded.diagnostics.isEmpty)
    }

    /// A vault with a folder called `notes` among its notes publishes that folder only: the
    /// Markdown beside it is named in a warning, a repository's own pages excepted.
    /// A vault's JSON data (`{"foo": 1}`, `[1, 2, 3]`, a number) is a file beside the notes, as
    /// Quartz publishes it, with a note saying so; JSON notes in every shape stay notes, and one
    /// that is no JSON at all is read as a note, to say what is wrong.
    @Test func jsonDataIsAFileBesideTheNotes() throws {
        let site = try TemporarySite([
            "notes/data.json": "{\"foo\": 1, \"bar\": [1, 2]}", "notes/sub/list.json": "[1, 2, 3]", "notes/n.json": "42",
            "notes/real.json": "{\"title\": \"Real\", \"body\": \"A note.\"}", "notes/runs.json": "[\"Runs.\", {}]",
            "notes/keyed.json": "{\"runs\": [\"Keyed.\", 0], \"attributeTable\": [{}]}", "notes/text.json": "\"Just a body.\"", "notes/empty.json": "[]",
            "notes/a.md": "[d](data.json), [[list.json]] and [r](real.json).\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.diagnostics.filter { $0.code == "json.data" }.map(\.path).sorted() == ["data.json", "n.json", "sub/list.json"].map { site.path + "/notes/" + $0 })
        #expect(report.diagnostics.allSatisfy { $0.code != "json.data" || $0.severity == .note })
        #expect(!report.diagnostics.contains { $0.code.hasPrefix("link") }, "\(report.diagnostics)")
        #expect(try site.output("data.json") == "{\"foo\": 1, \"bar\": [1, 2]}" && (try? site.output("data/index.html")) == nil)
        #expect(try site.output("sub/list.json") == "[1, 2, 3]")
        for note in ["real", "runs", "keyed", "text", "empty"] { #expect((try? site.output("\(note)/index.html")) != nil, "\(note)") }
        let page = try site.output("a/index.html")
        #expect(page.contains("href=\"/data.json\"") && page.contains("href=\"/sub/list.json\"") && page.contains("href=\"/real/\""))
        // Not JSON at all: a note whose error is said.
        let broken = try TemporarySite(["notes/bad.json": "{\"titel\": "])
        #expect(SitePipeline().build(broken.path).diagnostics.contains { $0.code == "json.syntax" })
    }

    @Test func markdownBesideTheNotesFolderIsAWarningNamingIt() throws {
        let site = try TemporarySite([
            "index.md": "---\ntitle: Home\n---\nhome\n", "a.md": "a\n", "README.md": "r\n", "LICENSE.md": "l\n",
            "notes/b.md": "b\n",
        ])
        let loaded = SiteLoader().load(site.path)
        #expect(loaded.notes.map(\.relativePath) == ["b.md"])
        let left = loaded.diagnostics.filter { $0.code == "files.outside" }
        #expect(left.count == 1 && left.first?.severity == .warning, "\(loaded.diagnostics)")
        #expect(left.first?.path.hasSuffix("/a.md") == true)
        #expect(left.first?.message.hasPrefix("2 Markdown files beside notes/ are not published ('a.md', 'index.md')") == true, "\(left)")
        // A repository's own pages in their usual spellings are none of it.
        for page in ["CODE-OF-CONDUCT.md", "CHANGES.md", "SUPPORT.md", "README.ja.md", "HISTORY.md", "LICENSE-MIT.md", "AGENTS.md"] {
            #expect(NoteDiscovery.isRepositoryPage(page), "\(page)")
        }
        #expect(!NoteDiscovery.isRepositoryPage("Ideas.md") && !NoteDiscovery.isRepositoryPage("Readme notes.md"))
        // An Obsidian vault (its `.obsidian/` beside `notes/`): the notes of its other folders too.
        let vault = try TemporarySite([
            ".obsidian/app.json": "{}", "notes/b.md": "b\n", "features/f.md": "f\n", "features/deep/g.md": "g\n", "index.md": "i\n",
        ])
        let inVault = SiteLoader().load(vault.path).diagnostics.filter { $0.code == "files.outside" }
        #expect(inVault.first?.message.hasPrefix("3 Markdown files beside notes/ are not published ('index.md', 'features/deep/g.md', 'features/f.md')") == true, "\(inVault)")
        let plain = try TemporarySite(["README.md": "r\n", "notes/b.md": "b\n"])
        #expect(!SiteLoader().load(plain.path).diagnostics.contains { $0.code == "files.outside" })
    }

    /// A comment left out of the opening heading leaves two spaces where it was: the heading
    /// still repeats the title made of it, and is shown once, as the title.
    @Test func anOpeningHeadingWithACommentIsTheTitleOnce() throws {
        let site = try TemporarySite(["notes/h.md": "# Title %%secret%% Here\n\nBody.\n"])
        #expect(SitePipeline().build(site.path).succeeded)
        let page = try site.output("h/index.html")
        #expect(page.contains("<h1>Title Here</h1>") && !page.contains("<h2 id=\"title-here\">") && !page.contains("secret"), "\(page)")
    }

    @Test func aTitleComesFromTheMetadataElseAnOpeningHeadingElseTheFileName() throws {
        let site = try TemporarySite([
            "notes/configuration intro.md": "Quartz is configured in one file.\n\n## Configuration\n\nText.\n",
            "notes/opens.md": "### A third-level opening\n\nText.\n",
            "notes/styled.md": "^[Trip notes](textStyle: 'title2', bold: true)\n\nBook the train.\n",
            "notes/named.md": "---\ntitle: From front matter\n---\n# Not this\n",
            "notes/envelope.json": #"{"title": "From the envelope", "body": "Body."}"#,
            "notes/break first.md": "---\n\n# Later\n",
        ])
        let titles = Dictionary(uniqueKeysWithValues: SiteLoader().load(site.path).notes.map { ($0.relativePath, $0.title) })
        #expect(titles == [
            "configuration intro.md": "configuration intro", "opens.md": "A third-level opening", "styled.md": "Trip notes",
            "named.md": "From front matter", "envelope.json": "From the envelope", "break first.md": "break first",
        ])
    }

    @Test func withoutNotesFolderReadsTheSiteMinusItsOwnFolders() throws {
        let site = try TemporarySite([
            "index.md": "Home.\n",
            "sub/page.md": "Page.\n",
            "assets/x.md": "asset\n",
            "templates/t.md": "template\n",
            "public/old.md": "output\n",
            ".obsidian/workspace.json": "{}",
        ])
        let loaded = SiteLoader().load(site.path)
        #expect(!loaded.usesNotesFolder)
        #expect(Set(loaded.notes.map(\.relativePath)) == ["index.md", "sub/page.md"])
        #expect(loaded.diagnostics.map(\.code) == ["config.missing"])
        // Default settings are no fault of the site: a note, which `--strict` leaves as it is.
        #expect(loaded.diagnostics.first?.severity == .note)
    }

    @Test func titlesSummariesAndOrder() throws {
        let long = Array(repeating: "word", count: 60).joined(separator: " ")
        let site = try TemporarySite([
            "notes/b.md": "---\ntitle: Beta\ndate: 2026-05-01\n---\nFirst paragraph.\n",
            "notes/a.md": "---\ndate: 2026-06-01\n---\n# Heading Title\n\n\(long)\n",
            "notes/c.md": "No title here.\n",
            "notes/d.md": "---\ntitle: Delta\ndate: 2026-05-01\nsummary: Given.\n---\nText.\n",
            "notes/e.md": "---\ntitle: Alpha\n---\nUndated.\n",
        ])
        let loaded = SiteLoader().load(site.path)
        #expect(loaded.notes.map(\.title) == ["Heading Title", "Beta", "Delta", "Alpha", "c"])
        let a = try #require(loaded.notes.first)
        #expect(a.summary.hasSuffix("…"))
        #expect(a.summary.count <= 161)
        #expect(loaded.notes[1].summary == "First paragraph.")
        #expect(loaded.notes[2].summary == "Given.")
    }

    @Test func slugReplacesTheLastSegment() throws {
        let site = try TemporarySite(["notes/Travel/Trip Notes.md": "---\nslug: Night Train!\n---\nx\n"])
        #expect(SiteLoader().load(site.path).notes.map(\.url) == ["/travel/night-train/"])
    }

    @Test func collisionsAndReservedURLsAreErrorsNamingTheFiles() throws {
        let site = try TemporarySite([
            "notes/Foo Bar.md": "a\n",
            "notes/foo-bar.md": "b\n",
            "notes/highlights/x.md": "c\n",
            "notes/tags/fine.md": "introduces a tag\n",
        ])
        let loaded = SiteLoader().load(site.path)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2)
        let collision = try #require(errors.first { $0.code == "url.collision" })
        #expect(collision.message.contains("/foo-bar/"))
        #expect(collision.path.hasSuffix("foo-bar.md") && collision.message.contains("Foo Bar.md"))
        #expect(errors.contains { $0.code == "url.reserved" && $0.path.hasSuffix("highlights/x.md") })
        // Each says what to do: a note named as a page of the site takes a slug; one in a folder
        // so named, or in a folder whose name makes no URL, moves or has its folder renamed.
        let named = try TemporarySite(["notes/Search.md": "a\n", "notes/search/y.md": "b\n", "notes/!!!/n.md": "c\n"])
        let messages = SiteLoader().load(named.path).diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(messages.contains("the note's URL /search/ is reserved for the site's own pages; give the note another URL with a 'slug' in its front matter (slug: search-note)"), "\(messages)")
        #expect(messages.contains("the note's URL /search/y/ is reserved for the site's own pages; move it out of the folder 'search' or rename the folder"), "\(messages)")
        #expect(messages.contains("cannot make a URL from the folder name '!!!', which has no letter or digit; rename the folder"), "\(messages)")
    }

    @Test func draftsOnlyWhenAsked() throws {
        let site = try TemporarySite(["notes/d.md": "---\ndraft: true\n---\nx\n", "notes/p.md": "y\n"])
        #expect(SiteLoader().load(site.path).notes.map(\.relativePath) == ["p.md"])
        #expect(SiteLoader(includeDrafts: true).load(site.path).notes.count == 2)
    }

    @Test func oneBrokenNoteDoesNotHideTheOthers() throws {
        let site = try TemporarySite([
            "notes/one.md": "^[x](underline: 'wavy')\n",
            "notes/two.md": "---\ntitle: [unclosed\n---\nbody\n",
            "notes/three.md": "fine ^[y](underline: 'dotted')\n",
        ])
        let loaded = SiteLoader().load(site.path)
        #expect(loaded.notes.count == 3)
        let byFile = Dictionary(grouping: loaded.diagnostics, by: { NSStringLike(path: $0.path).lastComponent })
        #expect(byFile["one.md"]?.first?.severity == .error)
        #expect(byFile["two.md"]?.first?.severity == .error)
        #expect(byFile["three.md"]?.first?.message.contains("underline 'dotted'") == true)
        #expect(byFile["three.md"]?.first?.severity == .warning)
        #expect(SitePipeline(options: BuildOptions(strict: true)).check(site.path).diagnostics.filter { $0.path.hasSuffix("three.md") }.first?.severity == .error)
    }

    @Test func badConfigIsReportedWithLineAndColumn() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: Mine\npageSize: many\ncolour: red\npalette:\n  yellow: '#ff0'\n  bad: 'red;x'\n",
            "notes/a.md": "x\n",
        ])
        let loaded = SiteLoader().load(site.path)
        let found = loaded.diagnostics.map { "\($0.severity) \($0.location!.line):\($0.location!.column)" }
        #expect(found == ["error 2:11", "warning 3:1", "error 6:8"])
        var expected = PaletteColor.defaults
        expected[0] = PaletteColor(name: "yellow", css: "#ff0")
        #expect(loaded.config.palette == expected)
    }

    @Test func theFormattingDefinitionOfTheSiteApplies() throws {
        let site = try TemporarySite([
            "formatting.yml": "highlight: { values: [green], default: green }\n",
            "notes/a.md": "==x== ^[y](highlight: 'pink')\n",
        ])
        let loaded = SiteLoader().load(site.path)
        #expect(loaded.diagnostics.filter { $0.code == "formatting.constraint" }.count == 2)
    }

    @Test func readsInParallelWithTheSameResultAsOneWorker() throws {
        var files: [String: String] = [:]
        for index in 0..<200 {
            files["notes/n\(index).md"] = "---\ndate: 2026-01-\(String(format: "%02d", index % 28 + 1))\n---\n# Note \(index)\n\n==hi== ^[x](bold: true) [[Note \(index + 1)]] | a |\n"
        }
        let site = try TemporarySite(files)
        let one = SiteLoader(workers: 1).load(site.path)
        let many = SiteLoader(workers: 8).load(site.path)
        #expect(one.notes == many.notes)
        #expect(one.diagnostics == many.diagnostics)
        #expect(one.wordCount == many.wordCount)
    }
}

/// The last path component, without Foundation's `NSString`.
private struct NSStringLike {
    let path: String
    var lastComponent: String { path.split(separator: "/").last.map(String.init) ?? path }
}

