extension Inline {
    /// Whether the inline is an embed's span (`![[Note]]`).
    var isEmbedSpan: Bool {
        if case .span(let formatting, _) = kind { formatting.wikilink?.isEmbed == true } else { false }
    }
}

extension WikiLink {
    /// The embed (`![[Note]]`) a paragraph holds alone, white space aside: the page shows the
    /// other note's content in its place, so none of the paragraph is the note's own text. An
    /// embed inside a line of text is a link, whose label is text like any other.
    public static func embedAlone(in inlines: [Inline]) -> WikiLink? {
        // Checked on every paragraph, so it stops at the first inline that is not white space or
        // an embed: an embed alone is one span, with at most a space or a line break around it.
        // The embed first: most paragraphs of three inlines or fewer hold none, and say so without
        // their text being read.
        guard inlines.count <= 3, let embed = inlines.firstIndex(where: { $0.isEmbedSpan }) else { return nil }
        for index in inlines.indices where index != embed {
            switch inlines[index].kind {
            case .text(let text):
                guard PlainText.isWhiteSpace(text) else { return nil }
            case .softBreak, .lineBreak:
                continue
            default:
                return nil
            }
        }
        guard case .span(let formatting, _) = inlines[embed].kind else { return nil }
        return formatting.wikilink
    }
}
