/// The site's Atom feed: the newest notes, with absolute URLs.
enum AtomFeed {
    struct Entry {
        var title: String
        /// The site path of the note's page.
        var path: String
        var date: String?
        var summary: String
        var html: String
        var tags: [String]
    }

    static func xml(title: String, author: String?, language: String, urls: SiteURLs, entries: [Entry]) -> String {
        // The feed's time is its newest entry's, never the clock's, so builds repeat byte for byte.
        // Newest as an instant: dates may be written in different time zones.
        let newest = entries.compactMap { entry in entry.date.flatMap { date in DateInstant.sortable(date).map { (date, $0) } } }
            .max { $0.1 < $1.1 }?.0
        let updated = newest.map { XMLText.escape(XMLText.timestamp($0)) } ?? "1970-01-01T00:00:00Z"
        // The entries' HTML links within the site by its paths (`/sub/notes/a/`): `xml:base` says
        // where they are, for readers that show an entry away from the feed's own address.
        let base = urls.isAbsolute ? " xml:base=\"\(XMLText.escape(urls.absolute("/")))\"" : ""
        var out = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(XMLText.escape(language))"\(base)>
            <title>\(XMLText.escape(title))</title>
            <link href="\(XMLText.escape(urls.absolute("/")))"/>
            <link rel="self" href="\(XMLText.escape(urls.absolute("/feed.xml")))"/>
            <id>\(XMLText.escape(urls.absolute("/")))</id>
            <updated>\(updated)</updated>

            """
        if let author { out += "<author><name>\(XMLText.escape(author))</name></author>\n" }
        for entry in entries {
            let url = XMLText.escape(urls.absolute(entry.path))
            out += "<entry>\n<title>\(XMLText.escape(entry.title))</title>\n<link href=\"\(url)\"/>\n<id>\(url)</id>\n"
            out += "<updated>\(entry.date.map { XMLText.escape(XMLText.timestamp($0)) } ?? updated)</updated>\n"
            for tag in entry.tags { out += "<category term=\"\(XMLText.escape(tag))\"/>\n" }
            // Atom's summary is optional: a note without one has none, rather than an empty one.
            if !entry.summary.isEmpty { out += "<summary>\(XMLText.escape(entry.summary))</summary>\n" }
            out += "<content type=\"html\">\(XMLText.escape(entry.html))</content>\n</entry>\n"
        }
        return out + "</feed>\n"
    }
}
