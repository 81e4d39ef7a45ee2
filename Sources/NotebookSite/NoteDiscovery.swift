import Foundation
import NotebookModel

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
        /// Symbolic links that lead outside the site, not followed.
        public var diagnostics: [Diagnostic]
    }

    /// The site's note files and the files beside them, in a stable order (by relative path).
    public static func scan(site: String, outputFolder: String = "public") -> Contents {
        let notes = join(site, "notes")
        var isDirectory: ObjCBool = false
        let usesNotesFolder = FileManager.default.fileExists(atPath: notes, isDirectory: &isDirectory) && isDirectory.boolValue
        let (all, diagnostics) = usesNotesFolder
            ? files(under: notes, site: site)
            : files(under: site, site: site, excluding: ["assets", "templates", outputFolder, "notebook.yml", "formatting.yml"])
        return Contents(
            notes: all.filter { isNote($0.relativePath) }, others: all.filter { !isNote($0.relativePath) },
            usesNotesFolder: usesNotesFolder, diagnostics: diagnostics)
    }

    /// Whether a file name is a note's.
    public static func isNote(_ name: String) -> Bool {
        name.hasSuffix(".md") || name.hasSuffix(".json")
    }

    /// Every file under `root` (dot-files and dot-folders left out), sorted by relative path.
    /// A symbolic link is followed only when it leads inside `site`; one that leads outside is a
    /// warning naming it. Each real folder is read once, so link loops end.
    public static func files(under root: String, site: String, excluding topLevel: Set<String> = []) -> ([File], [Diagnostic]) {
        var found: [File] = []
        var diagnostics: [Diagnostic] = []
        let siteRoot = realPath(site) ?? site
        var visited = Set<String>()
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : join(root, relative)
            guard let real = realPath(directory), visited.insert(real).inserted,
                let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
            else { continue }
            for name in names where !name.hasPrefix(".") {
                if relative.isEmpty && topLevel.contains(name) { continue }
                let child = relative.isEmpty ? name : relative + "/" + name
                let full = join(root, child)
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    guard let target = realPath(full), target == siteRoot || target.hasPrefix(siteRoot + "/") else {
                        diagnostics.append(
                            Diagnostic(.warning, "symbolic link leads outside the site; not followed", path: full, code: "files.symlink"))
                        continue
                    }
                    guard stat(full, &info) == 0 else { continue }
                }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    pending.append(child)
                } else if (info.st_mode & S_IFMT) == S_IFREG {
                    found.append(File(path: full, relativePath: child))
                }
            }
        }
        return (found.sorted { $0.relativePath < $1.relativePath }, diagnostics)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `name` inside the folder `base`.
    public static func join(_ base: String, _ name: String) -> String {
        if base.isEmpty || base == "." { return name }
        return base.hasSuffix("/") ? base + name : base + "/" + name
    }
}
