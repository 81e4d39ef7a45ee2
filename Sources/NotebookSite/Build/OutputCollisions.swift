import NotebookModel

/// The check that no two sources write one output file, and that no file stands where another
/// needs a folder: run once, serially, on the planned list of files, before anything is written,
/// so every run reports the same errors whatever the order of the workers.
enum OutputCollisions {
    /// Errors for every clash, each naming both sources, at the later one's file. Claims are
    /// compared in the order of their kinds (the site's pages, assets, notes, aliases, files
    /// beside the notes), then as given. A note's page on a taken URL is left out: the note's URL
    /// check (`SiteLoader.checkURLs`) reports it.
    static func find(_ claims: [OutputClaim]) -> [Diagnostic] {
        let ordered = order(claims)
        var owners: [String: Int] = [:]
        owners.reserveCapacity(ordered.count)
        var diagnostics: [Diagnostic] = []
        for (index, claim) in ordered.enumerated() {
            guard let owner = owners[claim.path] else {
                owners[claim.path] = index
                continue
            }
            if case .note = claim.source { continue }
            diagnostics.append(
                diagnostic(
                    "\(claim.path) would be written by both \(ordered[owner].sourceDescription) and \(claim.sourceDescription)",
                    ordered[owner], claim))
        }
        // A file where another claim needs a folder: the folder's first claim names it. A claim's
        // folders are the parts of its path before each `/` byte, as the file system sees them.
        var folders: [Substring: Int] = [:]
        folders.reserveCapacity(ordered.count)
        for (index, claim) in ordered.enumerated() {
            let path = claim.path
            var position = path.utf8.startIndex
            while let slash = path.utf8[position...].firstIndex(of: UInt8(ascii: "/")) {
                let folder = path[..<slash]
                if !folder.isEmpty && folders[folder] == nil { folders[folder] = index }
                position = path.utf8.index(after: slash)
            }
        }
        for (index, claim) in ordered.enumerated() where owners[claim.path] == index {
            guard let inside = folders[Substring(claim.path)] else { continue }
            let (first, second) = index < inside ? (claim, ordered[inside]) : (ordered[inside], claim)
            diagnostics.append(
                diagnostic(
                    "\(claim.path) would be a file of \(claim.sourceDescription) and a folder holding \(ordered[inside].path) of "
                        + ordered[inside].sourceDescription, first, second))
        }
        return diagnostics
    }

    private static func diagnostic(_ message: String, _ first: OutputClaim, _ second: OutputClaim) -> Diagnostic {
        Diagnostic(.error, message, path: second.sourcePath ?? first.sourcePath ?? second.path, code: "output.collision")
    }

    /// `claims` by kind, keeping their order within a kind.
    private static func order(_ claims: [OutputClaim]) -> [OutputClaim] {
        var kinds: [[OutputClaim]] = Array(repeating: [], count: 5)
        for claim in claims {
            let kind =
                switch claim.source {
                case .page: 0
                case .asset: 1
                case .note: 2
                case .alias: 3
                case .file: 4
                }
            kinds[kind].append(claim)
        }
        return kinds.flatMap { $0 }
    }
}
