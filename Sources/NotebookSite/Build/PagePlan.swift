import Bytes
import Mustache
import NotebookFiles
import NotebookModel
import NotebookRender
import Parallel

/// Every file a build writes besides copies, by group: note pages, the paginated index, tag
/// pages, the highlights page, the feed, the sitemap, the search index, the 404 page and redirects.
/// The plan holds what pages show; a group's pages are made only when asked for, so a build can
/// make them in parallel and a rebuild can make only some.
struct PagePlan: Sendable {
    struct Page: Sendable {
        /// Where in the output, such as `cooking/pancakes/index.html`.
        var path: String
        /// The page's number in its list; 1 for a page that is not part of one.
        var number = 1
        /// What the page comes from, for a note's page or a redirect; nil for the site's own pages.
        var source: OutputClaim.Source?
        /// Makes what the page shows, when it is to be written.
        var make: @Sendable () -> Content

        init(
            path: String, number: Int = 1, source: OutputClaim.Source? = nil, content: @autoclosure @escaping @Sendable () -> Content
        ) {
            self.path = path
            self.number = number
            self.source = source
            self.make = content
        }
    }

    enum Content: Sendable {
        /// A template rendered with a context, and the parts every page of the plan shares.
        case template(String, TemplateContext, shared: MustacheSharedParts)
        case text(String)
        /// A file's bytes, made as bytes.
        case bytes([UInt8])
    }

    /// What the plan holds, in one box: every page's closure holds the plan, and a copy of it
    /// then takes one reference instead of one for each of these.
    private struct Parts: Sendable {
        let siteView: SiteView
        /// `siteView` as templates see it, made once: every page shows the same.
        let siteValue: MustacheValue
        /// What pages show of `siteValue` alone, rendered once: every page sees the same site.
        let sharedParts = MustacheSharedParts(key: "site")
        /// The tags, their notes and the notes' places.
        let index: PlanIndex
        let config: SiteConfig
        let urls: SiteURLs
        /// The notes with pages, their models dropped (only metadata, title, URL are kept).
        let notes: [SiteNote]
        /// The notes that introduce folders' pages, as the tags' lists show them after `notes`
        /// (``PlanIndex/listedIntroducers``).
        let listedIntroducers: [SiteNote]
        /// What the same notes show (empty for a plan that only lays out the pages).
        let listedIntroducersRendered: [RenderedNote]
        let rendered: [RenderedNote]
        /// Each note's backlinks (by index among the notes with pages), as the page lists them.
        let backlinks: [[NoteLink]]
        /// Tag slug → the HTML of the note that introduces it.
        let introductions: [String: String]
        /// Folder URL (`/` for the home page) → the note that introduces its page, as shown.
        let folderIntroductions: [String: Introduction]
        /// The notes that introduce the site's own pages, by those pages' groups.
        let introducers: [PageGroup: SiteNote]
        /// The words of all notes with pages.
        let wordCount: Int
        /// The notes' cards as lists show them (by index among the notes with pages), each made
        /// once for every list it is in.
        let cards = KeptValues<Int, MustacheValue>()
        /// The pages' explorers (``PagePlan/explorer(folder:note:)``), each made once for the
        /// pages that show the same.
        let explorers = KeptValues<ExplorerKey, MustacheValue>()
        /// Each folder's breadcrumbs (``PagePlan/breadcrumbs(to:)``), made once for the notes in
        /// it; by the bytes of its URL, since two folders may be named by the same text in two
        /// Unicode forms, which strings compare as equal, and each page links to its own.
        let breadcrumbs = KeptValues<ExactPath, [NoteLink]>()
    }

    /// A note that introduces a folder's page (or the home page): its title, summary and HTML.
    struct Introduction: Sendable {
        var title: String
        /// Its title as an `h1` shows it (``RenderedNote/title``), when it shows more than its text.
        var titleHTML: String?
        var summary: String
        var html: String
        /// Its tags, linked to their pages, as its page would show them.
        var tags: [TagRef]
    }

    private final class Box: Sendable {
        let parts: Parts
        init(_ parts: Parts) { self.parts = parts }
    }

    private let box: Box

