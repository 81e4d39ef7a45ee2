import NotebookConstraints
import NotebookFiles
import NotebookModel

/// A note of the last good build that the preview's editor may open, and how the build reads it.
public struct EditableSource: Sendable {
    /// The note's file as the user named the site (`SITE/notes/trip.md`), for messages.
    public var display: String
    /// The note's file inside the site (`notes/trip.md`), as the editor shows it.
    public var relative: String
    /// Where the file is, its links inside the site followed: what the editor reads and writes.
    public var real: String
    /// Whether the file is a symbolic link: the editor shows it but never writes it.
    public var isLink: Bool
    public var format: NoteLoader.Format
    public var palette: [String]
    public var math: Bool
    public var definition: FormattingDefinition
    /// The note's page, as the site's URLs name it (`/trip/`).
    public var url: String
    /// The note's title and its words, as the page shows them.
    public var title: String
    public var words: Int
}

extension SiteSession {
    /// The note whose page is at `url` (a path of the site: `/trip/`), when the last good build
    /// made that page from a note file inside the site.
    public func editableSource(url: String) -> EditableSource? {
        guard let state, let note = state.ordered.first(where: { $0.url == url }) else { return nil }
        let relative = (state.usesNotesFolder ? "notes/" : "") + note.relativePath
        guard case .inside(let real) = tree.place(of: relative), let format = NoteLoader.Format(path: relative) else { return nil }
        let isLink = FileSystem.status(tree.real(relative))?.kind == .link
        return EditableSource(
            display: tree.display(relative), relative: relative, real: real, isLink: isLink, format: format, palette: state.settings.config.paletteNames,
            math: state.settings.config.math, definition: state.settings.definition, url: note.url, title: note.title, words: note.wordCount)
    }

    /// The paths in the site of the pages the editor may open (`trip/index.html`).
    public var notePagePaths: Set<String> {
        Set((state?.ordered ?? []).map { String($0.url.dropFirst()) + "index.html" })
    }
}
