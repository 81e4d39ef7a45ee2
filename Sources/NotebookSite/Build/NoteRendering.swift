import NotebookConstraints
import NotebookModel
import NotebookRender

/// How a site renders each note's body for its page and its search entry; what a full build
/// and a preview's rebuild share.
///
/// A body is rendered as soon as its note is read, its links left open (``SiteNote/Body``), and
/// its model let go; once the site's links are resolved, the URLs fill it.
struct NoteRendering: Sendable {
    let renderer: HTMLRenderer
    let urls: SiteURLs

    /// Renders with the site's settings: its link schemes, raw HTML, anchored highlights, the
    /// text's tags linked to their pages.
    init(config: SiteConfig, definition: FormattingDefinition, urls: SiteURLs) {
        let policy = definition.linkSchemes.map(LinkPolicy.only) ?? .anySafe
        renderer = HTMLRenderer(
            options: RenderOptions(
                unsafeHTML: config.unsafeHTML, links: policy, anchorHighlights: true, deferLinks: true,
                tagURL: { slug in urls.link("/tags/\(slug)/") }))
        self.urls = urls
    }

    /// The body of `note` (of model `blocks`, the note's own) as its page shows it, its links left
    /// open: without the heading the note found repeats its title (`SiteNote.titleHeading`).
    func body(of note: SiteNote, blocks: [Block]) -> SiteNote.Body {
        SiteNote.Body(
            rendered: renderer.renderNote(PageHeadings.adjust(blocks, showsTitle: note.titleHeading != nil)), links: LinkResolution.found(in: blocks))
    }

    /// The note's body (`body`, as `body(of:blocks:)` made it) as its page shows it, its links
    /// given the URLs `resolved` names, and its search entry.
    func render(_ note: SiteNote, body: SiteNote.Body, resolved: [LinkReference: String]) -> (html: RenderedNote, search: String) {
        var html = renderer.fill(body.rendered) { resolved[LinkReference($0)] }
        // Embeds are filled once every note is (`Embeds`): each keeps where it leads.
        for index in html.slots.indices {
            guard case .embed(var link, let location) = html.slots[index].piece else { continue }
            link.url = resolved[.wikilink(link)]
            html.slots[index].piece = .embed(link, at: location)
        }
        return (html, PagePlan.searchEntry(note, urls: urls, words: note.searchWords))
    }
}
