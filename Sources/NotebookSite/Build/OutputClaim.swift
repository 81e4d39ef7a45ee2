import NotebookModel
/// One file a build plans to write, and what it comes from: what the collision check compares.
struct OutputClaim: Sendable, Hashable {
    /// What makes a file of the output.
    enum Source: Sendable, Hashable {
        /// A page the site makes itself, by its group and its number in the group's list.
        case page(PageGroup, number: Int)
        /// A note's own page, by the note's file path.
        case note(String)
        /// A redirect page: the alias as written, the file path of the note it belongs to, and
        /// where the alias is written in it, when known.
        case alias(String, note: String, at: SourceLocation? = nil)
        /// A file beside the notes, by its path.
        case file(String)
        /// A file of the site's `assets/` folder or of the theme, by its path.
        case asset(String)
    }

    /// Where in the output, such as `tags/index.html`.
    var path: String
    var source: Source

    /// The file a diagnostic about the claim points at; nil for the site's own pages.
    var sourcePath: String? {
        switch source {
        case .page: nil
        case .note(let path), .alias(_, let path, _), .file(let path), .asset(let path): path
        }
    }

    /// Where in its file the claim is made: an alias's place.
    var sourceLocation: SourceLocation? {
        if case .alias(_, _, let location) = source { location } else { nil }
    }

    /// How a message names the source.
    var sourceDescription: String {
        switch source {
        case .page(let group, let number): "the site's page '\(group)'" + (number > 1 ? " (page \(number))" : "")
        case .note(let path): path
        case .alias(let alias, let note, _): "the alias '\(alias)' of \(note)"
        case .file(let path): "the file \(path)"
        case .asset(let path): "the asset \(path)"
        }
    }
}

/// A file a build copies into the output, from `source` to `target` (relative to the output).
struct OutputCopy: Sendable, Hashable {
    /// Where the file is read from (a real path), and how it is named to the user.
    var source: String
    var shown: String
    var target: String
    var isAsset: Bool

    var claim: OutputClaim {
        OutputClaim(path: target, source: isAsset ? .asset(shown) : .file(shown))
    }

    /// The copies of a build: the files beside the notes, the site's assets, and the theme's
    /// assets the site's do not replace (a site's `assets/style.css` replaces the theme's).
    static func all(
        files: [NoteDiscovery.File], siteAssets: [NoteDiscovery.File], themeAssets: [(source: String, path: String)]
    ) -> [OutputCopy] {
        let replaced = Set(siteAssets.map(\.relativePath))
        return siteAssets.map { OutputCopy(source: $0.source, shown: $0.path, target: "assets/" + $0.relativePath, isAsset: true) }
            + themeAssets.filter { !replaced.contains($0.path) }.map {
                OutputCopy(source: $0.source, shown: $0.source, target: "assets/" + $0.path, isAsset: true)
            }
            + files.map {
                OutputCopy(source: $0.source, shown: $0.path, target: String(SiteURLs.filePath($0.relativePath).dropFirst()), isAsset: false)
            }
    }
}
