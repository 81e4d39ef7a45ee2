/// A page the search finds: a note's, or a folder's (which shows the note that introduces it).
public struct SearchDocument: Sendable {
    public var title: String
    /// The page's URL as the site links it (`/notes/cooking/pancakes/`).
    public var url: String
    /// The folder the page is in, as an index of the folders given with it; nil for none.
    public var folder: Int?
    /// How many words its text has: the length BM25 weighs a match against.
    public var length: Int
    /// Its words: the text's, the title's, the headings' and tags'.
    public var words: PageWords
    /// Its text by heading, from which the browser takes a snippet.
    public var text: SearchText
    /// What a preview of a link to it shows under its title: its first paragraph, say.
    public var summary: String

    public init(title: String, url: String, folder: Int?, length: Int, words: PageWords, text: SearchText, summary: String = "") {
        self.title = title
        self.url = url
        self.folder = folder
        self.length = length
        self.words = words
        self.text = text
        self.summary = summary
    }
}

/// The words of a page as the index weighs them: a word of the title weighs most, then one of a
/// heading or tag, then one of the text, by how often it occurs there.
public struct PageWords: Hashable, Sendable {
    public var text: WordCounts
    public var title: WordCounts
    /// The words of the headings and the tags.
    public var headings: WordCounts

    public init(text: WordCounts = WordCounts(), title: WordCounts = WordCounts(), headings: WordCounts = WordCounts()) {
        self.text = text
        self.title = title
        self.headings = headings
    }
}

/// A page's plain text (`PlainText.utf8(of:headings:)`) with where its headings are: what the
/// browser takes snippets from, written out by heading (`SearchIndexFiles`) only when the index
/// is made.
public struct SearchText: Hashable, Sendable {
    public var utf8: [UInt8]
    /// Each heading's text in `utf8`, in order; each is a line of its own.
    public var headings: [Range<Int>]
    /// Each heading's id on the page, by position in `headings`; empty for one without (a heading
    /// the page shows as its title, whose results lead to the page's top).
    public var anchors: [String]

    public init(utf8: [UInt8] = [], headings: [Range<Int>] = [], anchors: [String] = []) {
        self.utf8 = utf8
        self.headings = headings
        self.anchors = anchors
    }

    /// The text of heading `index`.
    public func heading(_ index: Int) -> String {
        String(decoding: utf8[headings[index]], as: UTF8.self)
    }

    /// Calls `body` with each section's heading bytes, anchor and text bytes: the text before the
    /// first heading (if there is any, or no heading), then each heading with its anchor and the
    /// text up to the next heading. The text files write them as lines (`JSONWriter.line`).
    func forEachSection(_ body: (ArraySlice<UInt8>, String, ArraySlice<UInt8>) -> Void) {
        let first = headings.first?.lowerBound ?? utf8.count
        if headings.isEmpty || !Self.isBlank(utf8[0..<first]) { body(utf8[0..<0], "", utf8[0..<first]) }
        for (index, heading) in headings.enumerated() {
            let end = index + 1 < headings.count ? headings[index + 1].lowerBound : utf8.count
            let start = min(heading.upperBound + 1, end)
            body(utf8[heading], index < anchors.count ? anchors[index] : "", utf8[start..<end])
        }
    }

    static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
    }
}

/// A folder as search results show it, in a result's folder path.
public struct SearchFolder: Sendable {
    public var name: String
    public var url: String
    public var parent: Int?

    public init(name: String, url: String, parent: Int?) {
        self.name = name
        self.url = url
        self.parent = parent
    }
}

