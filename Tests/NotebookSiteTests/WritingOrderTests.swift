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
        let order = plan.writingOrder(streams: 1)
        let written = (0..<plan.noteCount).flatMap { plan.pages(ofNoteAt: $0, in: order).map(\.path) }
        #expect(written == ["top/index.html", "a/one/index.html", "a/two/index.html", "b/one/index.html", "b/two/index.html"])
    }

    /// Two workers take neighbouring positions: the order takes two runs of it in turn, so that
    /// they write into different folders (each run folder by folder), and every note once.
    @Test func workersWriteRunsOfTheOrderInTurn() throws {
        let site = try TemporarySite([
            "notes/b/one.md": "b1\n", "notes/a/one.md": "a1\n", "notes/b/two.md": "b2\n", "notes/a/two.md": "a2\n",
            "notes/top.md": "top\n",
        ])
        let plan = PagePlan(layoutOf: SiteLoader().load(site.path), urls: SiteURLs(baseURL: "/"))
        let pages = { (order: [Int]) in (0..<plan.noteCount).flatMap { plan.pages(ofNoteAt: $0, in: order).map(\.path) } }
        #expect(
            pages(plan.writingOrder(streams: 2))
                == ["top/index.html", "b/one/index.html", "a/one/index.html", "b/two/index.html", "a/two/index.html"])
        // As many runs as notes, or more: the folder by folder order itself, one note a run.
        #expect(pages(plan.writingOrder(streams: 5)) == pages(plan.writingOrder(streams: 1)))
        #expect(pages(plan.writingOrder(streams: 9)) == pages(plan.writingOrder(streams: 1)))
        #expect(Set(pages(plan.writingOrder(streams: 3))).count == 5)
    }
}
