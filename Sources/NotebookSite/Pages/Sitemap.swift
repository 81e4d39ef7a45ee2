import NotebookModel

/// The site's sitemap: every page, with absolute URLs.
enum Sitemap {
    static func xml(urls: SiteURLs, pages: [(path: String, date: String?)]) -> String {
        // Into one buffer, piece by piece: interpolating each line made strings only to copy them.
        var out = UTF8Builder(capacity: 128 + pages.count * 96)
        out += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            out += "<url><loc>"
            out += XMLText.escape(urls.absolute(page.path))
            out += "</loc>"
            if let date = page.date {
                out += "<lastmod>"
                out += XMLText.escape(XMLText.timestamp(date))
                out += "</lastmod>"
            }
            out += "</url>\n"
        }
        out += "</urlset>\n"
        return out.string
    }
}
