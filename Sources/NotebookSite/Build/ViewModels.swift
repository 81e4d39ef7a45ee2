import Mustache

/// What templates receive: plain, typed view models built for pages, never the internal types.
/// Each says how templates see it (`mustacheValue`): an object whose keys are its fields' names
/// (a nil optional is a present key holding null, so a lookup stops there), built directly as
/// `MustacheValue.fields`.

/// The site, as every page sees it: only what the settings say, so that a change to one note
/// never changes every page.
struct SiteView: Sendable {
    var title: String
    var description: String?
    var language: String
    var author: String?
    /// The site's root as a link, such as `/` or `/notes/`.
    var home: String
    var feed: String
    var tagsPage: String
    var highlightsPage: String
    /// The search page: the search's form, and with JavaScript off every note by folder and tag.
    var searchPage: String
    /// The search index's first file (`search/index.json`); the others are beside it.
    var searchIndex: String
    var stylesheet: String
    /// The palette's rules (`PaletteStylesheet`), one file that every page links.
    var paletteStylesheet: String
    var script: String
    /// The theme toggle's script.
    var themeScript: String
    /// The link of the site's icon, or an empty `data:` URL when it has none (``Favicon``).
    var favicon: String
    /// The palette, for the theme's highlight colors.
    var palette: [PaletteView]

    /// `rtl` for a language written right to left (its first subtag `ar`, `he`, `fa`, `ur`…, or
    /// a script such as `-Arab`), else `ltr`: the page's `dir`.
    var direction: String { Self.isRightToLeft(language) ? "rtl" : "ltr" }

    /// Languages and scripts written right to left, as BCP 47 names them (lowercased).
    static let rightToLeftLanguages: Set<Substring> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi", "nqo", "prs", "pnb", "mzn", "lrc", "azb",
    ]
    static let rightToLeftScripts: Set<Substring> = ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg"]

    static func isRightToLeft(_ language: String) -> Bool {
        let parts = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first else { return false }
        if parts.dropFirst().contains(where: { $0.count == 4 }) { return parts.dropFirst().contains { $0.count == 4 && rightToLeftScripts.contains($0) } }
        return rightToLeftLanguages.contains(first)
    }
}

struct PaletteView: Sendable {
    var name: String
    /// The highlight background.
    var css: String
    /// The text color, in light and in dark mode.
    var text: String
    var darkText: String
}

/// The page being rendered.
struct PageView: Sendable {
    var title: String
    /// The meta description and Open Graph description.
    var description: String
    /// The page's absolute URL (or its link when the base URL has no host).
    var url: String
    /// `article` for notes, `website` for the rest.
    var openGraphType: String
    var isHome: Bool
}

/// A note's own page.
struct NoteView: Sendable {
    /// What lists show of the note; templates see its keys as the view's own (`note.title`).
    var card: NoteCard
    /// The title as the page's `h1` shows it, in HTML: its formulas typeset, its code and emphasis
    /// kept (``PageTitle``), else its text escaped.
    var titleHTML: String
    var html: String
    /// The headings of the three highest levels the page has under its title, in page order.
    var toc: [TocEntry]
    /// The same as a tree (``TableOfContents``): each heading with the deeper ones under it.
    var tocTree: [TocNode] = []
    var hasToc: Bool
    var backlinks: [NoteLink]
    var hasBacklinks: Bool
    /// The folders the note is in, from the top: each folder's title and page.
    var breadcrumbs: [NoteLink] = []
    var hasBreadcrumbs: Bool = false
}

struct TocEntry: Sendable {
    var text: String
    var id: String
    var level: Int
}

/// A heading in ``NoteView/tocTree``, with the deeper headings under it.
struct TocNode: Sendable {
    var text: String
    var id: String
    var level: Int
    var children: [TocNode] = []
    var hasChildren: Bool = false
}

struct NoteLink: Sendable {
    var title: String
    var url: String
}

/// A tag as a note shows it.
struct TagRef: Sendable {
    var name: String
    var url: String
}

