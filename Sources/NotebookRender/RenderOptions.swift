import NotebookModel

/// How a note becomes HTML.
public struct RenderOptions: Sendable {
    /// Raw HTML passes through (with GitHub's tag filter) instead of being shown as text.
    public var unsafeHTML: Bool
    /// Which link and image destinations may reach the page.
    public var links: LinkPolicy
    /// The URL of a wikilink's target, or nil when it resolves to nothing.
    public var wikilinkURL: @Sendable (WikiLink) -> String?

    public init(
        unsafeHTML: Bool = false, links: LinkPolicy = .standard,
        wikilinkURL: @escaping @Sendable (WikiLink) -> String? = { _ in nil }
    ) {
        self.unsafeHTML = unsafeHTML
        self.links = links
        self.wikilinkURL = wikilinkURL
    }
}
