import Foundation
import NotebookFiles
import Parallel
import Synchronization

/// Writes a build into a folder beside the output, and puts it in place only when the build
/// succeeded, in one atomic exchange: a failed or killed build leaves the previous output as it was.
///
/// The rules: an existing output folder is replaced only when notebook made it (it holds
/// `OutputMarker`), when it is empty, when it is an output of notebook 0.1 (a spare beside it), or
/// with `force`. One build at a time writes an output: a kernel lock on a file beside it. The
/// output it replaces is kept as a hidden spare beside it (`.NAME.notebook-spare`) and written
/// over by the next build, so the file system neither makes nor frees thousands of files each
/// time; a spare is reused only when it is a plain folder that notebook made and finished, and is
/// made anew otherwise. Nothing in the output or the spare is followed through a link.
struct OutputStore: FileSink, Sendable {
    /// The output folder the build replaces: its real place (its parent's links resolved).
    public let destination: String
    /// The output folder as the user named it, for messages.
    public let shown: String
    /// The folder being written: the spare, or a new folder.
    public let staging: String
    /// Files the spare held before the build, and the files written, by relative path.
    private let files: Files
    /// Whether the destination is a folder notebook did not make, replaced with `--force`: once
    /// put aside as the spare, it is marked as a spare never finished, for the next build to
    /// make anew (what `--force` said it would replace).
    private let replacesForeign: Bool
    /// Held until the store is released: no other build writes this output meanwhile.
    private let lock: FileLock

    private final class Files: Sendable {
        let before: Set<ExactPath>
        /// The spare's folders: files are written into them without making them first.
        let folders: Set<ExactPath>
        /// Folders made in a new staging folder while the notes were read (`EarlyFolders`):
        /// written into without making them, like the spare's, but none of the spare's.
        let made: Set<ExactPath>
        /// The files written, kept only when the spare held anything (`commit` clears what the
        /// spare held besides them): into a new folder, each page took a lock and a hash for nothing.
        let written = Mutex(Set<ExactPath>())
        /// Held while a write clears what the spare holds in its way.
        let clearing = Mutex(())
        /// Folders of the staging folder held open, by relative path (`""`: the staging folder):
        /// those that hold the pages' folders (see `writeBeneath`).
        let open = Mutex<[ExactPath: FolderDescriptor]>([:])

        init(before: Set<ExactPath>, folders: Set<ExactPath>, made: Set<ExactPath> = []) {
            self.before = before
            self.folders = folders
            self.made = made
        }

        /// Whether the folder at `path` is there already: the spare's, or made early.
        func exists(_ path: ExactPath) -> Bool {
            (!made.isEmpty && made.contains(path)) || (!folders.isEmpty && folders.contains(path))
        }

        func wrote(_ path: String) {
            if !before.isEmpty || !folders.isEmpty { written.withLock { _ = $0.insert(ExactPath(path)) } }
        }
    }

    /// Why an output cannot be written.
    public enum Refusal: Error, Sendable {
        /// The folder exists and notebook did not make it.
        case notOurs(String)
        /// Something notebook did not make is where it keeps the output's spare (its path).
        case spareNotOurs(String)
        /// Another build holds the output's lock.
        case busy(String)
        /// The path is not a plain folder (a file, a symbolic link).
        case notAFolder(String, String)
        case failed(FileError)
    }

    /// Where the output `path` really is: its parent with every link resolved, and its own name
    /// (a link there is not resolved: it is refused). `DIR/.` is `DIR`; a path ending in `..`
    /// names no folder of its own.
    public static func realPlace(of path: String) -> String? {
        let normalized = FileTree.normalized(path)
        // The last name as the file system sees it: after the last `/` byte.
        let start = FileSystem.lastSlash(in: normalized).map { normalized.utf8.index(after: $0) } ?? normalized.startIndex
        let name = String(normalized[start...])
        guard !name.isEmpty, name != ".." else { return nil }
        let parent = String(normalized[..<start])
        return FileTree.join(FileTree.resolvedForCreation(parent.isEmpty ? "." : parent), name)
    }

