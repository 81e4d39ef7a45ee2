/// The site's icon: the first of `assets/favicon.svg`, `.png` and `.ico` that the site or its
/// theme has. Without one, pages name an empty icon, so that browsers ask for none (and log no
/// missing `/favicon.ico`).
enum Favicon {
    /// The names looked for in `assets/`, in order.
    static let names = ["favicon.svg", "favicon.png", "favicon.ico"]

    /// The site path of the icon among `assets` (paths inside `assets/`), or nil.
    static func path(among assets: [String]) -> String? {
        names.first { assets.contains($0) }.map { "/assets/" + $0 }
    }

    /// What a page's icon link names: the icon's link, or an empty `data:` URL.
    static func link(_ path: String?, urls: SiteURLs) -> String {
        path.map { urls.link($0) } ?? "data:,"
    }
}
