import Bytes
import NotebookModel

/// Escaping for HTML text, attributes and URLs, byte for byte as libcmark-gfm does it.
public enum HTMLEscaping {
    /// The opening tag of a wikilink to `target` that leads nowhere: it looks it (the themes'
    /// `wikilink-unresolved`) and says why on hover; a link that is not one (`aria-disabled`),
    /// reached with Tab or a tap like any, where the themes show why beside it.
    public static func unresolvedWikilinkOpening(_ target: String) -> String {
        let escaped = escape(target)
        return "<a class=\"wikilink wikilink-unresolved\" data-target=\"\(escaped)\" title=\"Not found in this notebook: \(escaped)\" "
            + "role=\"link\" aria-disabled=\"true\" tabindex=\"0\">"
    }

    /// Text or an attribute value: `&`, `<`, `>` and `"` as entities.
    public static func escape(_ text: String) -> String {
        escape(text, apostrophe: false)
    }

    /// The same, and with `apostrophe` `'` too, as a template's `{{name}}` writes it.
    public static func escape(_ text: String, apostrophe: Bool) -> String {
        text.withBorrowedUTF8 { bytes in
            // Most text has nothing to escape: it is given back as it is. Else what precedes the
            // first entity is copied whole, and the scan goes on from there.
            let first = EscapedBytes.first(in: bytes, from: 0, apostrophe: apostrophe)
            guard first < bytes.count else { return text }
            var out = UTF8Builder(capacity: bytes.count + 16)
            out.append(UnsafeBufferPointer(rebasing: bytes[..<first]))
            append(UnsafeBufferPointer(rebasing: bytes[first...]), into: &out, apostrophe: apostrophe)
            return out.string
        }
    }

    /// Appends `text` to `out` as ``escape(_:)`` gives it; runs between entities are copied whole.
    public static func escape(_ text: String, into out: inout UTF8Builder) {
        text.withBorrowedUTF8 { append($0, into: &out) }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout UTF8Builder, apostrophe: Bool = false) {
        EscapedBytes.escape(bytes, apostrophe: apostrophe) { out.append($0) } entity: { name in
            out.append(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
    }

    /// A URL for an `href` or `src`: characters that are not safe in a URL percent-encoded,
    /// `&` and `'` as entities (libcmark-gfm's `houdini_escape_href`).
    public static func escapeURL(_ url: String) -> String {
        // Most URLs have nothing to escape: they are given back as they are.
        if url.utf8.allSatisfy(isSafeInURL) { return url }
        var out = [UInt8]()
        out.reserveCapacity(url.utf8.count + 8)
        for byte in url.utf8 {
            if isSafeInURL(byte) {
                out.append(byte)
            } else if byte == UInt8(ascii: "&") {
                out.append(contentsOf: "&amp;".utf8)
            } else if byte == UInt8(ascii: "'") {
                out.append(contentsOf: "&#x27;".utf8)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    /// Whether each byte stays as it is in a URL: letters, digits and `-_.+!*(),%#@?=;:/$~`.
    private static let safeInURL: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-_.+!*(),%#@?=;:/$~".utf8.contains(byte)
        }
    }

    private static func isSafeInURL(_ byte: UInt8) -> Bool { safeInURL[Int(byte)] }

    /// Raw HTML with GitHub's tag filter: `<` of `script`, `style`, `iframe`, `textarea`,
    /// `title`, `xmp`, `noembed`, `noframes` and `plaintext` tags written as `&lt;`.
    public static func filterTags(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard bytes.contains(UInt8(ascii: "<")) else { return html }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "<") && isFilteredTag(bytes, at: i + 1) {
                out.append(contentsOf: "&lt;".utf8)
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let filteredTags = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
        .map { Array($0.utf8) }

    private static func isFilteredTag(_ bytes: [UInt8], at start: Int) -> Bool {
        var i = start
        if i < bytes.count && bytes[i] == UInt8(ascii: "/") { i += 1 }
        for tag in filteredTags {
            guard i + tag.count <= bytes.count else { continue }
            let matches = zip(bytes[i..<(i + tag.count)], tag).allSatisfy { a, b in a | 0x20 == b }
            guard matches else { continue }
            let end = i + tag.count
            if end == bytes.count { return false }
            let next = bytes[end]
            if next == UInt8(ascii: ">") || next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0x0C {
                return true
            }
            if next == UInt8(ascii: "/") && end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: ">") { return true }
        }
        return false
    }
}
