import CMicroHTTPD
import Foundation

/// Answers with live reload on: the /_notebook/ endpoints, pages with the reload script, the
/// failure page of a failed build, and the generation on every response.
extension RequestHandler {
    /// The response to a request with live reload on, for the build `live` knows of.
    func liveResponse(method: String, target: String, live: LiveReloadHub) -> Response {
        let status = live.status
        var response: Response
        if method == "GET" || method == "HEAD", let segments = Self.segments(of: target), segments.first == "_notebook" {
            response = endpoint(segments.dropFirst(), method: method, status: status, live: live) ?? notFound()
        } else {
            response = filesResponse(method: method, target: target)
        }
        // While a build is failed, a page that is not there (as after a first build that failed,
        // with nothing written yet) is the failure page too, so that the tab comes back.
        let missingPage = status.failurePage != nil && response.status == 404 && Self.isPagePath(target)
        if response.isHTML || missingPage { response = page(from: response, status: status) }
        response.headers.append(("X-Notebook-Generation", String(status.generation)))
        return response
    }

    /// The response of a /_notebook/ endpoint; nil for anything else under it.
    private func endpoint(_ path: ArraySlice<String>, method: String, status: BuildStatus, live: LiveReloadHub) -> Response? {
        switch Array(path) {
        case ["live-reload.js"]:
            return Response(
                status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")],
                body: .bytes(Array(LiveReloadScript.source.utf8)))
        case ["build"]:
            return Response(status: 200, headers: [("Content-Type", "application/json")], body: .bytes(Array(status.reportJSON.utf8)))
        case ["events"]:
            // A HEAD request gets the headers only: no stream is opened for it.
            return Response(
                status: 200, headers: [("Content-Type", "text/event-stream")],
                body: method == "HEAD" ? .bytes([]) : .events(live.openStream()))
        default:
            return nil
        }
    }

    /// Whether `target` names a page rather than a file: it ends with `/` or `.html`, or its last
    /// segment has no extension.
    static func isPagePath(_ target: String) -> Bool {
        guard let segments = segments(of: target), segments.first != "_notebook" else { return false }
        guard let last = segments.last, !last.isEmpty else { return true }
        return last.hasSuffix(".html") || !last.contains(".")
    }

    /// An HTML response as served with live reload: the build's failure page while the build is
    /// failed, else the page itself; with the reload script either way.
    private func page(from response: Response, status: BuildStatus) -> Response {
        var page = response
        if let failurePage = status.failurePage {
            response.discard()
            page = Response(status: 500, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(Array(failurePage.utf8)))
        }
        guard let html = page.loadBody() else { return Response.text(500, "Cannot read the page\n") }
        page.body = .bytes(LiveReloadScript.inject(generation: status.generation, into: html))
        return page
    }
}

extension Response {
    /// Whether the response is an HTML page.
    var isHTML: Bool {
        headers.contains { $0.0.lowercased() == "content-type" && $0.1.lowercased().hasPrefix("text/html") }
    }

    /// The whole body in memory (closing a file body); nil when a file cannot be read or the body
    /// is a stream. A file that shrank while being read (a rebuild writing it) gives what it had.
    func loadBody() -> [UInt8]? {
        switch body {
        case .bytes(let bytes):
            return bytes
        case .events:
            return nil
        case .file(let descriptor, let size):
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: Int(size))
            var filled = 0
            while filled < bytes.count {
                let count = bytes.withUnsafeMutableBytes { buffer in
                    read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { return nil }
                if count == 0 { break }
                filled += count
            }
            return Array(bytes[..<filled])
        }
    }

    /// Releases what the body holds when the response is not going to be queued.
    func discard() {
        switch body {
        case .bytes: break
        case .file(let descriptor, _): close(descriptor)
        case .events(let stream): stream.unregister()
        }
    }

    /// A libmicrohttpd response whose body is read from `stream`, blocking between events; the
    /// stream is retained until libmicrohttpd frees the response.
    static func streamResponse(_ stream: EventStream) -> OpaquePointer? {
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
