import Foundation
import NotebookModel
import NotebookRender

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
        for (group, (all, rendered, errors)) in zip(groups, results) {
            stale.formUnion(previous?.written[group] ?? [])
            next.written[group] = all.isEmpty ? nil : all
            files.formUnion(all)
            written += rendered
            failures += errors
        }

        var copies: [String: String] = [:]
        var shown: [String: String] = [:]
        for copy in OutputCopy.all(files: next.others, siteAssets: next.assets, themeAssets: next.theme.assets) {
            (copies[copy.target], shown[copy.target]) = (copy.source, copy.shown)
        }
        for (target, source) in copies.sorted(by: { $0.key < $1.key })
        where everything || previous?.copies[target] != source || shown[target].map(isPending) == true {
            do {
                try folder.copy(from: source, to: target)
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
        for path in removed { folder.remove(path) }
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
