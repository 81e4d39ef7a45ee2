import Foundation
import Parallel

/// The order of notes everywhere (FORMATS.md section 6): date, newest first; undated notes after
/// dated ones; ties by title (case-insensitive, then exact), then path.
enum SiteOrder {
    /// What the order compares of a note, worked out once per note.
    struct Key: Hashable, Sendable {
        var date: String?
        var foldedTitle = ""
        var title = ""
        var path = ""

        init() {}

        init(date: String?, title: String, path: String) {
            self.date = SiteOrder.sortableDate(date)
            foldedTitle = title.lowercased()
            self.title = title
            self.path = path
        }
    }

    public static func precedes(_ a: SiteNote, _ b: SiteNote) -> Bool {
        precedes(a.orderKey, b.orderKey)
    }

    static func precedes(_ a: Key, _ b: Key) -> Bool {
        switch (a.date, b.date) {
        case (let x?, let y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if a.title != b.title { return a.foldedTitle == b.foldedTitle ? a.title < b.title : a.foldedTitle < b.foldedTitle }
        return a.path < b.path
    }

    /// `notes` in the site's order, sorted `workers` at a time; only indices move while sorting.
    static func sorted(_ notes: [SiteNote], workers: Int) -> [SiteNote] {
        // Compared in place: a key read out of the array is a copy that counts a reference to
        // each of its strings, four times two for every comparison.
        let order = notes.map(\.orderKey).withUnsafeBufferPointer { buffer in
            let keys = ParallelWork.Borrowed(buffer)
            return ParallelWork.sortedIndices(count: buffer.count, workers: workers) { precedes(keys.buffer[$0], keys.buffer[$1]) }
        }
        return order.map { notes[$0] }
    }

    /// A date as text that sorts in time order (``DateInstant``): `YYYY-MM-DD` gains a midnight
    /// time, and a time in a zone is the same instant in UTC.
    static func sortableDate(_ date: String?) -> String? {
        date.flatMap(DateInstant.sortable)
    }
}
