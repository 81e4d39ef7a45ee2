import Mustache

/// The shape of what every template receives (`TemplateContext`): which names each object
/// holds, and what a list's items hold. Read off a sample in which every optional
/// field is set and every list has an item, so a field added to a view model is in it at once.
indirect enum TemplateSchema: Sendable, Equatable {
    /// Text, a number or a flag.
    case value
    case object([String: TemplateSchema])
    case list(TemplateSchema)

    /// What templates receive.
    static let context: TemplateSchema = schema(of: TemplateContext.sample.mustacheValue)

    /// The schema of an encoded value; a list's items are merged.
    static func schema(of value: MustacheValue) -> TemplateSchema {
        if let members = value.objectMembers { return .object(members.mapValues(schema)) }
        if case .array(let items) = value { return .list(items.map(schema).reduce(.value, merged)) }
        return .value
    }

    private static func merged(_ a: TemplateSchema, _ b: TemplateSchema) -> TemplateSchema {
        switch (a, b) {
        case (.object(let x), .object(let y)): .object(x.merging(y, uniquingKeysWith: merged))
        case (.list(let x), .list(let y)): .list(merged(x, y))
        case (.value, _): b
        default: a
        }
    }

    /// The member `name` of an object.
    subscript(name: String) -> TemplateSchema? {
        if case .object(let members) = self { members[name] } else { nil }
    }
}

extension TemplateContext {
    /// Every field set, every list with an item: the sample `TemplateSchema` is read from.
    static var sample: TemplateContext {
        let tag = TagRef(name: "t", url: "/tags/t/")
        let tagTree = TagLink(
            name: "t", url: "/tags/t/", count: 1, slug: "t", label: "t",
            children: [TagLink(name: "t/u", url: "/tags/t/u/", count: 1, slug: "t/u", label: "u", depth: 1)], hasChildren: true)
        let card = NoteCard(
            title: "T", url: "/t/", date: "2026-01-01", dateDisplay: "1 January 2026", wordCount: 1, wordCountText: "1 word",
            summary: "S", tags: [tag], hasTags: true)
        let site = SiteView(
            title: "T", description: "D", language: "en", author: "A", home: "/", feed: "/feed.xml", tagsPage: "/tags/",
            highlightsPage: "/highlights/", searchPage: "/search/", searchIndex: "/search/index.json", stylesheet: "/s.css", paletteStylesheet: "/p.css", script: "/s.js", themeScript: "/t.js", favicon: "/assets/favicon.svg",
            palette: [PaletteView(name: "yellow", css: "#fde68a", text: "#7a5a00", darkText: "#e3b341")])
        let pagination = Pagination(current: 1, total: 2, previous: "/", next: "/page/2/", isPaginated: true)
        return TemplateContext(
            site: site.mustacheValue,
            page: PageView(title: "T", description: "D", url: "/t/", openGraphType: "article", isHome: true),
            note: NoteView(
                card: card, titleHTML: "T", html: "<p>x</p>", toc: [TocEntry(text: "H", id: "h", level: 2)],
                tocTree: [TocNode(text: "H", id: "h", level: 2, children: [TocNode(text: "I", id: "i", level: 3)], hasChildren: true)],
                hasToc: true, backlinks: [NoteLink(title: "B", url: "/b/")], hasBacklinks: true,
                breadcrumbs: [NoteLink(title: "F", url: "/f/")], hasBreadcrumbs: true),
            list: ListView(
                heading: "H", headingHTML: "H", introduction: "<p>i</p>", introductionTags: [tag], hasIntroductionTags: true, notes: [card.mustacheValue], pagination: pagination, tag: "t",
                subtags: [tagTree], hasSubtags: true,
                folders: [FolderLink(name: "F", url: "/f/", count: 1, countText: "1 note")], hasFolders: true, isFolder: true,
                recent: [card.mustacheValue], hasRecent: true,
                breadcrumbs: [NoteLink(title: "F", url: "/f/")], hasBreadcrumbs: true,
                noteCount: 1, wordCount: 1,
                noteCountText: "1 note", wordCountText: "1 word"),
            tags: [tagTree],
            tagTree: [tagTree],
            highlights: HighlightsView(
                groups: [
                    HighlightGroup(
                        color: "yellow", colorClass: "highlight-yellow", style: "background-color: #ff8800",
                        passages: [HighlightPassage(text: "x", noteTitle: "T", url: "/t/#highlight-1")])
                ], count: 1, countText: "1 highlighted passage"),
            redirect: "/t/",
            search: SearchPageView(
                folders: [SearchFolderView(path: "F", url: "/f/", count: 1, countText: "1 note", notes: [NoteLink(title: "T", url: "/t/")])],
                tags: [SearchTagView(tag: tagTree, notes: [NoteLink(title: "T", url: "/t/")])], hasTags: true),
            explorer: ExplorerView(
                folders: [
                    ExplorerFolder(
                        name: "F", url: "/f/", open: true, hasChildren: true,
                        folders: [
                            ExplorerFolder(
                                name: "G", url: "/f/g/", open: true, hasChildren: true, folders: [], notes: [NoteLink(title: "U", url: "/f/g/u/")],
                                earlier: ExplorerMore(count: 50, text: "50 earlier notes", url: "/f/g/"),
                                more: ExplorerMore(count: 1, text: "1 more note", url: "/f/g/"))
                        ],
                        notes: [NoteLink(title: "T", url: "/f/t/")], earlier: ExplorerMore(count: 50, text: "50 earlier notes", url: "/f/"),
                        more: ExplorerMore(count: 1, text: "1 more note", url: "/f/"))
                ],
                notes: [NoteLink(title: "T", url: "/t/")], earlier: ExplorerMore(count: 50, text: "50 earlier notes", url: "/"),
                more: ExplorerMore(count: 1, text: "1 more note", url: "/")
            ).mustacheValue)
    }
}
