import NotebookConstraints
import NotebookModel
import NotebookRender
import NotebookScripts

/// How a site renders each note's body for its page and its search entry; what a full build
/// and a preview's rebuild share.
///
/// A body is rendered as soon as its note is read, its links left open (``SiteNote/Body``), and
/// its model let go; once the site's links are resolved, the URLs fill it.
struct NoteRendering: Sendable {
    let renderer: HTMLRenderer
    let urls: SiteURLs
    /// Where the bodies' fenced code goes to be highlighted (with `highlight` on and a
    /// highlighter given); its blocks stay slots until ``fillCode(_:with:)``.
    let code: CodeHighlightQueue?
    /// Whether drafts' code is highlighted too (it is published only with drafts).
    let highlightsDrafts: Bool

    /// Renders with the site's settings: its link schemes, raw HTML, anchored highlights, the
    /// text's tags linked to their pages, and its code highlighted by `highlighter` (or taken
    /// from `cache`) unless `highlight` is off.
    init(
        config: SiteConfig, definition: FormattingDefinition, urls: SiteURLs, highlighter: CodeHighlighter? = nil,
        cache: HighlightCache? = nil, drafts: Bool = false
    ) {
        highlightsDrafts = drafts
        let policy = definition.linkSchemes.map(LinkPolicy.only) ?? .anySafe
        code = config.highlight ? highlighter.map { CodeHighlightQueue(highlighter: $0, cache: cache) } : nil
        renderer = HTMLRenderer(
            options: RenderOptions(
                unsafeHTML: config.unsafeHTML, links: policy, anchorHighlights: true, deferLinks: true, deferCode: code != nil,
                tagURL: { slug in urls.link("/tags/\(slug)/") }))
        self.urls = urls
    }

    /// The body of `note` (of model `blocks`, the note's own) as its page shows it, its links left
    /// open: without the heading the note found repeats its title (`SiteNote.titleHeading`). Its
    /// code goes to be highlighted, and stays open too.
    func body(of note: SiteNote, blocks: [Block]) -> SiteNote.Body {
        // A draft left out of the site is not shown: its code is neither highlighted nor cached.
        if !note.isDraft || highlightsDrafts { code?.submit(blocks, path: note.path) }
        return SiteNote.Body(
            rendered: renderer.renderNote(PageHeadings.adjust(blocks, showsTitle: note.titleHeading != nil)), links: LinkResolution.found(in: blocks))
    }

    /// Waits for the code handed over so far to be highlighted.
    func finishCode() -> CodeHighlights {
        code?.finish() ?? CodeHighlights()
    }

    /// `notes` with their code filled in, highlighted as `highlights` says (plain where it has
    /// nothing); their links still open.
    func fillCode(_ notes: inout [SiteNote], with highlights: CodeHighlights) {
        guard code != nil else { return }
        for index in notes.indices where notes[index].body.rendered.slots.contains(where: \.isCode) {
            notes[index].body.rendered = renderer.fill(notes[index].body.rendered, nil, code: highlights.html(for:))
        }
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
