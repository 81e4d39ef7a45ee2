import NotebookFiles
import NotebookSource
import NotebookFormats
import NotebookModel

/// Reads `notebook.yml`, reporting each fault at its line and column.
enum SiteConfigReader {
    static let keys = [
        "title", "baseURL", "theme", "language", "author", "description", "palette", "formatting", "unsafeHTML",
        "pageSize", "highlight", "math", "ignore", "explicitPublish",
    ]

    /// The settings in `text`, falling back to the default of any key that is wrong.
    public static func read(_ text: String, path: String) -> (config: SiteConfig, diagnostics: [Diagnostic]) {
        var config = SiteConfig()
        var diagnostics: [Diagnostic] = []
        func report(_ severity: Severity, _ message: String, at location: SourceLocation) {
            diagnostics.append(Diagnostic(severity, message, path: path, at: location, code: "config"))
        }
        let root: YAMLNode
        let outcome = YAMLReader.read(text)
        for place in outcome.flattened { report(.warning, YAMLReader.flattenedMessage, at: place) }
        switch outcome.result {
        case .failure(let problem):
            report(.error, problem.description, at: problem.location)
            config.baseURLUnread = true
            return (config, diagnostics)
        case .success(nil):
            return (config, diagnostics)
        case .success(let node?):
            root = node
        }
        guard let entries = root.mapping else {
            report(.error, "notebook.yml must be a mapping of settings, found \(root.kindDescription)", at: root.location)
            config.baseURLUnread = true
            return (config, diagnostics)
        }
        for entry in entries {
            let value = entry.value
            func string() -> String? {
                guard let text = value.string else {
                    report(.error, "'\(entry.key.string ?? "")' must be text, found \(value.kindDescription)", at: value.location)
                    return nil
                }
                return text
            }
            switch entry.key.string {
            case "title": config.title = string() ?? config.title
            case "baseURL":
                config.baseURLUnread = true
                if let text = string() {
                    if let problem = SiteURLs.problem(withBaseURL: text) {
                        report(.error, problem, at: value.location)
                    } else {
                        config.baseURLUnread = false
                        config.baseURL = text
                        config.baseURLLocation = value.location
                    }
                }
            case "theme": config.theme = string() ?? config.theme
            case "language": config.language = string() ?? config.language
            case "author": config.author = string()
            case "description": config.description = string()
            case "formatting":
                config.formatting = string() ?? config.formatting
                config.formattingLocation = value.location
            case "unsafeHTML", "highlight", "math", "explicitPublish":
                let key = entry.key.string ?? ""
                if let flag = value.bool {
                    switch key {
                    case "unsafeHTML": config.unsafeHTML = flag
                    case "highlight": config.highlight = flag
                    case "explicitPublish": config.explicitPublish = flag
                    default: config.math = flag
                    }
                } else {
                    report(.error, "'\(key)' must be true or false, found \(value.kindDescription)", at: value.location)
                }
            case "pageSize":
                if let size = value.int, size > 0 {
                    config.pageSize = size
                } else {
                    report(.error, "'pageSize' must be a whole number above 0, found \(value.kindDescription)", at: value.location)
                }
            case "palette":
                config.palette = readPalette(value, report: report) ?? config.palette
            case "ignore":
                (config.ignore, config.ignoreLocations) = readIgnore(value, report: report)
            default:
                let name = entry.key.string ?? entry.key.kindDescription
                // A setting's name written another way (`explicitpublish`, `explicit_publish`) is an
                // error: taken for another name, a setting of what is published would be lost.
                if let meant = keys.first(where: { Self.loosely($0) == Self.loosely(name) }) {
                    report(.error, "unknown setting '\(name)'; did you mean '\(meant)'?", at: entry.key.location)
                } else {
                    report(.warning, "unknown setting '\(name)'; known settings: \(keys.joined(separator: ", "))", at: entry.key.location)
                }
            }
        }
        return (config, diagnostics)
    }

    /// A setting's name without case, `_`, `-` or spaces, as a name written another way reads.
    private static func loosely(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// The patterns of `ignore`: a list of them, or one; each that cannot be used is an error at it.
    private static func readIgnore(
        _ node: YAMLNode, report: (Severity, String, SourceLocation) -> Void
    ) -> (patterns: [String], locations: [SourceLocation]) {
        let items = node.sequence ?? [node]
        var patterns: [String] = []
        var locations: [SourceLocation] = []
        for item in items where !item.isNull {
            guard let text = item.string else {
                report(.error, "'ignore' must list paths of the notes, such as private or drafts/*.md, found \(item.kindDescription)", item.location)
                continue
            }
            if let problem = PathPatterns.problem(with: text) {
                report(.error, "'ignore' pattern '\(text)' \(problem)", item.location)
                continue
            }
            patterns.append(text)
            locations.append(item.location)
        }
        return (patterns, locations)
    }

    private static func readPalette(_ node: YAMLNode, report: (Severity, String, SourceLocation) -> Void) -> [PaletteColor]? {
        guard let entries = node.mapping else {
            report(.error, "'palette' must map color names to CSS colors, found \(node.kindDescription)", node.location)
            return nil
        }
        var palette = PaletteColor.defaults
        for entry in entries {
            guard let name = entry.key.string, let first = name.unicodeScalars.first, ("a"..."z").contains(first),
                name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
            else {
                // A class name, so that `.highlight-NAME` is a CSS selector.
                report(.error, "palette name '\(entry.key.string ?? "")' must be a lowercase letter, then letters, digits and '-'", entry.key.location)
                continue
            }
            guard let text = entry.value.string, let css = CSSColor.parse(text) else {
                report(
                    .error,
                    "palette color '\(entry.value.string ?? entry.value.kindDescription)' must be a CSS color: #rgb, #rrggbb, "
                        + "#rrggbbaa, a named color such as teal, or rgb()/hsl() with numbers only", entry.value.location)
                continue
            }
            // A default's name overrides it; any other is added, in the order written.
            let color = PaletteColor(name: name, css: css)
            if let index = palette.firstIndex(where: { $0.name == name }) { palette[index] = color } else { palette.append(color) }
        }
        return palette
    }
}