    var siteView: SiteView { box.parts.siteView }
    /// The pages' explorers, made once for the pages that show the same.
    var explorers: KeptValues<ExplorerKey, MustacheValue> { box.parts.explorers }
    var siteValue: MustacheValue { box.parts.siteValue }
    private var sharedParts: MustacheSharedParts { box.parts.sharedParts }
    /// What the plan knows of the notes' places, for a plan of the same notes in the same places.
    var index: PlanIndex { box.parts.index }
    var tags: [TagLink] { box.parts.index.tags }
    var config: SiteConfig { box.parts.config }
    var urls: SiteURLs { box.parts.urls }
    var notes: [SiteNote] { box.parts.notes }
    /// The note at `position` of a tag's list (``PlanIndex/members``): one with a page, or past
    /// them a folder's introducer.
    func listed(_ position: Int) -> SiteNote {
        position < notes.count ? notes[position] : box.parts.listedIntroducers[position - notes.count]
    }
    /// The note that introduces the page of the folder at `url` (the home page's for `/`), if any.
    func introducingNote(ofFolder url: String) -> SiteNote? {
        box.parts.introducers[url == "/" ? .index : .folder(url)]
    }
    private var rendered: [RenderedNote] { box.parts.rendered }
    private var backlinks: [[NoteLink]] { box.parts.backlinks }
    private var members: [String: [Int]] { box.parts.index.members }
    private var tagLinks: [String: String] { box.parts.index.tagLinks }
    private var introductions: [String: String] { box.parts.introductions }
    private var byPath: [String: Int] { box.parts.index.byPath }
    /// The words of all notes with pages.
    var wordCount: Int { box.parts.wordCount }

    /// A plan that only lays out the pages, for the collision check before notes are rendered:
    /// its pages' paths are those of a full plan, what they show is empty.
    init(layoutOf site: LoadedSite, urls: SiteURLs, index: PlanIndex? = nil) {
        self.init(site: site, urls: urls, rendered: [], backlinks: [], index: index)
    }

    /// `rendered` and `backlinks` are by index of `site.notes`; backlinks name indices too. Both
    /// are empty for a plan that only lays out the pages. `index`, when given, is that of a plan
    /// of the same notes in the same places (see `PlanIndex`).
    init(site: LoadedSite, urls: SiteURLs, rendered: [RenderedNote], backlinks: [[Int]], index: PlanIndex? = nil) {
        let config = site.config
        let index = index ?? PlanIndex(site.notes, urls: urls)
        var notes = site.notes
        var rendered = rendered
        // Each link by the page it is on: a note that introduces a tag's, a folder's or the home
        // page links from that page (as Quartz lists them), any other from its own.
        var introduced: [Int: String] = [:]
        if !backlinks.isEmpty {
            for (slug, note) in index.introductions { introduced[note] = "/tags/\(slug)/" }
            for (url, note) in index.folderIntroductions { introduced[note] = url }
        }
        var backlinks = backlinks.map { sources in
            sources.map { NoteLink(title: site.notes[$0].title, url: urls.link(introduced[$0] ?? site.notes[$0].url)) }
        }
        // Notes at /tags/NAME/ introduce tag pages, folders' index notes (and `X.md` beside `X/`)
        // folders' pages, the notes' own `index.md` the home page; every other note has a page.
        var introductions: [String: String] = [:]
        for (slug, note) in index.introductions { introductions[slug] = rendered.isEmpty ? "" : rendered[note].html }
        var folderIntroductions: [String: Introduction] = [:]
        for (url, note) in index.folderIntroductions {
            let introduced = site.notes[note]
            folderIntroductions[url] = Introduction(
                title: introduced.title, titleHTML: rendered.isEmpty ? nil : rendered[note].title, summary: introduced.summary,
                html: rendered.isEmpty ? "" : rendered[note].html, tags: Self.tagRefs(of: introduced, tagLinks: index.tagLinks, urls: urls))
        }
        var introducers: [PageGroup: SiteNote] = [:]
        for (slug, note) in index.introductions { introducers[.tag(slug)] = site.notes[note] }
        for (url, note) in index.folderIntroductions { introducers[url == "/" ? .index : .folder(url)] = site.notes[note] }
        let introducersRendered = rendered.isEmpty ? [] : index.listedIntroducers.map { rendered[$0] }
        if let kept = index.kept {
            notes = kept.map { notes[$0] }
            if !rendered.isEmpty {
                rendered = kept.map { rendered[$0] }
                backlinks = kept.map { backlinks[$0] }
            }
        }
        var wordCount = 0
        for position in notes.indices { wordCount += notes[position].wordCount }
        let siteView = SiteView(
            title: config.title, description: config.description, language: config.language, author: config.author,
            home: urls.link("/"), feed: urls.link("/feed.xml"), tagsPage: urls.link("/tags/"),
            highlightsPage: urls.link("/highlights/"), searchPage: urls.link("/search/"), searchIndex: urls.link("/search/index.json"),
            stylesheet: urls.link("/assets/style.css"), paletteStylesheet: urls.link(PaletteStylesheet.path),
            script: urls.link("/assets/search.js"), themeScript: urls.link("/assets/theme.js"), favicon: Favicon.link(site.favicon, urls: urls), palette: config.palette.map { PaletteView(name: $0.name, css: $0.css, text: $0.text, darkText: $0.darkText) })
        box = Box(
            Parts(
                siteView: siteView, siteValue: siteView.mustacheValue, index: index, config: config, urls: urls, notes: notes,
                listedIntroducers: index.listedIntroducers.map { site.notes[$0] },
                listedIntroducersRendered: introducersRendered, rendered: rendered, backlinks: backlinks, introductions: introductions,
                folderIntroductions: folderIntroductions, introducers: introducers,
                wordCount: wordCount))
    }

