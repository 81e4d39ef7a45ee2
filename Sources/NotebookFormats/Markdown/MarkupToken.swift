import NotebookModel

/// A piece of notebook syntax that libcmark-gfm does not know, found before parsing.
///
/// In the text given to the parser each token stands as a marker (see `TokenMarkers`); after
/// parsing, markers in text become formatting, and markers anywhere else become their original
/// text again.
struct MarkupToken: Sendable {
    enum Kind: Sendable {
        /// `^[`, opening the annotation with this index in `MarkupScan.annotations`.
        case annotationOpen(Int)
        /// `](…)`, closing the annotation with this index.
        case annotationClose(Int)
        /// `==`.
        case highlight
        /// `[[…]]` or `![[…]]`.
        case wikilink(WikiLinkSyntax)
        /// Put before a `[[…]]` that cannot be a wikilink (this index in
        /// `MarkupScan.refusedWikilinks`), replacing nothing: the brackets are parsed as written,
        /// and the text after it tells whether the page shows them so.
        case refusedWikilink(Int)
        /// `$…$` or `$$…$$`.
        case math(MathSyntax)
    }

    var kind: Kind
    /// The source text the token replaced.
    var original: String
    /// Byte offset of the token in the original text.
    var offset: Int
}

/// The parts of a `[[Target#Heading|label]]`.
struct WikiLinkSyntax: Sendable {
    var target: String
    var heading: String?
    var label: String?
    var isEmbed: Bool
}

/// An annotation's attribute text, `highlight: 'green'`, with where it starts in the source.
struct AnnotationSyntax: Sendable {
    var attributes: String
    var attributesOffset: Int
}

/// A formula between dollars: its TeX as written (inside a block quote or a list, without the
/// markers and indentation that continue it on later lines), and whether it is `$$…$$`.
struct MathSyntax: Sendable {
    var tex: String
    var display: Bool
}