    /// Checks that `destination` may be replaced (see `checkDestination`) and takes its lock, so
    /// that a second build stops before it reads anything; makes the folder that will hold it.
    public static func claim(_ destination: String, force: Bool) throws(Refusal) -> FileLock {
        guard let real = realPlace(of: destination) else { throw .notAFolder(destination, "does not name a folder of its own") }
        let parent = String(real[..<FileSystem.lastSlash(in: real)!])
        do {
            try FileSystem.makeFolder(parent.isEmpty ? "/" : parent)
        } catch {
            throw .failed(error)
        }
        try checkDestination(real, shown: destination, force: force)
        let held: FileLock?
        do {
            held = try FileSystem.lock(besidePath(of: real, suffix: "lock"))
        } catch {
            throw .failed(FileError(path: FileTree.normalized(destination), reason: "cannot take its lock: " + error.reason, code: error.code))
        }
        guard let held else { throw .busy(destination) }
        return held
    }

    /// What the spare beside `destination` holds, when it may be written over: listed on a
    /// thread of its own while the build reads and renders (give it to `init`). Start it only
    /// once the output's lock is held: then no other build changes the spare meanwhile.
    static func listSpare(of destination: String) -> Background<(files: Set<ExactPath>, folders: Set<ExactPath>)?> {
        Background {
            guard let real = realPlace(of: destination) else { return nil }
            let spare = besidePath(of: real, suffix: "spare")
            guard isReusable(spare, beside: real) else { return nil }
            return inventory(spare)
        }
    }

    /// Prepares the staging folder beside `destination`: the spare of the previous build, or an
    /// empty folder; `force` replaces a folder notebook did not make. `lock` is the output's
    /// lock from `claim`, taken now when nil; `listing`, the spare's from `listSpare`, if any.
    ///
    /// With `early`, the staging folder is the new one `makeStaging` made, and `early` the folders
    /// made in it since.
    public init(
        destination: String, force: Bool = false, lock: FileLock? = nil,
        listing: Background<(files: Set<ExactPath>, folders: Set<ExactPath>)?>? = nil, early: Set<ExactPath>? = nil
    ) throws(Refusal) {
        shown = destination
        guard let real = Self.realPlace(of: destination) else { throw .notAFolder(destination, "does not name a folder of its own") }
        self.destination = real
        self.staging = Self.besidePath(of: real, suffix: "spare")
        replacesForeign = force && FileSystem.status(real)?.kind == .folder && !OutputMarker.isMarked(real) && !Self.isOutputOfNotebook01(real)
            && (try? FileSystem.list(real).isEmpty) == false
        if let lock {
            try Self.checkDestination(real, shown: destination, force: force)
            self.lock = lock
        } else {
            self.lock = try Self.claim(destination, force: force)
        }
        if let early {
            self.files = Files(before: [], folders: [], made: early)
            return
        }
        do {
            self.files = try Self.prepareSpare(staging, beside: real, listing: listing)
        } catch {
            throw .failed(error)
        }
    }

    /// Whether the store will write a new staging folder that may be made before it
    /// (`makeStaging`): the spare is not to be written over, and it is no sign that the output
    /// is notebook 0.1's (made anew first, it would be no such sign when the store checks).
    static func makesNewStaging(_ destination: String) -> Bool {
        guard let real = realPlace(of: destination) else { return false }
        return !isReusable(besidePath(of: real, suffix: "spare"), beside: real) && !isOutputOfNotebook01(real)
    }

    /// Makes the new staging folder beside `destination`, in place of a spare that will not be
    /// written over (`makesNewStaging`), marked unfinished: for folders to be made in it
    /// before the store is (`EarlyFolders`). Its path.
    static func makeStaging(_ destination: String) throws(Refusal) -> String {
        guard let real = realPlace(of: destination) else { throw .notAFolder(destination, "does not name a folder of its own") }
        let staging = besidePath(of: real, suffix: "spare")
        do {
            _ = try prepareSpare(staging, beside: real, listing: nil)
        } catch {
            throw .failed(error)
        }
        return staging
    }

