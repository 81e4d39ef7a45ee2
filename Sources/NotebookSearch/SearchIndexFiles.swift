import Bytes
import Foundation
import Parallel

/// The files of the site's search, under `search/`, which the theme's `search.js` reads:
///
/// - `index.json`: the pages (title, URL, folder, length), the folders, and where each text file
///   begins. It is what the first query loads, with the term files of its words.
/// - `terms/KEY.json`: the terms that begin with one character (`shard(of:)`), sorted, each
///   with its postings (`Postings`), and the words whose stem is another term with `=` and that
///   stem (so that a word typed in part finds its stem). Every key has its file, empty or not, so
///   that the files' paths are known before the index is made, and no query asks for one that is
///   not there.
/// - `text/N.json`: the sections of consecutive pages, about `textFileBytes` of text a file (a
///   longer page alone), for snippets, loaded only for the results shown.
public enum SearchIndexFiles {
    /// About how much text a text file holds.
    public static let textFileBytes = 16_384

    /// Whether a site in `language` (its `language` setting) has its English words stemmed.
    public static func stems(language: String) -> Bool {
        let language = language.lowercased()
        return language == "en" || language.hasPrefix("en-") || language.hasPrefix("en_")
    }

    /// The term files' keys: the ASCII digits and letters, then `x0` to `xf`.
    public static let shardKeys = "0123456789abcdefghijklmnopqrstuvwxyz".map(String.init) + (0..<16).map { "x" + String($0, radix: 16) }

    /// The term file a term is in: its first character if that is an ASCII letter or digit,
    /// else `x` and the character's code point modulo 16 in hexadecimal.
    public static func shard(of term: String) -> String {
        guard let first = term.unicodeScalars.first else { return "x0" }
        switch first.value {
        case 0x30...0x39, 0x61...0x7A: return String(first)
        default: return "x" + String(first.value % 16, radix: 16)
        }
    }

    /// The pages of each text file: consecutive pages until one more would take a file past
    /// `textFileBytes`.
    public static func textFiles(_ documents: [SearchDocument]) -> [Range<Int>] {
        textFiles(textSizes: textSizes(documents))
    }

    /// The size of each document's text, in bytes: read in place (a key path applied to each
    /// document copied it, and cost more than the rest of laying out the files).
    private static func textSizes(_ documents: [SearchDocument]) -> [Int] {
        documents.map { $0.text.utf8.count }
    }

    /// The same for pages whose texts have `textSizes` bytes, in order.
    public static func textFiles(textSizes: [Int]) -> [Range<Int>] {
        var files: [Range<Int>] = []
        var start = 0
        var bytes = 0
        for index in textSizes.indices {
            let size = textSizes[index] + 16
            if index > start && bytes + size > textFileBytes {
                files.append(start..<index)
                start = index
                bytes = 0
            }
            bytes += size
        }
        if start < textSizes.count { files.append(start..<textSizes.count) }
        return files
    }

    /// The paths of the files `files` makes of `documents`, in its order.
    public static func paths(_ documents: [SearchDocument]) -> [String] {
        paths(textSizes: textSizes(documents))
    }

    /// The same for documents whose texts have `textSizes` bytes, in order: what the paths
    /// depend on, known before the documents are made.
    public static func paths(textSizes: [Int]) -> [String] {
        ["search/index.json"] + shardKeys.map { "search/terms/\($0).json" } + textFiles(textSizes: textSizes).indices.map { "search/text/\($0).json" }
    }

