import CMicroHTTPD
import Foundation
import NotebookFiles

/// Answers one request from the files under a root folder; immutable, so shared by every
/// connection thread.
final class RequestHandler: Sendable {
    /// The real path of the root folder (symbolic links resolved).
    let root: String
    /// The Host values answered; every other request is refused.
    let hosts: AllowedHosts
    /// The live-reload state when live reload is on; nil serves the files alone.
    let live: LiveReloadHub?

    init(root: String, hosts: AllowedHosts, live: LiveReloadHub? = nil) {
        self.root = root
        self.hosts = hosts
        self.live = live
    }

    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml", "webp": "image/webp",
        "pdf": "application/pdf", "txt": "text/plain; charset=utf-8",
    ]

    /// The Content-Type of a file name, from its extension.
    static func contentType(for name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return "application/octet-stream" }
        return contentTypes[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// The response to a request that came to `port` with the Host header `host`, with live
    /// reload's additions when it is on; 400 without a Host, 403 for a Host not answered.
    func respond(method: String, target: String, host: String?, port: UInt16) -> Response {
        switch hosts.check(host, port: port) {
        case .allowed: break
        case .missing: return Response.text(400, "Bad Request: the request must have exactly one Host header.\n")
        case .refused: return Self.hostRefused(host ?? "")
        }
        guard let live else { return filesResponse(method: method, target: target) }
        return liveResponse(method: method, target: target, live: live)
    }

    /// The response from the files alone.
    func filesResponse(method: String, target: String) -> Response {
        guard method == "GET" || method == "HEAD" else {
            var response = Response.text(405, "Method Not Allowed\n")
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        guard let segments = Self.segments(of: target) else { return notFound() }
        let candidate = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")
        guard let real = inside(candidate) else { return notFound() }
        if FileSystem.isFolder(real) {
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            guard path.hasSuffix("/") else {
                let location = "/" + segments.map(Self.percentEncode).map { $0 + "/" }.joined()
                var response = Response.text(301, "Moved Permanently\n")
                response.headers.append(("Location", location))
                return response
            }
            guard let index = inside(real + "/index.html"), let response = file(index, status: 200) else {
                return notFound()
            }
            return response
        }
        return file(real, status: 200) ?? notFound()
    }

    /// The real path of `path` when it exists and lies inside the root; nil otherwise.
    private func inside(_ path: String) -> String? {
        guard let real = FileSystem.resolve(path) else { return nil }
        guard real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        return real
    }

    /// A regular file as the response, or nil when it cannot be opened.
    private func file(_ path: String, status: UInt32) -> Response? {
        guard let (descriptor, size) = FileSystem.openRegularFile(path) else { return nil }
        return Response(
            status: status, headers: [("Content-Type", Self.contentType(for: path))],
            body: .file(descriptor: descriptor, size: UInt64(size)))
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
            cannot read it through DNS rebinding). To allow this name, start it with
            --allowed-host \(name) (notebook serve --allowed-host \(name)).

            """)
    }

    /// The site's `404.html` with status 404, or a short text.
    func notFound() -> Response {
        if let page = inside(root + "/404.html"), let response = file(page, status: 404) { return response }
        return Response.text(404, "Not Found\n")
    }

    /// The decoded, checked path segments of a request target; nil for anything that could lead
    /// outside the root or is not a plain path: `..`, backslashes, NUL, bad escapes.
    static func segments(of target: String) -> [String]? {
        var path = Substring(target)
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        if let fragment = path.firstIndex(of: "#") { path = path[..<fragment] }
        guard path.hasPrefix("/") else { return nil }
        var bytes: [UInt8] = []
        let raw = Array(path.utf8)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2]) else {
                    return nil
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        guard !bytes.contains(0), !bytes.contains(UInt8(ascii: "\\")) else { return nil }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { return nil }
        var segments: [String] = []
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == ".." { return nil }
            segments.append(String(segment))
        }
        return segments
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
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
        /// An open file; libmicrohttpd closes it once sent.
        case file(descriptor: Int32, size: UInt64)
        /// A Server-Sent Events stream, of unknown length.
        case events(EventStream)
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
        case .file(let descriptor, let size):
            response = MHD_create_response_from_fd64(size, descriptor)
            if response == nil { close(descriptor) }
        case .events(let stream):
            response = Self.streamResponse(stream)
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