    /// `/x/public` → `/x/.public.notebook-SUFFIX`: the spare and the lock beside an output.
    static func besidePath(of destination: String, suffix: String) -> String {
        guard let slash = FileSystem.lastSlash(in: destination) else { return ".\(destination).notebook-\(suffix)" }
        let after = destination.utf8.index(after: slash)
        return destination[..<after] + ".\(destination[after...]).notebook-\(suffix)"
    }

    /// Refuses a destination that is not a folder, or a folder notebook did not make.
    static func checkDestination(_ destination: String, shown: String, force: Bool) throws(Refusal) {
        if !force, !isSpareOrNothing(besidePath(of: destination, suffix: "spare"), beside: destination) {
            throw .spareNotOurs(besidePath(of: FileTree.normalized(shown), suffix: "spare"))
        }
        guard let status = FileSystem.status(destination) else { return }
        switch status.kind {
        case .folder: break
        case .link: throw .notAFolder(shown, "is a symbolic link; give the folder it leads to")
        case .file, .other: throw .notAFolder(shown, "exists and is not a folder")
        }
        // The output is put in place by renaming, which a mount point cannot be.
        let parent = String(destination[..<(destination.lastIndex(of: "/") ?? destination.startIndex)])
        if let above = FileSystem.status(parent.isEmpty ? "/" : parent), above.device != status.device {
            throw .notAFolder(shown, "is a mount point, which notebook cannot replace in one step; give a folder inside it, such as \(FileTree.join(FileTree.normalized(shown), "site"))")
        }
        if force || OutputMarker.isMarked(destination) { return }
        // An output of notebook 0.1 carries no marker, but has its spare beside it, which (unlike
        // the spares of this version) carries none either.
        if isOutputOfNotebook01(destination) { return }
        guard let names = try? FileSystem.list(destination) else {
            throw .failed(FileError(path: shown, reason: "cannot be read"))
        }
        if !names.isEmpty { throw .notOurs(shown) }
    }

    /// Whether what is at `spare` may be written over or removed by a build of `destination`:
    /// nothing, a symbolic link (removed, never followed), a folder notebook marked (finished or
    /// not), the spare of an output of notebook 0.1, or an empty folder (a build stopped before
    /// it marked the spare it made).
    static func isSpareOrNothing(_ spare: String, beside destination: String) -> Bool {
        guard let status = FileSystem.status(spare), status.kind != .link else { return true }
        guard status.kind == .folder else { return false }
        // A spare without a marker is notebook 0.1's beside its output (also unmarked), or the
        // output of notebook 0.1 that the first build of this version put aside: either holds
        // the files every 0.1 build wrote. Beside an output of this version, nothing else is.
        return OutputMarker.isMarked(spare) || (!OutputMarker.isMarked(destination) && isOutputOfNotebook01(destination))
            || Self.holdsTheFilesOfNotebook01(spare) || (try? FileSystem.list(spare).isEmpty) == true
    }

    /// Whether `folder` is an output of notebook 0.1: no marker, but a spare beside it that
    /// carries none either (unlike this version's), and the files every 0.1 build wrote at its top.
    static func isOutputOfNotebook01(_ folder: String) -> Bool {
        let spare = besidePath(of: folder, suffix: "spare")
        return FileSystem.status(spare)?.kind == .folder && !OutputMarker.isMarked(spare) && holdsTheFilesOfNotebook01(folder)
    }

    /// Whether `folder` holds the files every build of notebook 0.1 wrote at its top.
    private static func holdsTheFilesOfNotebook01(_ folder: String) -> Bool {
        ["index.html", "404.html", "sitemap.xml", "feed.xml"].allSatisfy { FileSystem.status(folder + "/" + $0)?.kind == .file }
    }

