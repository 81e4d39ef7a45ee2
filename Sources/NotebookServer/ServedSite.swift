import CMicroHTTPD

/// One build's site as the server answers it: what each path names, and each page as a ready
/// response (headers added and, with live reload, the reload script put in), made the first time
/// the page is asked for and then queued on every connection that asks for it again. Immutable
/// but for those responses, which threads fill in at most once each, without a lock.
final class ServedSite: @unchecked Sendable {
    /// What a path of the site names.
    enum Resource: Equatable {
        /// The page with this index.
        case page(Int)
        /// A file read from disk at this real path.
        case file(String)
        /// A folder: asked for without its trailing `/`, it is a redirect.
        case folder
        case missing
    }

    /// Where each path of a site leads, made once for a set of paths and kept by the next builds
    /// of the same set.
    final class Layout: Sendable {
        let paths: [String: Int]
        /// The path of each page, by index.
        let pages: [String]
        let types: [String]
        let html: [Bool]
        let files: [String: String]
        let folders: Set<String>
        let notFoundPage: Int?

        init(_ site: SiteFiles) {
            pages = Array(site.pages.keys)
            paths = Dictionary(uniqueKeysWithValues: pages.enumerated().map { ($1, $0) })
            types = pages.map(RequestHandler.contentType(for:))
            html = types.map { $0.hasPrefix("text/html") }
            files = site.files
            var folders: Set<String> = [""]
            for path in pages + Array(site.files.keys) {
                var folder = Substring(path)
                while let slash = folder.lastIndex(of: "/") {
                    folder = folder[..<slash]
                    guard folders.insert(String(folder)).inserted else { break }
                }
            }
            self.folders = folders
            notFoundPage = paths["404.html"]
        }

        /// Whether `site` has exactly these paths.
        func fits(_ site: SiteFiles) -> Bool {
            site.pages.count == pages.count && site.files == files && site.pages.keys.allSatisfy { paths[$0] != nil }
        }
    }

    let generation: Int
    let liveReload: Bool
    let layout: Layout
    /// An app's endpoints, whose button the pages they mark get.
    let endpoints: (any AppEndpoints)?
    private let pages: [String: [UInt8]]
    private let slots: UnsafeMutablePointer<notebook_response_slots>
    /// The page that stands for every page while the build is failed, ready.
    private let failure: OpaquePointer?

    /// The index of the site's `404.html`, when it has one.
    var notFoundPage: Int? { layout.notFoundPage }

    /// The files the site was made of, for the next build's that changes none (a failed one).
    var files: SiteFiles { SiteFiles(pages: pages, files: layout.files) }

    /// The site of `files`, as build `generation` made it, with the layout of `previous` when it
    /// has the same paths; `liveReload` puts the reload script in its HTML pages and the
    /// generation in every response's headers. A failed build's `failurePage` stands for every
    /// HTML page.
    init(
        _ files: SiteFiles, generation: Int, liveReload: Bool, failurePage: String? = nil, previous: ServedSite? = nil,
        endpoints: (any AppEndpoints)? = nil
    ) {
        self.generation = generation
        self.liveReload = liveReload
        self.endpoints = endpoints
        layout = previous.flatMap { $0.layout.fits(files) ? $0.layout : nil } ?? Layout(files)
        pages = files.pages
        slots = notebook_response_slots_new(layout.pages.count)!
        failure = failurePage.flatMap { page in
            Self.ready(
                Array(page.utf8), html: true, generation: generation, liveReload: liveReload, marked: false, contentType: "text/html; charset=utf-8")
        }
    }

    deinit {
        notebook_response_slots_free(slots)
        if let failure { MHD_destroy_response(failure) }
    }

    /// The failed build's page, status 500; nil when the build succeeded.
    func failureResponse() -> Response? {
        failure.map { Response(status: 500, headers: [], body: .ready($0, site: self)) }
    }

    /// What `path` (segments joined by `/`, empty for the root) names.
    func resource(at path: String) -> Resource {
        if let page = layout.paths[path] { return .page(page) }
        if let source = layout.files[path] { return .file(source) }
        return layout.folders.contains(path) ? .folder : .missing
    }

    /// Whether the page is HTML.
    func isHTML(_ page: Int) -> Bool {
        layout.html[page]
    }

    /// The ready response of a page: made on first use, shared after; nil when out of memory.
    func response(for page: Int) -> OpaquePointer? {
        if let ready = notebook_response_slot(slots, page) { return ready }
        let path = layout.pages[page]
        let made = Self.ready(
            pages[path] ?? [], html: isHTML(page), generation: generation, liveReload: liveReload,
            marked: endpoints?.marks(page: path) == true, contentType: layout.types[page])
        return made.map { notebook_response_offer(slots, page, $0) }
    }

    /// A response of `body` made to be queued any number of times, with its headers; with live
    /// reload, the script put in an HTML body (`marked`: with the app's button) and the
    /// generation in the headers.
    private static func ready(
        _ body: [UInt8], html: Bool, generation: Int, liveReload: Bool, marked: Bool, contentType: String
    ) -> OpaquePointer? {
        let body = liveReload && html ? LiveReloadScript.inject(generation: generation, marked: marked, into: body) : body
        guard let made = body.withUnsafeBytes({ notebook_mhd_copied_response($0.count, $0.baseAddress) }) else { return nil }
        var headers = [("Content-Type", contentType)] + Response.common
        if liveReload { headers.append(("X-Notebook-Generation", String(generation))) }
        for (name, value) in headers { _ = MHD_add_response_header(made, name, value) }
        return made
    }
}
