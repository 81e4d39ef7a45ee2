/// The site's icon: the first of `assets/favicon.svg`, `.png` and `.ico` that the site has, else
/// that its theme has. Without one, pages name an empty icon, so that browsers ask for none (and log no
/// missing `/favicon.ico`).
enum Favicon {
    /// The names looked for in `assets/`, in order.
    static let names = ["favicon.svg", "favicon.png", "favicon.ico"]

    /// The site path of the icon among the site's assets and then the theme's (paths inside
    /// `assets/`), or nil.
    static func path(site: [String], theme: [String]) -> String? {
        for assets in [site, theme] {
            if let name = names.first(where: assets.contains) { return "/assets/" + name }
        }
        return nil
    }

    /// What a page's icon link names: the icon's link, or an empty `data:` URL.
    static func link(_ path: String?, urls: SiteURLs) -> String {
        path.map { urls.link($0) } ?? "data:,"
    }
}
