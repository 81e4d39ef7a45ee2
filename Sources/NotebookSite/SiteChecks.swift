import NotebookModel

/// The checks of a whole site that `check`, `build` and the preview share: links, aliases, and
/// files of the output that two sources would write.
public enum SiteChecks {
    /// Links resolved for `urls`, with broken links and alias conflicts as diagnostics. `assets`
    /// are the paths under `/assets/` (the site's and its theme's), read from disk when nil.
    public static func resolve(_ site: LoadedSite, urls: SiteURLs, strict: Bool, assets: [String]? = nil) -> LinkResolution {
        let known = assets.map {
            knownPaths(notes: site.notes, files: site.files.map(\.relativePath), pageSize: site.config.pageSize, assets: $0)
        } ?? knownPaths(of: site)
        var resolution = LinkResolution(
            notes: site.notes, files: site.files.map(\.relativePath), knownPaths: known, urls: urls, strict: strict)
        resolution.diagnostics += PagePlan.aliasErrors(site.notes)
        return resolution
    }

    /// What `resolve` and `collisions` report, for `check`, with the findings about the
    /// `assets/` and `templates/` folders that a build reports.
    public static func links(of site: LoadedSite, strict: Bool) -> [Diagnostic] {
        let urls = SiteURLs(baseURL: site.config.baseURL)
        return resolve(site, urls: urls, strict: strict).diagnostics + collisions(site, urls: urls, copies: copies(of: site))
            + NoteDiscovery.files(in: "assets", of: site.tree).1 + NoteDiscovery.folder("templates", in: site.tree).diagnostics
    }

    /// Files of the output that two sources would write, or where one needs a folder: the
    /// site's pages as `PagePlan` lays them out, and `copies`.
    static func collisions(_ site: LoadedSite, urls: SiteURLs, copies: [OutputCopy]) -> [Diagnostic] {
        OutputCollisions.find(PagePlan(layoutOf: site, urls: urls).claims() + copies.map(\.claim))
    }

    /// The files a build of the site copies, its assets and its theme's read from disk.
    static func copies(of site: LoadedSite) -> [OutputCopy] {
        let siteAssets = NoteDiscovery.files(in: "assets", of: site.tree).0
        return OutputCopy.all(files: site.files, siteAssets: siteAssets, themeAssets: ThemeLoader.assets(site.config.theme, site: site.tree))
    }

    /// The site paths of the site's own pages and files, besides notes: what a root-relative
    /// link may name.
    static func knownPaths(of site: LoadedSite) -> Set<String> {
        let assets = copies(of: site).filter(\.isAsset).map { String($0.target.dropFirst("assets/".count)) }
        return knownPaths(notes: site.notes, files: site.files.map(\.relativePath), pageSize: site.config.pageSize, assets: assets)
    }

    /// The same, from the notes, the files beside them, and the paths under `/assets/`.
    static func knownPaths(notes: [SiteNote], files: [String], pageSize: Int, assets: [String]) -> Set<String> {
        var paths: Set<String> = ["/", "/tags/", "/highlights/", "/feed.xml", "/sitemap.xml", "/search/index.json", "/404.html"]
        let pageSize = max(pageSize, 1)
        func pages(_ base: String, count: Int) {
            for number in stride(from: 2, through: (count + pageSize - 1) / pageSize, by: 1) { paths.insert(base + "page/\(number)/") }
        }
        pages("/", count: notes.count)
        var tagged: [String: Int] = [:]
        for note in notes {
            for tag in note.tags { tagged[tag.slug, default: 0] += 1 }
            for alias in note.metadata.aliases { if case .success(let path) = AliasPath.normalize(alias) { paths.insert(path) } }
            if NoteURL.isTagIntroduction(note.url) { paths.insert(note.url) }
        }
        for (tag, count) in tagged {
            paths.insert("/tags/\(tag)/")
            pages("/tags/\(tag)/", count: count)
        }
        for file in files { paths.insert(SiteURLs.filePath(file)) }
        for asset in assets { paths.insert("/assets/" + asset) }
        return paths
    }
}
