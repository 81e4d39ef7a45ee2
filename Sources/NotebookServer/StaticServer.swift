import CMicroHTTPD
import Foundation
import NotebookFiles
import Synchronization

/// Why a server could not start.
public enum StaticServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another program already listens on the port.
    case portInUse(host: String, port: UInt16)
    /// The host is not an IPv4 or IPv6 address (or `localhost`).
    case invalidHost(String)
    /// The root folder does not exist or is not a folder.
    case invalidRoot(String)
    /// The daemon did not start for another reason.
    case cannotStart(host: String, port: UInt16)

    public var description: String {
        switch self {
        case .portInUse(let host, let port): "port \(port) is in use on \(host)"
        case .invalidHost(let host): "'\(host)' is not an IP address"
        case .invalidRoot(let root): "'\(root)' is not a folder"
        case .cannotStart(let host, let port): "cannot listen on \(host) port \(port)"
        }
    }
}

/// Serves a site over HTTP on one address: GET and HEAD only (and POST to an app's endpoints),
/// never anything outside it, never
/// cached by the browser, and only to requests whose `Host` names this server (`AllowedHosts`;
/// 403 otherwise, 400 without a Host). Either the files of a folder, read at each request, or the
/// sites the app publishes, from memory. Answers on a small pool of threads (as many as the
/// processors) that poll every connection with epoll, until `stop()`.
///
/// With live reload, pages carry a script that reloads them when `publish` announces a new build
/// (over Server-Sent Events at `/_notebook/events`), a failed build's page replaces every page
/// until a good one, and `/_notebook/build` gives the latest build report.
public final class StaticServer: Sendable {
    /// The folder served, as given; nil for a server of published sites.
    public let root: String?
    /// The address listened on.
    public let host: String
    /// The port listened on (the one the system chose when 0 was asked for).
    public let port: UInt16
    /// The `Host` values answered (with `port`).
    public let allowedHosts: AllowedHosts
    /// The most connections held at once; more wait until one closes.
    public let connectionLimit: UInt32

    private let handler: RequestHandler
    private let hub: LiveReloadHub
    private let daemon: Mutex<DaemonHandle?>

    /// Starts serving the files of the folder `root` on `host` and `port` (0: any free port),
    /// closing connections idle for `connectionTimeout` seconds (0: never); throws
    /// `StaticServerError`. Requests are answered for the Host names
    /// `AllowedHosts.serving(host:extra:)` gives, `allowedHosts` among them. The process's soft
    /// limit on open files is raised toward its hard limit, so that a thousand connections and
    /// more fit.
    public convenience init(
        root: String, host: String = "127.0.0.1", port: UInt16 = 8000, allowedHosts: [String] = [], connectionTimeout: UInt32 = 60
    ) throws {
        guard let realRoot = FileSystem.resolve(root), FileSystem.isFolder(realRoot) else {
            throw StaticServerError.invalidRoot(root)
        }
        try self.init(
            root: root, realRoot: realRoot, host: host, port: port, allowedHosts: allowedHosts, connectionTimeout: connectionTimeout,
            liveReload: false, pingInterval: .seconds(15), endpoints: nil)
    }

    /// Starts serving, from memory, the sites given to `publish(_:files:)` (none before the
    /// first), as the other initializer serves a folder; with `liveReload`, event streams get a
    /// ping every `pingInterval` (at most half the timeout). `endpoints` answer what they name
    /// under `/_notebook/`, POST included.
    public convenience init(
        host: String = "127.0.0.1", port: UInt16 = 8000, allowedHosts: [String] = [], connectionTimeout: UInt32 = 60,
        liveReload: Bool = true, pingInterval: Duration = .seconds(15), endpoints: (any AppEndpoints)? = nil
    ) throws {
        try self.init(
            root: nil, realRoot: nil, host: host, port: port, allowedHosts: allowedHosts, connectionTimeout: connectionTimeout,
            liveReload: liveReload, pingInterval: pingInterval, endpoints: endpoints)
    }

