import CMicroHTTPD
import Foundation
import NotebookFiles

/// Answers one request, from the files under a root folder or from the site published last (with
/// live reload); immutable, so shared by every thread of the server.
final class RequestHandler: Sendable {
    /// The real path of the root folder (symbolic links resolved); nil for a server of published sites.
    let root: String?
    /// The Host values answered; every other request is refused.
    let hosts: AllowedHosts
    /// The published sites and the live-reload state, for a server of published sites.
    let live: LiveReloadHub?
    /// An app's endpoints under `/_notebook/`, for a server of published sites.
    let endpoints: (any AppEndpoints)?

    init(root: String?, hosts: AllowedHosts, live: LiveReloadHub? = nil, endpoints: (any AppEndpoints)? = nil) {
        self.root = root
        self.hosts = hosts
        self.live = live
        self.endpoints = endpoints
    }

    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml", "webp": "image/webp", "ico": "image/x-icon",
        "pdf": "application/pdf", "txt": "text/plain; charset=utf-8", "avif": "image/avif", "bmp": "image/bmp",
        // The audio and video a note shows (`EmbeddedMedia`).
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg", "wav": "audio/wav",
        "flac": "audio/flac", "3gp": "audio/3gpp", "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "ogv": "video/ogg",
        "mov": "video/quicktime", "mkv": "video/x-matroska",
    ]

    /// The Content-Type of a file name, from its extension.
    static func contentType(for name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return "application/octet-stream" }
        return contentTypes[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// The response to a request that came to `port` with the Host header `host`, with live
    /// reload's additions when it is on; 400 without a Host, 403 for a Host not answered.
    /// `connection` gives an app's endpoints the headers they read; `upload` is a POST's body.
    func respond(
        method: String, target: String, host: String?, port: UInt16, connection: OpaquePointer? = nil, upload: UploadBuffer? = nil
    ) -> Response {
        switch hosts.check(host, port: port) {
        case .allowed: break
        case .missing: return Response.text(400, "Bad Request: the request must have exactly one Host header.\n")
        case .refused: return Self.hostRefused(host ?? "")
        }
        if let endpoints, let request = RequestPath(target), request.segments.count >= 2, request.segments[0] == "_notebook",
            endpoints.names.contains(request.segments[1])
        {
            return Self.appResponse(
                endpoints, method: method, segments: Array(request.segments.dropFirst()), origin: "http://" + (host ?? ""),
                connection: connection, upload: upload)
        }
        // The part of a file asked for, as a player seeking in audio or video asks; not when the
        // part is asked for only if the file is as it was (`If-Range`): files here have no version
        // to tell, and one may have changed since (the whole file is sent then, as RFC 9110 says).
        let range = connection.flatMap { connection in
            notebook_mhd_header(connection, "If-Range") == nil ? notebook_mhd_header(connection, "Range") : nil
        }.map { String(cString: $0) }
        guard let root else {
            return live.map { siteResponse(method: method, target: target, live: $0, range: range) } ?? Response.text(404, "Not Found\n")
        }
        return filesResponse(method: method, target: target, root: root, range: range)
    }

    /// The answer of an app's endpoint, given the headers and arguments it reads.
    static func appResponse(
        _ endpoints: any AppEndpoints, method: String, segments: [String], origin: String, connection: OpaquePointer?, upload: UploadBuffer?
    ) -> Response {
        var headers: [String: String] = [:]
        var arguments: [String: String] = [:]
        if let connection {
            for name in AppRequest.headerNames {
                if let value = notebook_mhd_header(connection, name) { headers[name] = String(cString: value) }
            }
            for name in AppRequest.argumentNames {
                if let value = notebook_mhd_argument(connection, name) { arguments[name] = String(cString: value) }
            }
        }
        let answer = endpoints.respond(
            to: AppRequest(
                method: method, segments: segments, headers: headers, arguments: arguments, body: upload?.bytes ?? [],
                bodyTooLarge: upload?.tooLarge ?? false, origin: origin))
        return Response(status: UInt32(answer.status), headers: answer.headers, body: .bytes(method == "HEAD" ? [] : answer.body))
    }

    /// The answer to a method other than GET and HEAD.
    static var methodNotAllowed: Response {
        var response = Response.text(405, "Method Not Allowed\n")
        response.headers.append(("Allow", "GET, HEAD"))
        return response
    }

    /// The response from the files of the folder `root`.
    func filesResponse(method: String, target: String, root: String, range: String? = nil) -> Response {
        guard method == "GET" || method == "HEAD" else { return Self.methodNotAllowed }
        guard let request = RequestPath(target), !request.hasBackslash else { return notFound(root: root) }
        let candidate = request.path.isEmpty ? root : root + "/" + request.path
        guard let real = inside(candidate, root: root) else { return notFound(root: root) }
        if FileSystem.isFolder(real) {
            guard request.endsWithSlash else { return Self.redirect(to: request.segments) }
            guard let index = inside(real + "/index.html", root: root), let response = Self.file(index, status: 200) else {
                return notFound(root: root)
            }
            return response
        }
        // A file is not a folder: `file.txt/` names nothing.
        guard !request.endsWithSlash else { return notFound(root: root) }
        return Self.file(real, status: 200, range: range) ?? notFound(root: root)
    }

    /// The redirect from a folder asked for without its trailing `/` to the folder.
    static func redirect(to segments: [String]) -> Response {
        let location = "/" + segments.map(Self.percentEncode).map { $0 + "/" }.joined()
        var response = Response.text(301, "Moved Permanently\n")
        response.headers.append(("Location", location))
        return response
    }

    /// The real path of `path` when it exists and lies inside `root`; nil otherwise.
    private func inside(_ path: String, root: String) -> String? {
        guard let real = FileSystem.resolve(path) else { return nil }
        guard real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        return real
    }

    /// The regular file at `path` (opened through no symbolic link) as the response, with these
    /// headers besides its Content-Type; nil when it cannot be opened. With a `Range` header
    /// (``ByteRange``), a found file is answered with the part asked for (206), or 416.
    static func file(_ path: String, status: UInt32, headers: [(String, String)]? = nil, range: String? = nil) -> Response? {
        guard let (descriptor, size) = FileSystem.openRegularFile(path) else { return nil }
        var headers = headers ?? [("Content-Type", Self.contentType(for: path))]
        guard status == 200 else { return Response(status: status, headers: headers, body: .file(descriptor: descriptor, size: UInt64(size))) }
        headers.append(("Accept-Ranges", "bytes"))
        switch ByteRange.asked(by: range, size: UInt64(size)) {
        case nil:
            return Response(status: status, headers: headers, body: .file(descriptor: descriptor, size: UInt64(size)))
        case .range(let part)?:
            headers.append(("Content-Range", "bytes \(part.offset)-\(part.offset + part.length - 1)/\(size)"))
            return Response(status: 206, headers: headers, body: .file(descriptor: descriptor, size: part.length, offset: part.offset))
        case .unsatisfiable?:
            close(descriptor)
            var refused = Response.text(416, "Range Not Satisfiable\n")
            refused.headers += [("Accept-Ranges", "bytes"), ("Content-Range", "bytes */\(size)")]
            return refused
        }
    }

    /// The answer to a request for another server's name (what a DNS-rebinding page sends): which
    /// Host was refused and how to allow it. Text, never HTML, as it repeats what the client sent.
    static func hostRefused(_ host: String) -> Response {
        let shown = String(host.prefix(200))
        let name = AllowedHosts.split(shown)?.name ?? "NAME"
        return Response.text(
            403,
            """
            Forbidden: this preview server does not answer for the Host "\(shown)" (so that other sites
            cannot read it through DNS rebinding). It answers only its own port, so a Host naming
            another port (a forwarded one, or none behind a proxy) is refused whatever its name. To
            allow another name, start it with --allowed-host \(name) (notebook serve --allowed-host \(name)).

            """)
    }

    /// The folder's `404.html` with status 404, or a short text.
    func notFound(root: String) -> Response {
        if let page = inside(root + "/404.html", root: root), let response = Self.file(page, status: 404) { return response }
        return Response.text(404, "Not Found\n")
    }

    /// The decoded, checked path segments of a request target as a folder on disk takes them (see
    /// `RequestPath`): nil with a backslash too.
    static func segments(of target: String) -> [String]? {
        RequestPath(target).flatMap { $0.hasBackslash ? nil : $0.segments }
    }

    /// Percent-encodes everything but unreserved characters.
    static func percentEncode(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// A response about to be queued.
struct Response {
    enum Body {
        case bytes([UInt8])
        /// `size` bytes of an open file from `offset`; libmicrohttpd closes it once sent.
        case file(descriptor: Int32, size: UInt64, offset: UInt64 = 0)
        /// A Server-Sent Events stream, of unknown length.
        case events(EventStream)
        /// A ready response of `site`, queued as it is: its headers are on it already.
        case ready(OpaquePointer, site: ServedSite)
    }

    var status: UInt32
    var headers: [(String, String)]
    var body: Body

    static func text(_ status: UInt32, _ text: String) -> Response {
        Response(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Array(text.utf8)))
    }

    /// Hands the response to libmicrohttpd, with the headers every response carries.
    func queue(on connection: OpaquePointer) -> MHD_Result {
        let response: OpaquePointer?
        switch body {
        case .bytes(let bytes):
            response = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let descriptor, let size, let offset):
            response = MHD_create_response_from_fd_at_offset64(size, descriptor, offset)
            if response == nil { close(descriptor) }
        case .events(let stream):
            response = Self.streamResponse(stream, connection: connection)
        case .ready(let ready, _):
            // Made once with its headers; the site that owns it lives at least as long as this value.
            return MHD_queue_response(connection, status, ready)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for (name, value) in headers + Self.common {
            _ = MHD_add_response_header(response, name, value)
        }
        return MHD_queue_response(connection, status, response)
    }

    /// No browser may keep or reuse a page: a rebuilt site is always seen.
    static let common: [(String, String)] = [
        ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
    ]
}
