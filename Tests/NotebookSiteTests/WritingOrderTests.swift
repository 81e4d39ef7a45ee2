import Testing

@testable import NotebookSite

/// The notes' pages are written folder by folder, whatever order the site lists them in.
@Suite struct WritingOrderTests {
    @Test func notesPagesAreWrittenFolderByFolder() throws {
        // Newest first, the site's order goes back and forth between the two folders.
        let site = try TemporarySite([
            "notes/b/one.md": "---\ndate: 2026-01-06\n---\nb1\n",
            "notes/a/one.md": "---\ndate: 2026-01-05\n---\na1\n",
            "notes/b/two.md": "---\ndate: 2026-01-04\n---\nb2\n",
            "notes/a/two.md": "---\ndate: 2026-01-03\n---\na2\n",
            "notes/top.md": "---\ndate: 2026-01-02\n---\ntop\n",
        ])
        let loaded = SiteLoader().load(site.path)
        #expect(loaded.notes.map(\.url) == ["/b/one/", "/a/one/", "/b/two/", "/a/two/", "/top/"])
        let plan = PagePlan(layoutOf: loaded, urls: SiteURLs(baseURL: "/"))
        let written = (0..<plan.noteCount).flatMap { plan.pages(ofNoteAt: $0).map(\.path) }
        #expect(written == ["top/index.html", "a/one/index.html", "a/two/index.html", "b/one/index.html", "b/two/index.html"])
    }

    /// Two workers take neighbouring places: they take two runs of the order in turn, so that
    /// they write into different folders (each run folder by folder), and every note once.
    @Test func workersTakeRunsOfTheOrderInTurn() throws {
        let site = try TemporarySite([
            "notes/b/one.md": "b1\n", "notes/a/one.md": "a1\n", "notes/b/two.md": "b2\n", "notes/a/two.md": "a2\n",
            "notes/top.md": "top\n",
        ])
        let plan = PagePlan(layoutOf: SiteLoader().load(site.path), urls: SiteURLs(baseURL: "/"))
        let pages = { (sequence: [Int]) in sequence.flatMap { plan.pages(ofNoteAt: $0).map(\.path) } }
        #expect(plan.writingSequence(streams: 2) == [0, 3, 1, 4, 2])
        #expect(
            pages(plan.writingSequence(streams: 2))
                == ["top/index.html", "b/one/index.html", "a/one/index.html", "b/two/index.html", "a/two/index.html"])
        // One run, or as many as notes or more: the folder by folder order itself.
        for streams in [1, 5, 9] { #expect(plan.writingSequence(streams: streams) == Array(0..<5)) }
        #expect(plan.writingSequence(streams: 3).sorted() == Array(0..<5))
    }

    /// Pages that cannot be written are reported in the folder by folder order, however the
    /// workers shared the notes out.
    @Test func failuresComeInTheFolderByFolderOrder() throws {
        let long = String(repeating: "x", count: 260)
        var files: [String: String] = [:]
        for folder in ["a", "b", "c"] {
            for note in ["one", "two", "three"] { files["notes/\(folder)/\(note).md"] = "---\nslug: \(folder)\(note)\(long)\n---\ntext\n" }
        }
        let site = try TemporarySite(files)
        for workers in [1, 2, 3] {
            let report = SitePipeline(options: BuildOptions(workers: workers)).build(site.path)
            #expect(!report.succeeded)
            // Each page's folder is named by its slug: the note's folder and name, then the x's.
            let failed = report.diagnostics.filter { $0.code == "output.write" }.map { String($0.path.split(separator: "/").dropLast().last!.prefix { $0 != "x" }) }
            #expect(failed == ["aone", "athree", "atwo", "bone", "bthree", "btwo", "cone", "cthree", "ctwo"], "\(workers) workers")
        }
    }
}
