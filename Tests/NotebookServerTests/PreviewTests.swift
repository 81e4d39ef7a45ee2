import Foundation
import TestSupport
import NotebookSearch
@testable import NotebookCLI
@testable import NotebookSite
import Synchronization
import Testing

/// `notebook serve` end to end: files edited on disk, a running preview notices, rebuilds exactly
/// the pages that depend on the change, and serves the new pages.
@Suite struct PreviewTests {
    /// a links to b, d links to c; a and c are tagged x, b y.
    static let files = [
        "notebook.yml": "title: Preview\npageSize: 2\n",
        "notes/a.md": "---\ntitle: A\ndate: 2026-01-04\ntags: [x]\n---\nA links to [[B]].\n",
        "notes/b.md": "---\ntitle: B\ndate: 2026-01-03\ntags: [y]\n---\nB says ==hello==.\n",
        "notes/c.md": "---\ntitle: C\ndate: 2026-01-02\ntags: [x]\n---\nC is alone.\n",
        "notes/d.md": "---\ntitle: D\ndate: 2026-01-01\n---\nD links to [[C]].\n",
    ]

    /// What every change to a note rebuilds besides note pages.
    static let lists = ["index.html", "page/2/index.html", "feed.xml", "highlights/index.html"] + search
    /// What a note that comes or goes at the top changes besides: every page's explorer lists
    /// the notes at the top (the notes' pages named `notes`).
    static func everyExplorer(_ notes: [String]) -> [String] {
        notes.map { "\($0)/index.html" } + ["404.html", "tags/index.html", "tags/x/index.html", "tags/y/index.html"]
    }
    /// Every file of the search (a change to any note rewrites them all): its index, the term
    /// files and, for these short notes, one text file. The search page is rewritten when a title,
    /// a link, the order, a folder or a tag changes.
    static let search = ["search/index.json"] + SearchIndexFiles.shardKeys.map { "search/terms/\($0).json" } + ["search/text/0.json"]

    /// A preview running over a temporary copy of `files`.
    final class Running {
        let base: String
        let site: String
        let preview: Preview
        private(set) var generation = 1

        init(_ files: [String: String] = PreviewTests.files) throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-preview-\(UUID().uuidString)").path
            site = base + "/site"
            for (name, contents) in files { try Running.put(contents, at: site + "/" + name) }
            // Long enough that a file written in two steps (made, then filled) is one change even on
            // a loaded machine: at 40 ms a clean clone's run once saw two builds of one save.
            preview = try Preview(site: site, port: 0, quietPeriod: .milliseconds(200))
            try preview.start()
        }

        deinit {
            preview.stop()
            ScratchFolder.remove(base)
        }

        static func put(_ contents: String, at path: String) throws {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        }

        func get(_ path: String) throws -> HTTPReply {
            try HTTPClient.request("GET", path, port: preview.server.port)
        }

