import NotebookFiles
import NotebookModel

/// A site's settings: `notebook.yml` (FORMATS.md section 1).
struct SiteConfig: Hashable, Sendable {
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
    /// Whether notebook.yml could not be read as far as its `baseURL` (a syntax error, no mapping)
    /// or gives one that is no URL: an error says so, and `baseURL` is not the file's.
    public var baseURLUnread = false
    /// Whether raw HTML in notes reaches pages.
    public var unsafeHTML: Bool
    /// How many notes an index or tag page lists.
    public var pageSize: Int
    /// Whether fenced code that names a language is highlighted at build time.
    public var highlight = true
    /// Whether `$…$`, `$$…$$` and ```` ```math ```` are typeset as MathML at build time.
    public var math = true
    /// Whether only the notes with `publish: true` are published, as Obsidian Publish and
    /// Quartz's ExplicitPublish publish them.
    public var explicitPublish = false
    /// The notes' files and folders that are no part of the site (`ignore`), as written.
    public var ignore: [String] = []
    /// Where each of `ignore` is written in notebook.yml.
    public var ignoreLocations: [SourceLocation] = []

    /// What `ignore` leaves out of the notes (a new set, which notes what it matches).
    public var ignored: PathPatterns { PathPatterns(ignore) }

    /// A warning at each pattern of `ignore` that left nothing out (`patterns`, once the notes
    /// and files were found with them): a name written in another way than the file's, or a
    /// pattern that the notes do not need; and one when the patterns left out every note
    /// (`notes` is how many are left: `*.md` leaves none).
    func ignoreWarnings(_ patterns: PathPatterns, notes: Int, path: String) -> [Diagnostic] {
        let unmatched = patterns.unmatched.filter { $0 < ignore.count }
        var warnings = unmatched.map { index in
            Diagnostic(
                .warning, "'ignore' pattern '\(ignore[index])' matches no file or folder of the notes", path: path,
                at: index < ignoreLocations.count ? ignoreLocations[index] : nil, code: "config.ignore")
        }
        if notes == 0, let first = ignore.indices.first(where: { !unmatched.contains($0) }) {
            warnings.append(
                Diagnostic(
                    .warning, "'ignore' leaves out every note of the site", path: path,
                    at: first < ignoreLocations.count ? ignoreLocations[first] : nil, code: "config.ignore"))
        }
        return warnings
    }

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

/// A named color of the palette: the background of its highlights, and the color of text in it.
struct PaletteColor: Hashable, Sendable {
    public var name: String
    /// A CSS color (see `CSSColor`): the background of highlights in this color.
    public var css: String
    /// The color of text in this color, in light and in dark mode: `css` itself unless tuned
    /// for contrast, as the defaults are.
    public var text: String
    public var darkText: String

    public init(name: String, css: String, text: String? = nil, darkText: String? = nil) {
        self.name = name
        self.css = css
        self.text = text ?? css
        self.darkText = darkText ?? text ?? css
    }

    /// The default palette.
    public static let defaults: [PaletteColor] = [
        ("yellow", "#fde68a", "#7a5a00", "#e3b341"), ("green", "#bbf7d0", "#116329", "#56d364"),
        ("pink", "#fbcfe8", "#99286e", "#f778ba"), ("orange", "#fed7aa", "#953800", "#ffa657"),
        ("blue", "#bfdbfe", "#0550ae", "#79c0ff"), ("purple", "#ddd6fe", "#6639ba", "#d2a8ff"),
        ("red", "#fecaca", "#a40e26", "#ff7b72"), ("gray", "#e5e7eb", "#57606a", "#9da7b3"),
    ].map { PaletteColor(name: $0.0, css: $0.1, text: $0.2, darkText: $0.3) }
}
