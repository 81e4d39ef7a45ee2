import Foundation

/// The order of notes everywhere (FORMATS.md section 6): date, newest first; undated notes after
/// dated ones; ties by title, then path.
public enum SiteOrder {
    public static func precedes(_ a: SiteNote, _ b: SiteNote) -> Bool {
        switch (sortableDate(a.metadata.date), sortableDate(b.metadata.date)) {
        case (let x?, let y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if a.title != b.title { return a.title.lowercased() == b.title.lowercased() ? a.title < b.title : a.title.lowercased() < b.title.lowercased() }
        return a.relativePath < b.relativePath
    }

    /// A date as text that sorts in time order: `YYYY-MM-DD` gains a midnight time.
    static func sortableDate(_ date: String?) -> String? {
        guard let date, date.count >= 10 else { return nil }
        return date.count == 10 ? date + "T00:00:00" : date.replacingOccurrences(of: " ", with: "T")
    }
}
