import Foundation
import NotebookConstraints
import NotebookEditing
import NotebookFiles
import NotebookFormats
import NotebookServer
import NotebookSite
import Synchronization

/// The editor of `notebook serve --edit` (docs/EDITOR.md): the page that edits a note
/// (`/_notebook/edit/URL`), its script and style, and the save (`POST /_notebook/save/URL`),
/// which writes only an existing note file of the site, found by its page's URL.
///
/// A save needs the editor page's token (`X-Notebook-Token`), an `Origin` equal to the server's
/// own, a JSON body under the limit; with an access token (`--edit-token`), every request to
/// the editor needs it too, once in the URL and then in an `HttpOnly`, `SameSite=Strict` cookie.
final class NoteEditor: AppEndpoints {
    let names: Set<String> = ["edit", "save", "editor.js", "editor.css"]
    let bodyLimit = 16 << 20
    /// The token every save presents, made when the preview starts and given in the editor page.
    let writeToken: String
    /// `--edit-token`, asked of every request to the editor when set.
    let accessToken: String?
    /// The note whose page is at a URL, from the last good build. A class holds the function:
    /// a function kept in the lock's value itself was wrapped in two more reabstraction thunks at
    /// every access through the lock (read out and written back), until calling it overflowed
    /// the stack, a few thousand requests on.
    private let lookup = Mutex<Finder?>(nil)

    private final class Finder: Sendable {
        let find: @Sendable (String) -> EditableSource?

        init(_ find: @escaping @Sendable (String) -> EditableSource?) {
            self.find = find
        }
    }
    /// The paths of the pages that get the Edit button.
    private let pages = Mutex<Set<String>>([])
    /// The bytes of the notes opened and saved lately, by file and hash: what an overwrite
    /// after a conflict applies the edit to.
    private let opened = Mutex<[(file: String, hash: String, bytes: [UInt8])]>([])
    /// Held from reading a note's bytes to writing them, so that of two saves of the same bytes
    /// at once one is a conflict.
    private let writing = Mutex(())

    static let cookieName = "notebook-edit"

    init(accessToken: String?) {
        var generator = SystemRandomNumberGenerator()
        writeToken = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
        self.accessToken = accessToken
    }

    /// Sets how notes are found, once the session exists.
    func find(with lookup: @escaping @Sendable (String) -> EditableSource?) {
        let finder = Finder(lookup)
        self.lookup.withLock { $0 = finder }
    }

    /// The note whose page is at `url`, if the editor may open it.
    private func source(_ url: String) -> EditableSource? {
        lookup.withLock { $0 }?.find(url)
    }

    /// The note pages of the build about to be published.
    func update(pages: Set<String>) {
        self.pages.withLock { $0 = pages }
    }

    func marks(page path: String) -> Bool {
        pages.withLock { $0.contains(path) }
    }

    func respond(to request: AppRequest) -> AppResponse {
        let rest = Array(request.segments.dropFirst())
        switch request.segments.first {
        case "editor.js": return asset(EditorAssets.script, type: "text/javascript; charset=utf-8", request)
        case "editor.css": return asset(EditorAssets.style, type: "text/css; charset=utf-8", request)
        case "edit": return editPage(url: Self.url(rest), request)
        case "save": return save(url: Self.url(rest), request)
        default: return .text(404, "Not Found\n")
        }
    }

    /// The page URL named by the segments after `edit/` or `save/`.
    static func url(_ segments: [String]) -> String {
        segments.isEmpty ? "/" : "/" + segments.joined(separator: "/") + "/"
    }

