import Foundation

/// Scratch folders of tests, removed with what builds left beside them.
public enum ScratchFolder {
    /// Removes `path` and every entry beside it whose name starts with its name or with a dot
    /// and its name: outputs written next to it (`NAME-out`) and their spares and locks
    /// (`.NAME-out.notebook-spare`, `.NAME-out.notebook-lock`). Test folders' names are unique.
    public static func remove(_ path: String) {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let parent = url.deletingLastPathComponent().path
        try? FileManager.default.removeItem(atPath: path)
        guard name.count >= 16, let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for entry in entries where entry.hasPrefix(name) || entry.hasPrefix("." + name) {
            try? FileManager.default.removeItem(atPath: parent + "/" + entry)
        }
    }
}
