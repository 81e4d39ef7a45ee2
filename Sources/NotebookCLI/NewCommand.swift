import Foundation
import NotebookFiles
import NotebookFormats
import NotebookModel
import NotebookSite

/// `notebook new`: a new site, or a new note in a site.
enum NewCommand: Command {
    static let name = "new"
    static let abstract = "Create a new site, or a new note in a site."
    static let operands = "site DIR | note TITLE"
    static let options: [CommandOption] = [
        .flag("--json", help: "Write the note as attributed-string JSON instead of Markdown."),
        .value("--site", value: "DIR", help: "The site to add the note to (default: the current folder)."),
        .flag("--force", help: "Replace a note of the same file name."),
    ]
    static let discussion = """
        new site DIR      Creates a working notebook in DIR (which must be empty or absent):
                          notebook.yml, formatting.yml, a Markdown note and a JSON note, an
                          assets/ folder, and .github/workflows/publish.yml, which builds the
                          site with --strict and publishes it to GitHub Pages.
        new note TITLE    Adds a note titled TITLE to the site's notes/ folder, dated today.
        """
    static let exitStatus = """
        Exit status: 0 created, 1 the file or folder could not be created, 2 a command line not
        understood.
        """

    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32 {
        let parsed = try parse(arguments)
        guard let kind = parsed.positional.first else { throw UsageError("expected 'site' or 'note'", command: name) }
        switch kind {
        case "site":
            guard parsed.positional.count == 2 else { throw UsageError("expected: notebook new site DIR", command: name) }
            return SiteScaffold.create(at: parsed.positional[1], terminal: &terminal)
        case "note":
            guard parsed.positional.count == 2 else { throw UsageError("expected: notebook new note TITLE", command: name) }
            return SiteScaffold.addNote(
                title: parsed.positional[1], json: parsed.flags.contains("--json"), site: parsed.options["--site"] ?? ".",
                force: parsed.flags.contains("--force"), terminal: &terminal)
        default:
            throw UsageError("unknown kind '\(kind)'; expected 'site' or 'note'", command: name)
        }
    }
}

/// The files of a new site and of a new note.
enum SiteScaffold {
    static func create(at directory: String, terminal: inout Terminal) -> Int32 {
        if let contents = try? FileSystem.list(directory), !contents.isEmpty {
            terminal.stderr += "\(directory): error: the folder is not empty; choose a new or empty folder\n"
            return ExitStatus.inputErrors
        }
        let title = URL(fileURLWithPath: directory).lastPathComponent
        let files: [(String, String)] = [
            ("notebook.yml", """
                title: \(yamlQuoted(title))
                # Where the site is published: feed.xml and sitemap.xml need this absolute URL.
                baseURL: https://example.org/
                description: Notes published with notebook.
                language: en
                theme: default
                pageSize: 20
                # Files and folders of the notes that are no part of the site, as .gitignore names them.
                # ignore: [private, Templates/]

                """),
            ("formatting.yml", """
                # What the notes may use, like SwiftUI's AttributedTextFormattingDefinition:
                # a value outside `values` becomes `default`, or is removed without one.
                underline:     { values: [none, single], default: single }
                strikethrough: { values: [none, single], default: single }
                highlight:     { values: [yellow, green, pink], default: yellow }
                color:         { values: [primary, secondary] }
                scale:         { min: 0.5, max: 3.0 }
                links:         { schemes: [https, http, mailto] }

                """),
            ("notes/welcome.md", """
                ---
                title: Welcome
                date: \(today())
                tags: [notebook]
                ---

                This notebook was made by `notebook new site`. Notes are **Markdown** with Apple's
                attribute annotations, like ^[this highlight](highlight: 'green') and
                ^[this underline](underline: 'single'), or ==a yellow highlight==.

                See [[First note]] for a note kept as attributed-string JSON.

                """),
            ("notes/first-note.json", firstNoteJSON()),
            ("assets/.gitkeep", ""),
            (PublishWorkflow.path, PublishWorkflow.text),
            (".gitignore", "/public/\n/.public.notebook-spare/\n/.public.notebook-lock\n"),
        ]
        // Written at the folder's real place, through no link from there on.
        let real = FileTree.resolvedForCreation(directory)
        for (path, contents) in files {
            let full = NoteDiscovery.join(directory, path)
            do {
                try FileSystem.makeFolder(URL(fileURLWithPath: real + "/" + path).deletingLastPathComponent().path)
                try FileSystem.write(contents, to: real + "/" + path, exclusive: true)
            } catch {
                terminal.stderr += "\(full): error: cannot write the file: \(error.reason)\n"
                return ExitStatus.inputErrors
            }
        }
        terminal.stdout += "created a notebook in \(directory); build it with: notebook build \(directory)\n"
        return ExitStatus.success
    }

