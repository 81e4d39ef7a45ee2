import Foundation
import NotebookFiles
import NotebookModel
import NotebookRender
import Parallel

extension SiteSession {
    /// Writes the groups' pages and the copies that changed, removes what is gone, keeps the state.
    mutating func write(
        _ plan: PagePlan, groups: [PageGroup], selection: [PageGroup: Set<Int>], into next: SessionState, diagnostics: [Diagnostic],
        sources: [String: String], everything: Bool
    ) -> SessionReport {
        var next = next
        let folder = OutputFolder(root: output)
        let theme = next.theme
        let directory = directory
        let inMemory = inMemory
        let results = ParallelWork.map(count: groups.count, workers: options.workers) {
            position -> (all: [String], written: [(path: String, bytes: [UInt8])], failures: [Diagnostic]) in
            let pages = plan.pages(of: groups[position])
            let chosen = selection[groups[position]]
            var failures: [Diagnostic] = []
            var written: [(path: String, bytes: [UInt8])] = []
            for page in pages where chosen?.contains(page.number) ?? true {
                do {
                    let bytes = try page.render(with: theme)
                    if !inMemory { try folder.write(bytes, to: page.path) }
                    written.append((page.path, inMemory ? bytes : []))
                } catch {
                    written.append((page.path, []))
                    failures.append(SitePipeline.diagnostic(for: error, site: directory))
                }
            }
            return (pages.map(\.path), written, failures)
        }
        stopwatch.lap(.renderTemplates, .write)
        let previous = state
        var written: [String] = []
        var failures: [Diagnostic] = []
        var stale = Set<String>()
        var files = Set<String>()
        for (group, result) in zip(groups, results) {
            stale.formUnion(previous?.written[group] ?? [])
            next.written[group] = result.all.isEmpty ? nil : result.all
            files.formUnion(result.all)
            written += result.written.map(\.path)
            failures += result.failures
        }

        var copies: [String: String] = [:]
        var shown: [String: String] = [:]
        for copy in OutputCopy.all(files: next.others, siteAssets: next.assets, themeAssets: next.theme.assets) {
            (copies[copy.target], shown[copy.target]) = (copy.source, copy.shown)
        }
        for (target, source) in copies.sorted(by: { $0.key < $1.key })
        where everything || previous?.copies[target] != source || shown[target].map(isPending) == true {
            do {
                // In memory the file is read when asked for; whether it can be is known now.
                if inMemory { close(try FileSystem.openSource(source).descriptor) } else { try folder.copy(from: source, to: target) }
                written.append(target)
            } catch {
                failures.append(SitePipeline.diagnostic(for: error, site: directory))
            }
        }
        stale.formUnion(previous?.copies.keys.filter { copies[$0] == nil } ?? [])
        next.copies = copies
        let kept = files.union(copies.keys)
        let removed = stale.subtracting(kept).sorted()
        guard failures.isEmpty else { return failed(diagnostics + failures, sources: sources, everything: everything) }
        if inMemory {
            for result in results { for page in result.written { next.pages[page.path] = page.bytes } }
            for path in removed { next.pages[path] = nil }
            // A page no group makes any more, where a copy is now (an alias's redirect that gave
            // way to a file): the file, read when asked for, is what the path shows.
            for path in stale.subtracting(files) where copies[path] != nil { next.pages[path] = nil }
        } else {
            for path in removed { folder.remove(path) }
        }
        stopwatch.lap(.write)

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
    func isPending(_ path: String) -> Bool {
        guard let relative = relativePath(path) else { return false }
        return pending.contains { relative == $0 || relative.hasPrefix($0 + "/") }
    }
}