    /// The tag slug a note at `/tags/NAME/` introduces.
    static func introducedTag(_ url: String) -> String {
        String(url.dropFirst("/tags/".count).dropLast())
    }

    /// The pages of one group; none for a group the site does not have.
    func pages(of group: PageGroup) -> [Page] {
        switch group {
        case .note(let path): byPath[path].map(notePages) ?? []
        case .index: indexPages() + introducerRedirects(group)
        case .tag(let slug): tagPages(slug) + introducerRedirects(group)
        case .folder(let url): folderPages(url) + introducerRedirects(group)
        case .tags:
            [
                Page(
                    path: "tags/index.html",
                    content: template(
                        "tags",
                        context(
                            page("Tags · \(config.title)", "Every tag", "/tags/"), tags: tags, tagTree: tags.filter { $0.depth == 0 },
                            explorer: explorer(folder: "/"))))
            ]
        case .highlights:
            [
                Page(
                    path: "highlights/index.html",
                    content: template(
                        "highlights",
                        context(
                            page("Highlights · \(config.title)", "Every highlighted passage", "/highlights/"),
                            highlights: highlightsView(),
                            explorer: explorer(folder: "/"))))
            ]
        case .notFound:
            [Page(path: "404.html", content: template("404", context(page("Not found", "This page does not exist.", "/404.html"), explorer: explorer(folder: "/"))))]
        case .feed: [Page(path: "feed.xml", content: .text(feed()))]
        case .sitemap: [Page(path: "sitemap.xml", content: .text(Sitemap.xml(urls: urls, pages: sitemapEntries())))]
        case .search: searchPages()
        case .searchPage: [Page(path: Self.searchPagePath, content: searchPage())]
        case .palette: [Page(path: String(PaletteStylesheet.path.dropFirst()), content: .text(PaletteStylesheet.css(config.palette)))]
        }
    }

    private func context(
        _ page: PageView, note: NoteView? = nil, list: ListView? = nil, tags: [TagLink]? = nil, tagTree: [TagLink]? = nil,
        highlights: HighlightsView? = nil,
        redirect: String? = nil, explorer: MustacheValue? = nil
    ) -> TemplateContext {
        TemplateContext(
            site: siteValue, page: page, note: note, list: list, tags: tags, tagTree: tagTree, highlights: highlights, redirect: redirect,
            explorer: explorer)
    }

    /// `name` rendered with `context`, sharing what only the site decides with the other pages.
    func template(_ name: String, _ context: TemplateContext) -> Content {
        .template(name, context, shared: sharedParts)
    }

    func page(_ title: String, _ description: String, _ path: String, type: String = "website") -> PageView {
        PageView(title: title, description: description, url: urls.absolute(path), openGraphType: type, isHome: path == "/")
    }

    /// Every group of the site, in a stable order: the notes' (see ``pages(ofNoteAt:)``), then the
    /// site's own.
    var groups: [PageGroup] {
        notes.map { .note($0.relativePath) } + siteGroups
    }

    /// The groups of the site's own pages (the index, the tags' pages, the feed, …), in order.
    var siteGroups: [PageGroup] {
        // The search first: the longest piece of work, begun while the other workers make the rest.
        [.search, .index] + tags.map { .tag($0.slug) } + index.folders.urls.map { .folder($0) }
            + [.tags, .highlights, .notFound, .feed, .sitemap, .searchPage, .palette]
    }

    /// How many notes have pages: the groups of ``pages(ofNoteAt:)``.
    var noteCount: Int { notes.count }