    /// The spare's files when it can be written over; otherwise it is removed (never through a
    /// link) and made anew. Either way it is marked unfinished until `commit`.
    private static func prepareSpare(
        _ spare: String, beside destination: String, listing: Background<(files: Set<ExactPath>, folders: Set<ExactPath>)?>?
    ) throws(FileError) -> Files {
        let listed = listing?.value
        if isReusable(spare, beside: destination) {
            // An output someone made read-only (`chmod 555 public`) is the spare after the next
            // build: its folders are notebook's own, given back their owner's permissions
            // (those below by `inventory`).
            FileSystem.allowOwner(spare)
            FileSystem.copyAccess(from: destination, to: spare, ownerMayWrite: true)
            try OutputMarker.markUnfinished(spare)
            let (files, folders) = listed ?? inventory(spare)
            return Files(before: files, folders: folders)
        }
        if FileSystem.status(spare) != nil { FileSystem.removeTree(spare) }
        try FileSystem.makeFolder(spare)
        // What is made in it, its marker first, takes the output's group where the output's
        // folder gives its own.
        FileSystem.copyAccess(from: destination, to: spare, ownerMayWrite: true)
        try OutputMarker.markUnfinished(spare)
        return Files(before: [], folders: [])
    }

    /// Whether `spare` is a plain folder that notebook made and finished: one to write over.
    /// One whose files have another group than those made in the output would take (its
    /// marker's, as it was written) is not: written over, they would keep it, while files made
    /// anew take the output's where its folder gives its own (`chgrp www-data public;
    /// chmod g+s public` after a build).
    private static func isReusable(_ spare: String, beside destination: String) -> Bool {
        guard FileSystem.status(spare)?.kind == .folder, OutputMarker.isMarked(spare), !OutputMarker.isUnfinished(spare) else { return false }
        guard let group = FileSystem.groupOfNewFiles(in: destination) else { return true }
        return FileSystem.group(of: spare + "/" + OutputMarker.name) == group
    }

