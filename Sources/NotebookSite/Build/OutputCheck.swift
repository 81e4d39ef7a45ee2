import NotebookFiles
import NotebookModel

/// The rule that the output is never a source: not the site, not a folder that holds the site,
/// not inside `notes/`, `assets/`, `templates/` or the theme. Checked before anything is written.
enum OutputCheck {
    /// What is wrong with writing the output `output` for `site`, if anything: it may not be,
    /// hold, or lie inside anything the build reads (the site's `notes/`, `assets/` and
    /// `templates/` even before they exist, the theme, `notebook.yml`, the formatting definition),
    /// nor hold notes of a site without `notes/`, nor be notebook's spare or lock.
    static func problem(output: String, site: FileTree, config: SiteConfig, usesNotesFolder: Bool) -> Diagnostic? {
        func refuse(_ why: String) -> Diagnostic {
            Diagnostic(.error, "the output folder \(why); nothing was written: choose another folder with -o", path: output, code: "output.source")
        }
        guard let real = OutputStore.realPlace(of: output) else { return refuse("does not name a folder of its own") }
        if real == site.real { return refuse("is the site folder itself") }
        if FileTree.isInside(site.real, real) { return refuse("holds the site folder") }
        let name = PathSegments.last(of: real).map(String.init) ?? ""
        if name.hasPrefix(".") && (name.hasSuffix(".notebook-spare") || name.hasSuffix(".notebook-lock")) {
            return refuse("is the spare or the lock of another output")
        }
        for folder in ["notes", "assets", "templates"] {
            let place: String
            if case .inside(let found) = site.place(of: folder) { place = found } else { place = site.real(folder) }
            if FileTree.isInside(real, place) { return refuse("is inside the site's \(folder)/ folder, which the build reads") }
            if FileTree.isInside(place, real) { return refuse("holds the site's \(folder)/ folder, which the build reads") }
        }
        for layer in ThemeLoader.layers(config.theme, site: site).layers where !layer.isSiteTemplates {
            let folder = FileSystem.resolve(layer.tree.real(layer.folder)) ?? layer.tree.real(layer.folder)
            if FileTree.isInside(real, folder) { return refuse("is inside the theme \(layer.directory), which the build reads") }
            if FileTree.isInside(folder, real) { return refuse("holds the theme \(layer.directory), which the build reads") }
        }
        for file in ["notebook.yml", config.formatting] {
            let path = FileSystem.resolve(file.hasPrefix("/") ? file : site.real(file)) ?? site.real(file)
            if FileTree.isInside(path, real) { return refuse("holds \(file), which the build reads") }
        }
        // Without notes/, every folder of the site holds its notes and the files beside them: an
        // output inside the site may not hold any of those.
        if !usesNotesFolder, FileTree.isInside(real, site.real), FileSystem.status(real)?.kind == .folder, !OutputMarker.isMarked(real),
            !OutputStore.isOutputOfNotebook01(real), let tree = try? FileTree(real, links: .never), !tree.walk().files.isEmpty
        {
            return refuse("holds files of the site (notes, or files beside them)")
        }
        return nil
    }

    /// A refusal of the output store as a diagnostic; `site` and `output` as the user gave them,
    /// for the command that goes on.
    static func diagnostic(for refusal: OutputStore.Refusal, site: String, output: String) -> Diagnostic {
        // What goes on past a refusal of something notebook did not make.
        let forced = ["notebook", "build", site, "-o", output, "--force"].map(shellQuoted).joined(separator: " ")
        switch refusal {
        case .notOurs(let folder):
            return Diagnostic(
                .error,
                "the output folder exists and was not made by notebook (it has no \(OutputMarker.name)); notebook replaces only "
                    + "its own output or an empty folder. To replace it and everything in it, run: \(forced)",
                path: folder, code: "output.exists")
        case .spareNotOurs(let spare):
            return Diagnostic(
                .error,
                "notebook keeps the output's spare (the previous output, written over by the next build) here, but did not make "
                    + "what is here (it has no \(OutputMarker.name)); move it away, or to replace it, run: \(forced)",
                path: spare, code: "output.exists")
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
