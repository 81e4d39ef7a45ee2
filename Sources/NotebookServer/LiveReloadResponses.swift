import CMicroHTTPD
import Foundation

/// Answers from the site published last: its pages as ready responses, its copied files read from
/// disk, the /_notebook/ endpoints, and while a build is failed its failure page.
extension RequestHandler {
    /// The response to a request, for the site and build `live` holds now.
    func siteResponse(method: String, target: String, live: LiveReloadHub, range: String? = nil) -> Response {
        let site = live.site
        var response = siteAnswer(method: method, target: target, site: site, live: live, range: range)
        if case .ready = response.body {} else if site.liveReload {
            response.headers.append(("X-Notebook-Generation", String(site.generation)))
        }
        return response
    }

    private func siteAnswer(method: String, target: String, site: ServedSite, live: LiveReloadHub, range: String?) -> Response {
        guard method == "GET" || method == "HEAD" else { return Self.methodNotAllowed }
        guard let request = RequestPath(target) else { return notFound(site) }
        let path = request.path
        if site.liveReload && (path == "_notebook" || path.hasPrefix("_notebook/")) {
            return endpoint(request.segments.dropFirst(), method: method, live: live) ?? notFound(site)
        }
        var resource = site.resource(at: path)
        if resource == .folder {
            guard request.endsWithSlash else { return Self.redirect(to: request.segments) }
            resource = site.resource(at: path.isEmpty ? "index.html" : path + "/index.html")
        } else if request.endsWithSlash && !path.isEmpty {
            // A page or file is not a folder: `about/index.html/` names nothing.
            resource = .missing
        }
        switch resource {
        case .page(let page):
            // While a build is failed, its page stands for every page.
            if site.isHTML(page), let failure = site.failureResponse() { return failure }
            guard let ready = site.response(for: page) else { return Response.text(500, "Out of memory\n") }
            return Response(status: 200, headers: [], body: .ready(ready, site: site))
        case .file(let source):
            let type = Self.contentType(for: path)
            if type.hasPrefix("text/html"), let failure = site.failureResponse() { return failure }
            return Self.file(source, status: 200, headers: [("Content-Type", type)], range: range) ?? notFound(site)
        case .folder, .missing:
            return notFound(site, page: Self.isPagePath(request.segments))
        }
    }

    /// The site's `404.html` with status 404, or a short text. While a build is failed, its page
    /// stands for `404.html` too, and for any `page` not there (as after a first build that failed).
    func notFound(_ site: ServedSite, page: Bool = false) -> Response {
        if page || site.notFoundPage != nil, let failure = site.failureResponse() { return failure }
        guard let notFound = site.notFoundPage, let ready = site.response(for: notFound) else { return Response.text(404, "Not Found\n") }
        return Response(status: 404, headers: [], body: .ready(ready, site: site))
    }

    /// The response of a /_notebook/ endpoint; nil for anything else under it.
    private func endpoint(_ path: ArraySlice<String>, method: String, live: LiveReloadHub) -> Response? {
        switch Array(path) {
        case ["live-reload.js"]:
            return Response(
                status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")],
                body: .bytes(Array(LiveReloadScript.source.utf8)))
        case ["build"]:
            return Response(status: 200, headers: [("Content-Type", "application/json")], body: .bytes(Array(live.status.reportJSON.utf8)))
        case ["events"]:
            // A HEAD request gets the headers only: no stream is opened for it.
            return Response(
                status: 200, headers: [("Content-Type", "text/event-stream")],
                body: method == "HEAD" ? .bytes([]) : .events(live.openStream()))
        default:
            return nil
        }
    }

    /// Whether path segments name a page rather than a file: the root, a last segment ending with
    /// `.html`, or one without an extension.
    static func isPagePath(_ segments: [String]) -> Bool {
        guard let last = segments.last, !last.isEmpty else { return true }
        return last.hasSuffix(".html") || !last.contains(".")
    }
}

extension Response {
    /// A libmicrohttpd response on `connection` whose body is read from `stream`, which suspends
    /// the connection while it has nothing to send; the stream is retained until libmicrohttpd
    /// frees the response.
    static func streamResponse(_ stream: EventStream, connection: OpaquePointer) -> OpaquePointer? {
        stream.attach(to: connection)
        let context = Unmanaged.passRetained(stream).toOpaque()
        let response = notebook_mhd_stream_response(
            { context, _, buffer, max in
                guard let context, let buffer else { return notebook_mhd_end_of_stream() }
                let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
                return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
                    ?? notebook_mhd_end_of_stream()
            }, context,
            { context in
                guard let context else { return }
                Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue().unregister()
            })
        if response == nil {
            Unmanaged<EventStream>.fromOpaque(context).release()
            stream.unregister()
        }
        return response
    }
}
