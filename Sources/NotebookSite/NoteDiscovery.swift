import Foundation

/// Finds a site's note files (FORMATS.md section 1): `*.md` and `*.json` under `notes/` at any
/// depth, or, without `notes/`, under the site folder minus dot-folders, `assets/`, `templates/`
/// and the output folder.
public enum NoteDiscovery {
    /// A note file: where it is, and its path relative to the notes folder.
    public struct File: Hashable, Sendable {
        /// The path to open, as the user's site path plus the file's place in it.
        public var path: String
        /// The path under the notes folder, with `/` separators, such as `cooking/pancakes.md`.
        public var relativePath: String
    }

    /// What a site's notes folder holds.
    public struct Contents: Sendable {
        /// Note files, by relative path.
        public var notes: [File]
        /// Other files beside the notes (images, PDFs), by relative path.
        public var others: [File]
        /// Whether the site has a `notes/` folder.
        public var usesNotesFolder: Bool
    }

    /// The site's note files and the files beside them, in a stable order (by relative path).
    public static func scan(site: String, outputFolder: String = "public") -> Contents {
        let notes = join(site, "notes")
        var isDirectory: ObjCBool = false
        let usesNotesFolder = FileManager.default.fileExists(atPath: notes, isDirectory: &isDirectory) && isDirectory.boolValue
        let all = usesNotesFolder
            ? scan(root: notes, excluding: [])
            : scan(root: site, excluding: ["assets", "templates", outputFolder, "notebook.yml", "formatting.yml"])
        return Contents(
            notes: all.filter { isNote($0.relativePath) }, others: all.filter { !isNote($0.relativePath) },
            usesNotesFolder: usesNotesFolder)
    }

    /// Whether a file name is a note's.
    public static func isNote(_ name: String) -> Bool {
        name.hasSuffix(".md") || name.hasSuffix(".json")
    }

    private static func scan(root: String, excluding topLevel: Set<String>) -> [File] {
        var found: [File] = []
        var pending: [String] = [""]
        let manager = FileManager.default
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : join(root, relative)
            guard let names = try? manager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names where !name.hasPrefix(".") {
                if relative.isEmpty && topLevel.contains(name) { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                let full = join(root, child)
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    pending.append(child)
                } else {
                    found.append(File(path: full, relativePath: child))
                }
            }
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    static func join(_ base: String, _ name: String) -> String {
        if base.isEmpty || base == "." { return name }
        return base.hasSuffix("/") ? base + name : base + "/" + name
    }
}