    private init(
        root: String?, realRoot: String?, host: String, port: UInt16, allowedHosts: [String], connectionTimeout: UInt32,
        liveReload: Bool, pingInterval: Duration, endpoints: (any AppEndpoints)?
    ) throws {
        guard let address = SocketAddress(host: host, port: port) else { throw StaticServerError.invalidHost(host) }
        var interval = max(pingInterval, .milliseconds(10))
        if connectionTimeout > 0 { interval = min(interval, .seconds(connectionTimeout) / 2) }
        let hub = LiveReloadHub(liveReload: liveReload && realRoot == nil, pingInterval: interval, endpoints: realRoot == nil ? endpoints : nil)
        let hosts = AllowedHosts.serving(host: host, extra: allowedHosts)
        let handler = RequestHandler(root: realRoot, hosts: hosts, live: realRoot == nil ? hub : nil, endpoints: realRoot == nil ? endpoints : nil)
        let context = Unmanaged.passUnretained(handler).toOpaque()
        let limit = DescriptorLimit.connections(for: DescriptorLimit.raise())
        let threads = UInt32(max(1, min(ProcessInfo.processInfo.activeProcessorCount, 16)))
        let started: OpaquePointer? = address.withSockaddr { pointer in
            notebook_mhd_start(
                pointer, address.isIPv6 ? 1 : 0, connectionTimeout, limit, threads,
                { context, connection, url, method, _, uploadData, uploadSize, requestState in
                    guard let context, let connection, let requestState, let uploadSize else { return .NO }
                    let handler = Unmanaged<RequestHandler>.fromOpaque(context).takeUnretainedValue()
                    let methodName = method.map { String(cString: $0) } ?? ""
                    // The first call only announces the request; answering on a later call keeps the
                    // connection alive. A POST's body is kept for an app's endpoints (up to their limit);
                    // any other body is read and dropped.
                    guard let state = requestState.pointee else {
                        if methodName == "POST", let limit = handler.endpoints?.bodyLimit {
                            requestState.pointee = Unmanaged.passRetained(UploadBuffer(limit: limit)).toOpaque()
                        } else {
                            requestState.pointee = context
                        }
                        return .YES
                    }
                    let upload = state == context ? nil : Unmanaged<UploadBuffer>.fromOpaque(state).takeUnretainedValue()
                    if uploadSize.pointee != 0 {
                        if let upload, let uploadData { upload.append(UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)) }
                        uploadSize.pointee = 0
                        return .YES
                    }
                    let response = handler.respond(
                        method: methodName, target: url.map { String(cString: $0) } ?? "",
                        host: notebook_mhd_host(connection).map { String(cString: $0) },
                        port: notebook_mhd_connection_port(connection), connection: connection, upload: upload)
                    return response.queue(on: connection)
                }, context,
                { context, _, requestState, _ in
                    // A request's body, kept until it ends.
                    guard let context, let requestState, let state = requestState.pointee, state != context else { return }
                    Unmanaged<UploadBuffer>.fromOpaque(state).release()
                    requestState.pointee = nil
                })
        }
        guard let started else {
            throw address.isInUse() ? StaticServerError.portInUse(host: host, port: port) : StaticServerError.cannotStart(host: host, port: port)
        }
        self.root = root
        self.host = host
        self.handler = handler
        self.hub = hub
        self.allowedHosts = hosts
        self.connectionLimit = limit
        self.port = port == 0 ? notebook_mhd_port(started) : port
        self.daemon = Mutex(DaemonHandle(pointer: started))
    }

    deinit {
        stop()
    }

    /// Whether the server still answers.
    public var isRunning: Bool {
        daemon.withLock { $0 != nil }
    }

    /// The latest status published (generation 0 before the first).
    public var buildStatus: BuildStatus {
        hub.status
    }

    /// Makes `status` the latest build's and, for a server of published sites, `files` the site
    /// served (the last one when nil: a failed build changes nothing), for every request at once;
    /// then announces the generation to every open event stream.
    public func publish(_ status: BuildStatus, files: SiteFiles? = nil) {
        hub.publish(status, files: files)
    }

    /// Closes the listening socket and every connection (ending event streams first), and waits
    /// for their threads to end. Calling it again does nothing.
    public func stop() {
        let handle = daemon.withLock { state -> DaemonHandle? in
            let handle = state
            state = nil
            return handle
        }
        guard let handle else { return }
        // A reader blocked in an event stream would keep MHD_stop_daemon waiting forever.
        hub.close()
        MHD_stop_daemon(handle.pointer)
    }

    /// The number of connections open now (0 once stopped).
    var connectionCount: Int {
        daemon.withLock { handle in handle.map { Int(notebook_mhd_connection_count($0.pointer)) } ?? 0 }
    }

    /// The number of event streams libmicrohttpd still holds.
    var eventStreamCount: Int {
        hub.streamCount
    }
}

/// The daemon pointer, moved between threads only under the server's lock.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// An IPv4 or IPv6 socket address.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool
    private let length: socklen_t

    init?(host: String, port: UInt16) {
        let host = host == "localhost" ? "127.0.0.1" : host
        var storage = sockaddr_storage()
        if host.contains(":") {
            let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, literal, &address.sin6_addr) == 1 else { return nil }
            withUnsafeBytes(of: address) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            isIPv6 = true
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
            withUnsafeBytes(of: address) { bytes in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            isIPv6 = false
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        self.storage = storage
    }

    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafeBytes(of: storage) { bytes in
            body(bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self))
        }
    }

    /// Whether binding this address fails because something listens there already.
    func isInUse() -> Bool {
        #if canImport(Glibc)
        let socketType = Int32(SOCK_STREAM.rawValue)
        #else
        let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, socketType, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let result = withSockaddr { bind(descriptor, $0, length) }
        return result != 0 && errno == EADDRINUSE
    }
}