/// A tag as the list of tags shows it, with the tags nested in it.
struct TagLink: Equatable, Sendable {
    /// The whole name, `plugin/emitter`.
    var name: String
    var url: String
    /// Its notes and those of the tags nested in it.
    var count: Int
    /// `plugin/emitter`: the path of its page below `/tags/`.
    var slug: String = ""
    /// The last part of its name, `emitter`, as a tree shows it.
    var label: String = ""
    /// How deeply it is nested: 0 for a tag of its own.
    var depth: Int = 0
    /// The tags nested in it, one level down.
    var children: [TagLink] = []
    var hasChildren: Bool = false
}

/// A folder as a list shows it.
struct FolderLink: Equatable, Sendable {
    /// Its introduction's title, else its name as written.
    var name: String
    var url: String
    /// How many notes it holds, at any depth.
    var count: Int
    /// The same with its noun, `1 note`.
    var countText: String
}

extension FolderLink: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields(["name": .string(name), "url": .string(url), "count": .int(count), "countText": .string(countText)])
    }
}

/// A note as a list shows it.
struct NoteCard: Sendable {
    var title: String
    var url: String
    var date: String?
    var dateDisplay: String?
    var wordCount: Int
    /// The count with its noun: "1 word", "240 words".
    var wordCountText: String
    var summary: String
    var tags: [TagRef]
    var hasTags: Bool
}

/// A list of notes: the index or a tag's page, one page of it.
struct ListView: Sendable {
    var heading: String
    /// The heading as the page's `h1` shows it, in HTML: an introducing note's title heading with
    /// its formulas typeset (``PageTitle``), else the heading escaped.
    var headingHTML: String
    /// On a tag's, a folder's or the home page's first page, the HTML of the note that introduces it.
    var introduction: String?
    /// On the home page's and a folder's first page, the tags of the note that introduces it,
    /// linked to their pages, as that note's own page would show them.
    var introductionTags: [TagRef] = []
    var hasIntroductionTags: Bool = false
    /// The notes' cards as templates see them (``NoteCard``'s value).
    var notes: [MustacheValue]
    var pagination: Pagination
    var tag: String?
    /// On a tag's page, the tags nested in it, one level down.
    var subtags: [TagLink] = []
    var hasSubtags: Bool = false
    /// On a folder's first page (and the home page's), the folders right in it.
    var folders: [FolderLink] = []
    var hasFolders: Bool = false
    /// Whether this is a folder's page, which lists its notes by title and date.
    var isFolder: Bool = false
    /// On the home page's first page, the newest dated notes (``PagePlan/recentCount``), as cards.
    var recent: [MustacheValue] = []
    var hasRecent: Bool = false
    /// On a folder's page, the folders it is in, from the top: each folder's title and page.
    var breadcrumbs: [NoteLink] = []
    var hasBreadcrumbs: Bool = false
    /// The number of notes in the whole list, and their words; on its first page only, so that
    /// other pages change only when their notes do.
    var noteCount: Int?
    var wordCount: Int?
    /// The same with their nouns: "1 note", "3210 words".
    var noteCountText: String?
    var wordCountText: String?
}

struct Pagination: Sendable {
    var current: Int
    var total: Int
    var previous: String?
    var next: String?
    var isPaginated: Bool
    /// What the links to the neighbours say: `Newer` and `Older` on a list of dated notes (newest
    /// first), `Previous` and `Next` on one where no note has a date.
    var previousLabel: String
    var nextLabel: String

    init(current: Int, total: Int, previous: String?, next: String?, isPaginated: Bool, dated: Bool = true) {
        (self.current, self.total, self.previous, self.next, self.isPaginated) = (current, total, previous, next, isPaginated)
        (previousLabel, nextLabel) = dated ? ("Newer", "Older") : ("Previous", "Next")
    }
}

/// Every highlighted passage, by color.
struct HighlightsView: Sendable {
    var groups: [HighlightGroup]
    var count: Int
    /// "1 highlighted passage", "12 highlighted passages".
    var countText: String
}