    /// The pages of the `position`th note with pages folder by folder (``PlanIndex/writingOrder``):
    /// those of the group `.note(path)` of its path. Written in that order, a folder's pages are
    /// made one after another, which the file system does in less time than in the site's order.
    func pages(ofNoteAt position: Int) -> [Page] {
        notePages(index.writingOrder[position])
    }

    /// The positions of ``pages(ofNoteAt:)`` in the order workers take them: the folder by folder
    /// order cut into `streams` runs, taken in turn. Workers writing at once take neighbouring
    /// places, and so write in different runs, each into its own folder: two workers making
    /// folders in the same folder wait for each other on its lock (a fifth of the time making
    /// folders, measured on ext4).
    func writingSequence(streams: Int) -> [Int] {
        let count = index.writingOrder.count
        let streams = max(1, streams)
        let length = (count + streams - 1) / streams
        var sequence: [Int] = []
        sequence.reserveCapacity(count)
        for step in 0..<length {
            for stream in 0..<streams where stream * length + step < count {
                sequence.append(stream * length + step)
            }
        }
        return sequence
    }

    /// A note as lists show it.
    private func card(_ index: Int) -> NoteCard {
        Self.card(of: listed(index), tagLinks: tagLinks, urls: urls)
    }

    /// The cards of the notes at `indices` as templates see them.
    private func cards(_ indices: some Collection<Int>) -> [MustacheValue] {
        box.parts.cards.values(Array(indices)) { card($0).mustacheValue }
    }

    /// A card as one page only shows it: a note is on one folder's page, so keeping the
    /// rendering of its pass (``MustacheSharedParts``) would copy and file it for nothing.
    private static func unshared(_ card: MustacheValue) -> MustacheValue {
        guard case .fields(var fields) = card else { return card }
        fields.sharedKey = nil
        return .fields(fields)
    }

    /// The tags of `note`, each linked to its page.
    private static func tagRefs(of note: SiteNote, tagLinks: [String: String], urls: SiteURLs) -> [TagRef] {
        note.tags.map { TagRef(name: $0.name, url: tagLinks[$0.slug] ?? urls.link("/tags/\($0.slug)/")) }
    }

    /// `note` as lists show it, its tags linked to their pages.
    private static func card(of note: SiteNote, tagLinks: [String: String], urls: SiteURLs) -> NoteCard {
        let tags = tagRefs(of: note, tagLinks: tagLinks, urls: urls)
        return NoteCard(
            title: note.title, url: urls.link(note.url), date: note.metadata.date,
            dateDisplay: note.metadata.date.map(Self.displayDate), wordCount: note.wordCount,
            wordCountText: plural(note.wordCount, "word"), summary: note.summary,
            tags: tags, hasTags: !tags.isEmpty)
    }

    /// The notes of a list (the index, a tag's) in order, by path: what a change must reorder for
    /// later pages of the list to change; nil for a group that is not a list.
    func list(of group: PageGroup) -> [String]? {
        switch group {
        case .index: notes.map(\.relativePath)
        case .tag(let slug): (members[slug] ?? []).map { listed($0).relativePath }
        default: nil
        }
    }

    /// Every list of the site.
    func lists() -> [PageGroup: [String]] {
        var lists: [PageGroup: [String]] = [.index: list(of: .index)!]
        for slug in members.keys { lists[.tag(slug)] = list(of: .tag(slug)) }
        return lists
    }

    /// What a note's page shows besides the site's parts.
    private func noteView(_ index: Int) -> NoteView {
        let html = rendered[index]
        // The three highest levels of the page's headings under its title, whichever levels the
        // note wrote them at (`#` to `###` move down to `h2` to `h4`; `###` to `#####` after a
        // `##` title stay `h3` to `h5`).
        let highest = html.headings.map(\.level).min() ?? 2
        let toc = html.headings.filter { $0.level <= highest + 2 }.map { TocEntry(text: $0.text, id: $0.id, level: $0.level) }
        let breadcrumbs = self.breadcrumbs(to: notes[index].folder)
        return NoteView(
            card: card(index), titleHTML: html.title ?? PageTitle.escaped(notes[index].title), html: html.html, toc: toc, tocTree: TableOfContents.tree(toc),
            hasToc: html.headings.count > 1,
            backlinks: backlinks[index],
            hasBacklinks: !backlinks[index].isEmpty, breadcrumbs: breadcrumbs, hasBreadcrumbs: !breadcrumbs.isEmpty)
    }

