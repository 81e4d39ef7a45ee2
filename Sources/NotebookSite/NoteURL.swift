import NotebookFiles
import NotebookModel

/// Where notes live on a site (FORMATS.md section 6).
enum NoteURL {
    /// Paths the site's own pages use; no note may take them. A note at `/tags/NAME/` (as
    /// Obsidian vaults and Quartz keep them) is not on a reserved path: it introduces that tag's page.
    public static let reservedPrefixes = ["/highlights/", "/search/", "/assets/", "/page/"]
    public static let reservedFiles = ["/tags/", "/404.html", "/feed.xml", "/sitemap.xml"]

    /// The URL path of a note: its path under `notes/` without extension, each segment slugged,
    /// as a folder; `slug` replaces the last segment. Nil when a segment slugs to nothing.
    public static func path(for relativePath: String, slug: String?) -> String? {
        let segments = PathSegments.of(relativePath)
        guard !segments.isEmpty else { return nil }
        var out = UTF8Builder(capacity: relativePath.utf8.count + 2)
        out.append("/")
        for index in segments.indices {
            let segment = String(segments[index])
            let slugged: String
            if index < segments.count - 1 {
                slugged = Slug.make(segment)
            } else if let slug, !slug.isEmpty {
                slugged = Slug.make(slug)
            } else {
                slugged = Slug.make(NoteLoader.Format.stem(of: segment))
            }
            guard !slugged.isEmpty else { return nil }
            out.append(slugged)
            out.append("/")
        }
        return out.string
    }

    /// Whether a note may not take `path`.
    public static func isReserved(_ path: String) -> Bool {
        if path.hasPrefix("/tags/") && path != "/tags/" { return !isTagIntroduction(path) }
        return reservedFiles.contains(path) || reservedPrefixes.contains { path.hasPrefix($0) }
    }

    /// Whether a note at `path` introduces a tag's page: `/tags/NAME/`.
    public static func isTagIntroduction(_ path: String) -> Bool {
        path.hasPrefix("/tags/") && PathSegments.of(path).count == 2
    }
}
