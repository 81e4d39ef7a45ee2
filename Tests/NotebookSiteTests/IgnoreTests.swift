import Foundation
@testable import NotebookSite
import Testing

/// `ignore` in notebook.yml: files and folders of the notes that are no part of the site, as
/// Quartz's `ignorePatterns` and Hugo's `ignoreFiles` leave them out.
@Suite struct IgnoreTests {
    @Test func aListOrOnePatternAndErrorsAtEachBadOne() {
        #expect(SiteConfigReader.read("ignore: private\n", path: "notebook.yml").config.ignore == ["private"])
        let read = SiteConfigReader.read("ignore:\n  - private\n  - '../x'\n  - 5\n  - ''\n  - journal/**/old\n", path: "notebook.yml")
        #expect(read.config.ignore == ["private", "5", "journal/**/old"])
        #expect(read.diagnostics.map(\.message) == [
            "'ignore' pattern '../x' '.' and '..' name no file of the notes", "'ignore' pattern '' names no file or folder",
        ])
        #expect(read.diagnostics.map { $0.location?.line } == [3, 5])
        let wrong = SiteConfigReader.read("ignore: {a: 1}\n", path: "notebook.yml")
        #expect(wrong.diagnostics.count == 1 && wrong.diagnostics[0].severity == .error)
    }

    /// A setting's name written another way is an error: taken for another name, a setting of
    /// what is published would be lost. Another unknown name is a warning.
    @Test func aSettingsNameWrittenAnotherWayIsAnError() {
        for name in ["explicitpublish", "explicit_publish", "Ignore", "page-size"] {
            let read = SiteConfigReader.read("\(name): true\n", path: "notebook.yml")
            #expect(read.diagnostics.map(\.severity) == [.error], "\(name)")
            #expect(read.diagnostics.first?.message.contains("did you mean") == true)
        }
        #expect(SiteConfigReader.read("colour: red\n", path: "notebook.yml").diagnostics.map(\.severity) == [.warning])
    }

    static let files = [
        "notebook.yml": "title: Vault\nignore: [private, Templates/, '*.tmp.md', /journal/2019]\n",
        "notes/index.md": "# Home\n\nSee [[secret]], [[daily]] and ![[hidden.png]].\n",
        "notes/public.md": "# Public\n\nOpen words.\n",
        "notes/private/secret.md": "# Secret\n\nconfidential words\n",
        "notes/private/hidden.png": "png",
        "notes/journal/private/deep.md": "# Deep\n\nconfidential too\n",
        "notes/journal/2019/old.md": "# Old\n\nconfidential old\n",
        "notes/journal/2020/new.md": "# New\n\nKept.\n",
        "notes/Templates/daily.md": "# {{date}}\n\nconfidential template\n",
        "notes/scratch.tmp.md": "# Scratch\n\nconfidential scratch\n",
    ]

    @Test func whatIsLeftOutIsNowhereInTheSite() throws {
        let site = try TemporarySite(Self.files)
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.notes == 3)
        // Links to what is left out are broken, as links to drafts are.
        #expect(report.diagnostics.filter { $0.code == "link.broken" }.count == 3, "\(report.diagnostics)")
        #expect(!report.diagnostics.contains { $0.path.contains("private/") || $0.path.contains("Templates/") })
        let output = site.path + "/public"
        let files = FileManager.default.enumerator(atPath: output)?.compactMap { $0 as? String } ?? []
        #expect(files.contains("journal/2020/new/index.html"))
        #expect(!files.contains { $0.contains("private") || $0.contains("hidden.png") || $0.contains("2019") || $0.contains("emplates") })
        for file in files {
            let text = (try? String(contentsOfFile: output + "/" + file, encoding: .utf8)) ?? ""
            #expect(!text.contains("confidential"), "\(file)")
        }
    }

    /// A link in a folder that is published, to one left out, publishes nothing of it.
    @Test func aLinkIntoWhatIsLeftOutIsNotFollowed() throws {
        let site = try TemporarySite(Self.files)
        try FileManager.default.createSymbolicLink(atPath: site.path + "/notes/journal/leak", withDestinationPath: "../private")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/notes/leak.png", withDestinationPath: site.path + "/notes/private/hidden.png")
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded && report.notes == 3, "\(report.diagnostics)")
        #expect(report.diagnostics.filter { $0.message.contains("leads to what 'ignore' leaves out") }.count == 2)
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/journal/leak"))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/leak.png"))
    }

    /// In a vault (no `notes/`), patterns name paths of the vault's folder: its `assets/` too.
    @Test func aVaultsPatternsNameItsAssetsToo() throws {
        let site = try TemporarySite([
            "notebook.yml": "ignore: [assets/private, '*.psd', Nowhere]\n", "a.md": "# A\n\nText.\n",
            "assets/private/x.png": "png", "assets/shown.png": "png", "assets/art.psd": "psd",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(FileManager.default.fileExists(atPath: site.path + "/public/assets/shown.png"))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/assets/private/x.png"))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/assets/art.psd"))
        // A pattern that leaves nothing out is said, at its place: a name written otherwise than the file's, say.
        let unused = report.diagnostics.filter { $0.code == "config.ignore" }
        #expect(unused.map(\.message) == ["'ignore' pattern 'Nowhere' matches no file or folder of the notes"])
        #expect(unused.first?.location?.line == 1 && unused.first?.location?.column == 35)
    }

    /// Patterns that leave out every note (`*.md`) are said, at the first that left anything out.
    @Test func patternsThatLeaveOutEveryNoteAreSaid() throws {
        let site = try TemporarySite(["notebook.yml": "ignore: [nothing, '*.md']\n", "notes/a.md": "A.\n", "notes/b/c.md": "C.\n"])
        let report = SitePipeline().build(site.path)
        let said = report.diagnostics.filter { $0.code == "config.ignore" }
        #expect(said.map(\.message) == [
            "'ignore' pattern 'nothing' matches no file or folder of the notes", "'ignore' leaves out every note of the site",
        ])
        #expect(said.last?.location?.column == 19)
    }

    @Test func aPreviewLeavesOutWhatABuildDoes() throws {
        let fixture = try SiteSessionTests.Fixture(Self.files)
        #expect(fixture.matchesAFullBuild())
        // Its watcher leaves alone what is left out, folders and all (no watch is taken there).
        let notes = fixture.site.path + "/notes/"
        #expect(fixture.session.ignores(notes + "private") && fixture.session.ignores(notes + "journal/private/deep.md"))
        #expect(fixture.session.ignores(notes + "Templates") && !fixture.session.ignores(notes + "journal/2020"))
        let key = fixture.session.watchKey
        // A new note and a change in a folder left out change nothing; one elsewhere is published.
        #expect(try fixture.write("notes/private/more.md", "# More\n\nconfidential more\n").succeeded)
        #expect(try fixture.write("notes/private/secret.md", "# Secret\n\nconfidential again\n").succeeded)
        #expect(!fixture.page("private/more/index.html").contains("confidential"))
        #expect(try fixture.write("notes/journal/2020/newer.md", "# Newer\n\nKept too.\n").succeeded)
        #expect(fixture.page("journal/2020/newer/index.html").contains("Kept too."))
        #expect(fixture.matchesAFullBuild())
        // Without the pattern, the folder is part of the site again.
        #expect(try fixture.write("notebook.yml", "title: Vault\n").succeeded)
        // What the watcher is made for changed: a new one watches what is no longer left out.
        #expect(fixture.session.watchKey != key && !fixture.session.ignores(notes + "private"))
        #expect(fixture.page("private/more/index.html").contains("confidential more"))
        #expect(fixture.matchesAFullBuild())
    }
}