    /// The folders from the top down to the folder at `url` (itself included), as links; none
    /// for the notes' root.
    func breadcrumbs(to url: String) -> [NoteLink] {
        box.parts.breadcrumbs.value(ExactPath(url)) {
            var crumbs: [NoteLink] = []
            var at = url
            while let folder = index.folders.byURL[at] {
                crumbs.append(NoteLink(title: folderTitle(at), url: urls.link(at)))
                at = folder.parent
            }
            return crumbs.reversed()
        }
    }

    private func notePages(_ index: Int) -> [Page] {
        let note = notes[index]
        let page = Page(
            path: Self.file(note.url), source: .note(note.path),
            content: template(
                "note",
                context(
                    self.page(note.title, note.summary, note.url, type: "article"), note: noteView(index),
                    explorer: explorer(folder: note.folder, note: index))))
        return [page] + redirects(to: note)
    }

    /// The pages that redirect to `note` for its aliases: in its page's group, or in the group
    /// of the page it introduces (a tag's, a folder's, the home page). Two aliases of the note
    /// that lead from one path (`About Me` and `/about-me/`) make one page; a name alias whose
    /// path something else takes makes none (``PlanIndex/leftOutAliases``).
    private func redirects(to note: SiteNote) -> [Page] {
        var paths = Set<String>()
        // URL aliases first: where a name and a URL lead to one path, the page is the URL's, whose
        // clash with another page is an error.
        let aliases = note.metadata.aliases.filter(AliasPath.isURL) + note.metadata.aliases.filter { !AliasPath.isURL($0) }
        return aliases.compactMap { alias in
            guard case .success(let path) = AliasPath.redirect(of: alias, for: note),
                index.leftOutAliases.isEmpty || !index.leftOutAliases.contains(AliasRedirects.Key(note: note.path, alias: alias)),
                paths.insert(path).inserted
            else { return nil }
            let redirect = context(page(note.title, note.summary, note.url), redirect: urls.link(note.url))
            return Page(path: Self.file(path), source: .alias(alias, note: note.path, at: note.location(ofAlias: alias)), content: template("redirect", redirect))
        }
    }

    /// The redirects of the note that introduces the page at `group`, if any.
    private func introducerRedirects(_ group: PageGroup) -> [Page] {
        box.parts.introducers[group].map(redirects) ?? []
    }

    /// Every file the plan writes, with what it comes from, group by group.
    func claims() -> [OutputClaim] {
        let groups = groups
        return ParallelWork.map(count: groups.count, workers: ProcessInfo.processInfo.activeProcessorCount) { index in
            pages(of: groups[index]).map { OutputClaim(path: $0.path, source: $0.source ?? .page(groups[index], number: $0.number)) }
        }.flatMap { $0 }
    }

    private func indexPages() -> [Page] {
        // Without a count: every page of the index carries it, and a count would change them all.
        // The notes' own `index.md` gives the home page its title, description and text.
        let home = box.parts.folderIntroductions["/"]
        let description = home.map(\.summary).nonEmpty ?? config.description.nonEmpty ?? "\(config.title): every note, newest first"
        let title = home?.title ?? config.title
        let dated = notes.contains { $0.metadata.date != nil }
        // Dated notes come first, newest first.
        let recent = notes.indices.prefix { notes[$0].metadata.date != nil }.prefix(Self.recentCount)
        return Self.paginate(Array(notes.indices), size: config.pageSize, base: "/", urls: urls, dated: dated).map { number, slice, pagination in
            let path = number == 1 ? "/" : "/page/\(number)/"
            return Page(path: Self.file(path), number: number, content: {
                let homeTags = number == 1 ? home?.tags ?? [] : []
                let list = ListView(
                    heading: title, headingHTML: home?.titleHTML ?? PageTitle.escaped(title),
                    introduction: number == 1 ? home?.html : nil, introductionTags: homeTags, hasIntroductionTags: !homeTags.isEmpty,
                    notes: cards(slice), pagination: pagination, tag: nil, folders: number == 1 ? folderLinks(in: "/") : [], hasFolders: number == 1 && !(index.subfolders["/"] ?? []).isEmpty,
                    recent: number == 1 ? cards(recent) : [], hasRecent: number == 1 && !recent.isEmpty,
                    noteCount: number == 1 ? notes.count : nil, wordCount: number == 1 ? wordCount : nil,
                    noteCountText: number == 1 ? plural(notes.count, "note") : nil,
                    wordCountText: number == 1 ? plural(wordCount, "word") : nil)
                return template("list", context(page(title, description, path), list: list, explorer: explorer(folder: "/")))
            }())
        }
    }

