import NotebookModel
import NotebookRender

/// The heading a page shows as its title (`SiteNote.titleHeading`), as its `h1` shows it: its
/// formulas typeset, its code, emphasis and highlights kept, as Obsidian and Quartz show a heading.
/// A title is one line of text inside an `h1`: its links, embeds and `#tags` show their text (the
/// note's tags are linked beside it), its images their description as text, a line break a space,
/// footnote references nothing; the weight and size of a heading are the `h1`'s own (a
/// title-styled paragraph of a JSON note is bold and sized: that shows as text).
enum PageTitle {
    /// Whether `inlines` show more than their text: a formula, code, italics, a line, a highlight,
    /// a colour or raw HTML somewhere in them. A title of text alone is shown as its text.
    static func isFormatted(_ inlines: [Inline]) -> Bool {
        inlines.contains { inline in
            guard case .span(let formatting, let children) = inline.kind else { return false }
            return shows(formatting) || isFormatted(children)
        }
    }

    /// `inlines` as the title shows them (see ``PageTitle``).
    static func shown(_ inlines: [Inline]) -> [Inline] {
        inlines.flatMap { inline -> [Inline] in
            switch inline.kind {
            case .text, .softBreak: return [inline]
            case .lineBreak: return [Inline(.softBreak, at: inline.location)]
            // As `<title>` shows it: a formula there is its TeX, as in the body's `alt`.
            case .image(let image): return [Inline(.text(PlainText.title(image.alternative)), at: inline.location)]
            case .span(var formatting, let children):
                if formatting.footnote != nil { return [] }
                formatting.link = nil
                formatting.wikilink = nil
                formatting.bold = nil
                formatting.textStyle = nil
                formatting.scale = nil
                let inner = shown(children)
                return formatting.isPlain ? inner : [Inline(.span(formatting, inner), at: inline.location)]
            }
        }
    }

    /// A title of text alone as an `h1` shows it: escaped as a template's `{{…}}` writes it.
    static func escaped(_ title: String) -> String {
        HTMLEscaping.escape(title, apostrophe: true)
    }

    /// Whether `formatting` changes how its text looks in a title.
    private static func shows(_ formatting: Formatting) -> Bool {
        formatting.italic != nil || formatting.underline != nil || formatting.strikethrough != nil
            || formatting.code || formatting.math != nil || formatting.highlight != nil || formatting.color != nil || formatting.rawHTML
    }
}