    /// The files, as paths under the site (`search/index.json`) and their bytes, in the order of
    /// `paths(_:)`. `stemming` must be what the documents' terms were made with. The first
    /// `notes` documents are notes, which a folder lists; the others pages of their own, such as
    /// a folder's.
    public static func files(
        _ documents: [SearchDocument], folders: [SearchFolder], stemming: Bool, notes: Int
    ) -> [(path: String, bytes: [UInt8])] {
        let texts = textFiles(documents)
        let workers = ProcessInfo.processInfo.activeProcessorCount
        // The text files on every core while one finds the postings, then the term files.
        let (textBytes, postings) = ParallelWork.map(
            count: texts.count, workers: workers, alongside: { Self.postings(documents, stemming: stemming) }
        ) { number in
            documents.withUnsafeBufferPointer { text($0, texts[number]) }
        }
        // Each term file's terms and aliases: a term by its number, an alias by its position after the terms.
        var shards: [String: [Int]] = [:]
        for index in postings.terms.indices { shards[shard(of: postings.terms[index]), default: []].append(index) }
        for index in postings.aliases.indices {
            shards[shard(of: postings.aliases[index].word), default: []].append(postings.terms.count + index)
        }
        let termBytes = ParallelWork.map(count: shardKeys.count, workers: workers) { [shards] position in
            termFile(shards[shardKeys[position]] ?? [], postings)
        }
        return [("search/index.json", index(documents, folders: folders, stemming: stemming, textFiles: texts, notes: notes))]
            + zip(shardKeys, termBytes).map { ("search/terms/\($0).json", $1) }
            + textBytes.enumerated().map { ("search/text/\($0).json", $1) }
    }

    /// A term file of `members` (terms by number, then aliases by position after the terms).
    private static func termFile(
        _ members: [Int], _ postings: (terms: [String], notes: [[Int32]], weights: [[UInt8]], aliases: [(word: String, term: Int)])
    ) -> [UInt8] {
        func key(_ member: Int) -> String {
            member < postings.terms.count ? postings.terms[member] : postings.aliases[member - postings.terms.count].word
        }
        // Sorted as JavaScript compares strings, by UTF-16 code units, so that search.js can look
        // for a prefix by bisection.
        let sorted = members.map { (key($0), $0) }.sorted { $0.0.utf16.lexicographicallyPrecedes($1.0.utf16) }
        var out = JSONWriter(capacity: sorted.count * 24)
        out.raw("[")
        for (position, (text, member)) in sorted.enumerated() {
            if position > 0 { out.raw(",\n") }
            out.string(text)
            out.raw(",")
            if member < postings.terms.count {
                out.raw("\"")
                var encoded: [UInt8] = []
                Postings.append(notes: postings.notes[member], weights: postings.weights[member], to: &encoded)
                encoded.withUnsafeBufferPointer { out.appendRaw($0) }
                out.raw("\"")
            } else {
                out.string("=" + postings.terms[postings.aliases[member - postings.terms.count].term])
            }
        }
        out.raw("]\n")
        return out.bytes
    }

    /// The pages, the folders and the first page of each text file, as `index.json`.
    private static func index(
        _ documents: [SearchDocument], folders: [SearchFolder], stemming: Bool, textFiles: [Range<Int>], notes: Int
    ) -> [UInt8] {
        var out = JSONWriter(capacity: 128 + documents.count * 64 + folders.count * 48)
        out.raw("{\"version\":1,\"stem\":")
        if stemming { out.raw("\"english\"") } else { out.raw("null") }
        out.raw(",\"textFiles\":[")
        for (index, pages) in textFiles.enumerated() {
            if index > 0 { out.raw(",") }
            out.number(pages.lowerBound)
        }
        out.raw("],\"notes\":")
        out.number(notes)
        out.raw(",\n\"folders\":[")
        for (index, folder) in folders.enumerated() {
            out.raw(index > 0 ? ",\n[" : "\n[")
            out.string(folder.name)
            out.raw(",")
            out.string(folder.url)
            out.raw(",")
            out.number(folder.parent ?? -1)
            out.raw("]")
        }
        out.raw("],\n\"pages\":[")
        for (index, document) in documents.enumerated() {
            out.raw(index > 0 ? ",\n[" : "\n[")
            out.string(document.title)
            out.raw(",")
            // A URL under its folder's is written from there: most are, and the file is smaller.
            // Compared and cut as bytes: both are made of the same slugs, and a folder's ends in `/`.
            let folderURL = document.folder.map { folders[$0].url.utf8 }
            document.url.withBorrowedUTF8 { bytes in
                if let folderURL, bytes.count > folderURL.count, bytes.starts(with: folderURL) {
                    out.string(utf8: UnsafeBufferPointer(rebasing: bytes[folderURL.count...]))
                } else {
                    out.string(utf8: bytes)
                }
            }
            out.raw(",")
            out.number(document.folder ?? -1)
            out.raw(",")
            out.number(document.length)
            out.raw("]")
        }
        out.raw("]}\n")
        return out.bytes
    }