    /// The regular files and folders under `root`, by relative path, notebook's own markers
    /// left out; anything else found (symbolic links, sockets) is removed. Walked a level at a
    /// time, the folders of each level listed in parallel: an output's folders are mostly in one
    /// folder at the top (`notes/`), which one worker alone would walk.
    static func inventory(_ root: String, workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> (
        files: Set<ExactPath>, folders: Set<ExactPath>
    ) {
        var top = Listing()
        top.list(root, "", isRoot: true)
        var files = Set(top.files.map(ExactPath.init))
        var folders = Set(top.folders.map(ExactPath.init))
        var level = top.folders
        while !level.isEmpty {
            let listings = ParallelWork.map(count: level.count, workers: workers) { [level] index in
                var listing = Listing()
                listing.list(root, level[index], isRoot: false)
                return listing
            }
            level = []
            for listing in listings {
                files.formUnion(listing.files.map(ExactPath.init))
                folders.formUnion(listing.folders.map(ExactPath.init))
                level += listing.folders
            }
        }
        return (files, folders)
    }

    /// What listing folders of the spare found, by path relative to the spare.
    private struct Listing: Sendable {
        var files: [String] = []
        var folders: [String] = []

        /// The entries of the folder `relative` of `root`.
        mutating func list(_ root: String, _ relative: String, isRoot: Bool) {
            let folder = isRoot ? root : root + "/" + relative
            // What each entry is comes with the listing (`d_type`), without a status call each;
            // a folder made read-only is given back its owner's permissions, to be written in.
            guard let entries = try? FileSystem.entries(folder, allowingOwner: true) else { return }
            for (name, kind) in entries {
                if isRoot && OutputMarker.names.contains(name) { continue }
                let path = isRoot ? name : relative + "/" + name
                switch kind {
                case .folder: folders.append(path)
                case .file: files.append(path)
                case .link, .other: FileSystem.removeFile(root + "/" + path)
                }
            }
        }
    }

    /// Writes bytes at `path` (relative, `/`-separated) in the staging folder, making its folders.
    /// A failure names the output file (`public/notes/index.html`) and why.
    public func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(OutputError) {
        if writeBeneath(bytes, to: path) { return }
        try place(path) { full throws(FileError) in try FileSystem.overwrite(bytes, to: full) }
    }

    /// The most folders held open at once; beyond them a folder is opened for each write.
    static let openFolderLimit = 256

    /// Writes `path` through the folder two levels above it, held open: `a/b/c/index.html` is
    /// `c` made in `a/b` (unless the spare has it) and `c/index.html` written beneath `a/b`,
    /// instead of `a/b` opened from `/` to make `c` and the whole path walked again to write
    /// the file. False when anything fails, for `place` to write it by its path and say why.
    private func writeBeneath(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> Bool {
        let utf8 = path.utf8
        guard let last = utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return write(bytes, to: path, beneath: "", relative: path, making: nil)
        }
        let above = utf8[..<last].lastIndex(of: UInt8(ascii: "/"))
        // The folder's name starts after the slash above it, if any.
        let start = above.map { utf8.index(after: $0) } ?? path.startIndex
        let making = files.exists(ExactPath(String(path[..<last]))) ? nil : String(path[start..<last])
        return write(bytes, to: path, beneath: above.map { String(path[..<$0]) } ?? "", relative: String(path[start...]), making: making)
    }

    private func write(
        _ bytes: UnsafeBufferPointer<UInt8>, to path: String, beneath anchor: String, relative: String, making name: String?
    ) -> Bool {
        guard let folder = heldFolder(anchor) else { return false }
        if let name, !folder.makeFolder(name) { return false }
        do {
            // Into a new folder every file is new.
            try folder.overwrite(bytes, at: relative, likelyNew: files.before.isEmpty)
        } catch {
            return false
        }
        files.wrote(path)
        return true
    }

    /// The staging folder's folder at `relative`, made if missing and held open.
    private func heldFolder(_ relative: String) -> FolderDescriptor? {
        let key = ExactPath(relative)
        if let held = files.open.withLock({ $0[key] }) { return held }
        let full = relative.isEmpty ? staging : staging + "/" + relative
        if !relative.isEmpty && !files.exists(key) { try? FileSystem.makeFolder(full) }
        guard let opened = FolderDescriptor(opening: full) else { return nil }
        return files.open.withLock { open in
            if let held = open[key] { return held }
            if open.count < Self.openFolderLimit { open[key] = opened }
            return opened
        }
    }

    /// Copies the file at `source` to `path`, a block at a time: a large attachment costs no memory.
    public func copy(from source: String, to path: String) throws(OutputError) {
        try place(path) { full throws(FileError) in try FileSystem.copyFile(from: source, to: full) }
    }

    /// Makes the file at `path` in the staging folder with `make`, making its folders; when the
    /// spare holds a file where a folder goes now, or the other way round, clears the way once.
    private func place(_ path: String, with make: (String) throws(FileError) -> Void) throws(OutputError) {
        let full = staging + "/" + path
        files.wrote(path)
        let folder = FileSystem.lastSlash(in: path).map { String(path[..<$0]) }
        do throws(FileError) {
            do throws(FileError) {
                if let folder, !files.exists(ExactPath(folder)) { try FileSystem.makeFolder(staging + "/" + folder) }
                try make(full)
            } catch {
                guard !files.before.isEmpty || !files.folders.isEmpty, [ENOTDIR, EISDIR, EEXIST, ELOOP, ENOENT].contains(error.code),
                    error.path.hasPrefix(staging)
                else {
                    throw error
                }
                // One worker at a time clears the way and writes: otherwise one could remove
                // the folder another has just made in place of the spare's file, page and all.
                try files.clearing.withLock { _ throws(FileError) in
                    clearWay(to: path)
                    if let folder { try FileSystem.makeFolder(staging + "/" + folder) }
                    try make(full)
                }
            }
        } catch {
            // A source that cannot be read is named as it is; a file of the output as the user sees it.
            guard error.path.hasPrefix(staging) else { throw error }
            throw OutputError(path: FileTree.join(FileTree.normalized(shown), path), reason: error.reason, code: error.code)
        }
    }

    /// Removes whatever in the staging folder stands where `path` or one of its folders goes.
    private func clearWay(to path: String) {
        var prefix = staging
        var relative = ""
        let parts = FileSystem.names(in: path)
        for (index, part) in parts.enumerated() {
            prefix += "/" + part
            relative += (index == 0 ? "" : "/") + part
            guard let kind = FileSystem.status(prefix)?.kind else { return }
            let isLast = index == parts.count - 1
            if isLast ? kind != .file : kind != .folder {
                FileSystem.removeTree(prefix)
                // A folder held open there is gone: the next write there opens the new one.
                let gone = ExactPath(relative), below = Array((relative + "/").utf8)
                files.open.withLock { open in
                    open = open.filter { $0.key != gone && !$0.key.text.utf8.starts(with: below) }
                }
                return
            }
        }
    }

    /// Removes what the spare held that this build did not write, marks it finished, and swaps it
    /// with the destination in one step; the previous output becomes the next build's spare.
    public func commit() throws(OutputError) {
        TestHold.at("remove-stale")
        let written = files.written.withLock { $0 }
        for path in files.before where !written.contains(path) { FileSystem.removeFile(staging + "/" + path.text) }
        // The spare's folders that hold none of the files written may be empty now (a new
        // staging folder has none to look for).
        if !files.folders.isEmpty {
            var used = Set<ExactPath>()
            for path in written {
                var folder = Substring(path.text)
                while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                    folder = folder[..<slash]
                    guard used.insert(ExactPath(String(folder))).inserted else { break }
                }
            }
            for folder in files.folders.filter({ !used.contains($0) }).sorted(by: { $0.text.utf8.count > $1.text.utf8.count }) {
                FileSystem.removeEmptyFolder(staging + "/" + folder.text)
            }
        }
        TestHold.at("mark-finished")
        do {
            try OutputMarker.markFinished(staging)
            // The folder put in place keeps the permissions and group its owner gave the output.
            FileSystem.copyAccess(from: destination, to: staging, ownerMayWrite: false)
            TestHold.at("exchange")
            if FileSystem.exists(destination) {
                try FileSystem.exchange(staging, destination)
                if replacesForeign { try? OutputMarker.markUnfinished(staging) }
            } else {
                try FileSystem.renameWithoutReplacing(staging, to: destination)
            }
        } catch {
            throw OutputError(path: shown, reason: error.reason, code: error.code)
        }
        TestHold.at("after-exchange")
    }