    private func tagPages(_ slug: String) -> [Page] {
        guard let tag = tags.first(where: { $0.slug == slug }) else { return [] }
        let indices = members[slug] ?? []
        let base = "/tags/\(slug)/"
        let words = indices.reduce(0) { $0 + listed($1).wordCount }
        let dated = indices.contains { listed($0).metadata.date != nil }
        return Self.paginate(indices, size: config.pageSize, base: base, urls: urls, dated: dated).map { number, slice, pagination in
            let path = number == 1 ? base : base + "page/\(number)/"
            return Page(path: Self.file(path), number: number, content: {
                let list = ListView(
                    heading: "#\(tag.name)", headingHTML: PageTitle.escaped("#\(tag.name)"), introduction: number == 1 ? introductions[slug] : nil, notes: cards(slice),
                    pagination: pagination, tag: tag.name, subtags: number == 1 ? tag.children : [],
                    hasSubtags: number == 1 && tag.hasChildren, noteCount: number == 1 ? indices.count : nil, wordCount: number == 1 ? words : nil,
                    noteCountText: number == 1 ? plural(indices.count, "note") : nil,
                    wordCountText: number == 1 ? plural(words, "word") : nil)
                return template(
                    "list", context(page("#\(tag.name) · \(config.title)", "Notes tagged \(tag.name)", path), list: list, explorer: explorer(folder: "/")))
            }())
        }
    }

    /// What the folder at `url` is called: its introducing note's title, else its name.
    func folderTitle(_ url: String) -> String {
        box.parts.folderIntroductions[url]?.title ?? index.folders.byURL[url]!.name
    }

    /// The folders right in the folder at `url`, as lists show them.
    private func folderLinks(in url: String) -> [FolderLink] {
        (index.subfolders[url] ?? []).map { folder in
            let name = folderTitle(folder)
            let count = index.folderCounts[folder] ?? 0
            return FolderLink(name: name, url: urls.link(folder), count: count, countText: plural(count, "note"))
        }
    }

    /// The page of the folder at `url`: its introduction's text, its notes and its folders. One
    /// page, however many notes, as Quartz shows a folder: a folder's pages would grow with its
    /// notes, and a vault's folders are what a reader browses.
    private func folderPages(_ url: String) -> [Page] {
        guard let folder = index.folders.byURL[url] else { return [] }
        let indices = index.folderMembers[url] ?? []
        let introduction = box.parts.folderIntroductions[url]
        let title = introduction?.title ?? folder.name
        let description = introduction?.summary.nonEmpty ?? "The notes in \(folder.path)"
        let words = indices.reduce(0) { $0 + notes[$1].wordCount }
        let pagination = Pagination(current: 1, total: 1, previous: nil, next: nil, isPaginated: false)
        return [
            Page(path: Self.file(url), content: {
                let folders = folderLinks(in: url)
                let above = breadcrumbs(to: folder.parent)
                let list = ListView(
                    heading: title, headingHTML: introduction?.titleHTML ?? PageTitle.escaped(title),
                    introduction: introduction?.html, introductionTags: introduction?.tags ?? [],
                    hasIntroductionTags: !(introduction?.tags ?? []).isEmpty, notes: cards(indices).map(Self.unshared),
                    pagination: pagination, tag: nil,
                    folders: folders, hasFolders: !folders.isEmpty, isFolder: true, breadcrumbs: above, hasBreadcrumbs: !above.isEmpty,
                    noteCount: indices.count, wordCount: words, noteCountText: plural(indices.count, "note"), wordCountText: plural(words, "word"))
                return template(
                    "list", context(page("\(title) · \(config.title)", description, url), list: list, explorer: explorer(folder: url)))
            }())
        ]
    }

    /// How many of the newest notes the home page shows as recent.
    static let recentCount = 5

    /// How many of the newest notes the feed carries.
    static let feedSize = 20

    private func feed() -> String {
        let newest = notes.prefix(Self.feedSize).enumerated().map { offset, note in
            AtomFeed.Entry(
                title: note.title, path: note.url, date: note.metadata.date, summary: note.summary,
                html: rendered[offset].html, tags: note.tags.map(\.name))
        }
        return AtomFeed.xml(title: config.title, author: config.author ?? config.title, language: config.language, urls: urls, entries: newest)
    }

