import Foundation

/// What a note says about itself: the envelope's or front matter's keys.
public struct NoteMetadata: Hashable, Sendable {
    public var id: String?
    public var title: String?
    /// The date as written, `YYYY-MM-DD` or a full ISO 8601 date and time.
    public var date: String?
    public var tags: [String]
    public var isDraft: Bool
    /// Obsidian Publish's `publish`: `false` keeps the note unpublished, as a draft is kept; `true`
    /// selects it where a site publishes only the notes selected (`explicitPublish`).
    public var publish: Bool?
    public var summary: String?
    public var slug: String?
    /// Older URLs that redirect to this note.
    public var aliases: [String]

    public init(
        id: String? = nil, title: String? = nil, date: String? = nil, tags: [String] = [], isDraft: Bool = false,
        summary: String? = nil, slug: String? = nil, aliases: [String] = [], publish: Bool? = nil
    ) {
        self.publish = publish
        self.id = id
        self.title = title
        self.date = date
        self.tags = tags
        self.isDraft = isDraft
        self.summary = summary
        self.slug = slug
        self.aliases = aliases
    }

    /// Whether a site publishes the note: neither a draft nor `publish: false`, and, where only
    /// the notes selected are published (`explicitly`), `publish: true`.
    public func isPublished(explicitly: Bool) -> Bool {
        !isDraft && publish != false && (!explicitly || publish == true)
    }
}

/// A note in the one model every input format is read into: its metadata and its block tree.
public struct Note: Hashable, Sendable {
    /// The path the note was read from, as the user named it.
    public var path: String
    public var metadata: NoteMetadata
    public var blocks: [Block]

    public init(path: String, metadata: NoteMetadata = NoteMetadata(), blocks: [Block]) {
        self.path = path
        self.metadata = metadata
        self.blocks = blocks
    }

    /// The number of words, by FORMATS.md section 5.
    public var wordCount: Int { WordCount.count(blocks) }
}
