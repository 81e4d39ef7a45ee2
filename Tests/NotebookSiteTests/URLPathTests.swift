import NotebookModel
import Testing

@testable import NotebookSite

/// The byte-level paths for notes' URLs and links give what the rule over characters gives.
@Suite struct URLPathTests {
    /// The rule as first written: segments slugged, the stem for the last, `slug` replacing it.
    private static func characterRule(_ relativePath: String, slug: String?) -> String? {
        var segments = relativePath.split(separator: "/").map(String.init)
        guard let last = segments.popLast() else { return nil }
        segments.append(NoteLoader.Format.stem(of: last))
        var slugged = segments.map(Slug.make)
        if let slug, !slug.isEmpty { slugged[slugged.count - 1] = Slug.make(slug) }
        guard slugged.allSatisfy({ !$0.isEmpty }) else { return nil }
        return "/" + slugged.joined(separator: "/") + "/"
    }

    @Test(arguments: [
        ("a.md", nil), ("Cooking/Sunday Pancakes.md", nil), ("x/y/z.json", "Other Name"), ("x/!!!/z.md", nil),
        ("x/!!!/z.md", "fine"), ("!!!.md", "named"), ("!!!.md", nil), ("dir//a.md", nil), ("Crème/Brûlée.md", nil),
        ("日本/新幹線.md", ""), ("a/b.md", "!!!"), ("", nil), ("A B_C-d/E\tF.md", nil), ("a/b.md/", nil), ("/a/b.json", nil),
        ("a/b.json", "Given Name_2"), ("-a-/_b_.md", nil), ("a/ .md", nil), ("a/b.md.json", nil), ("a/b.txt", nil),
    ] as [(String, String?)])
    func noteURLsFollowTheRule(_ path: String, _ slug: String?) {
        #expect(NoteURL.path(for: path, slug: slug) == Self.characterRule(path, slug: slug))
    }

    /// ASCII paths, whose URLs are made over their bytes, give what the rule over strings gives
    /// (`segmentedPath`, folders' `index.md` included): 2,000 paths of separators, letters of
    /// both cases, digits, punctuation that slugs to nothing and the notes' extensions.
    @Test func asciiNoteURLsFollowTheStringRule() {
        let pieces = ["a", "B", "7", " ", "-", "_", "\t", "/", "//", "!", ".", "Zz", "index.md", ".md", ".json", "x y"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<2000 {
            let path = (0..<(1 + next(7))).map { _ in pieces[next(pieces.count)] }.joined()
            let slug: String? = [nil, "", "Given Name", "!!!", "a_b"][next(5)]
            #expect(NoteURL.path(for: path, slug: slug) == NoteURL.segmentedPath(for: path, slug: slug), "\(path.debugDescription) \(String(describing: slug))")
        }
    }

    @Test(arguments: ["/a/", "a/", "///a/b/", "/", "", "/\u{301}x/", "//\u{301}x", "/é/", "/日本/"])
    func linksDropLeadingSlashesAsCharacters(_ path: String) {
        let urls = SiteURLs(baseURL: "https://example.org/notes/")
        let expected = String(path.drop { $0 == "/" })
        #expect(urls.link(path) == "/notes/" + expected)
        #expect(urls.absolute(path) == "https://example.org/notes/" + expected)
        #expect(SiteURLs(baseURL: "/docs").absolute(path) == "/docs/" + expected)
        // At the root, where a path that starts with one slash is its own link.
        for base in ["", "/", "https://example.org", "https://example.org/"] {
            #expect(SiteURLs(baseURL: base).link(path) == "/" + expected, "\(base)")
        }
    }

    /// A page's file is its path without the slashes it starts with, `index.html` added for a
    /// folder's, by the rule over characters for any path.
    @Test func pageFilesAreTheRuleForAnyPath() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", "//", "a", "é", "\u{301}", "\u{600}", "日本", "-", "x/", "index.html"]
        for _ in 0..<3000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let trimmed = String(path.drop { $0 == "/" })
            #expect(PagePlan.file(path) == (path.hasSuffix("/") ? trimmed + "index.html" : trimmed), "\(path.debugDescription)")
        }
        #expect(PagePlan.file("/") == "index.html" && PagePlan.file("/a/b/") == "a/b/index.html" && PagePlan.file("/a.xml") == "a.xml")
    }

    /// A page's folder is where its file is: the file's path up to its last slash byte (the
    /// kernel's), for any path; the ASCII way in one copy agrees with it.
    @Test func pageFoldersHoldThePagesFiles() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", "//", "a", "é", "\u{301}", "\u{600}", "日本", "-", "x/", "index.html"]
        for _ in 0..<3000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let file = Array(PagePlan.file(path).utf8)
            let slash = file.lastIndex(of: UInt8(ascii: "/"))
            let expected = slash.flatMap { $0 > 0 ? String(decoding: file[..<$0], as: UTF8.self) : nil }
            #expect(PagePlan.folder(path) == expected, "\(path.debugDescription)")
        }
        #expect(PagePlan.folder("/a/b/") == "a/b" && PagePlan.folder("/a/") == "a" && PagePlan.folder("/") == nil)
        #expect(PagePlan.folder("") == nil && PagePlan.folder("/a.xml") == nil && PagePlan.folder("/caf\u{E9}/x/") == "caf\u{E9}/x")
    }

    /// A link is the rule over characters for any path: at the root (where a path that starts
    /// with one slash is its own link) and under a base's path (copied with the path's bytes).
    @Test func linksAreTheRuleForAnyPath() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", "//", "a", "é", "\u{301}", "日本", "-", " ", "x/"]
        let bases = [("/", "/"), ("/notes/", "/notes/"), ("https://example.org/docs", "/docs/"), ("/é/", "/é/")]
        for _ in 0..<3000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for (base, prefix) in bases {
                #expect(SiteURLs(baseURL: base).link(path) == prefix + String(path.drop { $0 == "/" }), "\(base) \(path.debugDescription)")
            }
        }
    }

    /// Reserved paths and tag introductions, as the rule over strings decides them, including
    /// paths where a combining mark after a `/` makes one character of the two.
    @Test(arguments: [
        "/tags/", "/tags/a/", "/tags/a/b/", "/tags/\u{301}x/", "/tags\u{301}/a/", "/page/2/", "/page/\u{301}/", "/page\u{301}/",
        "/pages/x/", "/search/", "/search/\u{301}", "/assets/a.css", "/404.html", "/feed.xml", "/sitemap.xml", "/notes/a/",
        "/highlights/", "/Highlights/", "/é/", "/tags/日本/", "",
    ])
    func reservedPathsFollowTheStringRule(_ path: String) {
        let tagIntroduction = path.hasPrefix("/tags/") && path.split(separator: "/").count >= 2
        let reserved =
            path.hasPrefix("/tags/") && path != "/tags/"
            ? !tagIntroduction
            : NoteURL.reservedFiles.contains(path) || NoteURL.reservedPrefixes.contains { path.hasPrefix($0) }
        #expect(NoteURL.isTagIntroduction(path) == tagIntroduction)
        #expect(NoteURL.isReserved(path) == reserved)
    }
}
