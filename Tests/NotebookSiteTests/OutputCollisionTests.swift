import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// Two sources for one output file are an error naming both, in every run; aliases are normalized first.
@Suite struct OutputCollisionTests {
    /// The errors of a build of `files` (plus `notebook.yml`), and whether it wrote nothing.
    func errors(_ files: [String: String], workers: Int = 2) throws -> [Diagnostic] {
        var files = files
        files["notebook.yml"] = files["notebook.yml"] ?? "title: T\npageSize: 1\n"
        let site = try TemporarySite(files)
        return errors(building: site.path, workers: workers)
    }

    func errors(building site: String, workers: Int = 2) -> [Diagnostic] {
        let output = site + "-out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let report = SitePipeline(options: BuildOptions(output: output, workers: workers)).build(site)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(report.succeeded == errors.isEmpty)
        if !errors.isEmpty { #expect(!FileManager.default.fileExists(atPath: output), "a failed build wrote its output") }
        return errors
    }

    /// The one collision of `files`: its message names both sources, and it is at `path`.
    func expectCollision(
        _ files: [String: String], at path: String, naming other: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let errors = try errors(files)
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        guard let error = errors.first else { return }
        #expect(error.code == "output.collision", "\(error)", sourceLocation: sourceLocation)
        #expect(error.path.hasSuffix(path), "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(other), "\(error.message)", sourceLocation: sourceLocation)
    }

    @Test func twoNotesOnOneURLNameBoth() throws {
        let errors = try errors(["notes/a.md": "---\nslug: b\n---\na\n", "notes/b.md": "b\n"])
        #expect(errors.count == 1)
        #expect(errors.first?.code == "url.collision" && errors.first?.message.contains("notes/a.md") == true && errors.first?.path.hasSuffix("b.md") == true)
    }

    @Test func anAliasOnANotesPage() throws {
        try expectCollision(["notes/a.md": "---\naliases: [/b/]\n---\na\n", "notes/b.md": "b\n"], at: "notes/a.md", naming: "notes/b.md")
    }

    @Test func twoAliases() throws {
        try expectCollision(
            ["notes/a.md": "---\naliases: [/old/]\n---\na\n", "notes/b.md": "---\naliases: [/old]\n---\nb\n"], at: "notes/b.md",
            naming: "the alias '/old/' of")
    }

    /// A URL alias on another page's path in other letter cases is an error at the alias: on a
    /// disk that folds case (macOS's, Windows'), `Index.html` would replace the home page. Two
    /// aliases so are said once, at the later.
    @Test func aURLAliasOnAPageInOtherCasesIsAnError() throws {
        let site = try TemporarySite([
            "notes/a.md": "---\naliases: [\"/Index.html\", \"/Feed.XML\", \"/404.HTML\", \"/B/\", \"/old/\", \"/Old/\", \"/Fine/\"]\n---\na\n",
            "notes/b.md": "b\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(!report.succeeded)
        let folded = report.diagnostics.filter { $0.code == "url.reserved" }
        #expect(folded.map { $0.message.prefix(while: { $0 != "," }) } == [
            "alias '/Index.html' would make a page at /Index.html", "alias '/Feed.XML' would make a page at /Feed.XML/",
            "alias '/404.HTML' would make a page at /404.HTML/", "alias '/B/' would make a page at /B/",
            "alias '/Old/' would make a page at /Old/",
        ], "\(report.diagnostics)")
        #expect(folded.first?.message.hasSuffix("takes for index.html of the site's page 'index'") == true, "\(folded)")
        #expect(folded.allSatisfy { $0.severity == .error && $0.path.hasSuffix("notes/a.md") && $0.location?.line == 2 })
    }

    /// A name alias makes its redirect only where nothing else is: where a page, a file, a URL
    /// alias or an earlier note's alias of that name is, or a path of the site's own, it gives
    /// way with a warning at the alias, and the build goes on.
    @Test func aNameAliasGivesWayWithAWarning() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "notes/a.md": "---\naliases: [/old/]\n---\na\n",
            "notes/b.md": "---\naliases: [old, Shared, Pancakes, Search, Assets, pic.png]\n---\nb\n",
            "notes/c.md": "---\naliases: [shared]\n---\nc\n",
            "notes/pancakes.md": "p\n",
            "notes/pic.png/x.txt": "a folder named like a file\n",
        ])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let gaveWay = report.diagnostics.filter { $0.code == "alias.redirect" }
        #expect(gaveWay.allSatisfy { $0.severity == .warning })
        #expect(gaveWay.map { $0.message.prefix(while: { $0 != ":" }) } == [
            "alias 'old' makes no redirect page at /old/", "alias 'Pancakes' makes no redirect page at /pancakes/",
            "alias 'Search' makes no redirect page at /search/", "alias 'Assets' makes no redirect page at /assets/",
            "alias 'shared' makes no redirect page at /shared/",
        ], "\(report.diagnostics)")
        #expect(gaveWay.first?.message.contains(": the alias '/old/' of /") == true, "\(gaveWay)")
        #expect(gaveWay.first?.message.hasSuffix("/notes/a.md is there") == true, "\(gaveWay)")
        #expect(gaveWay.first?.location == SourceLocation(line: 2, column: 11))
        #expect(try site.output("old/index.html").contains("url=/a/\">"))
        #expect(try site.output("shared/index.html").contains("url=/b/\">"))
        #expect(!(try site.output("pancakes/index.html")).contains("http-equiv=\"refresh\""))
        #expect(!(try site.output("search/index.html")).contains("http-equiv=\"refresh\""))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/assets/index.html"))
        // Other letter cases are the same path on a disk that folds case: a name gives way to
        // `LICENSE` beside the notes, and to a URL alias `/OLD/`.
        let cased = try TemporarySite([
            "notes/LICENSE": "MIT\n", "notes/a.md": "---\naliases: [\"/OLD/\"]\n---\na\n",
            "notes/b.md": "---\naliases: [license, old]\n---\nb\n",
        ])
        let casedReport = SitePipeline().build(cased.path)
        #expect(casedReport.succeeded, "\(casedReport.diagnostics)")
        #expect(casedReport.diagnostics.filter { $0.code == "alias.redirect" }.map { $0.message.prefix(while: { $0 != ":" }) } == [
            "alias 'license' makes no redirect page at /license/", "alias 'old' makes no redirect page at /old/",
        ], "\(casedReport.diagnostics)")
        #expect(casedReport.diagnostics.last { $0.code == "alias.redirect" }?.message.hasSuffix("is there in other letter cases") == true, "\(casedReport.diagnostics)")
        // Under `--strict` each is an error, as every warning is.
        #expect(!SitePipeline(options: BuildOptions(output: site.path + "/strict", strict: true)).build(site.path).succeeded)
    }

    @Test(arguments: [
        ("/", "'index'"), ("/index.html", "'index'"), ("/tags/", "'tags'"), ("/tags/t/", "'tag t'"), ("/page/2/", "'index' (page 2)"),
        ("/tags/t/page/2/", "'tag t' (page 2)"), ("/highlights/", "'highlights'"), ("/404.html", "'404'"),
        ("/search/index.json", "'search'"), ("/feed.xml", "'feed'"), ("/sitemap.xml", "'sitemap'"), ("/assets/style.css", "style.css"),
    ])
    func anAliasOnAPageOfTheSite(alias: String, page: String) throws {
        try expectCollision(
            ["notes/a.md": "---\ntags: [t]\naliases: ['\(alias)']\n---\na\n", "notes/b.md": "---\ntags: [t]\n---\nb\n"], at: "notes/a.md",
            naming: page)
    }

    @Test(arguments: [
        ("notes/index.html", "'index'"), ("notes/feed.xml", "'feed'"), ("notes/404.html", "'404'"), ("notes/b/index.html", "notes/b.md"),
        ("notes/tags/index.html", "'tags'"), ("notes/b", "notes/b.md"),
    ])
    func aFileBesideTheNotesOnAPage(file: String, page: String) throws {
        try expectCollision(["notes/b.md": "b\n", file: "<p>raw</p>"], at: file, naming: page)
    }

    @Test func aFileBesideTheNotesOnAnAsset() throws {
        try expectCollision(["notes/b.md": "b\n", "notes/assets/style.css": "x"], at: "notes/assets/style.css", naming: "style.css")
        try expectCollision(
            ["notes/b.md": "b\n", "notes/assets/extra.css": "x", "assets/extra.css": "y"], at: "notes/assets/extra.css",
            naming: "assets/extra.css")
        // The site's asset replaces the theme's; files of one name in two folders are two files.
        #expect(try errors(["notes/b.md": "b\n", "assets/style.css": "mine", "notes/pic.png": "png", "notes/sub/pic.png": "png"]).isEmpty)
    }


    // (`b` is a name: its redirect gives way to the note, see `aNameAliasGivesWayWithAWarning`.)
    @Test(arguments: ["/b//", "/b", "/./b/", "/x/../b", "/b/index.html", "/x/y/../../b/.", "/%62/"])
    func aliasesAreNormalizedBeforeTheyAreCompared(alias: String) throws {
        try expectCollision(["notes/a.md": "---\naliases: ['\(alias)']\n---\na\n", "notes/b.md": "b\n"], at: "notes/a.md", naming: "notes/b.md")
    }

    @Test func percentEncodingIsDecoded() throws {
        try expectCollision(
            ["notes/a.md": "---\naliases: ['/caf%C3%A9/']\n---\na\n", "notes/café.md": "b\n"], at: "notes/a.md", naming: "café.md")
    }

    @Test func anHTMLAliasStaysAFile() throws {
        let site = try TemporarySite(["notebook.yml": "title: T\n", "notes/a.md": "---\naliases: [/b.html, /c/index.html]\n---\na\n", "notes/b.md": "b\n"])
        let output = site.path + "-out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let report = SitePipeline(options: BuildOptions(output: output)).build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(FileManager.default.fileExists(atPath: output + "/b.html"))
        #expect(FileManager.default.fileExists(atPath: output + "/c/index.html"))
    }

    @Test(arguments: [
        ("/../x", "alias.outside"), ("/a/../../x", "alias.outside"), ("..", "alias.outside"), ("https://example.org/x", "alias.invalid"),
        ("//host/x", "alias.invalid"), ("mailto:me@example.org", "alias.invalid"), ("/x?y=1", "alias.invalid"), ("/%zz/", "alias.invalid"),
        ("/%00/", "alias.invalid"), ("/%2E%2E/x", "alias.outside"), ("/%FF/", "alias.invalid"), ("./rel", "alias.invalid"),
        (".hidden", "alias.invalid"),
    ])
    func anAliasOutsideTheSiteIsAnErrorAtTheNote(alias: String, code: String) throws {
        let errors = try errors(["notes/a.md": "---\naliases: ['\(alias)']\n---\na\n"])
        #expect(errors.count == 1 && errors.first?.code == code && errors.first?.path.hasSuffix("notes/a.md") == true, "\(errors)")
    }

    @Test func theResultIsTheSameForAnyNumberOfWorkersInEveryRun() throws {
        var files: [String: String] = ["notes/index.html": "raw", "notes/feed.xml": "raw"]
        for index in 0..<12 {
            files["notes/n\(index).md"] = "---\ntags: [t]\naliases: [/same/, /n\((index + 1) % 12)/, '/tags/t//']\n---\nx\n"
        }
        let site = try TemporarySite(files)
        let first = errors(building: site.path, workers: 1)
        #expect(first.count == 12 + 11 + 12 + 2, "\(first.map(\.message))")
        for workers in [1, 4, 4, 1, 4] {
            #expect(errors(building: site.path, workers: workers) == first)
        }
    }

    @Test func checkAndThePreviewReportWhatTheBuildReports() throws {
        let files = [
            "notebook.yml": "title: T\n", "notes/a.md": "---\naliases: [/b//, /index.html]\n---\na\n", "notes/b.md": "b\n",
            "notes/feed.xml": "raw",
        ]
        let site = try TemporarySite(files)
        let expected = errors(building: site.path)
        #expect(expected.count == 3)
        #expect(SitePipeline().check(site.path).diagnostics.filter { $0.severity == .error } == expected)
        var session = SiteSession(directory: site.path, options: BuildOptions(output: site.path + "-out"))
        defer { try? FileManager.default.removeItem(atPath: site.path + "-out") }
        let report = session.build()
        #expect(!report.succeeded)
        #expect(report.diagnostics.filter { $0.severity == .error } == expected)
    }

    @Test func thePreviewNoticesAFileThatComesToClash() throws {
        let site = try TemporarySite(["notebook.yml": "title: T\n", "notes/b.md": "b\n"])
        let output = site.path + "-out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        var session = SiteSession(directory: site.path, options: BuildOptions(output: output))
        #expect(session.build().succeeded)
        let home = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        try Data("raw".utf8).write(to: URL(fileURLWithPath: site.path + "/notes/index.html"))
        let report = session.update(changing: [site.path + "/notes/index.html"])
        #expect(!report.succeeded)
        #expect(report.diagnostics.contains { $0.code == "output.collision" && $0.path.hasSuffix("notes/index.html") })
        #expect(try String(contentsOfFile: output + "/index.html", encoding: .utf8) == home)
    }

    /// The check on its own, over claims made here: paths compare as strings do, whether every
    /// path is ASCII (hashed by their bytes) or not (hashed as strings), and findings come in
    /// claim order, clashes of one path before files where folders are needed.
    @Test(arguments: [false, true])
    func theCheckComparesPathsAsStrings(withText: Bool) {
        // A path that is not ASCII turns the whole check to strings' own hashes.
        let extra = withText ? [OutputClaim(path: "z/\u{E9}t\u{E9}.html", source: .file("notes/z/\u{E9}t\u{E9}.html"))] : []
        let claims =
            [
                OutputClaim(path: "a/index.html", source: .note("notes/a.md")),
                OutputClaim(path: "a/index.html/x.css", source: .file("notes/a/index.html/x.css")),
                OutputClaim(path: "b", source: .file("notes/b")),
                OutputClaim(path: "b/c/index.html", source: .note("notes/b/c.md")),
                OutputClaim(path: "a/index.html", source: .alias("/a/", note: "notes/c.md")),
                OutputClaim(path: "d/index.html", source: .note("notes/d.md")),
            ] + extra
        let findings = OutputCollisions.find(claims)
        #expect(
            findings.map(\.message) == [
                "a/index.html would be written by both notes/a.md and the alias '/a/' of notes/c.md",
                "a/index.html would be a file of notes/a.md and a folder holding a/index.html/x.css of the file notes/a/index.html/x.css",
                "b would be a file of the file notes/b and a folder holding b/c/index.html of notes/b/c.md",
            ])
        #expect(findings.map(\.path) == ["notes/c.md", "notes/a/index.html/x.css", "notes/b"])
    }

    @Test func canonicallyEquivalentPathsAreOnePath() {
        // As strings compare: é written as one character or as e and a combining accent, and the
        // Kelvin sign, whose canonical form is K.
        let findings = OutputCollisions.find([
            OutputClaim(path: "x/\u{E9}.css", source: .asset("assets/x/\u{E9}.css")),
            OutputClaim(path: "x/e\u{301}.css", source: .file("notes/x/e\u{301}.css")),
            OutputClaim(path: "K", source: .file("notes/K")),
            OutputClaim(path: "\u{212A}/index.html", source: .note("notes/kelvin.md")),
        ])
        #expect(findings.count == 2)
        #expect(findings.first?.message.hasPrefix("x/e\u{301}.css would be written by both the asset") == true)
        #expect(findings.last?.message.hasPrefix("K would be a file of the file notes/K and a folder holding") == true)
    }
}
