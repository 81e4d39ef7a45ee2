import NotebookModel

/// How a note becomes HTML.
public struct RenderOptions: Sendable {
    /// Raw HTML passes through (with GitHub's tag filter) instead of being shown as text.
    public var unsafeHTML: Bool
    /// Which link and image destinations may reach the page.
    public var links: LinkPolicy
    /// The URL of a wikilink's target when the wikilink carries none, or nil.
    public var wikilinkURL: @Sendable (WikiLink) -> String?
    /// Whether each highlight gets an id (`highlight-1`, …) so that pages can link to it.
    public var anchorHighlights: Bool
    /// Whether links, wikilinks and images are left as ``LinkSlot``s, for a site to fill once it
    /// has resolved them (``HTMLRenderer/fill(_:_:)``), so that a note can be rendered before
    /// the notes it links to are known. Whether a link is shown as one is decided on its
    /// target as written: a site resolves links only when they have no scheme, to URLs without
    /// one, which every policy allows. An image is left whole, since an embed's name is found
    /// whatever it holds.
    public var deferLinks: Bool
    /// Whether each code block that names a language and is not highlighted yet is left as a
    /// ``LinkSlot`` (``LinkSlot/Piece/code(_:)``), for a site to fill with its highlighted HTML
    /// once it has it (``HTMLRenderer/fill(_:_:embed:code:)``).
    /// Formulas too (``LinkSlot/Piece/math(_:_:at:)``); without it, a formula shows its TeX as code.
    public var deferCode: Bool
    /// The URL of a tag's page by its slug, to link the tags in the text (`#travel`); nil leaves
    /// them as text.
    public var tagURL: (@Sendable (String) -> String)?

    public init(
        unsafeHTML: Bool = false, links: LinkPolicy = .standard,
        wikilinkURL: @escaping @Sendable (WikiLink) -> String? = { _ in nil }, anchorHighlights: Bool = false,
        deferLinks: Bool = false, deferCode: Bool = false, tagURL: (@Sendable (String) -> String)? = nil
    ) {
        self.deferCode = deferCode
        self.tagURL = tagURL
        self.deferLinks = deferLinks
        self.unsafeHTML = unsafeHTML
        self.links = links
        self.wikilinkURL = wikilinkURL
        self.anchorHighlights = anchorHighlights
    }
}
