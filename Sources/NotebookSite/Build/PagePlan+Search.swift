import NotebookModel
import NotebookSearch
import Synchronization

extension PagePlan {
    /// The search's files (`SearchIndexFiles`): the notes with pages, in the site's order, then
    /// the folders' pages, then the home page when a note introduces it. Their paths are known at
    /// once, from the sizes of the pages' texts (the layout of the pages asks for nothing else);
    /// the documents and the index are made when the first file is asked for, once for all.
    func searchPages() -> [Page] {
        let plan = self
        let (entries, folders) = searchEntries()
        let made = SearchFilesOnce {
            let documents = plan.searchDocuments(entries)
            let stemming = SearchIndexFiles.stems(language: plan.config.language)
            return SearchIndexFiles.files(documents, folders: folders, stemming: stemming, notes: plan.notes.count)
        }
        let sizes = entries.map { $0.note?.searchText.utf8.count ?? 0 }
        return SearchIndexFiles.paths(textSizes: sizes).enumerated().map { position, path in
            Page(path: path, content: .bytes(made.files()[position].bytes))
        }
    }

    /// Where the search page is written.
    static let searchPagePath = "search/index.html"


    /// The search page: its form, and every note by folder and every tag, for readers without
    /// JavaScript.
    func searchPage() -> Content {
        var byFolder: [String: [NoteLink]] = [:]
        for note in notes { byFolder[note.folder, default: []].append(NoteLink(title: note.title, url: urls.link(note.url))) }
        let folders = (["/"] + index.folders.urls).compactMap { url -> SearchFolderView? in
            let notes = byFolder[url] ?? []
            guard !notes.isEmpty else { return nil }
            return SearchFolderView(
                path: url == "/" ? config.title : breadcrumbs(to: url).map(\.title).joined(separator: " › "), url: urls.link(url), count: notes.count, countText: plural(notes.count, "note"),
                notes: notes)
        }
        return template(
            "search",
            TemplateContext(
                site: siteValue, page: page("Search · \(config.title)", "Search the notes of \(config.title)", "/search/"),
                search: SearchPageView(folders: folders, tags: searchTags(), hasTags: !tags.isEmpty), explorer: explorer(folder: "/")))
    }

    /// Every tag with its notes, for the search page: each note's link made once, however many
    /// tags it has.
    private func searchTags() -> [SearchTagView] {
        var links: [Int: NoteLink] = [:]
        return tags.map { tag in
            let tagged = (index.members[tag.slug] ?? []).map { position in
                if let link = links[position] { return link }
                let note = listed(position)
                let link = NoteLink(title: note.title, url: urls.link(note.url))
                links[position] = link
                return link
            }
            return SearchTagView(tag: tag, notes: tagged)
        }
    }

    /// The search's document of each of `entries`.
    private func searchDocuments(_ entries: [SearchEntry]) -> [SearchDocument] {
        var analyzer = SearchAnalyzer()
        return entries.map { entry -> SearchDocument in
            switch entry {
            case .note(let note, let folder):
                return Self.document(note, title: note.title, url: urls.link(note.url), folder: folder)
            case .folder(let folder, let note?):
                return Self.document(note, title: folder.name, url: folder.url, folder: folder.parent)
            case .folder(let folder, nil):
                return SearchDocument(
                    title: folder.name, url: folder.url, folder: folder.parent, length: 0,
                    words: PageWords(title: analyzer.words(of: folder.name)), text: SearchText())
            case .home(let note):
                return Self.document(note, title: note.title, url: urls.link("/"), folder: nil)
            }
        }
    }

    /// A page the search finds: a note's, a folder's (with the note that introduces it, if any),
    /// or the home page's (a note introduces it).
    private enum SearchEntry: Sendable {
        /// A note, and its folder's position among the folders (nil at the top).
        case note(SiteNote, folder: Int?)
        case folder(SearchFolder, SiteNote?)
        case home(SiteNote)

        /// The note whose text the page shows, if any.
        var note: SiteNote? {
            switch self {
            case .note(let note, _), .home(let note): note
            case .folder(_, let note): note
            }
        }
    }

    /// The pages the search finds, in its order: the notes with pages in the site's order, then
    /// the folders' pages, then the home page when a note introduces it; with the folders in the
    /// explorer's order.
    private func searchEntries() -> (entries: [SearchEntry], folders: [SearchFolder]) {
        var folders: [SearchFolder] = []
        var positions: [String: Int] = [:]
        // In the explorer's order: a folder after the folder it is in, and before its next sibling
        // the folders in it, so that a folder's folders are in the order the explorer lists them.
        var order: [String] = []
        order.reserveCapacity(index.folders.urls.count)
        func walk(_ url: String) {
            for child in index.subfolders[url] ?? [] {
                positions[child] = order.count
                order.append(child)
                folders.append(SearchFolder(name: folderTitle(child), url: urls.link(child), parent: positions[url]))
                walk(child)
            }
        }
        walk("/")
        var entries: [SearchEntry] = []
        entries.reserveCapacity(notes.count + folders.count + 1)
        for note in notes { entries.append(.note(note, folder: positions[note.folder])) }
        for (position, folder) in folders.enumerated() { entries.append(.folder(folder, introducingNote(ofFolder: order[position]))) }
        if let home = introducingNote(ofFolder: "/") { entries.append(.home(home)) }
        return (entries, folders)
    }

    /// A page of `note`'s text, its headings and tags, shown as `title` at `url`.
    private static func document(_ note: SiteNote, title: String, url: String, folder: Int?) -> SearchDocument {
        // A folder's page shows its introducing note under the folder's title (the note's own).
        SearchDocument(
            title: title, url: url, folder: folder, length: note.wordCount, words: note.searchWords, text: note.searchText, summary: note.summary)
    }
}

/// Files made once, by whichever page asks first, for all the others.
private final class SearchFilesOnce: Sendable {
    private let make: @Sendable () -> [(path: String, bytes: [UInt8])]
    private let made = Mutex<[(path: String, bytes: [UInt8])]?>(nil)

    init(_ make: @escaping @Sendable () -> [(path: String, bytes: [UInt8])]) {
        self.make = make
    }

    func files() -> [(path: String, bytes: [UInt8])] {
        made.withLock { made in
            if let made { return made }
            let files = make()
            made = files
            return files
        }
    }
}
