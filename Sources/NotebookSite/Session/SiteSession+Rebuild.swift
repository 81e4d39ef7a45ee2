import Foundation
import NotebookModel
import NotebookRender
import Parallel

extension SiteSession {
    /// Links, renders and writes what changed, and keeps `next` when all went well.
    mutating func rebuild(_ next: SessionState, changedNotes: Set<String>, everything: Bool) -> SessionReport {
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
            siteNotes = SiteOrder.sorted(next.records.values.map(\.note).filter(included), workers: options.workers)
        }
        next.ordered = siteNotes
        // URLs and aliases clash only when one of them changed.
        func urlAndAliases(_ note: SiteNote?) -> [String] {
            guard let note, included(note) else { return [] }
            return [note.url] + note.metadata.aliases
        }
        if let old, old.sortedPaths == next.sortedPaths,
            !changedNotes.contains(where: { urlAndAliases(old.records[$0]?.note) != urlAndAliases(next.records[$0]?.note) })
        {
            next.placeDiagnostics = old.placeDiagnostics
        } else {
            next.placeDiagnostics = SiteLoader.checkURLs(next.sortedPaths.compactMap { next.records[$0]?.note }.filter(included))
                .made(by: .readNotes) + PagePlan.aliasErrors(siteNotes).made(by: .resolveLinks)
        }
        let paths = siteNotes.map(\.relativePath)
        let config = next.settings.config
        let site = LoadedSite(
            tree: tree, config: config, definition: next.settings.definition, notes: siteNotes, diagnostics: [], sources: [:],
            files: next.others, usesNotesFolder: next.usesNotesFolder, hasConfig: next.settings.hasConfig,
            favicon: Favicon.path(site: next.assets.map(\.relativePath), theme: next.theme.assets.map(\.path)))
        // When no note moved or changed its places and no copy changed, the output's paths are
        // those of the last build: its collisions, the paths links may name and the plan's index
        // stay. When no note changed its link keys either, the link index stays.
        let copies = OutputCopy.all(files: next.others, siteAssets: next.assets, themeAssets: next.theme.assets)
        let layout = SiteLayout(copies: copies, pageSize: next.settings.config.pageSize)
        let sameOrder = old.map { old in old.ordered.count == paths.count && zip(old.ordered, paths).allSatisfy { $0.relativePath == $1 } } ?? false
        let changedLayouts = changedNotes.map { path in
            (old: old?.records[path].map { NoteLayout($0.note) }, new: next.records[path].map { NoteLayout($0.note) })
        }
        let samePlaces = old.map { old in
            sameOrder && old.layout == layout && changedLayouts.allSatisfy { $0.old?.places == $0.new?.places }
        } ?? false
        let sameLayout = samePlaces && old?.resolver != nil && changedLayouts.allSatisfy { $0.old == $0.new }
        // The folders, found once for the paths links may name and for the link index.
        let folders = samePlaces ? nil : SiteFolders(siteNotes)
        // The plan's index, laid out for the collisions and kept for the plan.
        var layoutIndex: PlanIndex? = nil
        if let folders {
            let layout = SiteChecks.layout(site, urls: urls, copies: copies, folders: folders)
            next.collisions = layout.collisions.made(by: .planPages)
            layoutIndex = layout.index
            let files = next.others.map(\.relativePath)
            let assetPaths = next.assets.map(\.relativePath) + next.theme.assets.map(\.path)
            next.knownPaths = SiteChecks.knownPaths(
                notes: siteNotes, files: files, pageSize: next.settings.config.pageSize, assets: assetPaths, folders: folders)
        }
        let collisions = next.collisions
        stopwatch.lap(.readNotes, .planPages)

