/// A built site as a server answers it from memory: the bytes of each page, and the files copied
/// into the site, named by where they are read from when asked for (so that a vault's attachments
/// cost no memory).
public struct SiteFiles: Sendable, Equatable {
    /// The pages (and the feed, the sitemap, the search index…) by path in the site, `/`-separated.
    public var pages: [String: [UInt8]]
    /// The files copied into the site, by path in the site: the real path of each one's source,
    /// read through no symbolic link at each request.
    public var files: [String: String]

    public init(pages: [String: [UInt8]] = [:], files: [String: String] = [:]) {
        self.pages = pages
        self.files = files
    }
}
