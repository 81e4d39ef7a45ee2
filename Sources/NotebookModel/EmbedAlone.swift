extension WikiLink {
    /// The embed (`![[Note]]`) a paragraph holds alone, white space aside: the page shows the
    /// other note's content in its place, so none of the paragraph is the note's own text. An
    /// embed inside a line of text is a link, whose label is text like any other.
    public static func embedAlone(in inlines: [Inline]) -> WikiLink? {
        // Checked on every paragraph, so it stops at the first inline that is not white space or
        // an embed: an embed alone is one span, with at most a space or a line break around it.
        guard inlines.count <= 3 else { return nil }
        var found: WikiLink? = nil
        for index in inlines.indices {
            switch inlines[index].kind {
            case .span(let formatting, _):
                guard found == nil, let link = formatting.wikilink, link.isEmbed else { return nil }
                found = link
            case .text(let text):
                guard PlainText.isWhiteSpace(text) else { return nil }
            case .softBreak, .lineBreak:
                continue
            default:
                return nil
            }
        }
        return found
    }
}