        let positions = sameOrder ? old!.positions : Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        // The changed notes of the site, by place.
        let changed = changedNotes.compactMap { positions[$0] }.sorted()
        let resolver: LinkResolver
        if sameLayout, let kept = old?.resolver {
            resolver = kept
        } else if samePlaces, let kept = old?.resolver {
            resolver = kept.retitling(siteNotes, changed: changed)
        } else {
            resolver = LinkResolver(
                notes: siteNotes, files: next.others.map(\.relativePath),
                assets: next.assets.map(\.relativePath) + next.theme.assets.map(\.path), folders: folders, knownPaths: next.knownPaths,
                urls: urls)
        }
        next.resolver = resolver
        next.layout = layout
        let records = next.records
        // The notes whose pages change, and each note's links: with the same layout, a note that
        // did not change links where it did, and only the changed notes' links are resolved.
        var affected = Set<String>()
        var backlinks: [String: [String]]
        var targets: [String: Set<String>]
        let outcomes: @Sendable (Int) -> [LinkOutcome?]
        if sameLayout, let old {
            let fresh = ParallelWork.map(count: changed.count, workers: options.workers) { at in
                resolver.outcomes(of: records[paths[changed[at]]]!.references, from: changed[at])
            }
            let changedOutcomes = Dictionary(uniqueKeysWithValues: zip(changed, fresh))
            let kept = old.outputs
            outcomes = { changedOutcomes[$0] ?? kept[paths[$0]]!.outcomes }
            backlinks = old.backlinks
            targets = old.targets
            for (at, index) in changed.enumerated() {
                let path = paths[index]
                let linked = Set(fresh[at].compactMap { $0?.note }).subtracting([path])
                let before = old.targets[path] ?? []
                for target in before.subtracting(linked) {
                    backlinks[target]?.removeAll { $0 == path }
                    if backlinks[target]?.isEmpty == true { backlinks[target] = nil }
                }
                // A note's backlinks are in the site's order.
                for target in linked.subtracting(before) {
                    var sources = backlinks[target] ?? []
                    sources.insert(path, at: sources.firstIndex { positions[$0]! > index } ?? sources.endIndex)
                    backlinks[target] = sources
                }
                targets[path] = linked
            }
        } else {
            let all = ParallelWork.map(count: siteNotes.count, workers: options.workers) { index in
                resolver.outcomes(of: records[paths[index]]!.references, from: index)
            }
            outcomes = { all[$0] }
            backlinks = [:]
            targets = [:]
            for (index, path) in paths.enumerated() {
                let linked = Set(all[index].compactMap { $0?.note }).subtracting([path])
                targets[path] = linked
                for target in linked.sorted() { backlinks[target, default: []].append(path) }
            }
            for (index, path) in paths.enumerated() {
                if everything || changedNotes.contains(path) || old?.outputs[path]?.outcomes != all[index]
                    || old?.backlinks[path] ?? [] != backlinks[path] ?? []
                {
                    affected.insert(path)
                }
            }
        }
        stopwatch.lap(.resolveLinks)
        for path in changedNotes {
            affected.formUnion(old?.backlinks[path] ?? [])
            affected.formUnion(backlinks[path] ?? [])
            affected.formUnion(targets[path] ?? [])
            affected.formUnion(old?.targets[path] ?? [])
            if positions[path] != nil { affected.insert(path) }
        }

        var diagnostics = next.settings.diagnostics + next.discoveryDiagnostics + codeUnavailable(next.settings)
        for path in next.sortedPaths { if let record = next.records[path] { diagnostics += record.diagnostics } }
        diagnostics += next.placeDiagnostics + resolver.index.ambiguousAliases().made(by: .resolveLinks) + collisions
            + next.assetDiagnostics
        var sources = next.settings.sources
        for record in next.records.values { if let source = record.source { sources[record.note.path] = source } }
        let notes = siteNotes
        // The URLs a note's links were given, and its link findings.
        let linked = { @Sendable (index: Int) -> (urls: [LinkReference: String], diagnostics: [Diagnostic]) in
            var walk = LinkResolution.Walk(source: index)
            walk.resolve(notes[index].body.links, with: resolver)
            return (walk.urls, walk.findings.made(by: .resolveLinks))
        }
        guard !diagnostics.hasErrors else {
            // As a full build does, a build that fails before rendering still reports every
            // note's link findings.
            let findings = ParallelWork.map(count: notes.count, workers: options.workers) { linked($0).diagnostics }
            return failed(diagnostics + findings.flatMap { $0 }, sources: sources, everything: everything)
        }

        stopwatch.lap(.planPages)
        // Link and render the affected notes.
        let definition = next.settings.definition
        let rendering = NoteRendering(config: config, definition: definition, urls: urls)
        let toRender = paths.indices.filter { affected.contains(paths[$0]) }
        let fresh = ParallelWork.map(count: toRender.count, workers: options.workers) { position in
            let index = toRender[position]
            let note = notes[index]
            let (resolved, findings) = linked(index)
            let html = rendering.render(note, body: note.body, resolved: resolved)
            return NoteOutput(outcomes: outcomes(index), rendered: html, linkDiagnostics: findings, title: note.title, url: note.url)
        }
        if !sameOrder {
            let kept = Set(paths)
            next.outputs = next.outputs.filter { kept.contains($0.key) }
        }
        for (position, index) in toRender.enumerated() { next.outputs[paths[index]] = fresh[position] }
        for path in paths { diagnostics += next.outputs[path]!.linkDiagnostics }
        guard !diagnostics.hasErrors else { return failed(diagnostics, sources: sources, everything: everything) }

