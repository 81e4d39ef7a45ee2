/// What a page plan works out from the notes' places alone: which notes have pages, the tags and
/// their notes, the notes by path. It depends only on the notes' order and on each note's
/// relative path, URL and tags (names and slugs), so a plan of notes that kept all of these
/// keeps it (`SiteSession` checks this through `NoteLayout`).
struct PlanIndex: Sendable {
    /// The indices (in the site's notes) of the notes with pages of their own, when some note
    /// introduces a tag instead; nil when every note has its page.
    let kept: [Int]?
    /// Tag slug → the index (in the site's notes) of the note at `/tags/SLUG/` that introduces it.
    let introductions: [String: Int]
    /// Every tag with its note count, by slug.
    let tags: [TagLink]
    /// Tag slug → the indices (among the notes with pages) of its notes, in order.
    let members: [String: [Int]]
    /// Tag slug → the link to its page, made once for every card that shows the tag.
    let tagLinks: [String: String]
    /// Relative path → index among the notes with pages.
    let byPath: [String: Int]

    init(_ all: [SiteNote], urls: SiteURLs) {
        var introductions: [String: Int] = [:]
        var kept: [Int] = []
        kept.reserveCapacity(all.count)
        for index in all.indices {
            if NoteURL.isTagIntroduction(all[index].url) {
                introductions[PagePlan.introducedTag(all[index].url)] = index
            } else {
                kept.append(index)
            }
        }
        let notes = introductions.isEmpty ? all : kept.map { all[$0] }
        var members: [String: [Int]] = [:]
        var byPath: [String: Int] = [:]
        byPath.reserveCapacity(notes.count)
        for index in notes.indices {
            for tag in notes[index].tags { members[tag.slug, default: []].append(index) }
            if byPath[notes[index].relativePath] == nil { byPath[notes[index].relativePath] = index }
        }
        self.kept = introductions.isEmpty ? nil : kept
        self.introductions = introductions
        // Every tag with its count, by slug, from the members found above: named as its first
        // note spells it, or by its slug when a note introduces it (then it may have no notes).
        var tags: [TagLink] = []
        for slug in Set(members.keys).union(introductions.keys).sorted() {
            let indices = members[slug] ?? []
            let spelled = indices.first.flatMap { first in notes[first].tags.first { $0.slug == slug }?.name }
            let name = introductions[slug] != nil ? slug : spelled ?? slug
            tags.append(TagLink(name: name, url: urls.link("/tags/\(slug)/"), count: indices.count))
        }
        self.tags = tags
        var tagLinks: [String: String] = [:]
        for slug in members.keys { tagLinks[slug] = urls.link("/tags/\(slug)/") }
        self.tagLinks = tagLinks
        self.byPath = byPath
        self.members = members
    }
}