struct HighlightGroup: Sendable {
    var color: String
    /// The class that paints the color: `highlight-yellow`, or empty for a hex color.
    var colorClass: String
    /// For a hex color, the style that paints it (`background-color: #ff8800`); nil otherwise.
    var style: String?
    var passages: [HighlightPassage]
}

struct HighlightPassage: Sendable {
    var text: String
    var noteTitle: String
    /// The link to the passage's exact place in its note.
    var url: String
}

/// Everything a template gets: the site, the page, and what kind of page it is.
struct TemplateContext: Sendable {
    /// The site (a `SiteView`), encoded once for all pages.
    var site: MustacheValue
    var page: PageView
    var note: NoteView?
    var list: ListView?
    /// Every tag, each followed by those nested in it.
    var tags: [TagLink]?
    /// The tags that are not nested, each with those nested in it.
    var tagTree: [TagLink]?
    var highlights: HighlightsView?
    var redirect: String?
    /// The search page's lists.
    var search: SearchPageView? = nil
    /// The folders and notes around the page (every page but a redirect): an ``ExplorerView``'s
    /// value, shared by the pages that show the same.
    var explorer: MustacheValue? = nil
}

/// What the search page lists for readers without JavaScript: every note by folder, every tag.
struct SearchPageView: Sendable {
    var folders: [SearchFolderView]
    var tags: [SearchTagView]
    var hasTags: Bool
}

/// A tag on the search page with its notes, as its page lists them.
struct SearchTagView: Sendable {
    var name: String
    var url: String
    var count: Int
    var notes: [NoteLink]

    init(tag: TagLink, notes: [NoteLink]) {
        (name, url, count, self.notes) = (tag.name, tag.url, tag.count, notes)
    }
}

/// A folder on the search page with the notes right in it.
struct SearchFolderView: Sendable {
    /// Its place, as folder names from the top: `Guides › Getting started`; the site's title for the top.
    var path: String
    /// Its page; the home page for the top.
    var url: String
    var count: Int
    var countText: String
    var notes: [NoteLink]
}

// MARK: - As templates see them

extension Optional where Wrapped == String {
    fileprivate var value: MustacheValue { map(MustacheValue.string) ?? .null }
}

extension Optional where Wrapped == Int {
    fileprivate var value: MustacheValue { map(MustacheValue.int) ?? .null }
}

extension Array where Element: MustacheValueConvertible {
    fileprivate var value: MustacheValue { .array(map(\.mustacheValue)) }
}

extension SiteView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields([
            "title": .string(title), "description": description.value, "language": .string(language), "direction": .string(direction),
            "author": author.value,
            "home": .string(home), "feed": .string(feed), "tagsPage": .string(tagsPage), "highlightsPage": .string(highlightsPage),
            "searchPage": .string(searchPage), "searchIndex": .string(searchIndex), "stylesheet": .string(stylesheet),
            "paletteStylesheet": .string(paletteStylesheet), "script": .string(script), "themeScript": .string(themeScript),
            "favicon": .string(favicon),
            "palette": palette.value,
        ])
    }
}

extension SearchPageView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields(["folders": folders.value, "tags": tags.value, "hasTags": .bool(hasTags)])
    }
}

extension SearchTagView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields(["name": .string(name), "url": .string(url), "count": .int(count), "notes": notes.value])
    }
}

extension SearchFolderView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields(["path": .string(path), "url": .string(url), "count": .int(count), "countText": .string(countText), "notes": notes.value])
    }
}

extension PaletteView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields(["name": .string(name), "css": .string(css), "text": .string(text), "darkText": .string(darkText)])
    }
}

extension PageView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields([
            "title": .string(title), "description": .string(description), "url": .string(url), "openGraphType": .string(openGraphType),
            "isHome": .bool(isHome),
        ])
    }
}

extension NoteView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        var fields = card.fields
        // Room for the nine below at once: each append would otherwise grow the pairs.
        fields.pairs.reserveCapacity(fields.pairs.count + 9)
        fields.append("titleHTML", .string(titleHTML))
        fields.append("html", .string(html))
        fields.append("toc", toc.value)
        fields.append("tocTree", tocTree.value)
        fields.append("hasToc", .bool(hasToc))
        fields.append("backlinks", backlinks.value)
        fields.append("hasBacklinks", .bool(hasBacklinks))
        fields.append("breadcrumbs", breadcrumbs.value)
        fields.append("hasBreadcrumbs", .bool(hasBreadcrumbs))
        return .fields(fields)
    }
}