    /// Leaves the destination as it was; the staging folder stays, marked unfinished.
    public func discard() {}
}

/// A file of the output that could not be written.
public typealias OutputError = FileError

/// The files by which notebook knows its own output folders: `.notebook-output` (the same text in
/// every run) in every output and spare, and `.notebook-unfinished` in a spare being written.
enum OutputMarker {
    static let name = ".notebook-output"
    static let unfinished = ".notebook-unfinished"
    static let names: Set<String> = [name, unfinished]
    static let text = "This folder is the output of `notebook build`, which replaces it whole on the next build.\n"

    /// Whether the folder at `folder` carries notebook's output marker: a file of that name
    /// holding the sentence notebook writes, not any file of that name (which would let notebook
    /// replace a folder it did not make).
    public static func isMarked(_ folder: String) -> Bool {
        guard let bytes = try? FileSystem.read(folder + "/" + name, limit: 4096) else { return false }
        return bytes.elementsEqual(text.utf8)
    }

    static func isUnfinished(_ folder: String) -> Bool {
        FileSystem.exists(folder + "/" + unfinished)
    }

    static func markUnfinished(_ folder: String) throws(FileError) {
        try FileSystem.write("", to: folder + "/" + unfinished)
        try FileSystem.write(text, to: folder + "/" + name)
    }

    static func markFinished(_ folder: String) throws(FileError) {
        try FileSystem.write(text, to: folder + "/" + name)
        FileSystem.removeFile(folder + "/" + unfinished)
    }
}

/// Test-only pauses: with `NOTEBOOK_TEST_HOLD` set to a step's name, the process says so on
/// standard error and waits there to be killed, so that tests can stop a build at that step.
enum TestHold {
    static func at(_ step: String) {
        guard ProcessInfo.processInfo.environment["NOTEBOOK_TEST_HOLD"] == step else { return }
        FileHandle.standardError.write(Data("notebook: held at \(step)\n".utf8))
        while true { sleep(60) }
    }
}
