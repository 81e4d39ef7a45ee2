import Foundation
import NotebookModel
import NotebookRender

/// What one build of a session did.
public struct SessionReport: Sendable {
    /// Whether the output now shows the site as it is; false leaves it as the last good build made it.
    public var succeeded: Bool
    public var diagnostics: [Diagnostic]
    /// The text of the files with findings, by path.
    public var sources: [String: String]
    public var notes: Int
    /// The site's pages in all.
    public var pages: Int
    public var words: Int
    /// Whether everything was rebuilt: the first build, or a change to settings, templates or theme.
    public var everything: Bool
    /// The groups rebuilt, and the output files written (pages and copies) and removed; sorted.
    public var groups: [PageGroup]
    public var written: [String]
    public var removed: [String]
    /// How long each step took, in order.
    public var timings: [(step: String, seconds: Double)] = []
}

/// A site kept in memory between builds, for the preview server: a change rebuilds only the pages
/// that depend on it, in place in the output folder.
///
/// A changed note rebuilds its own page; the pages of the index and of its old and new tags that
/// change (see `pagesToWrite`); the search index; the feed and the highlights page when what they
/// show changed; the pages of the notes that link to it or that it links to (their backlinks list
/// it), and of any note whose links now lead elsewhere or whose backlinks changed; the list of
/// tags and the sitemap when what they show changed. A change to `notebook.yml`, the formatting
/// definition, the site's templates or the theme rebuilds everything. A failed build changes
/// nothing, and the next build makes up for it.
public struct SiteSession: Sendable {
    public let directory: String
    public let options: BuildOptions
    /// The output folder, changed in place.
    public let output: String
    private var state: SessionState?
    /// Paths (relative to the site) changed since the last good build.
    private var pending: Set<String> = []
    private var pendingEverything = true
    private var stopwatch = Stopwatch()

    /// A session for the site in `directory`, building into `options.output` (`SITE/public` when nil).
    public init(directory: String, options: BuildOptions) {
        self.directory = directory
        self.options = options
        self.output = options.output ?? NoteDiscovery.join(directory, "public")
    }

    /// The folders to watch: the site's, and those of the theme's layers outside it.
    public var watchedFolders: [String] {
        [directory] + (state?.themeDirectories ?? []).filter { !$0.hasPrefix(directory + "/") }
    }

