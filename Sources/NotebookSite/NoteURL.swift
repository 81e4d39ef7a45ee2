import Bytes
import Glibc
import NotebookFiles
import NotebookModel

/// Where notes live on a site (FORMATS.md section 6).
enum NoteURL {
    /// Paths the site's own pages use; no note may take them. A note at `/tags/NAME/` (as
    /// Obsidian vaults and Quartz keep them) is not on a reserved path: it introduces that tag's page.
    public static let reservedPrefixes = ["/highlights/", "/search/", "/assets/", "/page/"]
    public static let reservedFiles = ["/tags/", "/404.html", "/feed.xml", "/sitemap.xml"]

    /// The URL path of a note: its path under `notes/` without extension, each segment slugged,
    /// as a folder; `slug` replaces the last segment. A folder's `index.md` is at the folder's
    /// URL (`/` for the notes' root), whatever its slug: it introduces the folder's page. Nil when
    /// a segment slugs to nothing.
    public static func path(for relativePath: String, slug: String?) -> String? {
        if let path = asciiPath(for: relativePath, slug: slug) { return path }
        return segmentedPath(for: relativePath, slug: slug)
    }

    /// `path(for:slug:)` segment by segment, as strings: the rule for any text.
    static func segmentedPath(for relativePath: String, slug: String?) -> String? {
        var segments = PathSegments.of(relativePath)
        guard !segments.isEmpty else { return nil }
        if isFolderIndex(segments[segments.count - 1]) {
            segments.removeLast()
            if segments.isEmpty { return "/" }
            return path(for: segments.joined(separator: "/"), slug: nil)
        }
        var out = UTF8Builder(capacity: relativePath.utf8.count + 2)
        out.append("/")
        for index in segments.indices {
            let segment = String(segments[index])
            let slugged: String
            if index < segments.count - 1 {
                slugged = Slug.make(segment)
            } else if let slug, !slug.isEmpty {
                slugged = Slug.make(slug)
            } else {
                slugged = Slug.make(NoteLoader.Format.stem(of: segment))
            }
            guard !slugged.isEmpty else { return nil }
            out.append(slugged)
            out.append("/")
        }
        return out.string
    }

    /// `path(for:slug:)` of an ASCII path and slug, over their bytes in place, each segment
    /// slugged straight into the URL (every note's URL is made so, three strings fewer for each
    /// segment); nil when the rule above applies instead (text beyond ASCII, a folder's
    /// `index.md`), and `.some(nil)` when a segment slugs to nothing.
    private static func asciiPath(for relativePath: String, slug: String?) -> String?? {
        let slug = slug ?? ""
        return relativePath.withBorrowedUTF8 { path -> String?? in
            slug.withBorrowedUTF8 { given -> String?? in
                guard !path.contains(where: { $0 >= 0x80 }), !given.contains(where: { $0 >= 0x80 }) else { return nil }
                // The last non-empty segment, and where the ones before it end.
                var end = path.count
                while end > 0 && path[end - 1] == UInt8(ascii: "/") { end -= 1 }
                guard end > 0 else { return nil }
                var lastStart = end
                while lastStart > 0 && path[lastStart - 1] != UInt8(ascii: "/") { lastStart -= 1 }
                let last = UnsafeBufferPointer(rebasing: path[lastStart..<end])
                if last.elementsEqual("index.md".utf8) { return nil }
                // The last segment's name without a note's extension, or the slug given.
                var name = last
                if !given.isEmpty {
                    name = given
                } else {
                    for suffix in [NoteLoader.Format.markdown.fileExtension, NoteLoader.Format.json.fileExtension] {
                        let length = suffix.utf8.count
                        if name.count >= length, name[(name.count - length)...].elementsEqual(suffix.utf8) {
                            name = UnsafeBufferPointer(rebasing: name[..<(name.count - length)])
                            break
                        }
                    }
                }
                var emptySegment = false
                let url = String(unsafeUninitializedCapacity: lastStart + name.count + 2) { out in
                    out[0] = UInt8(ascii: "/")
                    var count = 1
                    func add(_ segment: UnsafeBufferPointer<UInt8>) {
                        let start = count
                        Slug.appendASCII(segment, to: out, at: &count)
                        if count == start { emptySegment = true }
                        out[count] = UInt8(ascii: "/")
                        count += 1
                    }
                    var segmentStart = 0
                    for index in 0..<lastStart where path[index] == UInt8(ascii: "/") {
                        if index > segmentStart { add(UnsafeBufferPointer(rebasing: path[segmentStart..<index])) }
                        segmentStart = index + 1
                    }
                    add(name)
                    return count
                }
                return .some(emptySegment ? nil : url)
            }
        }
    }

    /// Whether a note may not take `path`.
    public static func isReserved(_ path: String) -> Bool {
        if hasPrefix(path, tagsFolder) && path != "/tags/" { return !isTagIntroduction(path) }
        return reservedFiles.contains(path) || reservedFolders.contains { hasPrefix(path, $0) }
    }

    /// Whether a note at `path` introduces a tag's page: `/tags/NAME/`, or `/tags/NAME/NESTED/`
    /// for a nested tag.
    public static func isTagIntroduction(_ path: String) -> Bool {
        hasPrefix(path, tagsFolder) && PathSegments.of(path).count >= 2
    }

    /// A folder's path (ASCII, ending in `/`) as text and as bytes.
    private struct Folder: Sendable {
        let text: String
        let bytes: [UInt8]

        init(_ text: String) {
            self.text = text
            bytes = Array(text.utf8)
        }
    }

    private static let tagsFolder = Folder("/tags/")
    /// Whether a file name is a folder's index note, `index.md`.
    static func isFolderIndex(_ name: Substring) -> Bool {
        name == "index.md"
    }

    /// Whether the note at a relative path is a folder's index note, compared as bytes.
    static func isFolderIndex(path: String) -> Bool {
        // Over the bytes in place: asked of every note as it is read.
        path.withBorrowedUTF8 { bytes in
            let name: StaticString = "index.md"
            let length = name.utf8CodeUnitCount
            guard bytes.count >= length, memcmp(bytes.baseAddress! + (bytes.count - length), name.utf8Start, length) == 0 else {
                return false
            }
            return bytes.count == length || bytes[bytes.count - length - 1] == UInt8(ascii: "/")
        }
    }

    private static let reservedFolders = reservedPrefixes.map(Folder.init)

    /// `path.hasPrefix(folder.text)`, compared as bytes in place when `path` holds ASCII bytes up
    /// to the byte after the folder's, where bytes compare as the strings do: each ASCII byte is
    /// then a character of its own, and ASCII text is canonically equivalent to itself alone.
    /// Otherwise the strings are compared. Every note's URL is checked so, more than once.
    private static func hasPrefix(_ path: String, _ folder: Folder) -> Bool {
        let byBytes = path.withBorrowedUTF8 { path -> Bool? in
            let prefix = folder.bytes
            guard path.count >= prefix.count else { return false }
            for offset in prefix.indices {
                if path[offset] >= 0x80 { return nil }
                if path[offset] != prefix[offset] { return false }
            }
            // A mark after the `/` would make one character of the two: the strings decide.
            return path.count > prefix.count && path[prefix.count] >= 0x80 ? nil : true
        }
        return byBytes ?? path.hasPrefix(folder.text)
    }
}
