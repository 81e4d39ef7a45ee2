import NotebookModel

/// A site's settings: `notebook.yml` (FORMATS.md section 1).
public struct SiteConfig: Hashable, Sendable {
    public var title: String
    /// Where the site will be published, such as `https://example.org/notes/`.
    public var baseURL: String
    /// A built-in theme's name, or a path to a theme folder.
    public var theme: String
    public var language: String
    public var author: String?
    public var description: String?
    /// Palette names, in order, to CSS colors; the first is the color of `==highlights==`.
    public var palette: [PaletteColor]
    /// The path of the formatting constraint definition, relative to the site.
    public var formatting: String
    /// Where `formatting` is set in `notebook.yml`, for findings about it.
    public var formattingLocation: SourceLocation?
    /// Where `baseURL` is set in notebook.yml, for findings about it.
    public var baseURLLocation: SourceLocation?
    /// Whether raw HTML in notes reaches pages.
    public var unsafeHTML: Bool
    /// How many notes an index or tag page lists.
    public var pageSize: Int

    public init(
        title: String = "Notebook", baseURL: String = "/", theme: String = "default", language: String = "en",
        author: String? = nil, description: String? = nil, palette: [PaletteColor] = PaletteColor.defaults,
        formatting: String = "formatting.yml", unsafeHTML: Bool = false, pageSize: Int = 20
    ) {
        self.title = title
        self.baseURL = baseURL
        self.theme = theme
        self.language = language
        self.author = author
        self.description = description
        self.palette = palette
        self.formatting = formatting
        self.unsafeHTML = unsafeHTML
        self.pageSize = pageSize
    }

    /// The palette's names, for reading colors in notes.
    public var paletteNames: [String] { palette.map(\.name) }
}

/// A named color of the palette.
public struct PaletteColor: Hashable, Sendable {
    public var name: String
    /// A CSS color: `#rgb`, `#rrggbb` or `#rrggbbaa`.
    public var css: String

    public init(name: String, css: String) {
        self.name = name
        self.css = css
    }

    /// The default palette.
    public static let defaults: [PaletteColor] = [
        ("yellow", "#fde68a"), ("green", "#bbf7d0"), ("pink", "#fbcfe8"), ("orange", "#fed7aa"),
        ("blue", "#bfdbfe"), ("purple", "#ddd6fe"), ("red", "#fecaca"), ("gray", "#e5e7eb"),
    ].map { PaletteColor(name: $0.0, css: $0.1) }
}
