import NotebookModel
import NotebookSearch
import Synchronization

extension PagePlan {
    /// The search's files (`SearchIndexFiles`): the notes with pages, in the site's order, then
    /// the folders' pages, then the home page when a note introduces it. Their paths are known at
    /// once; the index is made when the first of them is asked for, once for all.
    func searchPages() -> [Page] {
        let (documents, folders) = searchDocuments()
        let notes = notes
        let stemming = SearchIndexFiles.stems(language: config.language)
        let made = SearchFilesOnce { SearchIndexFiles.files(documents, folders: folders, stemming: stemming, notes: notes.count) }
        let files = SearchIndexFiles.paths(documents).enumerated().map { position, path in
            Page(path: path, content: .bytes(made.files()[position].bytes))
        }
        return files
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
                search: SearchPageView(folders: folders, tags: tags, hasTags: !tags.isEmpty), explorer: explorer(folder: "/")))
    }

    /// The pages the search finds, with the folders.
    private func searchDocuments() -> (documents: [SearchDocument], folders: [SearchFolder]) {
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
        var documents: [SearchDocument] = []
        documents.reserveCapacity(notes.count + folders.count + 1)
        for note in notes {
            documents.append(Self.document(note, title: note.title, url: urls.link(note.url), folder: positions[note.folder]))
        }
        var analyzer = SearchAnalyzer()
        for (position, folder) in folders.enumerated() {
            let url = order[position]
            if let note = introducingNote(ofFolder: url) {
                documents.append(Self.document(note, title: folder.name, url: folder.url, folder: folder.parent))
            } else {
                documents.append(
                    SearchDocument(
                        title: folder.name, url: folder.url, folder: folder.parent, length: 0, words: PageWords(title: analyzer.words(of: folder.name)),
                        text: SearchText()))
            }
        }
        if let home = introducingNote(ofFolder: "/") {
            documents.append(Self.document(home, title: home.title, url: urls.link("/"), folder: nil))
        }
        return (documents, folders)
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