    /// The pages `pages` of `documents` as a text file: for each page an array of its summary
    /// (what link previews show) and then its sections (`SearchText.forEachSection`), each
    /// `[heading, anchor, text]`.
    private static func text(_ documents: UnsafeBufferPointer<SearchDocument>, _ pages: Range<Int>) -> [UInt8] {
        var out = JSONWriter(capacity: pages.reduce(16) {
            $0 + documents[$1].text.utf8.count + documents[$1].summary.utf8.count + documents[$1].text.headings.count * 24 + 8
        })
        out.raw("[")
        for index in pages {
            out.raw(index > pages.lowerBound ? ",\n[" : "\n[")
            out.string(documents[index].summary)
            documents[index].text.forEachSection { heading, anchor, text in
                out.raw(",[")
                out.line(heading)
                out.raw(",")
                out.string(anchor)
                out.raw(",")
                out.line(text)
                out.raw("]")
            }
            out.raw("]")
        }
        out.raw("]\n")
        return out.bytes
    }

    /// Every term with the pages it is in and its weight in each, pages in order; and the words
    /// whose stem is another term (which are no term themselves), with that term's number.
    static func postings(_ documents: [SearchDocument], stemming: Bool)
        -> (terms: [String], notes: [[Int32]], weights: [[UInt8]], aliases: [(word: String, term: Int)])
    {
        var site = SiteTerms(stemming: stemming)
        var flat = FlatPostings(capacity: documents.reduce(0) { $0 + $1.words.text.counts.count + $1.words.title.counts.count })
        // Each page read in place (a copy would retain and release each of its parts), its words
        // walked in loops, not closures (a closure over the tables checks each access at run time).
        documents.withUnsafeBufferPointer { documents in
            for note in documents.indices {
                for (words, flags) in [(documents[note].words.text, UInt8(0)), (documents[note].words.title, 32), (documents[note].words.headings, 16)] {
                    words.utf8.withUnsafeBufferPointer { bytes in
                        var start = 0
                        var index = 0
                        for position in 0...bytes.count where position == bytes.count || bytes[position] == UInt8(ascii: " ") {
                            if position > start {
                                let term = site.term(of: UnsafeBufferPointer(rebasing: bytes[start..<position]))
                                flat.post(term, note: note, count: flags == 0 ? words.counts[index] : 0, flags: flags)
                                index += 1
                            }
                            start = position + 1
                        }
                    }
                }
            }
        }
        let terms = site.terms
        let postings = flat.termOf.count
        // A counting sort by term keeps each term's postings in page order: into two flat lists,
        // through pointers (a list per term written posting by posting checked the uniqueness of
        // both it and the list of lists at each write), then cut into a list per term.
        var starts = [Int](repeating: 0, count: terms.count + 1)
        starts.withUnsafeMutableBufferPointer { starts in
            for position in 0..<postings { starts[Int(flat.termOf[position]) + 1] += 1 }
            for index in terms.indices { starts[index + 1] += starts[index] }
        }
        var flatNotes = [Int32](repeating: 0, count: postings)
        var flatWeights = [UInt8](repeating: 0, count: postings)
        var next = Array(starts.dropLast())
        flatNotes.withUnsafeMutableBufferPointer { notes in
            flatWeights.withUnsafeMutableBufferPointer { weights in
                next.withUnsafeMutableBufferPointer { next in
                    for position in 0..<postings {
                        let term = Int(flat.termOf[position])
                        let at = next[term]
                        notes[at] = flat.noteOf[position]
                        weights[at] = UInt8(min(Int(flat.countOf[position]), 15)) | flat.flagsOf[position]
                        next[term] = at + 1
                    }
                }
            }
        }
        let notes = terms.indices.map { Array(flatNotes[starts[$0]..<starts[$0 + 1]]) }
        let weights = terms.indices.map { Array(flatWeights[starts[$0]..<starts[$0 + 1]]) }
        return (terms, notes, weights, site.aliases())
    }
}

