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
    /// The notes of the site in its order.
    var ordered: [SiteNote] = []
    /// Files beside the notes, by path under the notes folder, and their findings.
    var others: [NoteDiscovery.File] = []
    var discoveryDiagnostics: [Diagnostic] = []
    /// Files under the site's `assets/`.
    var assets: [NoteDiscovery.File] = []
    var assetDiagnostics: [Diagnostic] = []
    /// What each note of the site came to, by path under the notes folder.
    var outputs: [String: NoteOutput] = [:]
    /// Each note's notes that link to it, by path.
    var backlinks: [String: [String]] = [:]
    /// The group each note's page is in.
    var groupOfNote: [String: PageGroup] = [:]
    /// The files each group wrote, and the files copied (output path → source).
    var written: [PageGroup: [String]] = [:]
    var copies: [String: String] = [:]
    /// URLs and aliases that clash.
    var placeDiagnostics: [Diagnostic] = []
    /// What the list of tags showed, by slug.
    var tags: [String: TagLink] = [:]
    /// The notes of each list (the index, each tag), by path, in order.
    var lists: [PageGroup: [String]] = [:]
}

/// A note file as read: its site note (models kept), findings and links.
struct NoteRecord: Sendable {
    var note: SiteNote
    var diagnostics: [Diagnostic]
    /// The file's text, kept only when there are findings.
    var source: String?
    var references: [LinkReference]
}

/// What a note of the site came to in the last good build.
struct NoteOutput: Sendable {
    var outcomes: [LinkOutcome?]
    var rendered: RenderedNote
    /// The note's entry in the search index.
    var search: String
    var linkDiagnostics: [Diagnostic]
    /// The title and URL it was rendered with.
    var title: String
    var url: String
}
