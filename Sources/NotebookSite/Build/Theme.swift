import Foundation
import Mustache
import NotebookModel

/// A theme ready to render: its templates (with the default theme's and the site's own merged
/// in) and the asset files it ships.
public struct Theme: Sendable {
    public var name: String
    /// The folder the theme was loaded from.
    public var directory: String
    var library: MustacheLibrary
    /// Asset files: the path to copy from, and the path under `/assets/` to copy to.
    public var assets: [(source: String, path: String)]

    /// The template names every theme must provide (or inherit from the default theme).
    static let requiredTemplates = ["note", "list", "tags", "highlights", "404", "redirect"]
}

/// Finds and loads themes: built-in ones wherever the `notebook` binary is installed, or a path.
public enum ThemeLoader {
    /// Where built-in themes may be, most specific first.
    public static func builtInDirectories() -> [String] {
        var candidates: [String] = []
        if let custom = ProcessInfo.processInfo.environment["NOTEBOOK_THEMES"], !custom.isEmpty { candidates.append(custom) }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            candidates.append(directory.appendingPathComponent("../share/notebook/Themes").standardized.path)
            for _ in 0..<5 {
                candidates.append(directory.appendingPathComponent("Themes").path)
                directory = directory.deletingLastPathComponent()
            }
        }
        // The repository this build came from, for tests and development builds.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        candidates.append(source.appendingPathComponent("../../../Themes").standardized.path)
        return candidates
    }

    /// The folder of a theme: a built-in name, or a path relative to the site.
    public static func locate(_ name: String, site: String) -> String? {
        var isDirectory: ObjCBool = false
        if name.contains("/") || name.hasPrefix(".") {
            let path = name.hasPrefix("/") ? name : NoteDiscovery.join(site, name)
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
        }
        for directory in builtInDirectories() {
            let path = directory + "/" + name
            if FileManager.default.fileExists(atPath: path + "/templates", isDirectory: &isDirectory), isDirectory.boolValue {
                return path
            }
        }
        return nil
    }

    /// Loads theme `name` for the site at `site`: the default theme's templates, overridden by
    /// the theme's, overridden by the site's own `templates/`.
    public static func load(_ name: String, site: String, configPath: String) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        guard let directory = locate(name, site: site) else {
            let searched = builtInDirectories().joined(separator: ", ")
            return (nil, [
                Diagnostic(.error, "theme '\(name)' not found (built-in themes are searched in \(searched))", path: configPath, code: "theme.missing")
            ])
        }
        var layers: [String] = []
        if name != "default", let fallback = locate("default", site: site), fallback != directory { layers.append(fallback) }
        layers.append(directory)
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = []
        var assets: [String: String] = [:]
        for layer in layers + [NoteDiscovery.join(site, "templates")] {
            let templates = layer.hasSuffix("/templates") ? layer : layer + "/templates"
            for file in files(under: templates) where file.hasSuffix(".mustache") {
                let path = templates + "/" + file
                let name = String(file.dropLast(".mustache".count))
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                do {
                    try library.register(source: String(decoding: data, as: UTF8.self), named: name, errorName: path)
                } catch {
                    diagnostics.append(
                        Diagnostic(.error, error.message, path: path, at: SourceLocation(line: error.line, column: error.column), code: "template.syntax"))
                }
            }
            if !layer.hasSuffix("/templates") {
                for file in files(under: layer + "/assets") { assets[file] = layer + "/assets/" + file }
            }
        }
        for required in Theme.requiredTemplates where library[required] == nil {
            diagnostics.append(
                Diagnostic(.error, "theme '\(name)' has no template '\(required).mustache'", path: directory, code: "theme.template"))
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        let sortedAssets = assets.keys.sorted().map { (source: assets[$0]!, path: $0) }
        return (Theme(name: name, directory: directory, library: library, assets: sortedAssets), [])
    }

    /// Files under `directory`, relative to it, sorted; none when it does not exist.
    static func files(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + item, isDirectory: &isDirectory), !isDirectory.boolValue,
                !item.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            {
                found.append(item)
            }
        }
        return found.sorted()
    }
}
