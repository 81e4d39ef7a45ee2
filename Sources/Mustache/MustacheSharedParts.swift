import Synchronization

/// The parts of pages that come out the same on every page: sections and partials over values that
/// many renders share, rendered once and then copied.
///
/// Give every render that shares them one instance
/// (``MustacheLibrary/renderBytes(_:_:sharing:)-(String,_,_)``). Three kinds of part are kept
/// after their first render:
/// - a section at the top whose name starts with ``key``: a site's pages all see the same `site`
///   value, and `{{#site.palette}}…` renders the same bytes on each;
/// - a partial at the top that reads nothing but ``key``'s values: a site's header, say;
/// - one pass of any section over an object whose fields carry a ``MustacheFields/sharedKey``:
///   the card of a note that every list showing the note shows the same way.
///
/// A rendering is kept only when every name read inside it was found in the section's own values
/// or under ``key``, and when it holds no parent, block, dynamic partial or lambda; otherwise it
/// renders each time. The output is the same either way.
///
/// An instance is only sound while every render given it has the same value under ``key`` at the
/// root, and fields with the same shared key are the same: make a new one when either changes.
/// Sendable: everything it holds is behind its locks, or never written after it is kept.
public final class MustacheSharedParts: @unchecked Sendable {
    /// The name, at the root of every context, whose value all the renders share.
    public let key: String

    /// What a kept part's bytes depend on besides the shared values.
    struct Key: Hashable {
        /// The section or partial tag.
        let node: ObjectIdentifier
        /// The shared key of the item the section was rendered for; nil for a section over `key`
        /// or a partial.
        let item: String?
        let indentation: String
        let pendingIndentation: String?
        /// How deep the section sat: deeper, it could have passed the renderer's limits.
        let level: Int
        let depth: Int
        /// The hash of the node, the item and the level alone (the indentations are nearly always
        /// empty, and hashing them cost as much as the rest; equality still compares them), worked
        /// out once: the shard is chosen by it, and the shard's table hashes it again.
        let hash: Int

        init(node: ObjectIdentifier, item: String?, indentation: String, pendingIndentation: String?, level: Int, depth: Int) {
            self.node = node
            self.item = item
            self.indentation = indentation
            self.pendingIndentation = pendingIndentation
            self.level = level
            self.depth = depth
            var hasher = Hasher()
            hasher.combine(node)
            hasher.combine(item)
            hasher.combine(level)
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    /// A part as the renderers read it: copied out of its shard without a reference count, since
    /// the workers rendering pages at once all read the same parts (counting references to them
    /// from two cores cost more than copying their bytes).
    /// Sendable: its bytes are never written after they are kept, and live as long as the instance.
    struct Entry: @unchecked Sendable {
        /// What it renders, in memory the instance holds until it goes; nil for a part that read
        /// more than the shared values, rendered each time.
        let bytes: UnsafeBufferPointer<UInt8>?
        let pendingAfter: String?
    }

    /// What one lock guards: the renderings whose keys hash to it, with the nodes they were kept
    /// for (held so that a node's identity cannot be reused by another while its entries exist).
    private typealias Held = (entries: [Key: Entry], nodes: [any AnyObject & Sendable])

    /// The kept renderings, spread over shards by their key's hash so that workers rendering
    /// pages at once seldom wait for the same lock: every page looks up many cards. The locks lie
    /// in memory of their own, reached without counting a reference (a shard that was an object
    /// had its count moved between the cores at every look-up).
    private let shards: UnsafeMutablePointer<Mutex<Held>>

    /// Parts shared by every render whose root has the same value under `key`.
    public init(key: String) {
        self.key = key
        shards = .allocate(capacity: Self.shardCount)
        for index in 0..<Self.shardCount { (shards + index).initialize(to: Mutex(([:], []))) }
    }

    deinit {
        for index in 0..<Self.shardCount {
            shards[index].withLock { held in
                for entry in held.entries.values { entry.bytes?.deallocate() }
            }
        }
        shards.deinitialize(count: Self.shardCount)
        shards.deallocate()
    }

    private static let shardCount = 64

    private func shardIndex(for key: Key) -> Int {
        Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))
    }

    /// How many renderings of sections and partials are kept.
    var count: Int {
        (0..<Self.shardCount).reduce(0) { total, index in total + shards[index].withLock { $0.entries.values.count { $0.bytes != nil } } }
    }

    func entry(for key: Key) -> Entry? {
        shards[shardIndex(for: key)].withLock { $0.entries[key] }
    }

    /// Keeps what `node` rendered for `key` (a copy of `bytes`; nil for a part rendered each time),
    /// unless a rendering is kept for it already.
    func keep(_ bytes: UnsafeBufferPointer<UInt8>?, pendingAfter: String?, of node: any AnyObject & Sendable, for key: Key) {
        shards[shardIndex(for: key)].withLock { held in
            guard held.entries[key] == nil else { return }
            var copy: UnsafeBufferPointer<UInt8>? = nil
            if let bytes {
                let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
                _ = buffer.initialize(from: bytes)
                copy = UnsafeBufferPointer(rebasing: buffer[..<bytes.count])
            }
            held.entries[key] = Entry(bytes: copy, pendingAfter: pendingAfter)
            held.nodes.append(node)
        }
    }
}
