import NotebookModel

/// The redirect pages of aliases that are names (`aliases: [Principal]`, not `/old/path/`): each
/// is a courtesy, as Quartz makes them, so one that cannot go where its name leads gives way
/// with a warning instead of failing the build. A page, file or folder of anything else is
/// there (another note's page, a folder's or a tag's page, a file beside the notes, an asset),
/// or an earlier note's alias of the same name, or a path kept for the site's own pages. An alias
/// given as a URL says where a page must be: there a clash stays an error (`OutputCollisions`).
enum NameAliasRedirects {
    /// A name alias of a note, by the note's file path and the alias as written.
    struct Key: Hashable, Sendable {
        var note: String
        var alias: String
    }

    /// `claims` without the name aliases' redirects that give way, those aliases, and a warning
    /// at each naming what is there.
    static func yielding(_ claims: [OutputClaim]) -> (kept: [OutputClaim], leftOut: Set<Key>, warnings: [Diagnostic]) {
        // Read in place: a site has thousands of claims and seldom an alias.
        guard claims.contains(where: isNameAlias) else { return (claims, [], []) }
        // What every claim but a name alias's takes: its path, and the folders above it, in
        // lowercase, as a disk that folds case (macOS's, Windows') sees them: a name's redirect
        // gives way to `LICENSE` beside the notes as to `license`.
        var taken: [String: OutputClaim] = [:]
        var folders: [String: OutputClaim] = [:]
        for claim in claims where !isNameAlias(claim) {
            let folded = claim.path.lowercased()
            if taken[folded] == nil { taken[folded] = claim }
            var path = Substring(folded)
            while let slash = path.lastIndex(of: "/") {
                path = path[..<slash]
                if folders[String(path)] == nil { folders[String(path)] = claim }
            }
        }
        var kept: [OutputClaim] = []
        kept.reserveCapacity(claims.count)
        var leftOut = Set<Key>()
        var warnings: [Diagnostic] = []
        for claim in claims {
            guard isNameAlias(claim), case .alias(let alias, let note, let location) = claim.source else {
                kept.append(claim)
                continue
            }
            let url = "/" + (claim.path.hasSuffix("index.html") ? String(claim.path.dropLast("index.html".count)) : claim.path)
            let reason: String?
            let folded = claim.path.lowercased()
            if let other = taken[folded] {
                reason = other.path == claim.path ? "\(other.sourceDescription) is there" : "\(other.path) of \(other.sourceDescription) is there in other letter cases"
            } else if let other = folders[folded] {
                reason = "it is a folder holding \(other.path) of \(other.sourceDescription)"
            } else if let other = aboveFile(of: folded, in: taken) {
                reason = "\(other.path) of \(other.sourceDescription) is a file where it needs a folder"
            } else if NoteURL.isReserved(url.lowercased()) {
                // Compared in lowercase: on a disk that folds case, `/Search/` is the search page's folder.
                reason = "the path is kept for the site's own pages"
            } else {
                reason = nil
            }
            if let reason {
                leftOut.insert(Key(note: note, alias: alias))
                warnings.append(
                    Diagnostic(
                        .warning, "alias '\(alias)' makes no redirect page at \(url): \(reason)",
                        path: note, at: location, code: "alias.redirect"))
                continue
            }
            // Taken by this alias now: a later note's alias of the same name gives way to it.
            taken[folded] = claim
            kept.append(claim)
        }
        return (kept, leftOut, warnings)
    }

    /// Whether a claim is the redirect of an alias that is a name.
    private static func isNameAlias(_ claim: OutputClaim) -> Bool {
        if case .alias(let alias, _, _) = claim.source { !AliasPath.isURL(alias) } else { false }
    }

    /// The claim of a file at one of the folders above `path`, if any.
    private static func aboveFile(of path: String, in taken: [String: OutputClaim]) -> OutputClaim? {
        var rest = Substring(path)
        while let slash = rest.lastIndex(of: "/") {
            rest = rest[..<slash]
            if let claim = taken[String(rest)] { return claim }
        }
        return nil
    }
}
