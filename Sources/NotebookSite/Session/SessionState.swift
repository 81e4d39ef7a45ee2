import NotebookModel
import NotebookRender

/// What a session keeps of its last good build.
struct SessionState: Sendable {
    var settings: SiteLoader.Settings
    var theme: Theme
    /// The folders of the theme's layers: a change in one rebuilds everything.
    var themeDirectories: [String]
    var usesNotesFolder: Bool
    /// Every note file read, drafts included, by path under the notes folder.
    var records: [String: NoteRecord] = [:]
    /// The paths of `records`, sorted.
    var sortedPaths: [String] = []
    /// The notes of the site in its order, and each one's place in it by path.
    var ordered: [SiteNote] = []
    var positions: [String: Int] = [:]
    /// Files beside the notes, by path under the notes folder, and their findings.
    var others: [NoteDiscovery.File] = []
    var discoveryDiagnostics: [Diagnostic] = []
    /// Files under the site's `assets/`.
    var assets: [NoteDiscovery.File] = []
    var assetDiagnostics: [Diagnostic] = []
    /// What each note of the site came to, by path under the notes folder.
    var outputs: [String: NoteOutput] = [:]
    /// Each note's notes that link to it, by path, in the site's order; and the notes each note
    /// links to.
    var backlinks: [String: [String]] = [:]
    var targets: [String: Set<String>] = [:]
    /// The group each note's page is in.
    var groupOfNote: [String: PageGroup] = [:]
    /// The files each group wrote, and the files copied (output path → source).
    var written: [PageGroup: [String]] = [:]
    var copies: [String: String] = [:]
    /// For a session in memory, the bytes of every page, by output path.
    var pages: [String: [UInt8]] = [:]
    /// URLs and aliases that clash.
    var placeDiagnostics: [Diagnostic] = []
    /// Output files two sources would write, and the site paths links may name, found for
    /// `layout` and the notes' places.
    var collisions: [Diagnostic] = []
    var knownPaths: Set<String> = []
    /// What links resolve against, made for `layout` and the notes' layouts.
    var resolver: LinkResolver?
    /// What, besides the notes, the link index, the known paths and the collisions were made from.
    var layout: SiteLayout?
    /// What the last plan worked out from the notes' places, kept with them.
    var planIndex: PlanIndex?
    /// What the list of tags showed, by slug.
    var tags: [String: TagLink] = [:]
    /// Each folder's title by URL (its introducing note's, else its name): what breadcrumbs show.
    var folderTitles: [String: String] = [:]
    /// What the explorer lists of each folder's notes (``PagePlan/explorerNotes()``), by folder URL.
    var explorerNotes: [String: [String]] = [:]
    /// The notes of each list (the index, each tag), by path, in order.
    var lists: [PageGroup: [String]] = [:]
}

/// A note file as read: its site note (models kept), findings and links. Shared, never changed:
/// the thousands a session holds are passed around by reference.
final class NoteRecord: Sendable {
    let note: SiteNote
    let diagnostics: [Diagnostic]
    /// The file's text, kept only when there are findings.
    let source: String?
    let references: [LinkReference]

    init(note: SiteNote, diagnostics: [Diagnostic], source: String?, references: [LinkReference]) {
        self.note = note
        self.diagnostics = diagnostics
        self.source = source
        self.references = references
    }
}

/// What a note of the site came to in the last good build; shared, never changed.
final class NoteOutput: Sendable {
    let outcomes: [LinkOutcome?]
    let rendered: RenderedNote
    let linkDiagnostics: [Diagnostic]
    /// The title and URL it was rendered with.
    let title: String
    let url: String

    init(outcomes: [LinkOutcome?], rendered: RenderedNote, linkDiagnostics: [Diagnostic], title: String, url: String) {
        self.outcomes = outcomes
        self.rendered = rendered
        self.linkDiagnostics = linkDiagnostics
        self.title = title
        self.url = url
    }
}

/// What the output's collisions, the site paths links may name, the plan's index and the link
/// index depend on besides the notes' `NoteLayout`s: a build with the same, and notes in the same
/// order, keeps the first three when no note's places changed, and the link index when no note's
/// layout changed (mended when only titles or headings did).
struct SiteLayout: Equatable, Sendable {
    var copies: [OutputCopy]
    var pageSize: Int
}

/// What of one note other notes' links, and the site's pages, depend on: its places (what the
/// output's paths, the paths links may name and the plan's index come from) and its link keys
/// (what wikilinks match).
struct NoteLayout: Equatable, Sendable {
    var places: Places
    var title: String
    var linkKeys: SiteNote.LinkKeys
    /// The headings' texts, ids and levels (a path of headings, `[[note#A#B]]`, follows the
    /// levels), and the blocks' identifiers, which `[[note#heading]]` and `[[note#^id]]` name;
    /// last, the heading the page shows as its title, which links leave out.
    var headings: [String]

    struct Places: Equatable, Sendable {
        var path: String
        var relativePath: String
        var url: String
        var aliases: [String]
        /// The tags' names and slugs, in turn.
        var tags: [String]
    }

    init(_ note: SiteNote) {
        places = Places(
            path: note.path, relativePath: note.relativePath, url: note.url, aliases: note.metadata.aliases,
            tags: note.tags.flatMap { [$0.name, $0.slug] })
        title = note.title
        linkKeys = note.linkKeys
        headings = note.headings.flatMap { [$0.text, $0.id, String($0.level)] } + note.blockIDs.map { "^" + $0 } + [note.titleHeading.map { "#" + $0.text + "#" + $0.id } ?? ""]
    }
}
