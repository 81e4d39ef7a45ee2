import NotebookModel
import NotebookRender
import Testing

/// A note rendered with its links left open and then filled reads as the note rendered with
/// those links rewritten: what a site relies on when it renders a note before resolving it.
struct LinkSlotTests {
    static let wikilink = WikiLink(target: "Other note", heading: "Part")
    static let broken = WikiLink(target: "Nowhere")

    /// Links of every kind: resolved and not, with titles, nested in emphasis and highlights,
    /// an image inside a link, one with a scheme the policy refuses, and one in a footnote.
    static let blocks: [Block] = [
        Block(.paragraph([
            .text("See "),
            .span(Formatting(link: Link(destination: "other.md#part", title: "The <other>")), [
                .span(Formatting(bold: true), [.text("bold")])
            ]),
            .text(", "),
            .span(Formatting(wikilink: wikilink), [.text("wiki")]),
            .text(", "),
            .span(Formatting(wikilink: broken), [.text("broken")]),
            .text(", "),
            .span(Formatting(highlight: .palette("yellow"), link: Link(destination: "https://example.org/?a=1&b=2")), [.text("out")]),
            .text(", "),
            .span(Formatting(link: Link(destination: "javascript:alert(1)")), [.text("refused")]),
            .text(" and "),
            .span(Formatting(link: Link(destination: "pic.md")), [
                Inline(.image(Image(source: "cat.png", title: "A cat", alternative: [.text("a \"cat\"")])))
            ]),
            Inline(.image(Image(source: "vacation.jpg", alternative: [.text("embed")], isEmbed: true))),
            // An embed is found by its name, whatever it holds; a source with a refused scheme
            // that nothing resolves shows its description.
            Inline(.image(Image(source: "data:x.png", alternative: [.text("named oddly")], isEmbed: true))),
            Inline(.image(Image(source: "javascript:x.png", title: "t", alternative: [.text("refused <image>")]))),
            .span(Formatting(footnote: "1"), []),
        ])),
        Block(.footnoteDefinition(FootnoteDefinition(label: "1", blocks: [
            Block(.paragraph([.span(Formatting(wikilink: wikilink), [.text("again")])]))
        ]))),
    ]

    /// Where the site sends each link.
    static let urls: [LinkSlot.Target: String] = [
        .link("other.md#part"): "/other/#part",
        .wikilink(wikilink): "/other/#part",
        .link("pic.md"): "../pic/",
        .image("cat.png", embed: false): "/files/cat.png",
        .image("vacation.jpg", embed: true): "/files/vacation%20x.jpg",
        .image("data:x.png", embed: true): "/files/data:x.png",
    ]

    /// `blocks` with the links rewritten as a site once did it: in the model.
    static func rewritten(_ blocks: [Block]) -> [Block] {
        func rewrite(_ inlines: [Inline]) -> [Inline] {
            inlines.map { inline in
                var inline = inline
                switch inline.kind {
                case .span(var formatting, let children):
                    if let link = formatting.link, let url = urls[.link(link.destination)] { formatting.link!.destination = url }
                    if let wikilink = formatting.wikilink { formatting.wikilink!.url = urls[.wikilink(wikilink)] }
                    inline.kind = .span(formatting, rewrite(children))
                case .image(var image):
                    if let url = urls[.image(image.source, embed: image.isEmbed)] { image.source = url }
                    image.alternative = rewrite(image.alternative)
                    inline.kind = .image(image)
                default: break
                }
                return inline
            }
        }
        var blocks = blocks
        Block.rewriteInlines(in: &blocks) { content, _ in
            content = rewrite(content)
            return true
        }
        return blocks
    }

    @Test(arguments: [LinkPolicy.anySafe, .only(["https"])])
    func filledSlotsReadAsTheRewrittenNote(policy: LinkPolicy) {
        let deferred = HTMLRenderer(options: RenderOptions(links: policy, anchorHighlights: true, deferLinks: true))
        let direct = HTMLRenderer(options: RenderOptions(links: policy, anchorHighlights: true))
        let open = deferred.renderNote(Self.blocks)
        #expect(open.slots.count == 10)
        let filled = deferred.fill(open) { Self.urls[$0] }
        #expect(filled.slots.isEmpty)
        #expect(filled == direct.renderNote(Self.rewritten(Self.blocks)))
        #expect(filled.html.contains("<a class=\"wikilink wikilink-unresolved\" data-target=\"Nowhere\" title=\"Not found in this notebook: Nowhere\" role=\"link\" aria-disabled=\"true\" tabindex=\"0\">broken</a>"))
        #expect(!filled.html.contains("javascript"))
        #expect(filled.html.contains("<img src=\"/files/data:x.png\" alt=\"named oddly\" />"))
        #expect(filled.html.contains("refused &lt;image&gt;"))
    }

    @Test func slotsLeftUnfilledKeepTheTargetsAsWritten() {
        let deferred = HTMLRenderer(options: RenderOptions(deferLinks: true))
        let filled = deferred.fill(deferred.renderNote(Self.blocks)) { _ in nil }
        #expect(filled == HTMLRenderer().renderNote(Self.blocks))
    }

    @Test func withoutDeferringNothingIsLeftOpen() {
        #expect(HTMLRenderer().renderNote(Self.blocks).slots.isEmpty)
    }
}