extension TocEntry: MustacheValueConvertible {
    var mustacheValue: MustacheValue { .fields(["text": .string(text), "id": .string(id), "level": .int(level)]) }
}

extension TocNode: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields([
            "text": .string(text), "id": .string(id), "level": .int(level), "children": children.value, "hasChildren": .bool(hasChildren),
        ])
    }
}

extension NoteLink: MustacheValueConvertible {
    var mustacheValue: MustacheValue { .fields(["title": .string(title), "url": .string(url)]) }
}

extension TagRef: MustacheValueConvertible {
    var mustacheValue: MustacheValue { .fields(["name": .string(name), "url": .string(url)]) }
}

extension TagLink: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields([
            "name": .string(name), "url": .string(url), "count": .int(count), "slug": .string(slug), "label": .string(label),
            "depth": .int(depth), "children": children.value, "hasChildren": .bool(hasChildren),
        ])
    }
}

extension NoteCard: MustacheValueConvertible {
    /// The card's fields, which a note's page shows as its own (`note.title`).
    var fields: MustacheFields {
        [
            "title": .string(title), "url": .string(url), "date": date.value, "dateDisplay": dateDisplay.value,
            "wordCount": .int(wordCount), "wordCountText": .string(wordCountText), "summary": .string(summary), "tags": tags.value,
            "hasTags": .bool(hasTags),
        ]
    }

    /// As lists show it: the same in every list, so a list template's pass over it is rendered
    /// once per build (a note's URL is its own; a build with two notes on one stops before pages).
    var mustacheValue: MustacheValue {
        var fields = fields
        fields.sharedKey = url
        return .fields(fields)
    }
}

extension ListView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields([
            "heading": .string(heading), "headingHTML": .string(headingHTML), "introduction": introduction.value,
            "introductionTags": introductionTags.value, "hasIntroductionTags": .bool(hasIntroductionTags), "notes": .array(notes), "pagination": pagination.mustacheValue,
            "tag": tag.value, "noteCount": noteCount.value, "wordCount": wordCount.value, "noteCountText": noteCountText.value,
            "wordCountText": wordCountText.value, "subtags": subtags.value, "hasSubtags": .bool(hasSubtags),
            "folders": folders.value, "hasFolders": .bool(hasFolders), "isFolder": .bool(isFolder),
            "recent": .array(recent), "hasRecent": .bool(hasRecent), "breadcrumbs": breadcrumbs.value, "hasBreadcrumbs": .bool(hasBreadcrumbs),
        ])
    }
}

extension Pagination: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields([
            "current": .int(current), "total": .int(total), "previous": previous.value, "next": next.value,
            "isPaginated": .bool(isPaginated), "previousLabel": .string(previousLabel), "nextLabel": .string(nextLabel),
        ])
    }
}

extension HighlightsView: MustacheValueConvertible {
    var mustacheValue: MustacheValue { .fields(["groups": groups.value, "count": .int(count), "countText": .string(countText)]) }
}

extension HighlightGroup: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields(["color": .string(color), "colorClass": .string(colorClass), "style": style.value, "passages": passages.value])
    }
}

extension HighlightPassage: MustacheValueConvertible {
    var mustacheValue: MustacheValue { .fields(["text": .string(text), "noteTitle": .string(noteTitle), "url": .string(url)]) }
}

extension TemplateContext: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields([
            "site": site, "page": page.mustacheValue, "note": note?.mustacheValue ?? .null, "list": list?.mustacheValue ?? .null,
            "tags": tags?.value ?? .null, "tagTree": tagTree?.value ?? .null,
            "highlights": highlights?.mustacheValue ?? .null, "redirect": redirect.value,
            "search": search?.mustacheValue ?? .null, "explorer": explorer ?? .null,
        ])
    }
}
