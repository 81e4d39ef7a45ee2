/// The checks of a whole site that `check` and `build` share: links and aliases.
public enum SiteChecks {
    /// Links resolved for `urls`, with broken links and alias conflicts as diagnostics.
    public static func resolve(_ site: LoadedSite, urls: SiteURLs, strict: Bool) -> LinkResolution {
        var resolution = LinkResolution(notes: site.notes, files: site.files.map(\.relativePath), urls: urls, strict: strict)
        resolution.diagnostics += PagePlan.aliasConflicts(site.notes)
        return resolution
    }

    /// What `resolve` reports, for `check`.
    public static func links(of site: LoadedSite, strict: Bool) -> [Diagnostic] {
        resolve(site, urls: SiteURLs(baseURL: site.config.baseURL), strict: strict).diagnostics
    }
}

import NotebookModel
