import NotebookModel

/// Finds inline content that Apple's runs cannot hold as it is: footnote references, formatting
/// nested inside the same formatting, neighbouring spans that runs would join, and images whose
/// alternative text is formatted or that are embeds.
struct InlineExpressibility {
    /// A message and where, for each finding.
    private(set) var findings: [(message: String, location: SourceLocation?)] = []

    mutating func check(_ inlines: [Inline], at location: SourceLocation?) {
        visit(inlines, enclosing: .plain, at: location, depth: 0)
    }

    private mutating func visit(_ inlines: [Inline], enclosing: Formatting, at location: SourceLocation?, depth: Int) {
        // The model's readers nest at most a few levels per formatting kind; past this, stop looking.
        guard depth < 256 else { return }
        var previous: Formatting?
        for inline in inlines {
            let at = inline.location ?? location
            switch inline.kind {
            case .span(let formatting, let children):
                if let label = formatting.footnote {
                    findings.append(("the footnote reference [^\(label)] is left out: JSON has no footnotes", at))
                }
                for name in Self.shared(formatting, enclosing) {
                    findings.append(("\(name) inside the same \(name) is written as one span: runs cannot nest a formatting in itself", at))
                }
                if let previous {
                    for name in Self.shared(formatting, previous) {
                        findings.append(("two neighbouring spans with the same \(name) join into one: runs cannot tell them apart", at))
                    }
                }
                previous = formatting
                visit(children, enclosing: enclosing.merged(with: formatting), at: at, depth: depth + 1)
            case .image(let image):
                previous = nil
                if image.alternative.contains(where: { if case .span = $0.kind { true } else { false } }) {
                    findings.append(("the formatting of an image's alternative text is left out: it is written as plain text", at))
                }
                if image.isEmbed {
                    findings.append(("the embed ![[\(image.source)]] is written as an ordinary image", at))
                }
            case .text, .softBreak, .lineBreak:
                previous = nil
            }
        }
    }

    /// The names of the attributes both formattings set to the same value.
    private static func shared(_ a: Formatting, _ b: Formatting) -> [String] {
        var names: [String] = []
        if a.bold != nil && a.bold == b.bold { names.append("bold") }
        if a.italic != nil && a.italic == b.italic { names.append("italic") }
        if a.underline != nil && a.underline == b.underline { names.append("underline") }
        if a.strikethrough != nil && a.strikethrough == b.strikethrough { names.append("strikethrough") }
        if a.code && b.code { names.append("code") }
        if a.math != nil && a.math == b.math { names.append("math") }
        if a.highlight != nil && a.highlight == b.highlight { names.append("highlight") }
        if a.color != nil && a.color == b.color { names.append("color") }
        if a.textStyle != nil && a.textStyle == b.textStyle { names.append("text style") }
        if a.scale != nil && a.scale == b.scale { names.append("scale") }
        if a.link != nil && a.link == b.link { names.append("link") }
        if a.wikilink != nil && a.wikilink == b.wikilink { names.append("wikilink") }
        return names
    }
}
