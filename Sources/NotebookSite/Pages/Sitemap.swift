/// The site's sitemap: every page, with absolute URLs.
enum Sitemap {
    static func xml(urls: SiteURLs, pages: [(path: String, date: String?)]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            out += "<url><loc>\(XMLText.escape(urls.absolute(page.path)))</loc>"
            if let date = page.date { out += "<lastmod>\(XMLText.escape(XMLText.timestamp(date)))</lastmod>" }
            out += "</url>\n"
        }
        return out + "</urlset>\n"
    }
}
