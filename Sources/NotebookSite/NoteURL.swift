import NotebookModel

/// Where notes live on a site (FORMATS.md section 6).
public enum NoteURL {
    /// Paths the site's own pages use; no note may take them.
    public static let reservedPrefixes = ["/tags/", "/highlights/", "/search/", "/assets/"]
    public static let reservedFiles = ["/404.html", "/feed.xml", "/sitemap.xml"]

    /// The URL path of a note: its path under `notes/` without extension, each segment slugged,
    /// as a folder; `slug` replaces the last segment. Nil when a segment slugs to nothing.
    public static func path(for relativePath: String, slug: String?) -> String? {
        var segments = relativePath.split(separator: "/").map(String.init)
        guard let last = segments.popLast() else { return nil }
        let stem = last.hasSuffix(".json") ? String(last.dropLast(5)) : last.hasSuffix(".md") ? String(last.dropLast(3)) : last
        segments.append(stem)
        var slugged = segments.map(Slug.make)
        if let slug, !slug.isEmpty { slugged[slugged.count - 1] = Slug.make(slug) }
        guard slugged.allSatisfy({ !$0.isEmpty }) else { return nil }
        return "/" + slugged.joined(separator: "/") + "/"
    }

    /// Whether a note may not take `path`.
    public static func isReserved(_ path: String) -> Bool {
        reservedFiles.contains(path) || reservedPrefixes.contains { path.hasPrefix($0) }
    }
}
