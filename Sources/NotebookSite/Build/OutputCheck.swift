import NotebookFiles
import NotebookModel

/// The rule that the output is never a source: not the site, not a folder that holds the site,
/// not inside `notes/`, `assets/`, `templates/` or the theme. Checked before anything is written.
enum OutputCheck {
    /// What is wrong with writing the output `output` (real path `real`) for `site`, if anything.
    static func problem(output: String, real: String, site: FileTree, theme: String) -> Diagnostic? {
        func refuse(_ why: String) -> Diagnostic {
            Diagnostic(.error, "the output folder \(why); nothing was written: choose another folder with -o", path: output, code: "output.source")
        }
        if real == site.real { return refuse("is the site folder itself") }
        if FileTree.isInside(site.real, real) { return refuse("holds the site folder") }
        for name in ["notes", "assets", "templates"] {
            if case .inside(let folder) = site.place(of: name), FileTree.isInside(real, folder) {
                return refuse("is inside the site's \(name)/ folder, which the build reads")
            }
        }
        for layer in ThemeLoader.layers(theme, site: site).layers where !layer.isSiteTemplates {
            let folder = FileSystem.resolve(layer.tree.real(layer.folder)) ?? layer.tree.real(layer.folder)
            if FileTree.isInside(real, folder) { return refuse("is inside the theme \(layer.directory), which the build reads") }
        }
        return nil
    }

    /// A refusal of the output store as a diagnostic; `site` and `output` as the user gave them,
    /// for the command that goes on.
    static func diagnostic(for refusal: OutputStore.Refusal, site: String, output: String) -> Diagnostic {
        switch refusal {
        case .notOurs(let folder):
            let command = ["notebook", "build", site, "-o", output, "--force"].map(shellQuoted).joined(separator: " ")
            return Diagnostic(
                .error,
                "the output folder exists and was not made by notebook (it has no \(OutputMarker.name)); notebook replaces only "
                    + "its own output or an empty folder. To replace it and everything in it, run: \(command)",
                path: folder, code: "output.exists")
        case .busy(let folder):
            return Diagnostic(
                .error, "another notebook build is writing this output folder; try again when it has finished", path: folder,
                code: "output.busy")
        case .notAFolder(let path, let why):
            return Diagnostic(.error, "the output \(why)", path: path, code: "output.write")
        case .failed(let error):
            return Diagnostic(.error, "cannot write the output: \(error.reason)", path: error.path, code: "output.write")
        }
    }

    /// `text` as one shell word.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "/._-+=:,@".utf8.contains(byte)
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
