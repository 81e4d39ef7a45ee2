import Mustache

/// What templates receive: plain, typed view models built for pages, never the internal types.

/// The site, as every page sees it: only what the settings say, so that a change to one note
/// never changes every page.
struct SiteView: Encodable, Sendable {
    var title: String
    var description: String?
    var language: String
    var author: String?
    /// The site's root as a link, such as `/` or `/notes/`.
    var home: String
    var feed: String
    var tagsPage: String
    var highlightsPage: String
    var searchIndex: String
    var stylesheet: String
    var script: String
    /// The palette, for the theme's highlight colors.
    var palette: [PaletteView]
}

struct PaletteView: Encodable, Sendable {
    var name: String
    /// The highlight background.
    var css: String
    /// The text color, in light and in dark mode.
    var text: String
    var darkText: String
}

/// The page being rendered.
struct PageView: Encodable, Sendable {
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
struct NoteView: Encodable, Sendable {
    /// What lists show of the note; templates see its keys as the view's own (`note.title`).
    var card: NoteCard
    var html: String
    var toc: [TocEntry]
    var hasToc: Bool
    var backlinks: [NoteLink]
    var hasBacklinks: Bool

    private enum CodingKeys: String, CodingKey {
        case html, toc, hasToc, backlinks, hasBacklinks
    }

    func encode(to encoder: any Encoder) throws {
        try card.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(html, forKey: .html)
        try container.encode(toc, forKey: .toc)
        try container.encode(hasToc, forKey: .hasToc)
        try container.encode(backlinks, forKey: .backlinks)
        try container.encode(hasBacklinks, forKey: .hasBacklinks)
    }
}

struct TocEntry: Encodable, Sendable {
    var text: String
    var id: String
    var level: Int
}

struct NoteLink: Encodable, Sendable {
    var title: String
    var url: String
}

/// A tag as a note shows it.
struct TagRef: Encodable, Sendable {
    var name: String
    var url: String
}

/// A tag as the list of tags shows it.
struct TagLink: Encodable, Equatable, Sendable {
    var name: String
    var url: String
    var count: Int
}

/// A note as a list shows it.
struct NoteCard: Encodable, Sendable {
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
struct ListView: Encodable, Sendable {
    var heading: String
    /// For a tag's page, the HTML of the note at `/tags/NAME/` that introduces it.
    var introduction: String?
    var notes: [NoteCard]
    var pagination: Pagination
    var tag: String?
    /// The number of notes in the whole list, and their words; on its first page only, so that
    /// other pages change only when their notes do.
    var noteCount: Int?
    var wordCount: Int?
    /// The same with their nouns: "1 note", "3210 words".
    var noteCountText: String?
    var wordCountText: String?
}

struct Pagination: Encodable, Sendable {
    var current: Int
    var total: Int
    var previous: String?
    var next: String?
    var isPaginated: Bool
}

/// Every highlighted passage, by color.
struct HighlightsView: Encodable, Sendable {
    var groups: [HighlightGroup]
    var count: Int
    /// "1 highlighted passage", "12 highlighted passages".
    var countText: String
}

struct HighlightGroup: Encodable, Sendable {
    var color: String
    /// The class that paints the color: `highlight-yellow`, or empty for a hex color.
    var colorClass: String
    /// For a hex color, the style that paints it (`background-color: #ff8800`); nil otherwise.
    var style: String?
    var passages: [HighlightPassage]
}

struct HighlightPassage: Encodable, Sendable {
    var text: String
    var noteTitle: String
    /// The link to the passage's exact place in its note.
    var url: String
}

/// Everything a template gets: the site, the page, and what kind of page it is.
struct TemplateContext: Encodable, Sendable {
    /// The site (a `SiteView`), encoded once for all pages.
    var site: MustacheValue
    var page: PageView
    var note: NoteView?
    var list: ListView?
    var tags: [TagLink]?
    var highlights: HighlightsView?
    var redirect: String?
}
