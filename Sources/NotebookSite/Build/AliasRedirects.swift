import NotebookModel

/// Where the aliases' redirect pages land, checked against everything else the output holds, as
/// a disk that folds case (macOS's, Windows') sees the paths.
///
/// An alias that is a name (`aliases: [Principal]`) makes its redirect as a courtesy, as Quartz
/// does: where something else is (another note's page, a folder's or a tag's page, a file beside
/// the notes, an asset, a URL alias, an earlier note's alias of that name) or on a path kept for
/// the site's own pages, it gives way with a warning and the build goes on. An alias given as a
/// URL (`/old/path/`) says where a page must be: on a path kept for the site's own pages, or on
/// another's in other letter cases (`/Index.html` beside the home page's `index.html`), it is an
/// error at the alias; on another's as written, a collision that `OutputCollisions` names.
enum AliasRedirects {
    /// A name alias of a note, by the note's file path and the alias as written.
    struct Key: Hashable, Sendable {
        var note: String
        var alias: String
    }

    /// `claims` without the name aliases' redirects that give way, those aliases, and a finding
    /// at each alias that cannot go where it leads, naming what is there.
    static func check(_ claims: [OutputClaim]) -> (kept: [OutputClaim], leftOut: Set<Key>, findings: [Diagnostic]) {
        // Read in place: a site has thousands of claims and seldom an alias.
        guard claims.contains(where: { if case .alias = $0.source { true } else { false } }) else { return (claims, [], []) }
        var places = Places()
        for position in claims.indices where !isNameAlias(claims[position]) { places.add(position, claims[position].path) }
        var kept: [OutputClaim] = []
        kept.reserveCapacity(claims.count)
        var leftOut = Set<Key>()
        var findings: [Diagnostic] = []
        for position in claims.indices {
            let claim = claims[position]
            guard case .alias(let alias, let note, let location) = claim.source else {
                kept.append(claim)
                continue
            }
            let url = "/" + (claim.path.hasSuffix("index.html") ? String(claim.path.dropLast("index.html".count)) : claim.path)
            // Compared in lowercase: on a disk that folds case, `/Search/` is the search page's folder.
            let reserved = NoteURL.isReserved(url.lowercased())
            let found = places.other(than: position, at: claim.path.lowercased())
            if isNameAlias(claim) {
                let reason: String? =
                    switch found {
                    case (let other, .same)?:
                        claims[other].path == claim.path
                            ? "\(claims[other].sourceDescription) is there"
                            : "\(claims[other].path) of \(claims[other].sourceDescription) is there in other letter cases"
                    case (let other, .folder)?: "it is a folder holding \(claims[other].path) of \(claims[other].sourceDescription)"
                    case (let other, .fileAbove)?: "\(claims[other].path) of \(claims[other].sourceDescription) is a file where it needs a folder"
                    case nil: reserved ? "the path is kept for the site's own pages" : nil
                    }
                if let reason {
                    leftOut.insert(Key(note: note, alias: alias))
                    findings.append(
                        Diagnostic(
                            .warning, "alias '\(alias)' makes no redirect page at \(url): \(reason)", path: note, at: location,
                            code: "alias.redirect"))
                    continue
                }
                // Taken by this alias now: a later note's alias of the same name gives way to it.
                places.add(position, claim.path)
                kept.append(claim)
                continue
            }
            kept.append(claim)
            if let (other, relation) = found {
                // The same path as written, or a file where its folder would be, is a collision
                // already; two aliases in other cases are said once, at the later.
                let asWritten =
                    switch relation {
                    case .same: claims[other].path == claim.path
                    case .folder: claims[other].path.hasPrefix(claim.path + "/")
                    case .fileAbove: claim.path.hasPrefix(claims[other].path + "/")
                    }
                guard !asWritten else { continue }
                if case .alias = claims[other].source, other > position { continue }
                findings.append(
                    Diagnostic(
                        .error,
                        "alias '\(alias)' would make a page at \(url), which a disk that folds case (macOS's, Windows') takes for "
                            + "\(claims[other].path) of \(claims[other].sourceDescription)", path: note, at: location, code: "url.reserved"))
            } else if reserved {
                findings.append(
                    Diagnostic(
                        .error, "alias '\(alias)' would make a page at \(url), which is reserved for the site's own pages", path: note,
                        at: location, code: "url.reserved"))
            }
        }
        return (kept, leftOut, findings)
    }

    /// Whether a claim is the redirect of an alias that is a name.
    private static func isNameAlias(_ claim: OutputClaim) -> Bool {
        if case .alias(let alias, _, _) = claim.source { !AliasPath.isURL(alias) } else { false }
    }

    /// How another claim stands in a path's way.
    enum Relation { case same, folder, fileAbove }

    /// The claims' paths and the folders above them, in lowercase: the first two claims of each
    /// (one may be the claim asking).
    private struct Places {
        var paths: [String: [Int]] = [:]
        var folders: [String: [Int]] = [:]

        mutating func add(_ position: Int, _ path: String) {
            let folded = path.lowercased()
            if paths[folded, default: []].count < 2 { paths[folded, default: []].append(position) }
            var rest = Substring(folded)
            while let slash = rest.lastIndex(of: "/") {
                rest = rest[..<slash]
                if folders[String(rest), default: []].count < 2 { folders[String(rest), default: []].append(position) }
            }
        }

        /// A claim other than `position`'s in the way of the lowercase `path`: at it, inside it
        /// (it would be a folder), or a file at a folder above it.
        func other(than position: Int, at path: String) -> (Int, Relation)? {
            if let other = paths[path]?.first(where: { $0 != position }) { return (other, .same) }
            if let other = folders[path]?.first(where: { $0 != position }) { return (other, .folder) }
            var rest = Substring(path)
            while let slash = rest.lastIndex(of: "/") {
                rest = rest[..<slash]
                if let other = paths[String(rest)]?.first(where: { $0 != position }) { return (other, .fileAbove) }
            }
            return nil
        }
    }
}
