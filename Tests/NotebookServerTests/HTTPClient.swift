import Foundation

/// A reply as read off the socket.
struct HTTPReply {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

enum ClientError: Error {
    case socket(Int32), connect(Int32), send(Int32), malformed(String)
}

/// A minimal HTTP/1.0 client on plain sockets, so the request line is sent exactly as written.
enum HTTPClient {
    static func connectSocket(port: UInt16, timeoutSeconds: Int = 5) throws -> Int32 {
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, type, 0)
        guard descriptor >= 0 else { throw ClientError.socket(errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(descriptor)
            throw ClientError.connect(error)
        }
        return descriptor
    }

    static func send(_ descriptor: Int32, _ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        for _ in 0..<1000 where sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw ClientError.send(errno) }
            sent += count
        }
    }

    /// Sends `method target HTTP/1.0` and reads the reply until the server closes.
    static func request(_ method: String, _ target: String, port: UInt16) throws -> HTTPReply {
        try request(method, target, port: port, headers: "Host: 127.0.0.1:\(port)\r\n")
    }

    /// Sends `method target version` with the header lines `headers` (each ending in CRLF; no
    /// Host unless given there) and reads the reply until the server closes.
    static func request(_ method: String, _ target: String, port: UInt16, headers: String, version: String = "HTTP/1.0")
        throws -> HTTPReply
    {
        let descriptor = try connectSocket(port: port)
        defer { close(descriptor) }
        try send(descriptor, "\(method) \(target) \(version)\r\n\(headers)\(version == "HTTP/1.1" ? "Connection: close\r\n" : "")\r\n")
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<100_000 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        return try parse(data)
    }

    static func parse(_ data: [UInt8]) throws -> HTTPReply {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var end: Int?
        if data.count >= 4 {
            for index in 0...(data.count - 4) where Array(data[index..<index + 4]) == separator {
                end = index
                break
            }
        }
        guard let end else { throw ClientError.malformed(String(decoding: data, as: UTF8.self)) }
        let head = String(decoding: data[..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw ClientError.malformed(head) }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPReply(status: status, headers: headers, body: Array(data[(end + 4)...]))
    }
}

enum StreamError: Error {
    case timedOut, closed, malformed(String)
}

/// Reads a Server-Sent Events stream incrementally over a raw socket, as a browser asks for it
/// (HTTP/1.1, so the body comes chunked).
final class EventStreamClient {
    let descriptor: Int32
    /// The status and headers (the body is read by `nextEvent`).
    private(set) var head: HTTPReply
    /// Bytes received and not yet decoded from their chunks.
    private var raw: [UInt8] = []
    /// Decoded stream text not yet returned.
    private var text: [UInt8] = []
    private let chunked: Bool
    private var ended = false

    /// Connects and reads the response head; every read waits at most `timeoutSeconds`. The
    /// request names `host` (default: 127.0.0.1 and the port) as its Host.
    init(port: UInt16, target: String = "/_notebook/events", host: String? = nil, timeoutSeconds: Int = 30) throws {
        descriptor = try HTTPClient.connectSocket(port: port, timeoutSeconds: timeoutSeconds)
        do {
            try HTTPClient.send(
                descriptor,
                "GET \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nAccept: text/event-stream\r\n\r\n")
            var data: [UInt8] = []
            while !Self.contains(data, Array("\r\n\r\n".utf8)) {
                data += try Self.receive(descriptor)
            }
            head = try HTTPClient.parse(data)
            raw = head.body
            head.body = []
            chunked = head.headers["transfer-encoding"]?.lowercased() == "chunked"
        } catch {
            Foundation.close(descriptor)
            throw error
        }
    }

    deinit {
        Foundation.close(descriptor)
    }

    /// The next event's lines (without the blank line that ends it); throws `StreamError.closed`
    /// at the end of the stream and `.timedOut` when nothing comes in time.
    func nextEvent() throws -> String {
        while true {
            decode()
            if let end = Self.find(text, Array("\n\n".utf8)) {
                let event = String(decoding: text[..<end], as: UTF8.self)
                text.removeFirst(end + 2)
                return event
            }
            if ended { throw StreamError.closed }
            let bytes = try Self.receive(descriptor)
            if bytes.isEmpty { ended = true }
            raw += bytes
        }
    }

    /// The data of the next message, skipping comments (pings) and events without data.
    func nextData() throws -> String {
        while true {
            let lines = try nextEvent().split(separator: "\n")
            if let data = lines.first(where: { $0.hasPrefix("data: ") }) { return String(data.dropFirst(6)) }
        }
    }

    /// Reads until the server ends the stream; throws `.timedOut` if it does not.
    func readToEnd() throws {
        while true {
            do { _ = try nextEvent() } catch StreamError.closed { return }
        }
    }

    /// Moves complete chunks (or everything, without chunking) from `raw` to `text`.
    private func decode() {
        guard chunked else {
            text += raw
            raw = []
            return
        }
        while let lineEnd = Self.find(raw, Array("\r\n".utf8)) {
            let sizeText = String(decoding: raw[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return }
            if size == 0 {
                ended = true
                raw = []
                return
            }
            guard raw.count >= lineEnd + 2 + size + 2 else { return }
            text += raw[(lineEnd + 2)..<(lineEnd + 2 + size)]
            raw.removeFirst(lineEnd + 2 + size + 2)
        }
    }

    /// Bytes from one recv; empty when the server closed.
    private static func receive(_ descriptor: Int32) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return Array(buffer[0..<count]) }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw StreamError.timedOut }
            if errno == ECONNRESET { return [] }
            throw ClientError.socket(errno)
        }
    }

    private static func find(_ data: [UInt8], _ needle: [UInt8]) -> Int? {
        guard data.count >= needle.count else { return nil }
        for index in 0...(data.count - needle.count) where data[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }

    private static func contains(_ data: [UInt8], _ needle: [UInt8]) -> Bool {
        find(data, needle) != nil
    }
}
