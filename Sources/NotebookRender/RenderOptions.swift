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

    public init(
        unsafeHTML: Bool = false, links: LinkPolicy = .standard,
        wikilinkURL: @escaping @Sendable (WikiLink) -> String? = { _ in nil }, anchorHighlights: Bool = false
    ) {
        self.unsafeHTML = unsafeHTML
        self.links = links
        self.wikilinkURL = wikilinkURL
        self.anchorHighlights = anchorHighlights
    }
}