    /// The sitemap's pages: what a change must alter for the sitemap to be rebuilt.
    func sitemapEntries() -> [(path: String, date: String?)] {
        var sitemap: [(path: String, date: String?)] = [("/", notes.first?.metadata.date)]
        sitemap += notes.map { ($0.url, $0.metadata.date) }
        sitemap += tags.map { ("/tags/\($0.slug)/", nil) }
        sitemap += index.folders.urls.map { ($0, nil) }
        sitemap += [("/tags/", nil), ("/highlights/", nil)]
        return sitemap
    }

    /// The output file of a site path: folders get `index.html`.
    static func file(_ path: String) -> String {
        // A folder's path in ASCII with one slash before it (nearly every page's): its bytes
        // after the slash and `index.html`, copied once.
        let ascii = path.withBorrowedUTF8 { bytes -> String? in
            guard SiteURLs.startsWithOneSlash(path), bytes.last == UInt8(ascii: "/"), !bytes.contains(where: { $0 >= 0x80 }) else {
                return nil
            }
            let index: StaticString = "index.html"
            return String(
                joiningBytes: UnsafeBufferPointer(rebasing: bytes.dropFirst()),
                UnsafeBufferPointer(start: index.utf8Start, count: index.utf8CodeUnitCount))
        }
        if let ascii { return ascii }
        let trimmed = String(path.drop { $0 == "/" })
        return path.hasSuffix("/") ? trimmed + "index.html" : trimmed
    }

    /// The folder that holds the output file of a site path (`file(_:)`), relative to the
    /// output: `/a/b/` → `a/b`; nil for a file at the top.
    static func folder(_ path: String) -> String? {
        // A folder's path in ASCII with one slash before it (nearly every note's): its bytes
        // between its first and last slash, copied once.
        let ascii = path.withBorrowedUTF8 { bytes -> String? in
            guard bytes.count > 2, SiteURLs.startsWithOneSlash(path), bytes.last == UInt8(ascii: "/"), !bytes.contains(where: { $0 >= 0x80 }) else {
                return nil
            }
            return String(joiningBytes: UnsafeBufferPointer(rebasing: bytes.dropFirst().dropLast()), UnsafeBufferPointer(start: nil, count: 0))
        }
        if let ascii { return ascii }
        let file = file(path)
        guard let slash = FileSystem.lastSlash(in: file), slash > file.startIndex else { return nil }
        return String(file[..<slash])
    }


    /// Pages of `items`: number, items, and links to the neighbours, which say `Newer` and `Older`
    /// when `dated` (any of the items has a date).
    static func paginate(_ items: [Int], size: Int, base: String, urls: SiteURLs, dated: Bool) -> [(Int, [Int], Pagination)] {
        let total = max(1, (items.count + size - 1) / size)
        func link(_ number: Int) -> String { urls.link(number == 1 ? base : base + "page/\(number)/") }
        return (1...total).map { number in
            let slice = Array(items.dropFirst((number - 1) * size).prefix(size))
            let pagination = Pagination(
                current: number, total: total, previous: number > 1 ? link(number - 1) : nil,
                next: number < total ? link(number + 1) : nil, isPaginated: total > 1, dated: dated)
            return (number, slice, pagination)
        }
    }

    /// The highlights page's passages: of the notes with pages and of the folders' introducers
    /// (whose text their folders' pages show), in the site's order.
    private func highlightsView() -> HighlightsView {
        guard let order = index.listedOrder, !rendered.isEmpty else {
            return Self.highlights(notes, rendered: rendered, urls: urls, palette: config.paletteNames)
        }
        let shown = order.map { $0 < notes.count ? rendered[$0] : box.parts.listedIntroducersRendered[$0 - notes.count] }
        return Self.highlights(order.map(listed), rendered: shown, urls: urls, palette: config.paletteNames)
    }

    /// Every highlighted passage, grouped by color: palette colors in palette order, then others.
    static func highlights(_ notes: [SiteNote], rendered: [RenderedNote], urls: SiteURLs, palette: [String]) -> HighlightsView {
        var groups: [String: [HighlightPassage]] = [:]
        for (note, html) in zip(notes, rendered) where !html.highlights.isEmpty {
            let link = urls.link(note.url)
            for highlight in html.highlights {
                let url = highlight.id.map { String(link, joinedBy: UInt8(ascii: "#"), $0) } ?? link
                let passage = HighlightPassage(text: highlight.text, noteTitle: note.title, url: url)
                groups[highlight.color.description, default: []].append(passage)
            }
        }
        let order = palette.filter { groups[$0] != nil } + groups.keys.filter { !palette.contains($0) }.sorted()
        let views = order.map { color in
            let isNamed = !color.hasPrefix("#")
            // A hex color is checked by the model (`Color.hex`): it is safe in a style attribute.
            return HighlightGroup(
                color: color, colorClass: isNamed ? "highlight-\(Slug.make(color))" : "",
                style: isNamed ? nil : "background-color: \(color)", passages: groups[color]!)
        }
        let count = views.reduce(0) { $0 + $1.passages.count }
        return HighlightsView(groups: views, count: count, countText: plural(count, "highlighted passage"))
    }

