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
        let descriptor = try connectSocket(port: port)
        defer { close(descriptor) }
        try send(descriptor, "\(method) \(target) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
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
