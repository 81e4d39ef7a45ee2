import NotebookModel

/// A step of the one pipeline that `check`, `build` and the preview run on a site, in order.
///
/// `check` runs every step up to ``renderTemplates``, `build` all of them. Each finding carries
/// the step that made it (``Diagnostic/step``), and timings and progress name the steps.
public enum BuildStep: String, CaseIterable, Comparable, Sendable {
    /// `notebook.yml` and the formatting definition it names.
    case loadConfiguration = "load-configuration"
    /// The note files, the files beside them, the site's assets and the theme's.
    case findNotes = "find-notes"
    /// Each note read into the model and checked against the formatting definition; URLs.
    case readNotes = "read-notes"
    /// Wikilinks, links and aliases resolved against the site's pages and files.
    case resolveLinks = "resolve-links"
    /// The theme's templates, overridden by the site's, compiled.
    case loadTheme = "load-theme"
    /// Each note's body rendered to HTML.
    case renderNotes = "render-notes"
    /// The pages laid out (lists, tags, feed, sitemap, search), and output paths claimed once.
    case planPages = "plan-pages"
    /// Every page rendered through its template.
    case renderTemplates = "render-templates"
    /// Pages and copies written into a new folder beside the output.
    case write = "write"
    /// The new folder exchanged with the previous output.
    case putInPlace = "put-in-place"

    /// The step's name in words, as progress and timings show it.
    public var title: String {
        switch self {
        case .loadConfiguration: "load the configuration"
        case .findNotes: "find notes"
        case .readNotes: "read and check notes"
        case .resolveLinks: "resolve links"
        case .loadTheme: "load the theme"
        case .renderNotes: "render notes"
        case .planPages: "plan pages"
        case .renderTemplates: "render templates"
        case .write: "write"
        case .putInPlace: "put in place"
        }
    }

    public static func < (a: BuildStep, b: BuildStep) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension Array where Element == Diagnostic {
    /// These findings, each marked as made by `step` unless it names a step already.
    func made(by step: BuildStep) -> [Diagnostic] {
        map { diagnostic in
            var marked = diagnostic
            if marked.step == nil { marked.step = step.rawValue }
            return marked
        }
    }
}
