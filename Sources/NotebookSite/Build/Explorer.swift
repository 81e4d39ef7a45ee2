import Mustache
import NotebookModel

/// The explorer a page shows: the folders from the top, those on the way to the page's folder
/// open with their folders and notes. A closed folder's contents are for the reader's browser to
/// load from the search's index, and a folder shows its notes ``Explorer/window`` at a time, the
/// page's own among them: what a page carries grows with its depth and the folders' breadth, not
/// with the number of notes. Every page of the notes shown together has the same explorer, made
/// and rendered once for all of them (a shared value); the theme's script marks the page's own entry.
struct ExplorerView: Sendable {
    /// The folders at the top, then the notes there.
    var folders: [ExplorerFolder]
    var notes: [NoteLink]
    /// The notes of the top that are not shown, before and after those shown, with the page
    /// listing them all.
    var earlier: ExplorerMore? = nil
    var more: ExplorerMore?
    /// Whether there is any folder or note to show.
    var hasEntries: Bool { !folders.isEmpty || !notes.isEmpty }
    /// How many of a folder's notes are shown at once (``Explorer/window``).
    var window: Int { Explorer.window }
}

/// A folder in the explorer.
struct ExplorerFolder: Sendable {
    /// Its introduction's title, else its name as written.
    var name: String
    var url: String
    /// Whether it is on the way to the page's folder (or is that folder): shown open, with its
    /// folders and notes.
    var open: Bool
    /// Whether it holds folders or notes (a closed folder's are not in the page).
    var hasChildren: Bool
    /// An open folder's folders and notes; empty when closed.
    var folders: [ExplorerFolder]
    var notes: [NoteLink]
    /// Its notes before and after those shown.
    var earlier: ExplorerMore? = nil
    var more: ExplorerMore? = nil
}

/// The notes of a folder that the explorer leaves out, and the page that lists them all.
struct ExplorerMore: Sendable {
    var count: Int
    /// "12 more notes", "100 earlier notes".
    var text: String
    var url: String
}

/// How the explorer is laid out for a page.
enum Explorer {
    /// How many notes of one folder a page shows: the group of them its note is in.
    static let window = 50

    /// The positions of `count` notes shown with the one at `position` (the first ones for none).
    static func shown(count: Int, with position: Int?) -> Range<Int> {
        let start = (position ?? 0) / window * window
        return start..<min(start + window, count)
    }
}

extension PagePlan {
    /// The explorer of a page in the folder at `folder` (`/` for the top), of the note at `note`
    /// (an index among the notes with pages) or of none, as templates see it: a value shared by
    /// every page that shows the same.
    func explorer(folder: String, note: Int? = nil) -> MustacheValue {
        let members = index.folderMembers[folder] ?? []
        let position = note.map { index.folderPositions[$0] }
        let range = Explorer.shown(count: members.count, with: position)
        // Found by its folder and first note shown; its text key, which the template engine
        // keeps its rendering under, is made only once for each.
        return explorers.value(ExplorerKey(folder: folder, start: range.lowerBound)) {
            guard case .fields(var fields) = explorerView(folder: folder, shown: range).mustacheValue else { return .null }
            fields.sharedKey = "explorer \(range.lowerBound) \(folder)"
            return .fields(fields)
        }
    }

    /// The explorer open on the way to `folder`, showing the notes at `shown` of that folder's.
    func explorerView(folder: String, shown: Range<Int>) -> ExplorerView {
        var open: Set<String> = [folder]
        var at = folder
        while let found = index.folders.byURL[at] {
            open.insert(found.parent)
            at = found.parent
        }
        func members(in url: String) -> (notes: [NoteLink], earlier: ExplorerMore?, more: ExplorerMore?) {
            let members = index.folderMembers[url] ?? []
            let range = url == folder ? shown : Explorer.shown(count: members.count, with: nil)
            let links = members[range].map { NoteLink(title: notes[$0].title, url: urls.link(notes[$0].url)) }
            let (before, after) = (range.lowerBound, members.count - range.upperBound)
            // A folder's page lists all its notes; the home page is paginated, so the top's are
            // on the search page, which lists every note by folder.
            let all = urls.link(url == "/" ? "/search/" : url)
            return (
                links, before > 0 ? ExplorerMore(count: before, text: plural(before, "earlier note"), url: all) : nil,
                after > 0 ? ExplorerMore(count: after, text: plural(after, "more note"), url: all) : nil
            )
        }
        func folders(in url: String) -> [ExplorerFolder] {
            (index.subfolders[url] ?? []).map { child in
                let isOpen = open.contains(child)
                let shown: (notes: [NoteLink], earlier: ExplorerMore?, more: ExplorerMore?) = isOpen ? members(in: child) : ([], nil, nil)
                return ExplorerFolder(
                    name: folderTitle(child), url: urls.link(child), open: isOpen,
                    hasChildren: !(index.subfolders[child] ?? []).isEmpty || !(index.folderMembers[child] ?? []).isEmpty,
                    folders: isOpen ? folders(in: child) : [], notes: shown.notes, earlier: shown.earlier, more: shown.more)
            }
        }
        let top = members(in: "/")
        return ExplorerView(folders: folders(in: "/"), notes: top.notes, earlier: top.earlier, more: top.more)
    }

    /// Each folder's notes as the explorer lists them, title and link, by folder URL (`/` for
    /// the top): a page shows those of the folders on its way, so a change to one of these lists
    /// changes the pages under that folder.
    func explorerNotes() -> [String: [String]] {
        index.folderMembers.mapValues { members in members.map { notes[$0].title + "\n" + notes[$0].url } }
    }

    /// The groups whose pages show the explorer: every page but the feed, the sitemap, the
    /// search's files, the palette and redirects.
    var explorerGroups: [PageGroup] {
        groups.filter { group in
            switch group {
            case .feed, .sitemap, .search, .palette: false
            default: true
            }
        }
    }
}

extension ExplorerView: MustacheValueConvertible {
    var mustacheValue: MustacheValue {
        .fields([
            "folders": .array(folders.map(\.mustacheValue)), "notes": .array(notes.map(\.mustacheValue)),
            "earlier": earlier?.mustacheValue ?? .null, "more": more?.mustacheValue ?? .null, "hasEntries": .bool(hasEntries),
            "window": .int(window),
        ])
    }
}

extension ExplorerFolder: MustacheValueConvertible {
    /// Every key present in every folder (null when unset): the partial that shows a folder
    /// shows its folders with itself, and a missing key would be looked up in the folder above.
    var mustacheValue: MustacheValue {
        .fields([
            "name": .string(name), "url": .string(url), "open": .bool(open), "hasChildren": .bool(hasChildren),
            "folders": .array(folders.map(\.mustacheValue)), "notes": .array(notes.map(\.mustacheValue)),
            "earlier": earlier?.mustacheValue ?? .null, "more": more?.mustacheValue ?? .null,
        ])
    }
}

extension ExplorerMore: MustacheValueConvertible {
    var mustacheValue: MustacheValue { .fields(["count": .int(count), "text": .string(text), "url": .string(url)]) }
}

/// Which explorer a page shows: its folder's and the first of that folder's notes it lists.
struct ExplorerKey: Hashable, Sendable {
    var folder: String
    var start: Int
}
