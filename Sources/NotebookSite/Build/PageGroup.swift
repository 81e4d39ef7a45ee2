/// Pages that are built together: a change to the site rebuilds whole groups, never less.
public enum PageGroup: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// A note's page and its alias redirects, by the note's path under the notes folder.
    case note(String)
    /// Every page of the index: `/`, `/page/2/`, …
    case index
    /// Every page of one tag, by its slug.
    case tag(String)
    /// Every page of one folder, by its URL.
    case folder(String)
    /// The list of tags, `/tags/`.
    case tags
    case highlights
    case feed
    case sitemap
    /// The search's files under `/search/` (its index, terms and texts).
    case search
    /// The search page, `/search/`, which lists every note by folder and every tag.
    case searchPage
    case notFound
    /// The palette's style sheet, `/assets/palette.css`.
    case palette

    /// Whether this is a note's own group.
    var isNote: Bool {
        if case .note = self { true } else { false }
    }

    public var description: String {
        switch self {
        case .note(let path): "note \(path)"
        case .index: "index"
        case .tag(let slug): "tag \(slug)"
        case .folder(let url): "folder \(url)"
        case .tags: "tags"
        case .highlights: "highlights"
        case .feed: "feed"
        case .sitemap: "sitemap"
        case .search: "search"
        case .searchPage: "search page"
        case .notFound: "404"
        case .palette: "palette"
        }
    }
}
