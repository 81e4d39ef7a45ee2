import Bytes
import NotebookFiles
import Foundation
import NotebookModel
import NotebookRender
import NotebookSearch

/// A note as the site sees it: the note after its checks, and where and how it is shown.
///
/// Where it is shown is fixed when it is made, and so are the keys worked out from it; only the
/// note's blocks change afterwards (links resolved, models dropped once rendered).
struct SiteNote: Hashable, Sendable {
    /// What a site note holds besides its note, fixed when it is made.
    private struct Facts: Hashable, Sendable {
        let relativePath: String
        let title: String
        let summary: String
        let url: String
        let wordCount: Int
        /// The words of the note's text, title, headings and tags, for the search index.
        var searchWords: PageWords
        /// The note's text and its headings' ids, for the search's snippets; links resolved later
        /// change no text.
        var searchText: SearchText
        var tags: [NoteTag] = []
        /// Tags the note also names that one of `tags` holds under another name (`c` beside
        /// `c++`, `#emoji` in the text beside `emoji🎉`): each with the name kept (``TagSpellings``).
        var mergedTags: [MergedTag] = []
        /// The headings of the note's page, with their ids: what links to its headings match.
        var headings: [NoteHeading] = []
        /// The first heading when the page shows it as its title (`PageHeadings`), not among
        /// `headings`: the page has no element of its id, and links to it lead to the page's top.
        var titleHeading: NoteHeading?
        var orderKey = SiteOrder.Key()
        var linkKeys = LinkKeys()
        var blockIDs: [String] = []
        /// The URL of the folder the note is in (`SiteFolders.folder(url:relativePath:)`), found once.
        var folder = "/"
        /// Where each of the metadata's aliases is written, when known.
        var aliasLocations: [SourceLocation] = []

        /// Adds a tag the note names: to `tags` unless one of its slug is there (`known`), and
        /// then, under another name, to `mergedTags`.
        mutating func add(_ name: String, slug: String, known: Bool) {
            guard known else { return tags.append(NoteTag(name: name, slug: slug)) }
            if let kept = tags.first(where: { $0.slug == slug }), kept.name != name {
                mergedTags.append(MergedTag(name: name, kept: kept.name, slug: slug))
            }
        }
    }

    /// The facts and the note, in one box copied on write: site notes are copied often (into
    /// lists, pages, sorts), and a copy then takes one reference instead of one for each of
    /// their strings. Only `note` changes, and only in a box no other site note holds.
    private final class Box: @unchecked Sendable {
        let facts: Facts
        var note: Note
        var body: Body
        init(_ facts: Facts, note: Note, body: Body) {
            self.facts = facts
            self.note = note
            self.body = body
        }
    }

    /// The note's body as its page shows it, its links left open (``LinkSlot``), and what the
    /// resolution of its links meets: made once the note is read, when its model is let go.
    struct Body: Hashable, Sendable {
        var rendered = RenderedNote()
        var links: [LinkResolution.Found] = []
        /// The title's HTML while its formulas wait to be typeset (``RenderedNote/title``).
        var title: RenderedNote?
    }

    private var box: Box