        /// The build report served at `/_notebook/build`.
        func report() throws -> [String: Any] {
            let reply = try get("/_notebook/build")
            return try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any] ?? [:]
        }

        /// Waits for the next build (up to 10 s) and returns its report.
        func nextBuild() throws -> [String: Any] {
            for _ in 0..<500 {
                let report = try report()
                if let current = report["generation"] as? Int, current > generation {
                    generation = current
                    return report
                }
                usleep(20_000)
            }
            Issue.record("no build came after generation \(generation)")
            return [:]
        }

        /// Makes a change with `body`, then waits for the build it causes.
        func change(_ body: () throws -> Void) throws -> [String: Any] {
            try body()
            return try nextBuild()
        }

        func write(_ name: String, _ contents: String) throws -> [String: Any] {
            try change { try Running.put(contents, at: site + "/" + name) }
        }

        /// Whether every file a full build of the site writes now is served, byte for byte (less
        /// the live-reload script), and nothing else is.
        func servesAFullBuild() throws -> Bool {
            let fresh = base + "/check/full"
            defer { try? FileManager.default.removeItem(atPath: base + "/check") }
            guard SitePipeline(options: BuildOptions(output: fresh, baseURL: preview.url)).build(site).succeeded else { return false }
            var same = true
            let files = (FileManager.default.enumerator(atPath: fresh)?.allObjects as? [String] ?? []).filter { path in
                var isDirectory: ObjCBool = false
                guard path != ".notebook-output" else { return false }
                return FileManager.default.fileExists(atPath: fresh + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            for path in files {
                let expected = try Data(contentsOf: URL(fileURLWithPath: fresh + "/" + path))
                let reply = try get("/" + path)
                let script = "<script src=\"/_notebook/live-reload.js\" data-generation=\"\(generation)\"></script>"
                let served = path.hasSuffix(".html") ? Data(reply.text.replacingOccurrences(of: script, with: "").utf8) : Data(reply.body)
                if served != expected || reply.status != 200 {
                    Issue.record("/\(path) is not what a full build writes")
                    same = false
                }
            }
            let served = preview.servedPaths
            if served != Set(files) {
                Issue.record("the preview holds \(served.symmetricDifference(files).sorted()) beyond a full build")
                same = false
            }
            // Built in memory: nothing is written beside the site, nor in it.
            let beside = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
            if !Set(beside).isSubset(of: ["site", "check"]) {
                Issue.record("the preview wrote \(beside.sorted()) beside the site")
                same = false
            }
            if FileManager.default.fileExists(atPath: site + "/public") {
                Issue.record("the preview wrote SITE/public")
                same = false
            }
            return same
        }
    }

    @Test func editingANoteRebuildsItsGroupsAndServesTheNewPage() throws {
        let running = try Running()
        #expect(try running.get("/b/").text.contains("hello"))
        let report = try running.write("notes/b.md", "---\ntitle: B\ndate: 2026-01-03\ntags: [y]\n---\nB says ==goodbye==.\n")
        #expect(report["succeeded"] as? Bool == true)
        #expect(
            report["written"] as? [String]
                == (["a/index.html", "b/index.html", "feed.xml", "highlights/index.html", "index.html", "tags/y/index.html"] + Self.search).sorted())
        #expect(report["changed"] as? [String] == ["notes/b.md"])
        let served = try running.get("/_notebook/build").text
        for folder in [running.site, running.base, FileManager.default.temporaryDirectory.path, "/tmp"] {
            #expect(!served.contains(folder), "the build report shows \(folder)")
        }
        #expect(try running.get("/b/").text.contains("goodbye"))
        #expect(try running.get("/highlights/").text.contains("goodbye"))
        #expect(try running.get("/search/text/0.json").text.contains("goodbye"))
        #expect(try running.servesAFullBuild())
    }

    @Test func addingRenamingAndDeletingNotes() throws {
        let running = try Running()
        let added = try running.write("notes/e.md", "---\ntitle: E\ndate: 2026-01-05\n---\nE links to [[C]].\n")
        #expect(
            added["written"] as? [String]
                == (["c/index.html", "e/index.html", "page/3/index.html", "sitemap.xml", "search/index.html"] + Self.lists
                    + Self.everyExplorer(["a", "b", "d"])).sorted())
        #expect(try running.get("/e/").status == 200)
        #expect(try running.get("/c/").text.contains("href=\"/e/\""))
        #expect(try running.servesAFullBuild())

        let renamed = try running.change {
            try FileManager.default.moveItem(atPath: running.site + "/notes/b.md", toPath: running.site + "/notes/bee.md")
        }
        #expect(renamed["removed"] as? [String] == ["b/index.html"])
        #expect(
            renamed["written"] as? [String]
                == Set(
                    ["a/index.html", "bee/index.html", "sitemap.xml", "page/3/index.html", "search/index.html"] + Self.lists
                        + Self.everyExplorer(["c", "d", "e"])).sorted())
        #expect(try running.get("/b/").status == 404)
        #expect(try running.get("/bee/").text.contains("hello"))
        #expect(try running.get("/a/").text.contains("class=\"wikilink\" href=\"/bee/\""))
        #expect(try running.servesAFullBuild())

        let deleted = try running.change { try FileManager.default.removeItem(atPath: running.site + "/notes/d.md") }
        #expect(deleted["removed"] as? [String] == ["d/index.html", "page/3/index.html"])
        // d was alone on the last page: the index loses a page, and every page shows how many there are.
        #expect(
            deleted["written"] as? [String]
                == Set(
                    ["c/index.html", "feed.xml", "highlights/index.html", "index.html", "page/2/index.html", "sitemap.xml", "search/index.html"]
                        + Self.search + Self.everyExplorer(["a", "bee", "e"])).sorted())
        #expect(try running.get("/d/").status == 404)
        #expect(!(try running.get("/c/").text.contains("href=\"/d/\"")))
        #expect(try running.servesAFullBuild())
    }

    @Test func aTemplateChangeRebuildsEverything() throws {
        let running = try Running()
        let report = try running.write("templates/footer.mustache", "<footer>a new footer</footer>\n")
        #expect(report["everything"] as? Bool == true)
        #expect((report["groups"] as? [String])?.count == 15)
        for page in ["/a/", "/", "/tags/x/", "/highlights/"] {
            #expect(try running.get(page).text.contains("<footer>a new footer</footer>"))
        }
        #expect(try running.servesAFullBuild())
    }

    @Test func aFailedBuildShowsItsErrorsUntilTheNextGoodSave() throws {
        let running = try Running()
        let failed = try running.write("notes/a.md", "---\ntitle: [unclosed\n---\nA.\n")
        #expect(failed["succeeded"] as? Bool == false)
        let page = try running.get("/a/")
        #expect(page.status == 500)
        #expect(page.text.contains("notes/a.md:3:1: error: front matter is not valid YAML"))
        #expect(page.text.contains("/_notebook/live-reload.js"))
        #expect(try running.get("/assets/style.css").status == 200)
        try Self.fixNoteA(running)
    }

    /// Saves a good `notes/a.md` and checks that its page and the whole site are served again.
    static func fixNoteA(_ running: Running) throws {
        let fixed = try running.write("notes/a.md", "---\ntitle: A\ndate: 2026-01-04\ntags: [x]\n---\nA is fixed.\n")
        #expect(fixed["succeeded"] as? Bool == true)
        let back = try running.get("/a/")
        #expect(back.status == 200)
        #expect(back.text.contains("A is fixed."))
        #expect(try running.servesAFullBuild())
    }

    @Test func aFirstBuildThatFailedServesItsErrorsOnEveryPageUntilTheFix() throws {
        var files = PreviewTests.files
        files["notes/a.md"] = "---\ntitle: [unclosed\n---\nA.\n"
        let running = try Running(files)
        #expect(try running.report()["succeeded"] as? Bool == false)
        for path in ["/", "/a/", "/no/such/page/", "/index.html", "/tags/x"] {
            let page = try running.get(path)
            #expect(page.status == 500, "\(path)")
            #expect(page.text.contains("notes/a.md:3:1: error: front matter is not valid YAML"), "\(path)")
            #expect(page.text.contains("/_notebook/live-reload.js"), "\(path)")
        }
        #expect(try running.get("/assets/missing.css").status == 404)
        try Self.fixNoteA(running)
    }

    @Test func aSaveThatAddsAFindingPrintsIt() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-preview-log-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        for (name, contents) in PreviewTests.files { try Running.put(contents, at: base + "/site/" + name) }
        let printed = Mutex("")
        let preview = try Preview(site: base + "/site", port: 0) { out, err in
            printed.withLock { $0 += out + err }
        }
        preview.rebuild([], everything: true)
        printed.withLock { $0 = "" }
        let note = base + "/site/notes/b.md"
        try Running.put("---\ntitle: B\n---\nB links to [[Missing]].\n", at: note)
        let report = preview.rebuild([note])
        #expect(report.succeeded)
        let log = printed.withLock { $0 }
        #expect(log.contains("notes/b.md:4:12: warning: broken wikilink [[Missing]]"), "\(log)")
    }

    /// A note made a draft, or deleted, leaves other notes' links broken: their new findings are
    /// printed, though their files did not change; the findings that were there before are not.
    @Test func aSaveThatBreaksOtherNotesLinksPrintsTheirNewFindings() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-preview-log-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let files = [
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n", "notes/b.md": "B text.\n\n![[C]]\n",
            "notes/c.md": "C.\n", "notes/d.md": "D [[C]] and [[Gone]].\n",
        ]
        for (name, contents) in files { try Running.put(contents, at: base + "/site/" + name) }
        let printed = Mutex("")
        let preview = try Preview(site: base + "/site", port: 0) { out, err in
            printed.withLock { $0 += out + err }
        }
        preview.rebuild([], everything: true)
        printed.withLock { $0 = "" }
        let note = base + "/site/notes/c.md"
        try Running.put("---\ndraft: true\n---\nC.\n", at: note)
        #expect(preview.rebuild([note]).succeeded)
        let log = printed.withLock { $0 }
        #expect(log.contains("notes/b.md:3:1: warning:") && log.contains("notes/d.md:1:3: warning: broken wikilink [[C]]"), "\(log)")
        #expect(!log.contains("broken wikilink [[Gone]]"), "\(log)")
    }

    @Test func editorsSavePatternsAreOneChange() throws {
        let running = try Running()
        let note = running.site + "/notes/b.md"
        // Write a temporary file, then rename it over the note.
        let renamed = try running.change {
            try Running.put("---\ntitle: B\n---\nSaved by rename.\n", at: running.site + "/notes/.b.md.tmp")
            rename(running.site + "/notes/.b.md.tmp", note)
        }
        #expect((renamed["written"] as? [String])?.contains("b/index.html") == true)
        // Delete, then create.
        let recreated = try running.change {
            unlink(note)
            try Running.put("---\ntitle: B\n---\nSaved by delete and create.\n", at: note)
        }
        #expect((recreated["written"] as? [String])?.contains("b/index.html") == true)
        #expect((recreated["removed"] as? [String]) == [])
        // Write in place, in several writes.
        let inPlace = try running.change {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: note))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data("---\ntitle: B\n---\n".utf8))
            try handle.write(contentsOf: Data("Saved in place.\n".utf8))
            try handle.close()
        }
        #expect((inPlace["written"] as? [String])?.contains("b/index.html") == true)
        #expect(try running.get("/b/").text.contains("Saved in place."))
        // Each save was one build: no other build follows.
        usleep(400_000)
        #expect(try running.report()["generation"] as? Int == running.generation)
    }

    @Test func aNewFolderOfNotesIsWatched() throws {
        let running = try Running()
        _ = try running.write("notes/trips/far/away.md", "# Far away\n\nA trip.\n")
        #expect(try running.get("/trips/far/away/").text.contains("A trip."))
        _ = try running.write("notes/trips/far/again.md", "# Again\n\nAnother trip.\n")
        #expect(try running.get("/trips/far/again/").text.contains("Another trip."))
        #expect(try running.servesAFullBuild())
    }

    @Test func openPagesAreToldToReload() throws {
        let running = try Running()
        let page = try running.get("/a/").text
        #expect(page.contains("<script src=\"/_notebook/live-reload.js\" data-generation=\"1\"></script>"))
        let events = try EventStreamClient(port: running.preview.server.port)
        #expect(try events.nextData() == "1")
        _ = try running.write("notes/c.md", "---\ntitle: C\n---\nC changed.\n")
        #expect(try events.nextData() == "2")
    }

    @Test func pagesStayWholeWhileNotesAreSaved() throws {
        let running = try Running()
        let port = running.preview.server.port
        let shared = Saving()
        let finished = DispatchGroup()
        // Threads, not tasks: the clients block in their sockets.
        for target in ["/b/", "/", "/tags/y/"] {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                while !shared.done.withLock({ $0 }) {
                    guard let reply = try? HTTPClient.request("GET", target, port: port) else {
                        shared.problems.withLock { $0.append("\(target): no answer") }
                        return
                    }
                    let text = reply.text
                    let generation = reply.headers["x-notebook-generation"] ?? "?"
                    // Every place the page shows B's text (summary, description, body) shows one save.
                    let saves = Set(text.components(separatedBy: "Save number ").dropFirst().map { $0.prefix { $0.isNumber } })
                    if reply.status != 200 || !text.hasSuffix("</html>\n")
                        || !text.contains("data-generation=\"\(generation)\"></script>") || saves.count > 1
                    {
                        shared.problems.withLock { $0.append("\(target): status \(reply.status), generation \(generation), saves \(saves.sorted())") }
                    }
                    shared.answers.withLock { $0 += 1 }
                }
            }
        }
        for save in 1...15 {
            _ = try running.write("notes/b.md", "---\ntitle: B\ndate: 2026-01-03\ntags: [y]\n---\nSave number \(save) of B.\n")
        }
        shared.done.withLock { $0 = true }
        #expect(finished.wait(timeout: .now() + 60) == .success)
        #expect(shared.problems.withLock { Array($0.prefix(10)) } == [])
        #expect(shared.answers.withLock { $0 } > 15)
        #expect(try running.get("/b/").text.contains("Save number 15 of B."))
        #expect(try running.servesAFullBuild())
    }

    @Test func theBuildReportShowsNoFolderOnDisk() {
        let watched = ["/tmp/x/site", "/usr/share/notebook/Themes/plain"]
        #expect(PreviewBuild.shownPath("/tmp/x/site/notes/a.md", site: "/tmp/x/site", watched: watched) == "notes/a.md")
        #expect(PreviewBuild.shownPath("/tmp/x/site/notes/a.md", site: "/tmp/x/site/", watched: watched) == "notes/a.md")
        #expect(PreviewBuild.shownPath("./notes/a.md", site: ".", watched: ["."]) == "notes/a.md")
        #expect(PreviewBuild.shownPath("my-notes/notebook.yml", site: "my-notes", watched: ["my-notes"]) == "notebook.yml")
        #expect(
            PreviewBuild.shownPath("/usr/share/notebook/Themes/plain/templates/page.mustache", site: "/tmp/x/site", watched: watched)
                == "theme plain/templates/page.mustache")
        #expect(PreviewBuild.shownPath("/elsewhere/secret/file.md", site: "/tmp/x/site", watched: watched) == "file.md")
    }

    @Test func aBuiltSiteHasNoLiveReload() throws {
        let running = try Running()
        let output = running.base + "-built"
        defer { try? FileManager.default.removeItem(atPath: output) }
        #expect(SitePipeline(options: BuildOptions(output: output)).build(running.site).succeeded)
        let page = try String(contentsOfFile: output + "/a/index.html", encoding: .utf8)
        #expect(!page.contains("_notebook"))
    }
}

/// What the clients of the saving test share.
private final class Saving: Sendable {
    let done = Mutex(false)
    let problems = Mutex([String]())
    let answers = Mutex(0)
}
