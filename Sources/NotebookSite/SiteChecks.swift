import NotebookModel
import Parallel

/// The checks of a whole site that the pipeline and the preview share: links, aliases, and
/// files of the output that two sources would write.
enum SiteChecks {
    /// Links resolved for `urls`, with broken links and alias conflicts as diagnostics. `assets`
    /// are the paths under `/assets/` (the site's and its theme's).
    static func resolve(_ site: LoadedSite, urls: SiteURLs, assets: [String]) -> LinkResolution {
        let files = site.files.map(\.relativePath)
        // The site's own paths and the aliases' errors are found by the workers that make the
        // link index: neither needs the other.
        let (made, (known, aliasErrors, folders)) = LinkIndex.make(notes: site.notes, files: files, assets: assets) {
            let folders = SiteFolders(site.notes)
            return (
                known: knownPaths(notes: site.notes, files: files, pageSize: site.config.pageSize, assets: assets, folders: folders),
                aliasErrors: PagePlan.aliasErrors(site.notes), folders: folders
            )
        }
        let index = made.with(folders)
        var resolution = LinkResolution(
            resolver: LinkResolver(notes: site.notes, index: index, knownPaths: known, urls: urls))
        resolution.diagnostics += aliasErrors + index.ambiguousAliases()
        resolution.folders = folders
        return resolution
    }

    /// The plan's index of the site's pages and their collisions: files of the output that two
    /// sources would write, or where one needs a folder (the site's pages as `PagePlan` lays them
    /// out, and `copies`). Where the pages go does not depend on what they show. `folders` are the notes' folders, when
    /// they were found already. The redirects of name aliases that cannot go where their names
    /// lead are left out of the index's plan, each with a warning (``AliasRedirects``).
    static func layout(
        _ site: LoadedSite, urls: SiteURLs, copies: [OutputCopy], folders: SiteFolders? = nil
    ) -> (index: PlanIndex, collisions: [Diagnostic]) {
        layout(site, urls: urls, copies: copies, start: startLayout(site, urls: urls, folders: folders))
    }

    /// What the layout needs of the notes alone, which a build finds on a worker while the notes
    /// are rendered: the plan's index, and the tags that share a page.
    struct LayoutStart: Sendable {
        var index: PlanIndex
        var tagWarnings: [Diagnostic]
    }

    static func startLayout(_ site: LoadedSite, urls: SiteURLs, folders: SiteFolders? = nil) -> LayoutStart {
        LayoutStart(index: PlanIndex(site.notes, urls: urls, folders: folders), tagWarnings: TagSpellings.warnings(site.notes))
    }

    /// The layout from its `start`. The pages' paths are found by every worker: called by one of
    /// them, it would find them alone (a parallel map within another runs on its caller's thread).
    static func layout(
        _ site: LoadedSite, urls: SiteURLs, copies: [OutputCopy], start: LayoutStart
    ) -> (index: PlanIndex, collisions: [Diagnostic]) {
        var index = start.index
        let claims = PagePlan(layoutOf: site, urls: urls, index: index).claims()
        let (all, leftOut, aliases) = AliasRedirects.check(claims + copies.map(\.claim))
        index.leftOutAliases = leftOut
        return (index, reservedFolders(index.folders, notes: site.notes) + OutputCollisions.find(all) + aliases + start.tagWarnings)
    }

    /// Folders whose pages would land on a path of the site's own (`notes/search/`): errors at
    /// the folder, as a note there is.
    static func reservedFolders(_ folders: SiteFolders, notes: [SiteNote]) -> [Diagnostic] {
        let reserved = folders.byURL.values.filter { NoteURL.isReserved($0.url) }.sorted { $0.path < $1.path }
        guard !reserved.isEmpty else { return [] }
        return reserved.map { folder in
            // The folder as the notes' paths name it.
            let member = notes.first { $0.relativePath.hasPrefix(folder.path + "/") }
            let shown = member.map { String($0.path.dropLast($0.relativePath.count)) + folder.path } ?? folder.path
            return Diagnostic(
                .error, "the folder's page would be at \(folder.url), a path of the site's own pages; rename the folder",
                path: shown, code: "url.reserved")
        }
    }

    /// The site paths of the site's own pages and files, besides notes: what a root-relative
    /// link may name. From the notes, the files beside them, and the paths under `/assets/`.
    static func knownPaths(notes: [SiteNote], files: [String], pageSize: Int, assets: [String], folders: SiteFolders) -> Set<String> {
        var paths: Set<String> = ["/", "/tags/", "/highlights/", "/feed.xml", "/sitemap.xml", "/search/", "/search/index.json", "/404.html", PaletteStylesheet.path]
        let pageSize = max(pageSize, 1)
        func pages(_ base: String, count: Int) {
            for number in stride(from: 2, through: (count + pageSize - 1) / pageSize, by: 1) { paths.insert(base + "page/\(number)/") }
        }
        pages("/", count: notes.count)
        var tagged: [String: Int] = [:]
        for note in notes {
            for slug in NoteTag.lineages(of: note.tags) { tagged[slug, default: 0] += 1 }
            for alias in note.metadata.aliases {
                if case .success(let path) = AliasPath.redirect(of: alias, for: note) { paths.insert(path) }
            }
            if NoteURL.isTagIntroduction(note.url) {
                for slug in TagName.lineage(of: PagePlan.introducedTag(note.url)) { paths.insert("/tags/\(slug)/") }
            }
        }
        // A folder has one page, however many notes it holds.
        paths.formUnion(folders.urls)
        for (tag, count) in tagged {
            paths.insert("/tags/\(tag)/")
            pages("/tags/\(tag)/", count: count)
        }
        for file in files { paths.insert(SiteURLs.filePath(file)) }
        for asset in assets { paths.insert("/assets/" + asset) }
        return paths
    }
}
