import NotebookConstraints
import NotebookModel
import NotebookRender

/// How a site renders each note's body for its page and its search entry; what a full build
/// and a preview's rebuild share.
struct NoteRendering: Sendable {
    let renderer: HTMLRenderer
    let urls: SiteURLs

    /// Renders with the site's settings: its link schemes, raw HTML, anchored highlights.
    init(config: SiteConfig, definition: FormattingDefinition, urls: SiteURLs) {
        let policy = definition.linkSchemes.map(LinkPolicy.only) ?? .anySafe
        renderer = HTMLRenderer(options: RenderOptions(unsafeHTML: config.unsafeHTML, links: policy, anchorHighlights: true))
        self.urls = urls
    }

    /// The note's body as its page shows it (`blocks`, its links resolved), and its search entry.
    func render(_ note: SiteNote, blocks: [Block]) -> (html: RenderedNote, search: String) {
        let html = renderer.renderNote(PageHeadings.adjust(blocks, title: note.title))
        return (html, PagePlan.searchEntry(note, urls: urls, words: note.searchWords))
    }
}
