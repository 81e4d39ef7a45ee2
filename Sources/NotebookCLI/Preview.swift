import Foundation
import NotebookModel
import NotebookRender
import NotebookScripts
import NotebookServer
import NotebookSite
import Synchronization

/// What `notebook serve` runs: a site session building in memory, a server of what it built with
/// live reload, and a watcher that rebuilds what a change affects and tells the pages.
public final class Preview: Sendable {
    /// The server's root URL, which is also the site's base URL.
    public let url: String
    public let server: StaticServer
    /// The site's folder, as given.
    private let site: String
    private let state: Mutex<State>
    private let quietPeriod: Duration
    private let log: @Sendable (_ stdout: String, _ stderr: String) -> Void
    private let color: Bool
    /// The note editor, with `--edit`.
    let editor: NoteEditor?

    private struct State: Sendable {
        var session: SiteSession
        var generation = 0
        var watcher: FileWatcher?
        /// What the watcher was made for (`SiteSession.watchKey`).
        var watched: [String] = []
        var stopped = false
        /// The findings of the last build, which a rebuild does not print again unless its files changed.
        var findings: Set<Diagnostic> = []
    }

    /// Listens on `host`:`port` (0: any free port), answering the Host names `allowedHosts`
    /// besides the server's own (see `AllowedHosts`). `log` receives a line per build (and
    /// diagnostics); nothing is built until `start()`, and nothing is written to disk but what
    /// the note editor saves (with `edit`; `editToken` asked of it when set).
    public init(
        site: String, host: String = "127.0.0.1", port: UInt16 = 8000, allowedHosts: [String] = [],
        drafts: Bool = false, quietPeriod: Duration = .milliseconds(20), color: Bool = false, edit: Bool = false, editToken: String? = nil,
        log: @escaping @Sendable (_ stdout: String, _ stderr: String) -> Void = { _, _ in }
    ) throws {
        let editor = edit ? NoteEditor(accessToken: editToken) : nil
        self.editor = editor
        server = try StaticServer(host: host, port: port, allowedHosts: allowedHosts, endpoints: editor)
        let urlHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        url = "http://\(urlHost):\(server.port)/"
        let session = SiteSession(directory: site, options: BuildOptions(includeDrafts: drafts, baseURL: url, cacheFolder: HighlightCache.folder()), inMemory: true)
        state = Mutex(State(session: session))
        self.site = site
        self.quietPeriod = quietPeriod
        self.log = log
        self.color = color
        editor?.find { [weak self] url in self?.state.withLock { $0.session.editableSource(url: url) } }
    }

    deinit {
        stop()
    }

    /// Builds the whole site and starts watching it; the first build's report.
    @discardableResult
    public func start() throws -> SessionReport {
        let report = rebuild([], everything: true)
        try watch()
        return report
    }

    /// The paths of the site the last good build made, pages and copied files.
    var servedPaths: Set<String> {
        state.withLock { Set($0.session.pages.keys).union($0.session.copies.keys) }
    }

    /// Stops watching and serving; open event streams are ended. Calling it again does nothing.
    public func stop() {
        let watcher = state.withLock { state -> FileWatcher? in
            state.stopped = true
            defer { state.watcher = nil }
            return state.watcher
        }
        watcher?.stop()
        server.stop()
    }

    /// (Re)starts the watcher when the folders to watch changed (a theme chosen in `notebook.yml`).
    private func watch() throws {
        let (session, current, stopped) = state.withLock { ($0.session, $0.watched, $0.stopped) }
        let folders = session.watchedFolders
        // A change of what `ignore` leaves out changes what is watched too.
        guard !stopped, session.watchKey != current else { return }
        let watcher = try FileWatcher(
            roots: folders, ignoring: { session.ignores($0) }, quietPeriod: quietPeriod,
            onChange: { [weak self] changes in
                guard let self else { return }
                self.rebuild(changes.paths, everything: changes.overflowed)
                try? self.watch()
            })
        let previous = state.withLock { state -> FileWatcher? in
            defer {
                state.watcher = watcher
                state.watched = session.watchKey
            }
            return state.watcher
        }
        previous?.stop()
    }

