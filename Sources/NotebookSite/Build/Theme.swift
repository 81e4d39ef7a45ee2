import NotebookSource
import Foundation
import Mustache
import NotebookFiles
import NotebookFormats
import NotebookModel

/// A theme ready to render: its templates (with the default theme's and the site's own merged
/// in) and the asset files it ships.
struct Theme: Sendable {
    public var name: String
    /// The folder the theme was loaded from, as the user would name it.
    public var directory: String
    var library: MustacheLibrary
    /// Asset files: the path to copy from, and the path under `/assets/` to copy to.
    public var assets: [(source: String, path: String)]

    /// The template names every theme must provide (or inherit from the default theme).
    static let requiredTemplates = ["note", "list", "tags", "highlights", "404", "redirect"]
}

/// Where a layer of templates and assets is read from: a theme's folder (its `templates/` and
/// `assets/`), or the site's own `templates/`.
struct ThemeLayer: Sendable, Equatable {
    /// The tree the layer is read through: the site's, a theme's outside it (no links
    /// followed), or a built-in theme's.
    public var tree: FileTree
    /// The layer's folder inside the tree (empty for the tree itself).
    public var folder: String
    /// Whether the layer is the site's `templates/` (no assets of its own).
    public var isSiteTemplates = false

    /// The layer's folder as the user would name it.
    public var directory: String { tree.display(folder) }

    /// The files of the layer's `templates/` (or of the site's `templates/` itself).
    func walk(_ sub: String) -> FileTree.Walk {
        tree.walk(isSiteTemplates ? folder : FileTree.join(folder, sub))
    }
}

/// Finds and loads themes: built-in ones wherever the `notebook` binary is installed, or a path.
enum ThemeLoader {
    /// Where built-in themes may be, most specific first.
    public static func builtInDirectories() -> [String] {
        builtInDirectories(custom: ProcessInfo.processInfo.environment["NOTEBOOK_THEMES"], executable: FileSystem.executablePath())
    }

    /// Where built-in themes may be for a binary at `executable`: `custom` (`NOTEBOOK_THEMES`),
    /// the installed `PREFIX/share/notebook/Themes` of a binary in `PREFIX/bin`, a `Themes` folder
    /// beside the binary, and the repository of a binary still in its `.build` folder (tests and
    /// development builds). Never a folder further up, nor one the build was made in: a binary
    /// under `/tmp/x/bin` would have read a theme that a misspelled name finds in `/tmp/Themes`,
    /// which anyone may make, and one built under `/tmp` the build's folder there.
    static func builtInDirectories(custom: String?, executable: String?) -> [String] {
        var candidates: [String] = []
        if let custom, !custom.isEmpty { candidates.append(custom) }
        if let executable {
            let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            if directory.lastPathComponent == "bin" {
                candidates.append(directory.appendingPathComponent("../share/notebook/Themes").standardized.path)
            }
            candidates.append(directory.appendingPathComponent("Themes").path)
            if let build = directory.path.range(of: "/.build/", options: .backwards) {
                candidates.append(String(directory.path[..<build.lowerBound]) + "/Themes")
            }
        }
        var seen = Set<String>()
        return candidates.filter { seen.insert(FileSystem.resolve($0) ?? $0).inserted }
    }

    /// The layer of theme `name` for `site`: a built-in name, or a path (relative to the site).
    /// A theme inside the site is read by the site's rule; one outside it through no link.
    public static func locate(_ name: String, site: FileTree) -> ThemeLayer? {
        if name.contains("/") || name.hasPrefix(".") {
            let absolute = name.hasPrefix("/") ? name : site.real(name)
            guard let real = FileSystem.resolve(absolute), FileSystem.status(real)?.kind == .folder else { return nil }
            if FileTree.isInside(real, site.real) {
                return ThemeLayer(tree: site, folder: String(real.dropFirst(site.real.count)).trimmingSlashes)
            }
            let shown = name.hasPrefix("/") ? name : site.display(name)
            guard let tree = try? FileTree(shown, links: .never) else { return nil }
            return ThemeLayer(tree: tree, folder: "")
        }
        for directory in builtInDirectories() {
            let path = directory + "/" + name
            if FileSystem.isFolder(path + "/templates"), let tree = try? FileTree(path) {
                return ThemeLayer(tree: tree, folder: "")
            }
        }
        return nil
    }

