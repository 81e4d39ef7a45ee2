import Synchronization

/// The parts of pages that come out the same on every page: sections over one value that many
/// renders share, rendered once and then copied.
///
/// A site's pages all see the same `site` value, and a section such as `{{#site.palette}}…`
/// renders the same bytes on each of them as long as nothing inside it reads anything else. Give
/// every render that shares the value one instance (``MustacheLibrary/renderBytes(_:_:sharing:)-(String,_,_)``):
/// a section whose name starts with ``key`` is kept after its first render when every name inside
/// it was found in the section's own values or under ``key``, and when it holds no partial, block
/// or lambda; otherwise it renders each time. The output is the same either way.
///
/// An instance is only sound while every render given it has the same value under ``key`` at the
/// root: make a new one when that value changes.
public final class MustacheSharedParts: Sendable {
    /// The name, at the root of every context, whose value all the renders share.
    public let key: String

    struct Entry {
        /// Kept so that the node's identity cannot be reused by another while the entry exists.
        let section: SectionNode
        let indentation: String
        let pendingIndentation: String?
        let bytes: [UInt8]
        let pendingAfter: String?
    }

    private let entries = Mutex<[ObjectIdentifier: [Entry]]>([:])

    /// Parts shared by every render whose root has the same value under `key`.
    public init(key: String) { self.key = key }

    /// How many renderings of sections are kept.
    var count: Int { entries.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    func entry(for section: SectionNode, indentation: String, pendingIndentation: String?) -> Entry? {
        entries.withLock { entries in
            entries[ObjectIdentifier(section)]?.first {
                $0.indentation == indentation && $0.pendingIndentation == pendingIndentation
            }
        }
    }

    func keep(_ entry: Entry) {
        entries.withLock { entries in
            let id = ObjectIdentifier(entry.section)
            let known = entries[id] ?? []
            guard !known.contains(where: {
                $0.indentation == entry.indentation && $0.pendingIndentation == entry.pendingIndentation
            }) else { return }
            entries[id] = known + [entry]
        }
    }
}