        stopwatch.lap(.resolveLinks, .renderNotes)
        next.positions = positions
        let shown = paths.map { next.outputs[$0]! }
        // Notes shown in others: filled on every rebuild, and the pages of the notes that show a
        // changed note, directly or through other embeds, written again.
        let embeds = Embeds(notes: siteNotes, rendered: shown.map(\.rendered), renderer: rendering.renderer, urls: urls)
        let embedded = embeds.filled()
        diagnostics += embedded.diagnostics.made(by: .renderNotes)
        let plan = PagePlan(
            site: site, urls: urls, rendered: embedded.rendered,
            backlinks: paths.map { (backlinks[$0] ?? []).compactMap { positions[$0] } }, index: samePlaces ? old?.planIndex : layoutIndex)
        next.planIndex = plan.index
        next.folderTitles = Dictionary(uniqueKeysWithValues: plan.index.folders.urls.map { ($0, plan.folderTitle($0)) })
        next.explorerNotes = plan.explorerNotes()
        // Whether a note introduces a folder's page depends on the other notes' places too: `X.md`
        // beside `X/` does while `X/` holds a note. A note whose group changes so leaves its old
        // group's pages and lists and joins its new one's, as a changed note does.
        var regrouped = Set<String>()
        if old == nil || !samePlaces {
            next.groupOfNote = Dictionary(uniqueKeysWithValues: siteNotes.map { ($0.relativePath, plan.index.group(of: $0)) })
            if let old {
                for (path, group) in next.groupOfNote where old.groupOfNote[path].map({ $0 != group }) == true { regrouped.insert(path) }
            }
        } else {
            for path in changedNotes {
                next.groupOfNote[path] = next.records[path].flatMap { included($0.note) ? plan.index.group(of: $0.note) : nil }
            }
        }
        // A name alias that gives way, or no longer does, when something else comes to its path or
        // leaves it: its note's pages are made again, with or without its redirect.
        var leftOutChanged = Set<String>()
        if let before = old?.planIndex?.leftOutAliases, before != plan.index.leftOutAliases {
            let notes = Set(before.symmetricDifference(plan.index.leftOutAliases).map(\.note))
            for note in siteNotes where notes.contains(note.path) { leftOutChanged.insert(note.relativePath) }
        }
        next.backlinks = backlinks
        next.targets = targets
        next.tags = Dictionary(plan.tags.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })

        var groups = Set<PageGroup>()
        var selection: [PageGroup: Set<Int>] = [:]
        if old == nil { next.lists = plan.lists() }
        if let old {
            let rerendered = changedNotes.union(affected).union(regrouped)
            for index in embeds.embedders(of: Set(rerendered.compactMap { positions[$0] })) {
                if let group = next.groupOfNote[paths[index]] { groups.insert(group) }
            }
            for path in affected { if let group = next.groupOfNote[path] { groups.insert(group) } }
            for path in rerendered { if let group = old.groupOfNote[path] { groups.insert(group) } }
            for path in regrouped.union(leftOutChanged) { if let group = next.groupOfNote[path] { groups.insert(group) } }
            if !changedNotes.isEmpty || !regrouped.isEmpty {
                groups.formUnion([.index, .search])
                for path in changedNotes.union(regrouped) {
                    for note in [old.records[path]?.note, next.records[path]?.note].compactMap({ $0 }) {
                        for slug in NoteTag.lineages(of: note.tags) { groups.insert(.tag(slug)) }
                        // Its folder lists it, and every folder above counts it.
                        var folder = note.folder
                        while let found = plan.index.folders.byURL[folder] ?? old.planIndex?.folders.byURL[folder] {
                            groups.insert(.folder(folder))
                            folder = found.parent
                        }
                    }
                }
            }
            // A folder that comes, goes or is retitled is in every page's explorer (and in the
            // breadcrumbs of every note and folder under it).
            let foldersChanged =
                next.folderTitles.keys.contains { url in old.folderTitles[url].map { $0 != next.folderTitles[url] } ?? false }
                || Set(next.folderTitles.keys) != Set(old.folderTitles.keys)
            // Every page's explorer shows the folders from the top, with the notes of those on its
            // way, 50 at a time (Explorer.window). A folder's first group of notes, and its count
            // (every group's "more" link says it), are on every page under it, its own page and
            // its first group's notes' pages; a later group only on its own notes' pages.
            let window = Explorer.window
            var shownBelow = Set<String>()
            var laterGroups: [String: Set<Int>] = [:]
            for folder in Set(next.explorerNotes.keys).union(old.explorerNotes.keys) {
                let before = old.explorerNotes[folder] ?? [], after = next.explorerNotes[folder] ?? []
                guard before != after else { continue }
                if before.count != after.count || before.prefix(window) != after.prefix(window) {
                    shownBelow.insert(folder)
                    continue
                }
                for start in stride(from: window, to: after.count, by: window)
                where before[start..<min(start + window, before.count)] != after[start..<min(start + window, after.count)] {
                    laterGroups[folder, default: []].insert(start / window)
                }
            }
            // So is the top's first group, and whether a folder opens, which changes with its first
            // note or its last.
            let everyPage = foldersChanged || shownBelow.contains("/") || Set(next.explorerNotes.keys) != Set(old.explorerNotes.keys)
            if everyPage {
                groups.formUnion(plan.explorerGroups)
            } else {
                if !shownBelow.isEmpty {
                    for (path, group) in next.groupOfNote {
                        guard let folder = next.records[path]?.note.folder, shownBelow.contains(where: folder.hasPrefix) else { continue }
                        groups.insert(group)
                    }
                    for url in plan.index.folders.urls where shownBelow.contains(where: url.hasPrefix) { groups.insert(.folder(url)) }
                }
                for (folder, numbers) in laterGroups {
                    let members = plan.index.folderMembers[folder] ?? []
                    for number in numbers {
                        for member in members[(number * window)..<min((number + 1) * window, members.count)] {
                            if let group = next.groupOfNote[plan.notes[member].relativePath] { groups.insert(group) }
                        }
                    }
                }
            }
            // Folders that come or go change their neighbours' lists of folders.
            if !samePlaces {
                for url in plan.index.folders.byURL.keys { groups.insert(.folder(url)) }
                for url in old.planIndex?.folders.byURL.keys.map({ $0 }) ?? [] { groups.insert(.folder(url)) }
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
            if next.tags != old.tags { groups.insert(.tags) }
            // The sitemap lists each note's URL and date in the site's order, each tag, and the
            // newest note's date.
            func urlAndDate(_ output: NoteOutput?, _ note: SiteNote?) -> [String] {
                [output?.url ?? "", note?.metadata.date ?? ""]
            }
            if next.tags != old.tags || oldOrder != newOrder
                || changedNotes.contains(where: {
                    urlAndDate(old.outputs[$0], old.records[$0]?.note) != urlAndDate(next.outputs[$0], next.records[$0]?.note)
                })
            {
                groups.insert(.sitemap)
            }
            // The search page lists every note's title and link by folder, and every tag.
            func titleAndURL(_ output: NoteOutput?) -> [String] { [output?.title ?? "", output?.url ?? ""] }
            if next.tags != old.tags || oldOrder != newOrder || foldersChanged
                || changedNotes.contains(where: { titleAndURL(old.outputs[$0]) != titleAndURL(next.outputs[$0]) })
            {
                groups.insert(.searchPage)
            }
            // A list's pages that only a changed note is on are written again, but when every page
            // is (every page shows the explorer).
            for group in groups where !everyPage {
                // Every page of a folder shows its introduction's title.
                if case .folder = group { continue }
                // Every page of a tag's list shows its name, spelled as its first note spells it,
                // and the first its nested tags.
                if case .tag(let slug) = group,
                    old.tags[slug]?.name != next.tags[slug]?.name || old.tags[slug]?.children != next.tags[slug]?.children
                {
                    continue
                }
                guard let list = next.lists[group] else { continue }
                if let pages = Self.pagesToWrite(
                    old: old.lists[group], new: list, changed: changedNotes.union(regrouped), pageSize: next.settings.config.pageSize)
                {
                    selection[group] = pages
                }
            }
        } else {
            groups = Set(plan.groups).union(state?.written.keys ?? [:].keys)
        }
        stopwatch.lap(.planPages)
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
}