    private func asset(_ bytes: [UInt8], type: String, _ request: AppRequest) -> AppResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return Self.notAllowed("GET, HEAD") }
        return AppResponse(status: 200, headers: [("Content-Type", type)], body: bytes)
    }

    // MARK: The page

    private func editPage(url: String, _ request: AppRequest) -> AppResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return Self.notAllowed("GET, HEAD") }
        if let accessToken, let given = request.arguments["token"] {
            guard Self.same(given, accessToken) else { return .text(403, "Forbidden: that is not this preview's edit token.\n") }
            // The token leaves the URL for a cookie that no script reads and no other site sends.
            return AppResponse(
                status: 303,
                headers: [
                    ("Location", "/_notebook/edit" + (url == "/" ? "/" : url)),
                    ("Set-Cookie", "\(Self.cookieName)=\(accessToken); Path=/_notebook/; HttpOnly; SameSite=Strict"),
                ], body: Array("See Other\n".utf8))
        }
        if let refusal = accessRefusal(request) { return refusal }
        guard let source = source(url) else {
            return .text(404, "Not Found: no note of this site has its page at \(url).\n")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(source.real)
        } catch {
            return .text(500, "Cannot read \(source.display): \(error.reason)\n")
        }
        let (note, readOnly) = editable(bytes, source)
        remember(source.real, note.hash, bytes)
        var document = EditorWire.document(
            note, path: source.relative, readOnly: readOnly != nil, definition: source.definition, palette: source.palette,
            noteWords: source.words)
        if let readOnly { document["readOnlyReason"] = readOnly }
        let page = EditorPage.html(title: source.title, url: source.url, file: source.relative, documentJSON: EditorWire.text(document), token: writeToken)
        return AppResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")] + Self.pageHeaders, body: Array(page.utf8))
    }

    /// The note opened for editing, and why it is read-only, if it is.
    private func editable(_ bytes: [UInt8], _ source: EditableSource) -> (EditableNote, String?) {
        switch source.format {
        case .markdown:
            let note = EditableNote.markdown(bytes, path: source.display, reader: MarkdownReader(palette: source.palette, math: source.math))
            return (note, source.isLink ? "\(source.display) is a symbolic link: the editor shows it but never writes through a link." : nil)
        case .json:
            let note = EditableNote.json(bytes, path: source.display, reader: AttributedJSONReader(palette: source.palette))
            return (note, source.isLink ? "\(source.display) is a symbolic link: the editor shows it but never writes through a link." : nil)
        }
    }

    /// Headers of the editor's page: its own scripts and styles only, never in a frame.
    static let pageHeaders: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        ),
        ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer"),
    ]

    // MARK: The save

    private func save(url: String, _ request: AppRequest) -> AppResponse {
        guard request.method == "POST" else { return Self.notAllowed("POST") }
        if let refusal = accessRefusal(request) { return refusal }
        guard let given = request.headers["x-notebook-token"], Self.same(given, writeToken) else {
            return Self.error(403, "the save does not carry this editor's token (X-Notebook-Token): open the note from the preview again")
        }
        guard let origin = request.headers["origin"], origin == request.origin else {
            return Self.error(403, "a save must come from the preview's own pages (Origin \(request.origin))")
        }
        if let site = request.headers["sec-fetch-site"], site != "same-origin" {
            return Self.error(403, "a save must come from the preview's own pages (Sec-Fetch-Site: \(site))")
        }
        guard request.headers["content-type"]?.lowercased().hasPrefix("application/json") == true else {
            return Self.error(415, "a save is sent as application/json")
        }
        guard !request.bodyTooLarge else { return Self.error(413, "the edit is larger than \(bodyLimit >> 20) MiB") }
        guard let source = source(url) else { return Self.error(404, "no note of this site has its page at \(url)") }
        guard !source.isLink else { return Self.error(403, "\(source.display) is a symbolic link: the editor never writes through a link") }
        let reader = MarkdownReader(palette: source.palette, math: source.math)
        let submission: EditSubmission
        do {
            submission = try EditorWire.submission(request.body, palette: source.palette)
        } catch {
            return Self.error(422, error.message)
        }
        return writing.withLock { _ in save(submission, source: source, reader: reader) }
    }

    /// The save of `submission` over the note's bytes as they are now, under the write lock.
    private func save(_ submission: EditSubmission, source: EditableSource, reader: MarkdownReader) -> AppResponse {
        let current: [UInt8]
        do {
            current = try FileSystem.read(source.real)
        } catch {
            return Self.error(500, "cannot read \(source.display): \(error.reason)")
        }
        let currentHash = EditableNote.hash(current)
        var base = current
        if let overwriting = submission.overwriting {
            guard overwriting == currentHash else { return Self.conflict("the note changed again on disk", currentHash: currentHash) }
            guard let bytes = openedBytes(source.real, submission.hash) else {
                return Self.conflict("the version this editor opened is no longer known to the preview: reload the note", currentHash: currentHash)
            }
            base = bytes
        } else if submission.hash != currentHash {
            return Self.conflict("the note changed on disk since it was opened", currentHash: currentHash)
        }
        let note = editable(base, source).0
        let saved: SavedEdit
        do {
            saved = try note.saving(submission, checker: ConstraintChecker(definition: source.definition), reader: reader)
        } catch {
            switch error {
            case .conflict: return Self.conflict(error.message, currentHash: currentHash)
            case .invalid: return Self.error(422, error.message)
            case .unfaithful: return Self.error(500, error.message)
            }
        }
        if saved.bytes != current {
            do {
                try FileSystem.replace(saved.bytes, at: source.real)
            } catch {
                return Self.error(500, "cannot write \(source.display): \(error.reason)")
            }
        }
        let reopened = saved.note
        remember(source.real, reopened.hash, saved.bytes)
        // The blocks the editor cannot change keep their words.
        let fixedWords = max(0, source.words - EditorWire.editableWords(note.document, opaque: note.opaque))
        var document = EditorWire.document(
            reopened, path: source.relative, readOnly: false, definition: source.definition, palette: source.palette, noteWords: 0)
        document["fixedWords"] = fixedWords
        document["corrections"] = saved.corrections.map { ["block": $0.block, "piece": $0.piece, "message": $0.message] }
        return AppResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(EditorWire.text(document).utf8))
    }

    // MARK: Helpers

    /// Why a request without the access token is refused; nil when it may go on.
    private func accessRefusal(_ request: AppRequest) -> AppResponse? {
        guard let accessToken else { return nil }
        let cookies = (request.headers["cookie"] ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let given = cookies.first { $0.hasPrefix(Self.cookieName + "=") }.map { String($0.dropFirst(Self.cookieName.count + 1)) }
        guard let given, Self.same(given, accessToken) else {
            return .text(
                403,
                "Forbidden: this preview edits notes only for whoever opens an edit page with its edit token once (…/_notebook/edit/PAGE?token=TOKEN).\n"
            )
        }
        return nil
    }

    private func remember(_ file: String, _ hash: String, _ bytes: [UInt8]) {
        opened.withLock { opened in
            opened.removeAll { $0.file == file && $0.hash == hash }
            opened.append((file, hash, bytes))
            if opened.count > 64 { opened.removeFirst(opened.count - 64) }
        }
    }

    private func openedBytes(_ file: String, _ hash: String) -> [UInt8]? {
        opened.withLock { opened in opened.last { $0.file == file && $0.hash == hash }?.bytes }
    }

    /// Whether two tokens are the same, in a time that does not tell how much of them is.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    static func notAllowed(_ methods: String) -> AppResponse {
        var response = AppResponse.text(405, "Method Not Allowed\n")
        response.headers.append(("Allow", methods))
        return response
    }

    static func error(_ status: Int, _ message: String, extra: [String: Any] = [:]) -> AppResponse {
        var object: [String: Any] = ["error": message]
        for (key, value) in extra { object[key] = value }
        return AppResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(EditorWire.text(object).utf8))
    }

    static func conflict(_ message: String, currentHash: String) -> AppResponse {
        error(409, message, extra: ["currentHash": currentHash])
    }
}
