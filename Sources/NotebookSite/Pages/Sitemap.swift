import NotebookModel

/// The site's sitemap: every page, with absolute URLs.
enum Sitemap {
    static func xml(urls: SiteURLs, pages: [(path: String, date: String?)]) -> String {
        // Into one buffer, piece by piece: interpolating each line made strings only to copy them.
        var out = UTF8Builder(capacity: 128 + pages.count * 96)
        out += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            out += "<url><loc>"
            out += XMLText.escape(escapedURL(urls.absolute(page.path)))
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

    /// `url` with its path escaped (``escaped(_:)``), the base URL's own path (`/ü/`) included;
    /// its scheme and host as they are.
    static func escapedURL(_ url: String) -> String {
        // Nearly every URL needs no escape: its bytes are read once, without a search for its host.
        guard url.utf8.contains(where: { !isKept($0) && $0 != UInt8(ascii: ":") }) else { return url }
        guard let scheme = url.range(of: "://"), let slash = url[scheme.upperBound...].firstIndex(of: "/") else { return escaped(url) }
        return String(url[..<slash]) + escaped(String(url[slash...]))
    }

    /// A page's path as the sitemaps protocol asks a URL: every byte beyond ASCII, and any that
    /// no URL holds as it is (a space, a quote), percent-encoded (`/café/` as `/caf%C3%A9/`).
    /// Most paths are slugs of ASCII letters and digits: those are returned as they are.
    static func escaped(_ path: String) -> String {
        guard path.utf8.contains(where: { !isKept($0) }) else { return path }
        var out = ""
        out.reserveCapacity(path.utf8.count * 3)
        for byte in path.utf8 {
            if isKept(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// Bytes a URL's path holds as they are: ASCII letters, digits, and `-._~/%` (a `%` is an
    /// escape already).
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "%"): true
        default: false
        }
    }
}
