import Bytes
import NotebookModel

/// Escaping for XML text and attribute values.
enum XMLText {
    /// `text` escaped for XML 1.0, with every character its `Char` production does not allow
    /// (C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF) replaced by
    /// U+FFFD, so that any parser reads the document whatever the notes hold.
    static func escape(_ text: String) -> String {
        // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8.
        // Read in place: through the view's generic `contains`, a sitemap's URL took about a
        // thousand instructions to say it needs nothing.
        let needed = text.withBorrowedUTF8 { bytes in
            bytes.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 || $0 == 0xEF }
        }
        guard needed else { return text }
        var out = UTF8Builder(capacity: text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append("&amp;")
            case "<": out.append("&lt;")
            case ">": out.append("&gt;")
            case "\"": out.append("&quot;")
            case "'": out.append("&apos;")
            case "\t", "\n", "\r": out.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out.append("\u{FFFD}" as Unicode.Scalar)
            default: out.append(scalar)
            }
        }
        return out.string
    }

    /// A note's date as an RFC 3339 timestamp, for feeds and sitemaps.
    static func timestamp(_ date: String) -> String {
        guard date.count > 10 else { return date + "T00:00:00Z" }
        let normalized = date.replacingOccurrences(of: " ", with: "T")
        let time = normalized.dropFirst(11)
        let hasZone = time.hasSuffix("Z") || time.contains("+") || time.contains("-")
        let withSeconds = time.count == 5 ? normalized + ":00" : normalized
        return hasZone ? withSeconds : withSeconds + "Z"
    }
}

import Foundation
