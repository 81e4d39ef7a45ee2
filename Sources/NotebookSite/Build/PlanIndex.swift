import NotebookModel

/// What a page plan works out from the notes' places alone: which notes have pages, the tags and
/// their notes, the folders and their notes, the notes by path. It depends only on the notes' order and on each note's
/// relative path, URL and tags (names and slugs), so a plan of notes that kept all of these
/// keeps it (`SiteSession` checks this through `NoteLayout`).
struct PlanIndex: Sendable {
    /// The indices (in the site's notes) of the notes with pages of their own, when some note
    /// introduces a tag's or a folder's page instead; nil when every note has its page.
    let kept: [Int]?
    /// Tag slug → the index (in the site's notes) of the note at `/tags/SLUG/` that introduces it.
    let introductions: [String: Int]
    /// Every tag with its note count, by slug.
    let tags: [TagLink]
    /// Tag slug → its notes, in order: each by its index among the notes with pages, or past
    /// them (`notes.count + k`) for the `k`th of ``listedIntroducers``.
    let members: [String: [Int]]
    /// The notes that introduce a folder's page (or the home page), by index in the site's notes,
    /// in order: as in Obsidian a folder note is a note, its tags are its own, and the tags'
    /// lists show it, leading to the page it introduces.
    let listedIntroducers: [Int]
    /// The notes with pages and ``listedIntroducers``, by their positions in the tags' lists, in
    /// the site's order (the highlights page's order); nil when no note introduces a folder.
    let listedOrder: [Int]?
    /// Tag slug → the link to its page, made once for every card that shows the tag.
    let tagLinks: [String: String]
    /// Relative path → index among the notes with pages.
    let byPath: [String: Int]
    /// The folders with pages.
    let folders: SiteFolders
    /// Folder URL (`/` for the home page) → the index (in the site's notes) of the note that
    /// introduces its page: its `index.md`, or `X.md` beside the folder `X/`.
    let folderIntroductions: [String: Int]
    /// The same notes' relative paths, by folder URL.
    let folderIntroducers: [String: String]
    /// Folder URL (`/` for the notes' root) → the indices (among the notes with pages) of the
    /// notes right in it, in order.
    let folderMembers: [String: [Int]]
    /// Each note's position (by index among the notes with pages) among its folder's members.
    let folderPositions: [Int]
    /// Folder URL (`/` included) → the URLs of the folders right in it, by name.
    let subfolders: [String: [String]]
    /// Folder URL → how many notes with pages it holds, at any depth.
    let folderCounts: [String: Int]
    /// The indices of the notes with pages folder by folder (the folders in the byte order of
    /// their URLs, each folder's notes in order): the order their pages are written in, so that
    /// a folder's pages are made one after another.
    let writingOrder: [Int]
    /// The name aliases whose redirect pages are left out, where something else is
    /// (``AliasRedirects``): found with the collisions, on the pages' layout.
    var leftOutAliases: Set<AliasRedirects.Key> = []