/// The site's terms, numbered in order of first use: each word of the site is stemmed once.
struct SiteTerms: ~Copyable {
    private let stemming: Bool
    private let stemmer = EnglishStemmer()
    private var words = WordTable(capacity: 1 << 16)
    private var termOfWord: [Int32] = []
    private var numbers = WordTable(capacity: 1 << 16)
    private(set) var terms: [String] = []
    /// The words whose stem differs from them, with their term's number.
    private var stemmed: [(word: String, term: Int)] = []

    init(stemming: Bool) {
        self.stemming = stemming
    }

    /// The number of the term `word` (folded) is: its stem when the site stems.
    mutating func term(of word: UnsafeBufferPointer<UInt8>) -> Int {
        let number = words.add(word)
        if number < termOfWord.count { return Int(termOfWord[number]) }
        let stem = stemming && EnglishStemmer.applies(to: word) ? stemmer.stemBytes(word) : word
        let term = numbers.add(stem)
        if term == terms.count { terms.append(String(decoding: stem, as: UTF8.self)) }
        if !stem.elementsEqual(word) { stemmed.append((String(decoding: word, as: UTF8.self), term)) }
        termOfWord.append(Int32(term))
        return term
    }

    /// The words whose stem differs from them and that are no term themselves.
    func aliases() -> [(word: String, term: Int)] {
        stemmed.filter { alias in
            var word = alias.word
            return terms[alias.term] != word && word.withUTF8 { numbers.ordinal(of: $0) } == nil
        }
    }
}

/// The postings as flat lists, sorted by term after: a page's posting of a term is found again
/// through `stamp` and `place` (words that stem alike are one term) without hashing. Its lists are
/// its own memory, read through pointers: every word of every page posts, and arrays would check
/// their uniqueness and bounds at each of the six reads and writes of a posting.
struct FlatPostings: ~Copyable {
    /// One growable list of `Element`s.
    struct List<Element: BitwiseCopyable>: ~Copyable {
        private(set) var base: UnsafeMutablePointer<Element>
        private(set) var count = 0
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        mutating func append(_ element: Element) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
                grown.update(from: base, count: count)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            (base + count).initialize(to: element)
            count += 1
        }

        subscript(index: Int) -> Element {
            get { base[index] }
            nonmutating set { base[index] = newValue }
        }
    }

    var termOf: List<Int32>
    var noteOf: List<Int32>
    var countOf: List<Int32>
    var flagsOf: List<UInt8>
    /// By term: the last page that posted it, and where.
    private var stamp = List<Int32>(capacity: 1024)
    private var place = List<Int32>(capacity: 1024)

    init(capacity: Int) {
        termOf = List(capacity: capacity)
        noteOf = List(capacity: capacity)
        countOf = List(capacity: capacity)
        flagsOf = List(capacity: capacity)
    }

    /// Adds `count` occurrences of `term` in page `note`, with `flags` (title, heading).
    mutating func post(_ term: Int, note: Int, count: Int32, flags: UInt8) {
        while stamp.count <= term {
            stamp.append(-1)
            place.append(0)
        }
        if stamp[term] == Int32(note) {
            let at = Int(place[term])
            countOf[at] += count
            flagsOf[at] |= flags
        } else {
            stamp[term] = Int32(note)
            place[term] = Int32(termOf.count)
            termOf.append(Int32(term))
            noteOf.append(Int32(note))
            countOf.append(count)
            flagsOf.append(flags)
        }
    }
}
