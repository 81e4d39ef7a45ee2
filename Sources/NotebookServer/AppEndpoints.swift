/// Endpoints an app adds under `/_notebook/` of a server of published sites (the editor's of
/// `notebook serve --edit`): the server checks the Host as for every request, reads the body of
/// a POST up to `bodyLimit`, and hands the request over.
public protocol AppEndpoints: Sendable {
    /// The first path segments after `/_notebook/` these endpoints answer (`edit`, `save`).
    var names: Set<String> { get }
    /// The most bytes a request's body may hold; a longer one is handed over with
    /// `bodyTooLarge` set and no body.
    var bodyLimit: Int { get }
    /// Whether the pages at these paths of the site get the app's button (the live-reload tag
    /// says so, and the script adds it).
    func marks(page path: String) -> Bool
    func respond(to request: AppRequest) -> AppResponse
}

/// A request to an app's endpoint.
public struct AppRequest: Sendable {
    public var method: String
    /// The path's segments after `/_notebook/`, decoded.
    public var segments: [String]
    /// The request headers the endpoints read, by lowercased name: `origin`, `cookie`,
    /// `content-type`, `x-notebook-token`, `sec-fetch-site`.
    public var headers: [String: String]
    /// The query arguments the endpoints read (`token`), as received.
    public var arguments: [String: String]
    public var body: [UInt8]
    public var bodyTooLarge: Bool
    /// The server's own origin as this request reached it: `http://` and its (allowed) Host.
    public var origin: String

    public init(
        method: String, segments: [String], headers: [String: String] = [:], arguments: [String: String] = [:], body: [UInt8] = [],
        bodyTooLarge: Bool = false, origin: String
    ) {
        self.method = method
        self.segments = segments
        self.headers = headers
        self.arguments = arguments
        self.body = body
        self.bodyTooLarge = bodyTooLarge
        self.origin = origin
    }

    /// The headers and arguments handed over; others are not read.
    static let headerNames = ["origin", "cookie", "content-type", "x-notebook-token", "sec-fetch-site"]
    static let argumentNames = ["token"]
}

/// An app endpoint's answer; the server adds `Cache-Control: no-store` and `nosniff`.
public struct AppResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Plain text.
    public static func text(_ status: Int, _ text: String) -> AppResponse {
        AppResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }
}

/// A request body being read, kept for the request by libmicrohttpd until it ends.
final class UploadBuffer {
    var bytes: [UInt8] = []
    var tooLarge = false
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func append(_ data: UnsafeRawBufferPointer) {
        guard !tooLarge else { return }
        guard bytes.count + data.count <= limit else {
            tooLarge = true
            bytes = []
            return
        }
        bytes.append(contentsOf: data)
    }
}
