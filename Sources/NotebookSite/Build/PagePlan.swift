import NotebookModel
import NotebookRender

/// Every file a build writes besides copies: note pages, the paginated index, tag pages, the
/// highlights page, the feed, the sitemap, the search index, the 404 page and redirects.
struct PagePlan: Sendable {
    struct Page: Sendable {
        /// Where in the output, such as `cooking/pancakes/index.html`.
        var path: String
        var content: Content
    }

    enum Content: Sendable {
        /// A template rendered with a context (its `site` filled in when written).
        case template(String, TemplateContext)
        case text(String)
    }

    var pages: [Page] = []
    var siteView: SiteView

    init(site: LoadedSite, urls: SiteURLs, rendered: [RenderedNote], words: [String], backlinks: [[Int]]) {
        let config = site.config
        // Notes at /tags/NAME/ introduce tag pages; every other note has a page of its own.
        var introductions: [String: String] = [:]
        var site = site
        var rendered = rendered
        var backlinks = backlinks
        var words = words
        let isIntroduction = site.notes.map { NoteURL.isTagIntroduction($0.url) }
        for (index, note) in site.notes.enumerated() where isIntroduction[index] {
            introductions[String(note.url.dropFirst("/tags/".count).dropLast())] = rendered[index].html
        }
        if isIntroduction.contains(true) {
            let kept = site.notes.indices.filter { !isIntroduction[$0] }
            let newIndex = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
            site.notes = kept.map { site.notes[$0] }
            rendered = kept.map { rendered[$0] }
            words = kept.map { words[$0] }
            backlinks = kept.map { backlinks[$0].compactMap { newIndex[$0] } }
        }
        let tags = Self.tags(site.notes, urls: urls, introduced: introductions.keys.sorted())
        siteView = SiteView(
            title: config.title, description: config.description, language: config.language, author: config.author,
            home: urls.link("/"), feed: urls.link("/feed.xml"), tagsPage: urls.link("/tags/"),
            highlightsPage: urls.link("/highlights/"), searchIndex: urls.link("/search/index.json"),
            stylesheet: urls.link("/assets/style.css"), script: urls.link("/assets/search.js"),
            noteCount: site.notes.count, wordCount: site.wordCount,
            palette: config.palette.map { PaletteView(name: $0.name, css: $0.css) })
        let placeholder = siteView
        func page(_ title: String, _ description: String, _ path: String, type: String = "website") -> PageView {
            PageView(title: title, description: description, url: urls.absolute(path), openGraphType: type, isHome: path == "/")
        }
        let noteTags = site.notes.map(Self.uniqueTags)
        let tagBySlug = Dictionary(tags.map { (Slug.make($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        let linksOfTags = noteTags.map { names in
            names.map { tag in tagBySlug[Slug.make(tag)] ?? TagLink(name: tag, url: "", count: 0) }
        }
        let tagLinks: (Int) -> [TagLink] = { index in linksOfTags[index]
        }
        let cards = site.notes.enumerated().map { index, note in
            NoteCard(
                title: note.title, url: urls.link(note.url), date: note.metadata.date,
                dateDisplay: note.metadata.date.map(Self.displayDate), wordCount: note.wordCount, summary: note.summary,
                tags: tagLinks(index), hasTags: !noteTags[index].isEmpty)
        }

        for (index, note) in site.notes.enumerated() {
            let html = rendered[index]
            let view = NoteView(
                title: note.title, url: urls.link(note.url), date: note.metadata.date,
                dateDisplay: note.metadata.date.map(Self.displayDate), wordCount: note.wordCount, summary: note.summary,
                tags: tagLinks(index), html: html.html,
                toc: html.headings.filter { $0.level <= 3 }.map { TocEntry(text: $0.text, id: $0.id, level: $0.level) },
                hasToc: html.headings.count > 1,
                backlinks: backlinks[index].map { NoteLink(title: site.notes[$0].title, url: urls.link(site.notes[$0].url)) },
                hasBacklinks: !backlinks[index].isEmpty)
            let context = TemplateContext(
                site: placeholder, page: page(note.title, note.summary, note.url, type: "article"), note: view)
            pages.append(Page(path: Self.file(note.url), content: .template("note", context)))
            for alias in note.metadata.aliases {
                guard let path = Self.aliasPath(alias) else { continue }
                let redirect = TemplateContext(
                    site: placeholder, page: page(note.title, note.summary, note.url), redirect: urls.link(note.url))
                pages.append(Page(path: Self.file(path), content: .template("redirect", redirect)))
            }
        }

        let description = config.description ?? "\(config.title): \(site.notes.count) notes"
        for (number, slice, pagination) in Self.paginate(cards, size: config.pageSize, base: "/", urls: urls) {
            let list = ListView(
                heading: config.title, introduction: nil, notes: slice, pagination: pagination, tag: nil, wordCount: site.wordCount)
            let path = number == 1 ? "/" : "/page/\(number)/"
            let context = TemplateContext(site: placeholder, page: page(config.title, description, path), list: list)
            pages.append(Page(path: Self.file(path), content: .template("list", context)))
        }
        for tag in tags {
            let members = site.notes.indices.filter { linksOfTags[$0].contains { $0.url == tag.url } }
            let tagged = members.map { cards[$0] }
            let base = "/tags/\(Slug.make(tag.name))/"
            let words = members.reduce(0) { $0 + site.notes[$1].wordCount }
            for (number, slice, pagination) in Self.paginate(tagged, size: config.pageSize, base: base, urls: urls) {
                let list = ListView(
                    heading: "#\(tag.name)", introduction: number == 1 ? introductions[Slug.make(tag.name)] : nil, notes: slice,
                    pagination: pagination, tag: tag.name, wordCount: words)
                let path = number == 1 ? base : base + "page/\(number)/"
                let context = TemplateContext(
                    site: placeholder, page: page("#\(tag.name) · \(config.title)", "Notes tagged \(tag.name)", path), list: list)
                pages.append(Page(path: Self.file(path), content: .template("list", context)))
            }
        }
        pages.append(
            Page(
                path: "tags/index.html",
                content: .template("tags", TemplateContext(site: placeholder, page: page("Tags · \(config.title)", "Every tag", "/tags/"), tags: tags))))

        let highlights = Self.highlights(site.notes, rendered: rendered, urls: urls, palette: config.paletteNames)
        pages.append(
            Page(
                path: "highlights/index.html",
                content: .template(
                    "highlights",
                    TemplateContext(
                        site: placeholder, page: page("Highlights · \(config.title)", "Every highlighted passage", "/highlights/"),
                        highlights: highlights))))
        pages.append(
            Page(path: "404.html", content: .template("404", TemplateContext(site: placeholder, page: page("Not found", "This page does not exist.", "/404.html")))))

        let newest = site.notes.prefix(20).enumerated().map { offset, note in
            AtomFeed.Entry(
                title: note.title, path: note.url, date: note.metadata.date, summary: note.summary,
                html: rendered[offset].html, tags: noteTags[offset])
        }
        pages.append(
            Page(path: "feed.xml", content: .text(AtomFeed.xml(title: config.title, author: config.author, language: config.language, urls: urls, entries: newest))))
        var sitemap: [(path: String, date: String?)] = [("/", site.notes.first?.metadata.date)]
        sitemap += site.notes.map { ($0.url, $0.metadata.date) }
        sitemap += tags.map { ("/tags/\(Slug.make($0.name))/", nil) }
        sitemap += [("/tags/", nil), ("/highlights/", nil)]
        pages.append(Page(path: "sitemap.xml", content: .text(Sitemap.xml(urls: urls, pages: sitemap))))
        let search = site.notes.indices.map { index in
            let note = site.notes[index]
            return SearchIndex.Entry(
                title: note.title, url: urls.link(note.url), date: note.metadata.date, tags: noteTags[index], words: words[index])
        }
        pages.append(Page(path: "search/index.json", content: .text(SearchIndex.json(search))))
    }

    /// The output file of a site path: folders get `index.html`.
    static func file(_ path: String) -> String {
        let trimmed = String(path.drop { $0 == "/" })
        return path.hasSuffix("/") ? trimmed + "index.html" : trimmed
    }

    /// A note's tags without repeats, in their order.
    static func uniqueTags(_ note: SiteNote) -> [String] {
        var seen = Set<String>()
        return note.metadata.tags.filter { !$0.isEmpty && !Slug.make($0).isEmpty && seen.insert(Slug.make($0)).inserted }
    }

    /// Every tag with its note count, by name; `introduced` tags have a page even with no note.
    static func tags(_ notes: [SiteNote], urls: SiteURLs, introduced: [String] = []) -> [TagLink] {
        var counts: [String: (name: String, count: Int)] = [:]
        for slug in introduced { counts[slug] = (slug, 0) }
        for note in notes {
            for tag in uniqueTags(note) {
                let slug = Slug.make(tag)
                counts[slug, default: (tag, 0)].count += 1
            }
        }
        return counts.keys.sorted().map { slug in
            TagLink(name: counts[slug]!.name, url: urls.link("/tags/\(slug)/"), count: counts[slug]!.count)
        }
    }

    /// Pages of `items`: number, items, and links to the neighbours.
    static func paginate(_ items: [NoteCard], size: Int, base: String, urls: SiteURLs) -> [(Int, [NoteCard], Pagination)] {
        let total = max(1, (items.count + size - 1) / size)
        func link(_ number: Int) -> String { urls.link(number == 1 ? base : base + "page/\(number)/") }
        return (1...total).map { number in
            let slice = Array(items.dropFirst((number - 1) * size).prefix(size))
            let pagination = Pagination(
                current: number, total: total, previous: number > 1 ? link(number - 1) : nil,
                next: number < total ? link(number + 1) : nil, isPaginated: total > 1)
            return (number, slice, pagination)
        }
    }

    /// Every highlighted passage, grouped by color: palette colors in palette order, then others.
    static func highlights(_ notes: [SiteNote], rendered: [RenderedNote], urls: SiteURLs, palette: [String]) -> HighlightsView {
        var groups: [String: [HighlightPassage]] = [:]
        for (note, html) in zip(notes, rendered) {
            for highlight in html.highlights {
                let passage = HighlightPassage(
                    text: highlight.text, noteTitle: note.title, url: urls.link(note.url) + (highlight.id.map { "#" + $0 } ?? ""))
                groups[highlight.color.description, default: []].append(passage)
            }
        }
        let order = palette.filter { groups[$0] != nil } + groups.keys.filter { !palette.contains($0) }.sorted()
        let views = order.map { color in
            let isNamed = !color.hasPrefix("#")
            return HighlightGroup(color: color, colorClass: isNamed ? "highlight-\(Slug.make(color))" : "", passages: groups[color]!)
        }
        return HighlightsView(groups: views, count: views.reduce(0) { $0 + $1.passages.count })
    }

    /// The site path of an alias: a folder path, `/old/post/`, or a file path kept as it is.
    static func aliasPath(_ alias: String) -> String? {
        var path = alias.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty, !path.contains("..") else { return nil }
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") && !path.hasSuffix(".html") { path += "/" }
        return path
    }

    /// Aliases that fall on a note's URL, a reserved URL or another alias: errors.
    static func aliasConflicts(_ notes: [SiteNote]) -> [Diagnostic] {
        var taken = Dictionary(notes.map { ($0.url, $0.path) }, uniquingKeysWith: { first, _ in first })
        var diagnostics: [Diagnostic] = []
        for note in notes {
            for alias in note.metadata.aliases {
                guard let path = aliasPath(alias) else {
                    diagnostics.append(Diagnostic(.error, "alias '\(alias)' is not a site path", path: note.path, code: "alias.invalid"))
                    continue
                }
                if NoteURL.isReserved(path) || path == "/" {
                    diagnostics.append(Diagnostic(.error, "alias \(path) is reserved for the site's own pages", path: note.path, code: "alias.reserved"))
                } else if let owner = taken[path] {
                    diagnostics.append(Diagnostic(.error, "alias \(path) is also the URL of \(owner)", path: note.path, code: "alias.collision"))
                } else {
                    taken[path] = note.path
                }
            }
        }
        return diagnostics
    }

    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    /// `2026-06-12` as `12 June 2026`.
    static func displayDate(_ date: String) -> String {
        let parts = date.prefix(10).split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]) else { return date }
        return "\(day) \(months[month - 1]) \(parts[0])"
    }
}

import Foundation