    /// Rebuilds after a change, tells the server, and logs a line.
    @discardableResult
    func rebuild(_ paths: Set<String>, everything: Bool = false) -> SessionReport {
        let start = ContinuousClock.now
        let (report, generation, watched, files, before) = state.withLock { state in
            let report = everything ? state.session.build() : state.session.update(changing: paths)
            let before = state.findings
            state.findings = Set(report.diagnostics)
            state.generation += 1
            let files = report.succeeded ? SiteFiles(pages: state.session.pages, files: state.session.copies) : nil
            if report.succeeded { editor?.update(pages: state.session.notePagePaths) }
            return (report, state.generation, state.session.watchedFolders, files, before)
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        // Every finding is printed for a failed build (and its page) and a full build; after a
        // save, the findings in the files just saved, and the new ones elsewhere (the links of
        // other notes that a deleted note, or one made a draft, leaves broken).
        let all = !report.succeeded || report.everything
        let printed = all ? report.diagnostics : report.diagnostics.filter { diagnostic in
            !before.contains(diagnostic)
                || paths.contains { $0 == diagnostic.path || $0.hasSuffix("/" + diagnostic.path.drop { $0 == "." || $0 == "/" }) }
        }
        let shown = !printed.isEmpty
        let sources = shown ? SourceTexts.completing(report.sources, for: printed) : [:]
        let record = PreviewBuild(
            generation: generation, succeeded: report.succeeded, everything: report.everything, milliseconds: milliseconds,
            changed: paths.map { PreviewBuild.shownPath($0, site: site, watched: watched) }.sorted(), groups: report.groups.map(\.description), written: report.written, removed: report.removed,
            errors: report.diagnostics.filter { $0.severity == .error }.count,
            warnings: report.diagnostics.filter { $0.severity == .warning }.count,
            steps: report.timings.map { PreviewBuild.Step(step: $0.title, ids: $0.steps.map(\.rawValue), milliseconds: ($0.seconds * 10000).rounded() / 10) })
        server.publish(
            BuildStatus(
                generation: generation, failurePage: report.succeeded
                    ? nil : Self.failurePage(site: site, diagnostics: DiagnosticPrinter().print(report.diagnostics, sources: sources)),
                reportJSON: record.json),
            files: files)
        log(record.summary + "\n", shown ? DiagnosticPrinter(format: .text, color: color).print(printed, sources: sources) : "")
        return report
    }
}

extension Preview {
    /// The page served in place of every page while the build fails: the diagnostics as text.
    static func failurePage(site: String, diagnostics: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Build failed</title>
        <style>body{font-family:system-ui,sans-serif;margin:2rem;}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem;}</style>
        </head>
        <body>
        <h1>The build of \(HTMLEscaping.escape(site)) failed</h1>
        <pre>\(HTMLEscaping.escape(diagnostics))</pre>
        </body>
        </html>

        """
    }
}

/// One build of a preview, as `/_notebook/build` reports it and the log line says it. Its paths
/// never tell where the site, the private output folder or the theme lie on disk: changed files
/// are relative to the site folder, files written and removed relative to the output.
struct PreviewBuild: Codable, Sendable {
    var generation: Int
    var succeeded: Bool
    var everything: Bool
    var milliseconds: Double
    /// The files whose change caused the build (see `shownPath`).
    var changed: [String]
    var groups: [String]
    var written: [String]
    var removed: [String]
    var errors: Int
    var warnings: Int
    /// How long each step of the build took.
    var steps: [Step]

    struct Step: Codable, Sendable {
        /// The steps' names in words, and their ids (`resolve-links`), as the json findings name them.
        var step: String
        var ids: [String]
        var milliseconds: Double
    }

    /// A changed path as the report shows it: relative to the site folder; under another watched
    /// folder (a theme outside the site), `theme NAME/` and the path inside it; else its name alone.
    static func shownPath(_ path: String, site: String, watched: [String]) -> String {
        func inside(_ folder: String) -> String? {
            let base = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
            return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : nil
        }
        if let relative = inside(site) { return relative }
        for folder in watched where folder != site {
            if let relative = inside(folder) { return "theme \((folder as NSString).lastPathComponent)/\(relative)" }
        }
        return (path as NSString).lastPathComponent
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    var summary: String {
        let time = String(format: "%.0f ms", milliseconds)
        guard succeeded else {
            return "build failed: \(plural(errors, "error")), \(plural(warnings, "warning")) in \(time); the pages show the errors"
        }
        let what = everything ? "built everything" : groups.isEmpty ? "nothing to rebuild" : "rebuilt \(groups.joined(separator: ", "))"
        return "\(what): \(plural(written.count, "file")) written, \(removed.count) removed in \(time)"
    }
}