    /// Whether a watcher should leave a path alone: dot-files, and the output folders.
    public func ignores(_ path: String) -> Bool {
        if path == output || path.hasPrefix(output + "/") { return true }
        guard let relative = relativePath(path) else { return false }
        return relative == "public" || relative.hasPrefix("public/")
            || relative.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Builds everything.
    public mutating func build() -> SessionReport {
        update(changing: [], everything: true)
    }

    /// Rebuilds what depends on `paths` (as a watcher names them: inside the site or the theme).
    public mutating func update(changing paths: Set<String>, everything forced: Bool = false) -> SessionReport {
        stopwatch = Stopwatch()
        var report = update(paths, everything: forced)
        report.timings = stopwatch.laps
        return report
    }

    private mutating func update(_ paths: Set<String>, everything forced: Bool) -> SessionReport {
        let relative = paths.compactMap(relativePath)
        pending.formUnion(relative)
        var everything = forced || pendingEverything || state == nil
        if let state {
            let settingsFiles = ["notebook.yml", state.settings.config.formatting, "templates", "notes"]
            if pending.contains(where: { path in settingsFiles.contains { path == $0 || ($0 == "templates" && path.hasPrefix("templates/")) } })
                || paths.contains(where: { path in state.themeDirectories.contains { path == $0 || path.hasPrefix($0 + "/") } })
            {
                everything = true
            }
        }
        if everything { pendingEverything = true }

        var next: SessionState
        var changedNotes: Set<String>
        if !everything, let state {
            next = state
            changedNotes = reread(into: &next)
            if next.usesNotesFolder != state.usesNotesFolder { return update([], everything: true) }
        } else {
            switch readEverything() {
            case .success(let fresh): next = fresh
            case .failure(let failure): return failure.report
            }
            changedNotes = Set(next.records.keys)
        }
        stopwatch.lap("read")
        return rebuild(next, changedNotes: changedNotes, everything: everything)
    }

    /// Reads settings, theme and every file.
    private func readEverything() -> Result<SessionState, SessionReportFailure> {
        var settings = SiteLoader.settings(of: directory)
        let (theme, themeDiagnostics) = ThemeLoader.load(settings.config.theme, site: directory, configPath: settings.configPath)
        settings.diagnostics += themeDiagnostics
        guard let theme else {
            return .failure(SessionReportFailure(report: failed(settings.diagnostics, sources: settings.sources, everything: true)))
        }
        let layers = [ThemeLoader.locate("default", site: directory), ThemeLoader.locate(settings.config.theme, site: directory)]
        var directories: [String] = []
        for layer in layers.compactMap({ $0 }).map(Self.withoutDotSegments) where !directories.contains(layer) { directories.append(layer) }
        let contents = NoteDiscovery.scan(site: directory)
        var state = SessionState(settings: settings, theme: theme, themeDirectories: directories, usesNotesFolder: contents.usesNotesFolder)
        state.others = contents.others
        state.discoveryDiagnostics = contents.diagnostics
        (state.assets, state.assetDiagnostics) = NoteDiscovery.files(under: NoteDiscovery.join(directory, "assets"), site: directory)
        for record in read(contents.notes, settings: settings) { state.records[record.note.relativePath] = record }
        state.sortedPaths = contents.notes.map(\.relativePath)
        return .success(state)
    }

    /// Rereads the notes and files named by pending changes, finds notes added and removed; the
    /// paths (under the notes folder) of the notes read or removed.
    private func reread(into state: inout SessionState) -> Set<String> {
        // Most changes are saves of notes already known: read them again, without a scan.
        let prefix = state.usesNotesFolder ? "notes/" : ""
        let known = pending.compactMap { path -> NoteDiscovery.File? in
            guard path.hasPrefix(prefix), let record = state.records[String(path.dropFirst(prefix.count))] else { return nil }
            var info = stat()
            guard lstat(record.note.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return NoteDiscovery.File(path: record.note.path, relativePath: record.note.relativePath)
        }
        if !known.isEmpty && known.count == pending.count {
            for record in read(known, settings: state.settings) { state.records[record.note.relativePath] = record }
            return Set(known.map(\.relativePath))
        }
        let contents = NoteDiscovery.scan(site: directory)
        let usedNotesFolder = state.usesNotesFolder
        state.usesNotesFolder = contents.usesNotesFolder
        guard usedNotesFolder == contents.usesNotesFolder else { return [] }
        let touched = pending.compactMap { path -> String? in
            guard contents.usesNotesFolder else { return path }
            return path.hasPrefix("notes/") ? String(path.dropFirst("notes/".count)) : nil
        }
        func isTouched(_ path: String) -> Bool {
            touched.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        let present = Set(contents.notes.map(\.relativePath))
        let removed = state.records.keys.filter { !present.contains($0) }
        for path in removed { state.records[path] = nil }
        let toRead = contents.notes.filter { state.records[$0.relativePath] == nil || isTouched($0.relativePath) }
        state.sortedPaths = contents.notes.map(\.relativePath)
        for record in read(toRead, settings: state.settings) { state.records[record.note.relativePath] = record }
        state.others = contents.others
        state.discoveryDiagnostics = contents.diagnostics
        if pending.contains(where: { $0 == "assets" || $0.hasPrefix("assets/") }) {
            (state.assets, state.assetDiagnostics) = NoteDiscovery.files(under: NoteDiscovery.join(directory, "assets"), site: directory)
        }
        return Set(removed).union(toRead.map(\.relativePath))
    }

    /// Reads note files in parallel.
    private func read(_ files: [NoteDiscovery.File], settings: SiteLoader.Settings) -> [NoteRecord] {
        let loader = NoteLoader(definition: settings.definition, palette: settings.config.paletteNames, strict: options.strict)
        return ParallelWork.map(count: files.count, workers: options.workers) { index in
            let (loaded, note) = SiteLoader.load(files[index], with: loader)
            return NoteRecord(
                note: note, diagnostics: loaded.diagnostics, source: loaded.diagnostics.isEmpty ? nil : loaded.source,
                references: LinkReference.all(in: note.note.blocks))
        }
    }

    /// `path` without `.` segments and empty ones (`site/./theme/` → `site/theme`), as a watcher
    /// names what is inside it.
    static func withoutDotSegments(_ path: String) -> String {
        let kept = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + kept : kept.isEmpty ? "." : kept
    }

    /// A path inside the site, relative to it; nil for one outside.
    private func relativePath(_ path: String) -> String? {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        if base == "." || base.isEmpty {
            if path.hasPrefix("./") { return String(path.dropFirst(2)) }
            return path.hasPrefix("/") || path == "." ? nil : path
        }
        guard path.hasPrefix(base + "/") else { return nil }
        return String(path.dropFirst(base.count + 1))
    }

    func failed(_ diagnostics: [Diagnostic], sources: [String: String], everything: Bool) -> SessionReport {
        SessionReport(
            succeeded: false, diagnostics: diagnostics, sources: sources, notes: 0, pages: 0, words: 0, everything: everything,
            groups: [], written: [], removed: [])
    }

    /// Links, renders and writes what changed, and keeps `next` when all went well.
    private mutating func rebuild(_ next: SessionState, changedNotes: Set<String>, everything: Bool) -> SessionReport {
        var next = next
        let old = everything ? nil : state
        let urls = SiteURLs(baseURL: options.baseURL ?? next.settings.config.baseURL)
        let drafts = options.includeDrafts
        let included = { (note: SiteNote) in !note.isDraft || drafts }
        var siteNotes: [SiteNote]
        if let old, old.sortedPaths == next.sortedPaths {
            // Only the notes read again move: the others keep their order.
            siteNotes = old.ordered.filter { !changedNotes.contains($0.relativePath) }
            for path in changedNotes.sorted() {
                guard let note = next.records[path]?.note, included(note) else { continue }
                var low = 0
                var high = siteNotes.count
                while low < high {
                    let middle = (low + high) / 2
                    if SiteOrder.precedes(siteNotes[middle], note) { low = middle + 1 } else { high = middle }
                }
                siteNotes.insert(note, at: low)
            }
        } else {
            siteNotes = SiteOrder.sorted(next.records.values.map(\.note).filter(included))
        }
        next.ordered = siteNotes
        // URLs and aliases clash only when one of them changed.
        func place(_ note: SiteNote?) -> [String] {
            guard let note, included(note) else { return [] }
            return [note.url] + note.metadata.aliases
        }
        if let old, old.sortedPaths == next.sortedPaths,
            !changedNotes.contains(where: { place(old.records[$0]?.note) != place(next.records[$0]?.note) })
        {
            next.placeDiagnostics = old.placeDiagnostics
        } else {
            next.placeDiagnostics = SiteLoader.checkURLs(next.sortedPaths.compactMap { next.records[$0]?.note }.filter(included))
                + PagePlan.aliasConflicts(siteNotes)
        }
        let paths = siteNotes.map(\.relativePath)
        stopwatch.lap("order notes, check URLs")

        let files = next.others.map(\.relativePath)
        let assetPaths = next.assets.map(\.relativePath) + next.theme.assets.map(\.path)
        let known = SiteChecks.knownPaths(notes: siteNotes, files: files, pageSize: next.settings.config.pageSize, assets: assetPaths)
        let resolver = LinkResolver(notes: siteNotes, files: files, knownPaths: known, urls: urls)
        let records = next.records
        let outcomes = ParallelWork.map(count: siteNotes.count, workers: options.workers) { index in
            resolver.outcomes(of: records[paths[index]]!.references, from: index)
        }
        var backlinks: [String: [String]] = [:]
        var targets: [String: Set<String>] = [:]
        for (index, path) in paths.enumerated() {
            let linked = Set(outcomes[index].compactMap { $0?.note }).subtracting([path])
            targets[path] = linked
            for target in linked.sorted() { backlinks[target, default: []].append(path) }
        }

        stopwatch.lap("resolve links")
        // The notes whose pages change.
        var affected = Set<String>()
        for (index, path) in paths.enumerated() {
            if everything || changedNotes.contains(path) || old?.outputs[path]?.outcomes != outcomes[index]
                || old?.backlinks[path] ?? [] != backlinks[path] ?? []
            {
                affected.insert(path)
            }
        }
        for path in changedNotes {
            affected.formUnion(old?.backlinks[path] ?? [])
            affected.formUnion(backlinks[path] ?? [])
            affected.formUnion(targets[path] ?? [])
            affected.formUnion(old?.outputs[path]?.outcomes.compactMap { $0?.note } ?? [])
        }

        var diagnostics = next.settings.diagnostics + next.discoveryDiagnostics
        for path in next.records.keys.sorted() { diagnostics += next.records[path]!.diagnostics }
        diagnostics += next.placeDiagnostics + next.assetDiagnostics
        var sources = next.settings.sources
        for record in next.records.values { if let source = record.source { sources[record.note.path] = source } }
        guard !diagnostics.hasErrors else { return failed(diagnostics, sources: sources, everything: everything) }

        stopwatch.lap("find what changed")
        // Link and render the affected notes.
        let definition = next.settings.definition
        let config = next.settings.config
        let policy = definition.linkSchemes.map(LinkPolicy.only) ?? .anySafe
        let renderer = HTMLRenderer(options: RenderOptions(unsafeHTML: config.unsafeHTML, links: policy, anchorHighlights: true))
        let toRender = paths.indices.filter { affected.contains(paths[$0]) }
        let strict = options.strict
        let notes = siteNotes
        let fresh = ParallelWork.map(count: toRender.count, workers: options.workers) { position in
            let index = toRender[position]
            let note = notes[index]
            var walk = LinkResolution.Walk(resolver: resolver, source: index, strict: strict)
            let blocks = walk.blocks(note.note.blocks)
            return NoteOutput(
                outcomes: outcomes[index], rendered: renderer.renderNote(PageHeadings.adjust(blocks, title: note.title)),
                search: PagePlan.searchEntry(note, urls: urls, words: SearchIndex.words(PlainText.of(blocks))),
                linkDiagnostics: walk.diagnostics, title: note.title, url: note.url)
        }
        let kept = Set(paths)
        next.outputs = next.outputs.filter { kept.contains($0.key) }
        for (position, index) in toRender.enumerated() { next.outputs[paths[index]] = fresh[position] }
        for path in paths { diagnostics += next.outputs[path]!.linkDiagnostics }
        guard !diagnostics.hasErrors else { return failed(diagnostics, sources: sources, everything: everything) }

        stopwatch.lap("render \(toRender.count) notes")
        let site = LoadedSite(
            directory: directory, config: config, definition: definition, notes: siteNotes, diagnostics: [], sources: [:],
            files: next.others, usesNotesFolder: next.usesNotesFolder, hasConfig: next.settings.hasConfig)
        let index = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        let plan = PagePlan(
            site: site, urls: urls, rendered: paths.map { next.outputs[$0]!.rendered }, search: paths.map { next.outputs[$0]!.search },
            backlinks: paths.map { (backlinks[$0] ?? []).compactMap { index[$0] } })
        if old == nil {
            next.groupOfNote = Dictionary(uniqueKeysWithValues: siteNotes.map { ($0.relativePath, PagePlan.group(of: $0)) })
        } else {
            for path in changedNotes {
                next.groupOfNote[path] = next.records[path].flatMap { included($0.note) ? PagePlan.group(of: $0.note) : nil }
            }
        }
        next.backlinks = backlinks
        next.tagList = plan.tags.map { "\($0.name) \($0.url) \($0.count)" }
        next.tagNames = Dictionary(plan.tags.map { (Slug.make($0.name), $0.name) }, uniquingKeysWith: { first, _ in first })

        var groups = Set<PageGroup>()
        var selection: [PageGroup: Set<Int>] = [:]
        if old == nil { next.lists = plan.lists() }
        if let old {
            let rerendered = changedNotes.union(affected)
            for path in affected { if let group = next.groupOfNote[path] { groups.insert(group) } }
            for path in rerendered { if let group = old.groupOfNote[path] { groups.insert(group) } }
            if !changedNotes.isEmpty {
                groups.formUnion([.index, .search])
                for path in changedNotes {
                    for note in [old.records[path]?.note, next.records[path]?.note].compactMap({ $0 }) {
                        for tag in note.tags { groups.insert(.tag(tag.slug)) }
                    }
                }
            }
            // Only changed notes join or leave lists, or move in them.
            next.lists[.index] = plan.list(of: .index)
            for case .tag(let slug) in groups {
                next.lists[.tag(slug)] = plan.list(of: .tag(slug)).flatMap { $0.isEmpty ? nil : $0 }
            }
            let oldOrder = old.lists[.index] ?? []
            let newOrder = next.lists[.index] ?? []
            func highlights(_ output: NoteOutput?) -> [String] {
                guard let output, !output.rendered.highlights.isEmpty else { return [] }
                return [output.title, output.url] + output.rendered.highlights.map { "\($0.color) \($0.id ?? "") \($0.text)" }
            }
            if rerendered.contains(where: { highlights(old.outputs[$0]) != highlights(next.outputs[$0]) })
                || (oldOrder != newOrder && next.outputs.values.contains { !$0.rendered.highlights.isEmpty })
            {
                groups.insert(.highlights)
            }
            if oldOrder.prefix(PagePlan.feedSize) != newOrder.prefix(PagePlan.feedSize)
                || (oldOrder.prefix(PagePlan.feedSize) + newOrder.prefix(PagePlan.feedSize)).contains(where: rerendered.contains)
            {
                groups.insert(.feed)
            }
            if next.tagList != old.tagList { groups.insert(.tags) }
            // The sitemap lists each note's URL and date, each tag, and the newest note's date.
            func place(_ output: NoteOutput?, _ note: SiteNote?) -> [String] {
                [output?.url ?? "", note?.metadata.date ?? ""]
            }
            if next.tagList != old.tagList || oldOrder.first != newOrder.first
                || changedNotes.contains(where: { place(old.outputs[$0], old.records[$0]?.note) != place(next.outputs[$0], next.records[$0]?.note) })
            {
                groups.insert(.sitemap)
            }
            for group in groups {
                // Every page of a tag's list shows its name, spelled as its first note spells it.
                if case .tag(let slug) = group, old.tagNames[slug] != next.tagNames[slug] { continue }
                guard let list = next.lists[group] else { continue }
                if let pages = Self.pagesToWrite(old: old.lists[group], new: list, changed: changedNotes, pageSize: next.settings.config.pageSize) {
                    selection[group] = pages
                }
            }
        } else {
            groups = Set(plan.groups).union(state?.written.keys ?? [:].keys)
        }
        stopwatch.lap("plan pages")
        return write(
            plan, groups: groups.sorted(), selection: selection, into: next, diagnostics: diagnostics, sources: sources, everything: everything)
    }

    /// The pages of a list to write: the first (it shows the totals), those holding a changed note,
    /// and every page from the first place the order changed; nil for all of them, as when the
    /// number of pages changed (every page shows it).
    static func pagesToWrite(old: [String]?, new: [String], changed: Set<String>, pageSize: Int) -> Set<Int>? {
        let size = max(pageSize, 1)
        guard let old, (old.count + size - 1) / size == (new.count + size - 1) / size else { return nil }
        var pages: Set<Int> = [1]
        if old != new {
            let common = zip(old, new).prefix { $0 == $1 }.count
            let last = max((old.count + size - 1) / size, (new.count + size - 1) / size, 1)
            pages.formUnion((common / size + 1)...max(last, common / size + 1))
        }
        for (position, path) in new.enumerated() where changed.contains(path) { pages.insert(position / size + 1) }
        return pages
    }

    /// Writes the groups' pages and the copies that changed, removes what is gone, keeps the state.
    private mutating func write(
        _ plan: PagePlan, groups: [PageGroup], selection: [PageGroup: Set<Int>], into next: SessionState, diagnostics: [Diagnostic],
        sources: [String: String], everything: Bool
    ) -> SessionReport {
        var next = next
        let folder = OutputFolder(root: output)
        let theme = next.theme
        let directory = directory
        let results = ParallelWork.map(count: groups.count, workers: options.workers) { position -> ([String], [String], [Diagnostic]) in
            let pages = plan.pages(of: groups[position])
            let chosen = selection[groups[position]]
            var failures: [Diagnostic] = []
            var written: [String] = []
            for page in pages where chosen?.contains(page.number) ?? true {
                written.append(page.path)
                do {
                    try folder.write(try page.render(with: theme), to: page.path)
                } catch {
                    failures.append(SiteBuilder.diagnostic(for: error, site: directory))
                }
            }
            return (pages.map(\.path), written, failures)
        }
        stopwatch.lap("render and write \(groups.count) groups")
        let previous = state
        var written: [String] = []
        var failures: [Diagnostic] = []
        var stale = Set<String>()
        var files = Set<String>()
        for (group, (all, rendered, errors)) in zip(groups, results) {
            stale.formUnion(previous?.written[group] ?? [])
            next.written[group] = all.isEmpty ? nil : all
            files.formUnion(all)
            written += rendered
            failures += errors
        }

        var copies: [String: String] = [:]
        for file in next.others { copies[String(SiteURLs.filePath(file.relativePath).dropFirst())] = file.path }
        for asset in next.theme.assets { copies["assets/" + asset.path] = asset.source }
        for file in next.assets { copies["assets/" + file.relativePath] = file.path }
        for (target, source) in copies.sorted(by: { $0.key < $1.key })
        where everything || previous?.copies[target] != source || isPending(source) {
            do {
                try folder.copy(from: source, to: target)
                written.append(target)
            } catch {
                failures.append(SiteBuilder.diagnostic(for: error, site: directory))
            }
        }
        stale.formUnion(previous?.copies.keys.filter { copies[$0] == nil } ?? [])
        next.copies = copies
        let kept = files.union(copies.keys)
        let removed = stale.subtracting(kept).sorted()
        guard failures.isEmpty else { return failed(diagnostics + failures, sources: sources, everything: everything) }
        for path in removed { folder.remove(path) }
        stopwatch.lap("copy and remove files")

        state = next
        pending = []
        pendingEverything = false
        let notes = next.outputs.count
        return SessionReport(
            succeeded: true, diagnostics: diagnostics, sources: sources, notes: notes,
            pages: next.written.values.reduce(0) { $0 + $1.count }, words: plan.wordCount, everything: everything,
            groups: groups, written: written.sorted(), removed: removed)
    }

    /// Whether a file (by its path as discovered) changed since the last good build.
    private func isPending(_ path: String) -> Bool {
        guard let relative = relativePath(path) else { return false }
        return pending.contains { relative == $0 || relative.hasPrefix($0 + "/") }
    }
}

/// A report of a build that could not start.
struct SessionReportFailure: Error {
    var report: SessionReport
}