    /// The note, constrained and with its headings built.
    public var note: Note {
        get { box.note }
        set {
            if isKnownUniquelyReferenced(&box) { box.note = newValue } else { box = Box(box.facts, note: newValue, body: box.body) }
        }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.facts, note: box.note, body: box.body) }
            yield &box.note
        }
    }

    /// The body, once rendered (see ``Body``).
    var body: Body {
        get { box.body }
        set {
            if isKnownUniquelyReferenced(&box) { box.body = newValue } else { box = Box(box.facts, note: box.note, body: newValue) }
        }
    }

    /// Adds what rendering found in its text: its tags (after those of its front matter, each
    /// once) and its blocks' identifiers.
    mutating func addFound(in rendered: RenderedNote) {
        guard !rendered.tags.isEmpty || !rendered.marks.identified.isEmpty else { return }
        var facts = box.facts
        // A set of the slugs: a note may hold many tags in its text.
        var seen = Set(facts.tags.map(\.slug))
        for tag in rendered.tags { facts.add(tag.name, slug: tag.slug, known: !seen.insert(tag.slug).inserted) }
        facts.blockIDs = rendered.marks.identified.keys.sorted()
        box = Box(facts, note: box.note, body: box.body)
    }

    /// The body, leaving an empty one in its place.
    mutating func takeBody() -> Body {
        defer { body = Body() }
        return body
    }

    /// The path under the notes folder, such as `cooking/pancakes.md`.
    public var relativePath: String { box.facts.relativePath }
    public var title: String { box.facts.title }
    public var summary: String { box.facts.summary }
    /// The URL path, such as `/cooking/sunday-pancakes/`; empty when the file name makes none.
    public var url: String { box.facts.url }
    public var wordCount: Int { box.facts.wordCount }
    /// The words of the note's text, title, headings and tags, for the search index; links
    /// resolved later change no text.
    public var searchWords: PageWords { box.facts.searchWords }
    /// The note's text with its headings and their ids on the page, for the search's snippets.
    public var searchText: SearchText { box.facts.searchText }
    /// The note's tags without repeats, in their order, each with its slug.
    public var tags: [NoteTag] { box.facts.tags }
    /// Tags the note names that another of its tags' pages holds (``TagSpellings``).
    var mergedTags: [MergedTag] { box.facts.mergedTags }
    /// The headings of the note's page with their ids (`Note.headings`, but for a heading the page
    /// shows as its title), kept when its model is let go.
    public var headings: [NoteHeading] { box.facts.headings }
    /// The heading the page shows as its title, if any: links to it lead to the page's top.
    var titleHeading: NoteHeading? { box.facts.titleHeading }
    /// The URL of the folder it is in: `/` for the notes' root; a folder's index note's, that folder.
    var folder: String { box.facts.folder }
    /// Its blocks' identifiers (`^id`, without the `^`), which `[[note#^id]]` names.
    public var blockIDs: [String] { box.facts.blockIDs }
    /// What the site's order compares (FORMATS.md section 6).
    var orderKey: SiteOrder.Key { box.facts.orderKey }
    /// What wikilinks match (see `LinkIndex`), lowercased.
    var linkKeys: LinkKeys { box.facts.linkKeys }

    struct LinkKeys: Hashable, Sendable {
        var title = ""
        /// The path under the notes folder without extension, and its last part.
        var path = ""
        var name = ""
        /// The last part of the URL.
        var slug = ""
        /// The aliases that are names (not URLs), lowercased, each once and none the title:
        /// wikilink targets ranked with the title.
        var aliases: [String] = []
    }

    /// The file's path, as diagnostics name it.
    public var path: String { note.path }

    /// Where the alias written `alias` (as the metadata has it, or trimmed and lowercased) is, when known.
    func location(ofAlias alias: String) -> SourceLocation? {
        let aliases = note.metadata.aliases
        let index = aliases.firstIndex(of: alias)
            ?? aliases.firstIndex { $0.trimmingCharacters(in: .whitespaces).lowercased() == alias }
        guard let index, index < box.facts.aliasLocations.count else { return nil }
        return box.facts.aliasLocations[index]
    }
    public var metadata: NoteMetadata { note.metadata }
    public var isDraft: Bool { note.metadata.isDraft }

    /// A note as the site shows it, its keys worked out once.
    init(
        note: Note, relativePath: String, title: String, summary: String, url: String, wordCount: Int,
        search: (words: WordCounts, text: SearchText) = (WordCounts(), SearchText()), aliasLocations: [SourceLocation] = []
    ) {
        var facts = Facts(
            relativePath: relativePath, title: title, summary: summary, url: url, wordCount: wordCount,
            searchWords: PageWords(text: search.words), searchText: search.text)
        if aliasLocations.count == note.metadata.aliases.count { facts.aliasLocations = aliasLocations }
        facts.tags.reserveCapacity(note.metadata.tags.count)
        // A note names a few tags: they are compared in a list, and a set is made only for many.
        var seen: Set<String>? = note.metadata.tags.count > 16 ? [] : nil
        for written in note.metadata.tags {
            guard let tag = TagName(written) else { continue }
            let known = seen != nil ? !seen!.insert(tag.slug).inserted : facts.tags.contains { $0.slug == tag.slug }
            facts.add(tag.name, slug: tag.slug, known: known)
        }
        let stem = LinkIndex.withoutExtension(relativePath)
        facts.linkKeys = LinkKeys(
            title: title.lowercasedKeepingLowercase, path: stem.lowercasedKeepingLowercase,
            name: (PathSegments.last(of: stem).map(String.init) ?? stem).lowercasedKeepingLowercase,
            slug: PathSegments.last(of: url).map(String.init) ?? "")
        for alias in note.metadata.aliases where !AliasPath.isURL(alias) {
            let name = alias.trimmingCharacters(in: .whitespaces).lowercased()
            if !name.isEmpty && name != facts.linkKeys.title && !facts.linkKeys.aliases.contains(name) { facts.linkKeys.aliases.append(name) }
        }
        facts.orderKey = SiteOrder.Key(date: note.metadata.date, title: title, path: relativePath)
        facts.folder = SiteFolders.folder(url: url, relativePath: relativePath)
        if PageHeadings.repeatsTitle(note.blocks, title: title) {
            // The page leaves it out and numbers the other headings' ids without it (a later
            // heading of the same text is `#pancakes` there, not `#pancakes-1`): links name the page's.
            facts.titleHeading = NoteHeading.list(Array(note.blocks.prefix(1))).first
            facts.headings = NoteHeading.list(note.blocks, from: 1)
        } else {
            facts.headings = note.headings
        }
        var analyzer = SearchAnalyzer()
        facts.searchWords.title = analyzer.words(of: title)
        // The headings' texts, a line each, then the tags': their bytes put together once (the
        // joined strings and their sum were made only to be read as bytes).
        var headingText: [UInt8] = []
        headingText.reserveCapacity(256)
        for (index, heading) in ((facts.titleHeading.map { [$0] } ?? []) + facts.headings).enumerated() {
            if index > 0 { headingText.append(UInt8(ascii: "\n")) }
            headingText.append(contentsOf: heading.text.utf8)
        }
        headingText.append(UInt8(ascii: "\n"))
        for (index, tag) in facts.tags.enumerated() {
            if index > 0 { headingText.append(UInt8(ascii: "\n")) }
            headingText.append(contentsOf: tag.name.utf8)
        }
        facts.searchWords.headings = analyzer.wordCounts(utf8: headingText)
        facts.searchText.anchors = Self.anchors(of: facts.searchText, headings: facts.headings, titleHeading: facts.titleHeading)
        box = Box(facts, note: note, body: Body())
    }

    /// The id on the page of each heading of `text`, matched by text in order; empty for the
    /// heading the page shows as its title (results there lead to the page's top) and any not found.
    private static func anchors(of text: SearchText, headings: [NoteHeading], titleHeading: NoteHeading?) -> [String] {
        var next = headings.startIndex
        return text.headings.indices.map { index in
            let heading = text.heading(index)
            if index == 0, let titleHeading, titleHeading.text == heading { return "" }
            guard let found = headings[next...].firstIndex(where: { $0.text == heading }) else { return "" }
            next = found + 1
            return headings[found].id
        }
    }

    static func == (lhs: SiteNote, rhs: SiteNote) -> Bool {
        lhs.box === rhs.box || (lhs.box.facts == rhs.box.facts && lhs.box.note == rhs.box.note && lhs.box.body == rhs.box.body)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(note)
        hasher.combine(box.body)
        box.facts.hash(into: &hasher)
    }

    /// The title: the metadata's, else the text of a heading that is the first block, else the file name.
    static func title(of note: Note, relativePath: String) -> String {
        if let title = note.metadata.title.map(trimmed), !title.isEmpty { return title }
        // As Obsidian and Quartz do: only a heading that opens the note names it (a paragraph all
        // in a title text style is a heading by now).
        if let first = note.blocks.first, case .heading(_, let inlines) = first.kind {
            let text = collapse(PlainText.title(inlines), limit: 1000)
            if !text.isEmpty { return text }
        }
        return NoteLoader.Format.stem(of: PathSegments.last(of: relativePath).map(String.init) ?? relativePath)
    }

    /// `text` without the white space of `CharacterSet.whitespaces` at either end; text that
    /// starts and ends with another ASCII character is returned as it is, without Foundation.
    static func trimmed(_ text: String) -> String {
        text.hasASCIIEndsOtherThanBlanks ? text : text.trimmingCharacters(in: .whitespaces)
    }

    /// The summary: the metadata's, else the first paragraph's text cut at a word boundary near
    /// 160 characters.
    static func summary(of note: Note) -> String {
        if let summary = note.metadata.summary, !summary.isEmpty { return summary }
        for block in note.blocks {
            if case .paragraph(let inlines) = block.kind {
                let plain = PlainText.of(PlainText.ownText(of: inlines), softBreak: " ")
                // ASCII text is cut at 160 bytes: 161 characters besides spaces decide the cut
                // as the first 400 would. Other text is cut at 160 characters, each of one or
                // more scalars: its 400 scalars are read.
                let summary = summaryASCII(plain) ?? cut(collapse(plain, limit: 400), near: 160)
                if !summary.isEmpty { return summary }
            }
        }
        return ""
    }

    /// `text` with runs of white space as one space and none at either end; with `limit`, only
    /// about that many characters of it are looked at.
    static func collapse(_ text: String, limit: Int) -> String {
        if let ascii = collapseASCII(text, limit: limit) { return ascii }
        var out = UTF8Builder(capacity: min(text.utf8.count, limit * 4))
        var count = 0
        var space = false
        for scalar in text.unicodeScalars {
            let isWhitespace = scalar.isASCII
                ? scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
                : scalar.properties.isWhitespace
            if isWhitespace {
                space = !out.isEmpty
                continue
            }
            if space { out.append(" ") }
            space = false
            out.append(scalar)
            count += 1
            if count >= limit { break }
        }
        return out.string
    }

    /// `cut(collapse(text, limit: 161), near: 160)` for ASCII text, in one pass over its bytes
    /// into a buffer of the stack and one string made of what is kept; nil for text that is not
    /// all ASCII.
    static func summaryASCII(_ text: String) -> String? {
        let limit = 160
        return text.withBorrowedUTF8 { bytes -> String? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * (limit + 1)) { out -> String? in
                guard let written = collapseASCII(bytes, into: out, limit: limit + 1) else { return nil }
                let kept = written > limit ? asciiCut(UnsafeBufferPointer(rebasing: out[..<written]), near: limit) : written
                let ellipsis: StaticString = "…"
                let length = kept + (written > limit ? ellipsis.utf8CodeUnitCount : 0)
                return String(unsafeUninitializedCapacity: length) { string in
                    guard let base = string.baseAddress else { return 0 }
                    base.initialize(from: out.baseAddress!, count: kept)
                    if written > limit { (base + kept).initialize(from: ellipsis.utf8Start, count: ellipsis.utf8CodeUnitCount) }
                    return length
                }
            }
        }
    }

    /// `collapse` for ASCII text, a byte at a time; nil for text that is not all ASCII.
    private static func collapseASCII(_ text: String, limit: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            // Written straight into the string's storage: at most a space before each character kept.
            var isASCII = true
            let result = String(unsafeUninitializedCapacity: min(bytes.count, 2 * limit)) { out in
                guard let written = collapseASCII(bytes, into: out, limit: limit) else {
                    isASCII = false
                    return 0
                }
                return written
            }
            return isASCII ? result : nil
        }
    }

    /// Writes `bytes` into `out` with runs of white space as one space and none at either end,
    /// up to `limit` characters besides spaces (`out` holds room for a space before each); the
    /// number of bytes written, or nil when a byte is not ASCII.
    private static func collapseASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, limit: Int
    ) -> Int? {
        var written = 0
        var count = 0
        var space = false
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                space = written > 0
                continue
            }
            if space {
                out[written] = 0x20
                written += 1
            }
            space = false
            out[written] = byte
            written += 1
            count += 1
            if count >= limit { break }
        }
        return written
    }

    /// Where ASCII text longer than `limit` bytes is cut: at its last space past the middle of
    /// the first `limit` bytes, or at the limit.
    private static func asciiCut(_ bytes: UnsafeBufferPointer<UInt8>, near limit: Int) -> Int {
        guard let space = UnsafeBufferPointer(rebasing: bytes[..<limit]).lastIndex(of: 0x20), space > limit / 2 else { return limit }
        return space
    }

    static func cut(_ text: String, near limit: Int) -> String {
        // ASCII without carriage returns: a character is a byte.
        var bytes = text
        if bytes.withUTF8({ $0.allSatisfy { $0 < 0x80 && $0 != 0x0D } }) {
            guard text.utf8.count > limit else { return text }
            var text = text
            return text.withUTF8 { bytes in
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<asciiCut(bytes, near: limit)]), as: UTF8.self) + "…"
            }
        }
        guard text.count > limit else { return text }
        let head = text.prefix(limit)
        guard let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) > limit / 2 else {
            return String(head) + "…"
        }
        return String(head[..<space]) + "…"
    }
}

/// A tag as a note names it, and its slug.
/// A tag a note names that one of its other tags' pages holds: its name, the name kept, the slug.
struct MergedTag: Hashable, Sendable {
    var name: String
    var kept: String
    var slug: String
}

struct NoteTag: Hashable, Sendable {
    public var name: String
    public var slug: String

    /// Whether the tag is nested in another (`plugin/emitter`): its slug holds a slash. Read over
    /// the slug's bytes: `String.contains` of a string goes through Foundation's search.
    var isNested: Bool {
        slug.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "/")) } ?? slug.utf8.contains(UInt8(ascii: "/"))
    }

    /// The slugs of `tags` and of the tags they are nested in, each once: a note tagged
    /// `plugin/emitter` is on the pages of `plugin/emitter` and of `plugin`.
    static func lineages(of tags: [NoteTag]) -> [String] {
        guard tags.contains(where: \.isNested) else { return tags.map(\.slug) }
        var seen = Set<Substring>()
        return tags.flatMap { TagName.lineage(of: $0.slug) }.filter { seen.insert($0).inserted }.map(String.init)
    }
}