    /// URL aliases that are not places on the site: errors at their notes; a name without a letter
    /// or digit, which makes no redirect page, a warning. Aliases on a taken path are found by the
    /// collision check (`OutputCollisions`).
    static func aliasErrors(_ notes: [SiteNote]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for note in notes {
            for alias in note.metadata.aliases {
                switch AliasPath.redirect(of: alias, for: note) {
                case .success: continue
                case nil:
                    // A name whose slug is the note's own makes no page, and needs none.
                    guard Slug.make(alias).isEmpty, !alias.allSatisfy(\.isWhitespace) else { continue }
                    diagnostics.append(
                        Diagnostic(
                            .warning, "alias '\(alias)' has no letter or digit to name a redirect page; [[\(alias)]] still finds the note",
                            path: note.path, at: note.location(ofAlias: alias), code: "alias.redirect"))
                case .failure(.notASitePath):
                    diagnostics.append(
                        Diagnostic(
                            .error, "alias '\(alias)' is not a site path", path: note.path, at: note.location(ofAlias: alias),
                            code: "alias.invalid"))
                case .failure(.leavesTheSite):
                    diagnostics.append(
                        Diagnostic(
                            .error, "alias '\(alias)' leaves the site", path: note.path, at: note.location(ofAlias: alias),
                            code: "alias.outside"))
                }
            }
        }
        return diagnostics
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `2026-06-12` as `12 June 2026`.
    static func displayDate(_ date: String) -> String {
        // `YYYY-MM-DD…`, nearly every date, read by bytes where they are: a copy of them and a
        // list of the digits' places cost an allocation each, for every card of every list.
        let made = date.withBorrowedUTF8 { bytes -> String? in
            func isDigit(_ index: Int) -> Bool { bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") }
            guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                isDigit(0), isDigit(1), isDigit(2), isDigit(3), isDigit(5), isDigit(6), isDigit(8), isDigit(9)
            else { return nil }
            func number(_ index: Int) -> Int { Int(bytes[index] - UInt8(ascii: "0")) * 10 + Int(bytes[index + 1] - UInt8(ascii: "0")) }
            let month = number(5)
            guard (1...12).contains(month) else { return date }
            // Written at once: the sum of its four parts made a string for each step.
            let day = number(8), name = months[month - 1]
            return String(unsafeUninitializedCapacity: 2 + 1 + name.utf8.count + 1 + 4) { out in
                var count = 0
                func put(_ byte: UInt8) {
                    out[count] = byte
                    count += 1
                }
                if day >= 10 { put(UInt8(ascii: "0") + UInt8(day / 10)) }
                put(UInt8(ascii: "0") + UInt8(day % 10))
                put(UInt8(ascii: " "))
                for byte in name.utf8 { put(byte) }
                put(UInt8(ascii: " "))
                for index in 0..<4 { put(bytes[index]) }
                return count
            }
        }
        if let made { return made }
        let parts = date.prefix(10).split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]) else { return date }
        return "\(day) \(months[month - 1]) \(parts[0])"
    }
}

import Foundation

extension PagePlan.Page {
    /// The page's text as UTF-8: its template rendered with its context, its text, or its bytes. No NUL
    /// reaches it: every reader (`SourceText`, the JSON and YAML escapes, templates) makes NUL U+FFFD.
    func render(with theme: Theme) throws -> [UInt8] {
        switch make() {
        case .template(let name, let context, let shared): try theme.library.renderBytes(name, context.mustacheValue, sharing: shared)
        case .text(let text): Array(text.utf8)
        case .bytes(let bytes): bytes
        }
    }

    /// Renders the page (as `render(with:)`) into `sink` at its path, its bytes written where
    /// they were rendered.
    func write(with theme: Theme, to sink: some FileSink) throws {
        switch make() {
        case .template(let name, let context, let shared):
            try theme.library.withRenderedBytes(name, context.mustacheValue, sharing: shared) { bytes in try sink.write(bytes, to: path) }
        case .text(let text): try sink.write(text, to: path)
        case .bytes(let bytes): try sink.write(bytes, to: path)
        }
    }
}