    /// The layers of theme `name`, lowest first: the default theme's (when `name` is another),
    /// the theme's; with the site's `templates/` last, or an error when that folder leads outside.
    static func layers(_ name: String, site: FileTree) -> (layers: [ThemeLayer], theme: ThemeLayer?, diagnostics: [Diagnostic]) {
        guard let theme = locate(name, site: site) else { return ([], nil, []) }
        var layers: [ThemeLayer] = []
        if name != "default", let fallback = locate("default", site: site), fallback.tree.real(fallback.folder) != theme.tree.real(theme.folder) {
            layers.append(fallback)
        }
        layers.append(theme)
        let (templates, problems) = NoteDiscovery.folder("templates", in: site)
        if templates != nil { layers.append(ThemeLayer(tree: site, folder: "templates", isSiteTemplates: true)) }
        return (layers, theme, problems)
    }

    /// What theme `name` is made of for `site`, found once: its layers, and its assets (a
    /// higher layer's replacing a lower's, sorted by path under `/assets/`), with their findings.
    struct Sources: Sendable {
        var layers: [ThemeLayer]
        var theme: ThemeLayer?
        var assets: [(source: String, path: String)]
        var diagnostics: [Diagnostic]
    }

    /// Finds theme `name`'s layers and walks their assets.
    static func find(_ name: String, site: FileTree) -> Sources {
        let (layers, theme, problems) = layers(name, site: site)
        var diagnostics = problems
        var assets: [String: String] = [:]
        for layer in layers where !layer.isSiteTemplates {
            let walk = layer.walk("assets")
            diagnostics += NoteDiscovery.files(from: walk).1
            for file in walk.files { assets[file.relative] = file.real }
        }
        let sorted = assets.keys.sorted().map { (source: assets[$0]!, path: $0) }
        return Sources(layers: layers, theme: theme, assets: sorted, diagnostics: diagnostics)
    }

    /// Loads theme `name` for the site at `site`: the default theme's templates, overridden by
    /// the theme's, overridden by the site's own `templates/`.
    public static func load(_ name: String, site: FileTree, configPath: String) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        load(find(name, site: site), name: name, configPath: configPath)
    }

    /// The same from the theme's sources, found already (the pipeline finds them with the notes).
    static func load(_ sources: Sources, name: String, configPath: String) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        guard let located = sources.theme else {
            let searched = builtInDirectories().joined(separator: ", ")
            return (nil, [
                Diagnostic(.error, "theme '\(name)' not found (built-in themes are searched in \(searched))", path: configPath, code: "theme.missing")
            ])
        }
        var library = MustacheLibrary()
        var diagnostics = sources.diagnostics
        for layer in sources.layers {
            let templates = layer.walk("templates")
            let (_, walkDiagnostics) = NoteDiscovery.files(from: templates)
            diagnostics += walkDiagnostics
            for file in templates.files where file.relative.hasSuffix(".mustache") {
                diagnostics += register(file, in: &library)
            }
        }
        for required in Theme.requiredTemplates where library[required] == nil {
            diagnostics.append(
                Diagnostic(.error, "theme '\(name)' has no template '\(required).mustache'", path: located.directory, code: "theme.template"))
        }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }
        return (Theme(name: name, directory: located.directory, library: library, assets: sources.assets), diagnostics)
    }

    /// Reads and compiles one template file into `library`; its findings.
    private static func register(_ file: FileTree.WalkedFile, in library: inout MustacheLibrary) -> [Diagnostic] {
        let name = String(file.relative.dropLast(".mustache".count))
        let source: [UInt8]
        do {
            source = try FileSystem.read(file.real)
        } catch {
            return [Diagnostic(.error, "cannot read the template: \(error.reason)", path: file.display, code: "io.read")]
        }
        do {
            let template = try library.register(
                source: SourceText.decode(source, path: file.display).text, named: name, errorName: file.display)
            return template.warnings.map { warning in
                Diagnostic(
                    .warning, warning.message, path: file.display, at: SourceLocation(line: warning.line, column: warning.column),
                    code: "template.nesting")
            }
        } catch {
            return [
                Diagnostic(
                    .error, error.message, path: file.display, at: SourceLocation(line: error.line, column: error.column),
                    code: "template.syntax")
            ]
        }
    }
}

extension String {
    /// The string without leading and trailing slashes.
    var trimmingSlashes: String {
        var text = Substring(self)
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
