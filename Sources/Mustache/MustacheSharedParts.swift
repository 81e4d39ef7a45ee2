import Synchronization

/// The parts of pages that come out the same on every page: sections over values that many
/// renders share, rendered once and then copied.
///
/// Give every render that shares them one instance
/// (``MustacheLibrary/renderBytes(_:_:sharing:)-(String,_,_)``). Two kinds of section are kept
/// after their first render:
/// - a section at the top whose name starts with ``key``: a site's pages all see the same `site`
///   value, and `{{#site.palette}}…` renders the same bytes on each;
/// - one pass of any section over an object whose fields carry a ``MustacheFields/sharedKey``:
///   the card of a note that every list showing the note shows the same way.
///
/// A rendering is kept only when every name read inside it was found in the section's own values
/// or under ``key``, and when it holds no parent, block, dynamic partial or lambda; otherwise it
/// renders each time. The output is the same either way.
///
/// An instance is only sound while every render given it has the same value under ``key`` at the
/// root, and fields with the same shared key are the same: make a new one when either changes.
public final class MustacheSharedParts: Sendable {
    /// The name, at the root of every context, whose value all the renders share.
    public let key: String

    /// What a kept section's bytes depend on besides the shared values.
    struct Key: Hashable {
        let section: ObjectIdentifier
        /// The shared key of the item the section was rendered for; nil for a section over `key`.
        let item: String?
        let indentation: String
        let pendingIndentation: String?
        /// How deep the section sat: deeper, it could have passed the renderer's limits.
        let level: Int
        let depth: Int
    }

    struct Entry {
        /// Kept so that the node's identity cannot be reused by another while the entry exists.
        let section: SectionNode
        let bytes: [UInt8]
        let pendingAfter: String?
    }

    /// The kept renderings, spread over shards by their key's hash so that workers rendering
    /// pages at once seldom wait for the same lock: every page looks up many cards.
    private let shards: [Shard]

    /// One lock and the renderings whose keys hash to it.
    private final class Shard: Sendable {
        let entries = Mutex<[Key: Entry]>([:])
    }

    /// Parts shared by every render whose root has the same value under `key`.
    public init(key: String) {
        self.key = key
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    private static let shardCount = 64

    private func shard(for key: Key) -> Shard {
        shards[Int(UInt(bitPattern: key.hashValue) % UInt(Self.shardCount))]
    }

    /// How many renderings of sections are kept.
    var count: Int { shards.reduce(0) { total, shard in total + shard.entries.withLock { $0.count } } }

    func entry(for key: Key) -> Entry? {
        shard(for: key).entries.withLock { $0[key] }
    }

    func keep(_ entry: Entry, for key: Key) {
        shard(for: key).entries.withLock { entries in
            if entries[key] == nil { entries[key] = entry }
        }
    }
}
