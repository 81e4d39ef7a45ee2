import Foundation

/// The `Host` header values a server answers: its own names and addresses with its port, and
/// nothing else. A web page whose name was made to resolve to this machine (DNS rebinding) sends
/// its own name as the Host, so it is refused and cannot read what the server serves.
///
/// Names compare without case and without a trailing dot; IP addresses compare as addresses
/// (`[0:0::1]` is `[::1]`). A name given with a leading dot (`.example.test`) also admits every
/// name under it.
public struct AllowedHosts: Sendable, Equatable {
    /// The names and addresses answered, normalized (see `normalize`).
    public let names: Set<String>

    /// Answers `names` (normalized here).
    public init(names: [String]) {
        self.names = Set(names.map(Self.normalize))
    }

    /// What a server bound to `host` answers: `localhost`, `127.0.0.1`, `[::1]`, the bound address
    /// and `extra` (the names a user allowed); bound elsewhere than loopback, also the machine's
    /// own addresses.
    public static func serving(host: String, extra: [String] = [], machineAddresses: () -> [String] = localAddresses)
        -> AllowedHosts
    {
        var names = ["localhost", "127.0.0.1", "::1", host] + extra
        if !isLoopback(host) { names += machineAddresses() }
        return AllowedHosts(names: names)
    }

    /// What a request's Host says of it.
    public enum Verdict: Equatable, Sendable {
        case allowed
        /// No Host header (or an empty one).
        case missing
        /// A Host naming another server, another port, or not a host at all.
        case refused
    }

    /// The verdict on a request to `port` whose Host header is `header` (nil: none). The Host must
    /// name that port, or none when it is 80.
    public func check(_ header: String?, port: UInt16) -> Verdict {
        if let header, admitsAsWritten(header, port: port) { return .allowed }
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return .missing }
        guard let (name, requestedPort) = Self.split(header), requestedPort == port else { return .refused }
        return admits(Self.normalize(name)) ? .allowed : .refused
    }

    /// Whether `header` is `NAME:PORT` or `[NAME]:PORT` with a name of the set exactly as it
    /// stands there (lowercased, canonical): what browsers and tools send, told without parsing.
    private func admitsAsWritten(_ header: String, port: UInt16) -> Bool {
        let bytes = header.utf8
        guard let colon = bytes.lastIndex(of: UInt8(ascii: ":")) else { return false }
        var value: UInt32 = 0
        var digits = 0
        for byte in bytes[bytes.index(after: colon)...] {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 5 else { return false }
            value = value * 10 + UInt32(byte - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits > 0, value == UInt32(port) else { return false }
        var name = header[..<colon]
        if name.utf8.first == UInt8(ascii: "[") {
            guard name.utf8.count > 2, name.utf8.last == UInt8(ascii: "]") else { return false }
            name = name.dropFirst().dropLast()
        } else if name.utf8.contains(UInt8(ascii: ":")) {
            return false
        }
        return names.contains(String(name))
    }

    private func admits(_ name: String) -> Bool {
        if names.contains(name) { return true }
        return names.contains { $0.hasPrefix(".") && ($0.dropFirst() == name || name.hasSuffix($0)) }
    }

    /// The name and port of a Host value (`name`, `name:port`, `[v6]`, `[v6]:port`; 80 when no
    /// port is given); nil when it is none of these.
    static func split(_ header: String) -> (name: String, port: UInt16)? {
        var name = Substring(header)
        var portText: Substring = ""
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            name = header[header.index(after: header.startIndex)..<close]
            let rest = header[header.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portText = rest.dropFirst()
        } else if let colon = header.firstIndex(of: ":") {
            name = header[..<colon]
            portText = header[header.index(after: colon)...]
        }
        guard !name.isEmpty, !name.contains(where: { $0 == "/" || $0 == "@" || $0 == "[" || $0 == "]" || $0.isWhitespace })
        else { return nil }
        // A bare IPv6 address has colons of its own: it must be in brackets.
        guard header.hasPrefix("[") || !portText.contains(":") else { return nil }
        if portText.isEmpty { return (String(name), 80) }
        guard portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber), let port = UInt16(portText) else { return nil }
        return (String(name), port)
    }

    /// A name as compared: lowercased, without brackets and one trailing dot, an IP address in
    /// its canonical text form.
    public static func normalize(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        return canonicalAddress(name) ?? name
    }

    /// Whether `name` can be given as an allowed host: a host name or an IP address, without a
    /// port, a path or spaces.
    public static func isValidName(_ name: String) -> Bool {
        let bare = normalize(name)
        guard !bare.isEmpty, bare != "." else { return false }
        if canonicalAddress(bare) != nil { return true }
        return !bare.contains { $0 == ":" || $0 == "/" || $0 == "@" || $0 == "[" || $0 == "]" || $0.isWhitespace }
    }

    /// Whether `host` is a loopback address (or `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        let name = normalize(host)
        return name == "localhost" || name == "::1" || name.hasPrefix("127.") && canonicalAddress(name) != nil
    }

    /// The canonical text of an IPv4 or IPv6 address; nil when `text` is neither.
    static func canonicalAddress(_ text: String) -> String? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return addressText(family: AF_INET, &v4) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return addressText(family: AF_INET6, &v6) }
        return nil
    }

    private static func addressText(family: Int32, _ address: UnsafeRawPointer) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The IPv4 and IPv6 addresses of this machine's network interfaces.
    public static func localAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    var value = pointer.pointee.sin_addr
                    if let text = addressText(family: AF_INET, &value) { addresses.append(text) }
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    var value = pointer.pointee.sin6_addr
                    if let text = addressText(family: AF_INET6, &value) { addresses.append(text) }
                }
            default:
                break
            }
        }
        return addresses
    }
}