    static func addNote(title: String, json: Bool, site: String, force: Bool, terminal: inout Terminal) -> Int32 {
        let slug = Slug.make(title)
        guard !slug.isEmpty else {
            terminal.stderr += "notebook new: error: the title '\(title)' gives no file name; use letters or digits\n"
            return ExitStatus.inputErrors
        }
        // The note goes where the site keeps its notes: notes/ (through no link out of the site),
        // or, in a vault without notes/ that has notes, its top folder.
        guard let tree = try? FileTree(site) else {
            terminal.stderr += "\(site): error: the site is not a folder\n"
            return ExitStatus.inputErrors
        }
        let (notesFolder, problems) = NoteDiscovery.folder("notes", in: tree)
        if let problem = problems.first {
            terminal.stderr += "\(problem.path): error: \(problem.message)\n"
            return ExitStatus.inputErrors
        }
        let name = slug + (json ? NoteLoader.Format.json : .markdown).fileExtension
        let inVault = notesFolder == nil && !NoteDiscovery.scan(tree).notes.isEmpty
        let relative = inVault ? name : "notes/" + name
        let path = tree.display(relative)
        let real = tree.real(relative)
        guard force || !FileSystem.exists(real) else {
            terminal.stderr += "\(path): error: a note with this name exists already; add --force to replace it\n"
            return ExitStatus.inputErrors
        }
        // The same name in the other format would be a second note on one URL.
        let twin = String(relative.dropLast(name.count)) + slug + (json ? NoteLoader.Format.markdown : .json).fileExtension
        if FileSystem.exists(tree.real(twin)) {
            terminal.stderr += "\(tree.display(twin)): error: this note has the URL the new note would have; choose another title\n"
            return ExitStatus.inputErrors
        }
        // Where only the notes selected are published, a note made to be published is selected.
        let selected = SiteSettings.publishesOnlySelected(tree)
        let note = Note(path: path, metadata: NoteMetadata(title: title, date: today(), publish: selected ? true : nil), blocks: [])
        let contents = json ? AttributedJSONWriter().write(note).json + "\n" : MarkdownWriter().write(note) + "\n"
        do {
            try FileSystem.makeFolder(notesFolder ?? tree.real(inVault ? "" : "notes"))
            try FileSystem.write(contents, to: real, exclusive: !force)
        } catch {
            terminal.stderr += "\(path): error: cannot write the file: \(error.reason)\n"
            return ExitStatus.inputErrors
        }
        terminal.stdout += "created \(path)" + (selected ? " (publish: true, as explicitPublish publishes only the notes selected)" : "") + "\n"
        return ExitStatus.success
    }

    private static func firstNoteJSON() -> String {
        let body: [Inline] = [
            .text("This note is attributed-string JSON, as iOS 26's TextEditor edits it: "),
            .span(Formatting(bold: true), [.text("bold")]), .text(", "),
            .span(Formatting(italic: true), [.text("italic")]), .text(" and "),
            .span(Formatting(highlight: .palette("pink")), [.text("highlighted")]), .text(" runs. Back to "),
            .span(Formatting(wikilink: WikiLink(target: "Welcome")), [.text("Welcome")]), .text("."),
        ]
        let note = Note(
            path: "first-note.json", metadata: NoteMetadata(title: "First note", date: today(), tags: ["notebook"]),
            blocks: [Block(.paragraph(body))])
        return AttributedJSONWriter().write(note).json + "\n"
    }

    private static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    private static func yamlQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
