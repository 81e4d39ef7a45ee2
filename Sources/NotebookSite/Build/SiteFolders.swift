import Bytes
import NotebookFiles

/// The folders of a site's notes that have pages: every folder holding a note, at any depth,
/// has a page at its URL listing its notes and folders, as Quartz shows a vault. The notes'
/// root is the home page's; `tags/` there holds tag introductions and has no pages.
struct SiteFolders: Sendable {
    /// A folder with a page.
    struct Folder: Sendable, Equatable {
        /// `/getting-started/`.
        var url: String
        /// Its name as written, `getting-started`.
        var name: String
        /// Its path under the notes folder, `guides/getting-started`.
        var path: String
        /// The URL of the folder it is in; `/` for one in the notes' root.
        var parent: String
    }

    /// The folders by URL, the root (`/`) not among them.
    let byURL: [String: Folder]
    /// Their URLs in order.
    let urls: [String]

    init(_ notes: [SiteNote]) {
        var byURL: [String: Folder] = [:]
        for note in notes {
            // Most notes share their folder with the note before: known already, and the folders above it.
            let folder = note.folder
            if folder == "/" || byURL.index(forKey: folder) != nil { continue }
            let segments = PathSegments.of(note.relativePath)
            let urlSegments = PathSegments.of(note.url)
            // A folder's index note is at its folder's URL; any other note one level below it.
            let depth = NoteURL.isFolderIndex(path: note.relativePath) ? urlSegments.count : urlSegments.count - 1
            guard depth > 0, depth <= segments.count, urlSegments.first != "tags" else { continue }
            var level = depth
            while level > 0 {
                let url = "/" + urlSegments.prefix(level).joined(separator: "/") + "/"
                guard byURL.index(forKey: url) == nil else { break }
                let parent = level == 1 ? "/" : "/" + urlSegments.prefix(level - 1).joined(separator: "/") + "/"
                byURL[url] = Folder(
                    url: url, name: String(segments[level - 1]), path: segments.prefix(level).joined(separator: "/"), parent: parent)
                level -= 1
            }
        }
        self.byURL = byURL
        urls = byURL.keys.sorted()
    }

    /// Whether the folder at `url` has a page (read without copying its names).
    func contains(_ url: String) -> Bool {
        byURL.index(forKey: url) != nil
    }

    /// The URL of the folder of the note at `url` and `relativePath` (`SiteNote.folder`): `/` for
    /// the notes' root; for a folder's index note, that folder.
    static func folder(url: String, relativePath: String) -> String {
        if NoteURL.isFolderIndex(path: relativePath) { return url }
        // Up to the `/` before the last part, over the bytes in place.
        return url.withBorrowedUTF8 { bytes in
            var slash = bytes.count - 2
            while slash > 0, bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
            return slash > 0 ? String(decoding: UnsafeBufferPointer(rebasing: bytes[...slash]), as: UTF8.self) : "/"
        }
    }
}