    /// The index of `all`; `folders` are their folders (``SiteFolders``), found anew when nil.
    init(_ all: [SiteNote], urls: SiteURLs, folders: SiteFolders? = nil) {
        let folders = folders ?? SiteFolders(all)
        var introductions: [String: Int] = [:]
        var folderIntroductions: [String: Int] = [:]
        var kept: [Int] = []
        kept.reserveCapacity(all.count)
        for index in all.indices {
            let url = all[index].url
            if NoteURL.isTagIntroduction(url) {
                introductions[PagePlan.introducedTag(url)] = index
            } else if (url == "/" || folders.contains(url)) && folderIntroductions[url] == nil {
                folderIntroductions[url] = index
            } else {
                kept.append(index)
            }
        }
        let notes = kept.count == all.count ? all : kept.map { all[$0] }
        var members: [String: [Int]] = [:]
        var byPath: [String: Int] = [:]
        var folderMembers: [String: [Int]] = [:]
        var folderCounts: [String: Int] = [:]
        byPath.reserveCapacity(notes.count)
        var folderPositions = [Int](repeating: 0, count: notes.count)
        for index in notes.indices {
            folderPositions[index] = folderMembers[notes[index].folder, default: []].count
            folderMembers[notes[index].folder, default: []].append(index)
        }
        // The tags' members in the site's order: the notes with pages, and the folders' introducers.
        let listedIntroducers = folderIntroductions.values.sorted()
        var listedOrder: [Int] = []
        if !listedIntroducers.isEmpty { listedOrder.reserveCapacity(notes.count + listedIntroducers.count) }
        var keptNext = 0
        var introducerNext = 0
        for index in all.indices {
            let position: Int
            if keptNext < kept.count, kept[keptNext] == index {
                position = keptNext
                keptNext += 1
            } else if introducerNext < listedIntroducers.count, listedIntroducers[introducerNext] == index {
                position = notes.count + introducerNext
                introducerNext += 1
            } else {
                continue
            }
            if !listedIntroducers.isEmpty { listedOrder.append(position) }
            for slug in NoteTag.lineages(of: all[index].tags) { members[slug, default: []].append(position) }
        }
        self.listedIntroducers = listedIntroducers
        self.listedOrder = listedIntroducers.isEmpty ? nil : listedOrder
        writingOrder = folderMembers.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.flatMap { folderMembers[$0]! }
        // Folders without a page (`tags/`) are let go once each, not asked of every note.
        folderMembers = folderMembers.filter { $0.key == "/" || folders.contains($0.key) }
        // Backwards, so that the first note of a path is the one kept, each path hashed once.
        for index in notes.indices.reversed() { byPath[notes[index].relativePath] = index }
        // Each folder's notes counted in it and in every folder above it, folder by folder.
        for (url, members) in folderMembers {
            var up = url
            while let found = folders.byURL[up] {
                folderCounts[up, default: 0] += members.count
                up = found.parent
            }
        }
        var subfolders: [String: [String]] = [:]
        for folder in folders.byURL.values { subfolders[folder.parent, default: []].append(folder.url) }
        for key in subfolders.keys {
            subfolders[key]!.sort { (folders.byURL[$0]!.name.lowercased(), $0) < (folders.byURL[$1]!.name.lowercased(), $1) }
        }
        self.folders = folders
        self.folderIntroductions = folderIntroductions
        self.folderIntroducers = folderIntroductions.mapValues { all[$0].relativePath }
        self.folderMembers = folderMembers
        self.folderPositions = folderPositions
        self.subfolders = subfolders
        self.folderCounts = folderCounts
        self.kept = kept.count == all.count ? nil : kept
        self.introductions = introductions
        // Every tag with its count, each followed by those nested in it: named as its first note
        // spells it, or by its slug when a note introduces it (then it may have no notes).
        var slugs = Set(members.keys)
        for slug in introductions.keys { slugs.formUnion(TagName.lineage(of: slug).map(String.init)) }
        let ordered = slugs.sorted { $0.split(separator: "/").lexicographicallyPrecedes($1.split(separator: "/")) }
        var children: [String: [TagLink]] = [:]
        var tags: [TagLink] = []
        tags.reserveCapacity(ordered.count)
        for slug in ordered.reversed() {
            let indices = members[slug] ?? []
            let depth = slug.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
            let spelled = indices.first.flatMap { first in
                Self.spelling(of: slug, depth: depth, in: (first < notes.count ? notes[first] : all[listedIntroducers[first - notes.count]]).tags)
            }
            let name = introductions[slug] != nil ? slug : spelled ?? slug
            let label = name.split(separator: "/").last.map(String.init) ?? name
            let nested = children.removeValue(forKey: slug)?.reversed() ?? []
            let link = TagLink(
                name: name, url: urls.link("/tags/\(slug)/"), count: indices.count, slug: slug, label: label, depth: depth,
                children: nested, hasChildren: !nested.isEmpty)
            tags.append(link)
            if let slash = slug.lastIndex(of: "/") { children[String(slug[..<slash]), default: []].append(link) }
        }
        tags.reverse()
        self.tags = tags
        var tagLinks: [String: String] = [:]
        for slug in members.keys { tagLinks[slug] = urls.link("/tags/\(slug)/") }
        self.tagLinks = tagLinks
        self.byPath = byPath
        self.members = members
    }

    /// The group of `note`'s page: its own, its tag's or folder's when it introduces one
    /// (the home page's for the notes' own `index.md`).
    func group(of note: SiteNote) -> PageGroup {
        if NoteURL.isTagIntroduction(note.url) { return .tag(PagePlan.introducedTag(note.url)) }
        if folderIntroducers[note.url] == note.relativePath { return note.url == "/" ? .index : .folder(note.url) }
        return .note(note.relativePath)
    }

    /// How a note's tags spell the tag `slug` (nested `depth` deep), or one it is nested in.
    private static func spelling(of slug: String, depth: Int, in tags: [NoteTag]) -> String? {
        if let tag = tags.first(where: { $0.slug == slug }) { return tag.name }
        guard let tag = tags.first(where: { $0.slug.hasPrefix(slug + "/") }) else { return nil }
        return tag.name.split(separator: "/").prefix(depth + 1).joined(separator: "/")
    }
}
