import NotebookConstraints
import NotebookModel
import NotebookRender
import NotebookScripts
import Parallel

/// How a site renders each note's body for its page; what a full build
/// and a preview's rebuild share.
///
/// A body is rendered as soon as its note is read, its links left open (``SiteNote/Body``), and
/// its model let go; once the site's links are resolved, the URLs fill it.
struct NoteRendering: Sendable {
    let renderer: HTMLRenderer
    let urls: SiteURLs
    /// Where the bodies' fenced code goes to be highlighted and their math to be typeset (with a
    /// highlighter given, and `highlight` or `math` on); its blocks and formulas stay slots until
    /// ``fillCode(_:with:)``.
    let code: ScriptQueue?
    /// Whether drafts' code is highlighted too (it is published only with drafts).
    let highlightsDrafts: Bool
    /// Whether code is highlighted, and math typeset.
    let highlights: Bool
    let typesets: Bool

    /// Renders with the site's settings: its link schemes, raw HTML, anchored highlights, the
    /// text's tags linked to their pages, its code highlighted by `highlighter` and its math
    /// typeset by `typesetter` (or taken from `caches`) unless `highlight` or `math` is off.
    init(
        config: SiteConfig, definition: FormattingDefinition, urls: SiteURLs, highlighter: CodeHighlighter? = nil,
        typesetter: MathTypesetter = MathTypesetter(), caches: (code: HighlightCache?, math: HighlightCache?) = (nil, nil),
        drafts: Bool = false
    ) {
        highlightsDrafts = drafts
        highlights = config.highlight
        typesets = config.math
        let policy = definition.linkSchemes.map(LinkPolicy.only) ?? .anySafe
        code = config.highlight || config.math
            ? highlighter.map { ScriptQueue(highlighter: $0, typesetter: typesetter, cache: caches.code, mathCache: caches.math) } : nil
        renderer = HTMLRenderer(
            options: RenderOptions(
                unsafeHTML: config.unsafeHTML, links: policy, anchorHighlights: true, deferLinks: true, deferCode: code != nil,
                tagURL: { slug in urls.link("/tags/\(slug)/") }))
        self.urls = urls
    }

    /// The body of `note` (of model `blocks`, the note's own) as its page shows it, its links left
    /// open: without the heading the note found repeats its title (`SiteNote.titleHeading`). Its
    /// code goes to be highlighted, and stays open too; `source`, the note's text, places what
    /// the scripts find in it.
    func body(of note: SiteNote, blocks: [Block], source: String? = nil) -> SiteNote.Body {
        // A draft left out of the site is not shown: its code is neither highlighted nor cached.
        let shown = !note.isDraft || highlightsDrafts
        if shown, let code { code.submit(blocks, path: note.path, code: highlights, math: typesets, source: source) }
        var rendered = renderer.renderNote(PageHeadings.adjust(blocks, showsTitle: note.titleHeading != nil))
        // The heading the page shows as its title is the note's text too: its `#tags` are the
        // note's, and its formulas are checked as the body's are. Its h1 shows it formatted
        // (`PageTitle`): its highlights get no anchor (they are no passages of the highlights
        // page) and its tags no link (they are linked beside it); its formulas are typeset with
        // the body's, first (`fillCode`).
        var title: RenderedNote?
        if let heading = note.titleHeading, let first = blocks.first, case .heading(_, let inlines) = first.kind {
            if InlineTags.mayHoldTags(heading.text) { rendered.tags = renderer.renderNote([first]).tags + rendered.tags }
            if PageTitle.isFormatted(inlines) {
                var titleRenderer = renderer
                titleRenderer.options.anchorHighlights = false
                titleRenderer.options.tagURL = nil
                title = titleRenderer.renderInlines(PageTitle.shown(inlines))
            }
        }
        if shown, typesets, let code {
            code.submit(formulas: (title?.formulas ?? []) + rendered.formulas, path: note.path, source: source)
        }
        var body = SiteNote.Body(rendered: rendered, links: LinkResolution.found(in: blocks))
        if let title {
            if title.slots.isEmpty { body.rendered.title = title.html } else { body.title = title }
        }
        return body
    }

    /// Waits for the code handed over so far to be highlighted.
    func finishCode() -> ScriptResults {
        code?.finish() ?? ScriptResults()
    }

    /// `notes` with their code filled in, highlighted as `highlights` says (plain where it has
    /// nothing), `workers` at a time; their links still open.
    func fillCode(_ notes: inout [SiteNote], with highlights: ScriptResults, workers: Int) {
        guard code != nil else { return }
        let renderer = renderer
        _ = ParallelWork.map(updating: &notes, workers: workers) { note in
            guard note.body.rendered.slots.contains(where: \.isCode) || note.body.title != nil else { return }
            // One note's formulas in its order, the title's first, as they were handed over.
            let math = highlights.formulasOfOneNote()
            if let title = note.body.title {
                note.body.rendered.title = renderer.fill(title, nil, math: math).html
                note.body.title = nil
            }
            note.body.rendered = renderer.fill(note.body.rendered, nil, code: highlights.html(for:), math: math)
        }
    }

    /// The note's body (`body`, as `body(of:blocks:)` made it) as its page shows it, its links
    /// given the URLs `resolved` names.
    func render(_ note: SiteNote, body: SiteNote.Body, resolved: [LinkReference: String]) -> RenderedNote {
        var html = renderer.fill(body.rendered) { resolved[LinkReference($0)] }
        // Embeds are filled once every note is (`Embeds`): each keeps where it leads.
        for index in html.slots.indices {
            guard case .embed(var link, let location) = html.slots[index].piece else { continue }
            link.url = resolved[.wikilink(link)].flatMap { $0 == LinkSlot.broken ? nil : $0 }
            html.slots[index].piece = .embed(link, at: location)
        }
        return html
    }
}
