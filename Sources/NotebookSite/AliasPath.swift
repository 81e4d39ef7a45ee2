import Foundation
import NotebookModel

/// The site path an alias (`aliases:` in front matter) redirects from, normalized: `//` collapsed,
/// `.` and `..` resolved, percent-encoding decoded, `/x/index.html` taken as `/x/`. A path that
/// does not end in `.html` is a folder (`/old/post` is `/old/post/`); `/x.html` stays a file.
enum AliasPath {
    /// Why an alias is not a place on the site.
    enum Failure: Error, Equatable {
        /// Empty, a URL with a scheme or host, a query or fragment, bad percent-encoding or a control character.
        case notASitePath
        /// More `..` than segments before them.
        case leavesTheSite
    }

    /// Whether an alias is a URL (it starts with `/`, or `.` as a relative path does, or with a
    /// scheme, as an address elsewhere does, which is an error) rather than a name.
    static func isURL(_ alias: String) -> Bool {
        let trimmed = alias.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("/") && !trimmed.hasPrefix(".") else { return true }
        // `Re: minutes` is a name; `https://…` and `mailto:…` are addresses.
        return hasScheme(trimmed) && (trimmed.contains("://") || Link.scheme(of: trimmed).map(addressSchemes.contains) == true)
    }

    private static let addressSchemes: Set<String> = ["mailto", "tel", "javascript", "data", "file", "vbscript"]

    /// The site path of the page that redirects to `note` for `alias`.
    static func redirect(of alias: String, for note: SiteNote) -> Result<String, Failure>? {
        redirect(of: alias, folder: note.folder, noteURL: note.url)
    }

    /// The site path of the page that redirects to the note at `noteURL`, in the folder at
    /// `folder`, for `alias`: a URL alias normalized; for a name, the folder and the name's slug,
    /// as Quartz places it (nil when the name has no slug or the path is the note's own).
    static func redirect(of alias: String, folder: String, noteURL: String) -> Result<String, Failure>? {
        if isURL(alias) { return normalize(alias) }
        let slug = Slug.make(alias)
        guard !slug.isEmpty else { return nil }
        let path = folder + slug + "/"
        return path == noteURL ? nil : .success(path)
    }

    static func normalize(_ alias: String) -> Result<String, Failure> {
        let trimmed = alias.trimmingCharacters(in: .whitespaces)
        // A relative path (`./old`, `.hidden`) says from where nowhere: only a path from the site's root is one.
        guard trimmed.hasPrefix("/") || trimmed.isEmpty else { return .failure(trimmed.hasPrefix("..") ? .leavesTheSite : .notASitePath) }
        guard !trimmed.isEmpty, !trimmed.hasPrefix("//"), !trimmed.contains("?"), !trimmed.contains("#"), !hasScheme(trimmed),
            !trimmed.contains("\\"), let decoded = percentDecoded(trimmed),
            // `%5C` is a backslash too once decoded: a folder named `\\x` is where no browser goes.
            !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\\" })
        else { return .failure(.notASitePath) }
        var segments: [Substring] = []
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts {
            switch part {
            case "", ".": continue
            case "..":
                guard segments.popLast() != nil else { return .failure(.leavesTheSite) }
            default: segments.append(part)
            }
        }
        let last = parts.last ?? ""
        var isFolder = last.isEmpty || last == "." || last == ".." || !last.hasSuffix(".html")
        if !isFolder, segments.last == "index.html" {
            segments.removeLast()
            isFolder = true
        }
        let joined = "/" + segments.joined(separator: "/")
        return .success(isFolder && !segments.isEmpty ? joined + "/" : joined)
    }

    /// Whether `text` starts with a URL scheme such as `https:` or `mailto:`.
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII
        else { return false }
        return text[..<colon].unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789+.-".unicodeScalars.contains($0)) }
    }

    /// `text` with `%XX` escapes decoded as UTF-8; nil for a malformed escape or bytes that are not UTF-8.
    private static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = utf8.prefix(2)
            guard digits.count == 2, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
