import Bytes
import NotebookFiles
import Foundation

/// The site's URLs under its base URL, which may carry a path (`https://example.org/notes/`).
public struct SiteURLs: Hashable, Sendable {
    /// The base URL as configured, ending in `/`.
    public let base: String
    /// The base's path, such as `/notes/`; `/` at the root.
    public let basePath: String
    /// Whether the base URL has a scheme and a host, as a feed's ids and a sitemap's entries need.
    public let isAbsolute: Bool

    public init(baseURL: String) {
        var base = baseURL.isEmpty ? "/" : baseURL
        if !base.hasSuffix("/") { base += "/" }
        self.base = base
        isAbsolute = base.contains("://")
        if let schemeEnd = base.range(of: "://") {
            let afterHost = base[schemeEnd.upperBound...].firstIndex(of: "/") ?? base.endIndex
            basePath = afterHost == base.endIndex ? "/" : String(base[afterHost...])
        } else {
            basePath = base.hasPrefix("/") ? base : "/" + base
        }
    }

    /// Why `text` cannot be a base URL, or nil when it can: an `http` or `https` URL with a host,
    /// or a path from the site's root (`/`, `/notes/`), which only links on the site can use.
    public static func problem(withBaseURL text: String) -> String? {
        let hint = "write an absolute URL such as https://example.org/ or a path such as /"
        let forbidden = { (scalar: Unicode.Scalar) in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isWhitespace || "\"<>\\^`{|}".unicodeScalars.contains(scalar)
        }
        if text.unicodeScalars.contains(where: forbidden) {
            return "baseURL '\(text)' is not a URL: it holds a space or a character a URL cannot; \(hint)"
        }
        if text.hasPrefix("/") && !text.hasPrefix("//") { return nil }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil, components.user == nil, components.password == nil,
            components.port.map({ (1...65535).contains($0) }) ?? true
        else {
            return "baseURL '\(text)' is not a URL; \(hint)"
        }
        return nil
    }

    /// A site path (`/cooking/pancakes/`) as a link on the site (`/notes/cooking/pancakes/`).
    public func link(_ path: String) -> String {
        // A path that starts with one `/` (nearly every one) is its own link at the root, and
        // the base's path and its bytes after the slash elsewhere, copied once.
        if Self.startsWithOneSlash(path) {
            if basePath == "/" { return path }
            return basePath.withBorrowedUTF8 { base in
                path.withBorrowedUTF8 { String(joiningBytes: base, UnsafeBufferPointer(rebasing: $0.dropFirst())) }
            }
        }
        return basePath + Self.withoutLeadingSlashes(path)
    }

    /// Whether `path` starts with a `/` that ``withoutLeadingSlashes(_:)`` would take away alone:
    /// followed by nothing, or by an ASCII byte other than `/`.
    static func startsWithOneSlash(_ path: String) -> Bool {
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return false }
        guard let second = bytes.next() else { return true }
        return second != UInt8(ascii: "/") && second < 0x80
    }

    /// A site path as an absolute URL, for feeds and sitemaps; a path when the base has no host.
    public func absolute(_ path: String) -> String {
        isAbsolute ? base + Self.withoutLeadingSlashes(path) : link(path)
    }

    /// `path` without the `/` characters it starts with. Over the bytes: a `/` followed by an
    /// ASCII byte (or by nothing) is a character of its own; any other is left to `Character`.
    static func withoutLeadingSlashes(_ path: String) -> Substring {
        let utf8 = path.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex, utf8[start] == UInt8(ascii: "/") {
            let next = utf8.index(after: start)
            guard next == utf8.endIndex || utf8[next] < 0x80 else { return path[start...].drop { $0 == "/" } }
            start = next
        }
        return path[start...]
    }

    /// The site path of a file beside the notes: its folders slugged, its name kept.
    /// A site path (`/pics/a b#1.png`) as a URL's path: `%`, `#` and `?` in its names
    /// percent-encoded (`/pics/a b%231.png`), so that a file's name is all of its path; the
    /// page escapes the rest as it writes it.
    public static func urlPath(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) else { return path }
        var out = ""
        out.reserveCapacity(path.utf8.count + 8)
        for character in path.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "#": out += "%23"
            case "?": out += "%3F"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    public static func filePath(_ relativePath: String) -> String {
        var segments = PathSegments.of(relativePath).map(String.init)
        let name = segments.popLast() ?? relativePath
        let folders = segments.map(Slug.make).filter { !$0.isEmpty }
        return "/" + (folders + [name]).joined(separator: "/")
    }
}

import NotebookModel
