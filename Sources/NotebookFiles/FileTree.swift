import Bytes
import Dispatch
import Parallel
import Synchronization

/// A folder read by one rule: paths are shown as the user named them, read at their real place,
/// and a symbolic link is followed only when it stays inside `boundary` (never when it is nil).
///
/// The site is a tree whose boundary is itself; a theme outside the site is a tree with no
/// boundary, so none of its links are followed. `.`, `./`, `a/../site`, an absolute path, a
/// trailing slash and a path through a link all name the same tree: only `display` differs.
public struct FileTree: Sendable, Equatable {
    /// The folder as the user named it, without `.` segments and trailing slashes; empty for the
    /// current folder.
    public let display: String
    /// The folder's absolute path with every link resolved.
    public let real: String
    /// Links are followed only to places inside this real folder.
    public let boundary: String?

    /// The tree at `path`, which must be a folder, following links by `rule`.
    public init(_ path: String, links rule: LinkRule = .insideItself) throws(FileError) {
        guard let real = FileSystem.resolve(path), FileSystem.status(real)?.kind == .folder else {
            throw FileError(path: path, reason: FileSystem.exists(path) ? "is not a folder" : "does not exist")
        }
        self.display = Self.normalized(path)
        self.real = real
        switch rule {
        case .insideItself: boundary = real
        case .never: boundary = nil
        }
    }

    /// A tree for a path that is not a readable folder, so that what could not be read can still
    /// be named: it follows no link.
    public static func unreadable(_ path: String) -> FileTree {
        FileTree(display: normalized(path), real: resolvedForCreation(path), boundary: nil)
    }

    private init(display: String, real: String, boundary: String?) {
        self.display = display
        self.real = real
        self.boundary = boundary
    }

    /// Which symbolic links a tree follows.
    public enum LinkRule: Sendable {
        /// Those that lead to a place inside the tree.
        case insideItself
        /// None.
        case never
    }

    /// `relative` (`/`-separated, inside the tree) as the user would name it.
    public func display(_ relative: String) -> String {
        Self.join(display, relative)
    }

    /// `relative` at its real place, before any link inside it is resolved.
    public func real(_ relative: String) -> String {
        Self.join(real, relative)
    }

    /// Whether the real path `path` is this tree's boundary or inside it.
    public func allows(_ path: String) -> Bool {
        guard let boundary else { return false }
        return Self.isInside(path, boundary)
    }

    /// Where `relative` really is when it is read by the tree's rule: its real path, nil when
    /// nothing is there; `.outside` when a link on the way leads out of the boundary.
    public func place(of relative: String) -> Place {
        var current = real
        for part in PathSegments.of(relative) where part != "." {
            guard part != ".." else { return .outside(display(relative)) }
            let next = current + "/" + part
            guard let status = FileSystem.status(next) else { return .missing }
            if status.kind == .link {
                guard let target = FileSystem.resolve(next) else { return .missing }
                guard allows(target) else { return .outside(display(relative)) }
                current = target
            } else {
                current = next
            }
        }
        return .inside(current)
    }

    /// Where a path named inside a tree is.
    public enum Place: Sendable, Equatable {
        case missing
        /// Its real path, reached through no link out of the tree.
        case inside(String)
        /// A link on the way leads out of the tree (the path as shown).
        case outside(String)
    }

    /// The regular files under the folder `relative` (itself read by `place(of:)`), at any depth,
    /// dot-files and dot-folders left out, sorted by path; `skip` names top-level entries to
    /// leave out, and `skipsFolder` folders (by real path) to leave out wherever they are.
    ///
    /// The folders of the first level are walked on every core, each on its own, unless a link
    /// to a folder is met: then the one walk below, in order, decides which of two ways to a
    /// folder reads it. Either way the answer is the same.
    public func walk(
        _ relative: String = "", skip: Set<String> = [], ignoring ignored: PathPatterns = PathPatterns(),
        skipsFolder: @Sendable (String) -> Bool = { _ in false }
    ) -> Walk {
        var walk = Walk()
        guard case .inside(let start) = place(of: relative) else { return walk }
        var visited: Set<String> = [start]
        var sawFolderLink = false
        let top = visit(
            start, "", from: relative, start: start, skip: skip, ignored: ignored, skipsFolder: skipsFolder, into: &walk, sawFolderLink: &sawFolderLink)
        if !sawFolderLink && top.count > 1 {
            let parts = Mutex<[Int: Walk]>([:])
            let anyFolderLink = Atomic<Bool>(false)
            DispatchQueue.concurrentPerform(iterations: top.count) { index in
                var part = Walk()
                var seen = Set<String>()
                var linked = false
                walkSerially(
                    [top[index]], from: relative, start: start, ignored: ignored, skipsFolder: skipsFolder, into: &part, visited: &seen,
                    sawFolderLink: &linked)
                if linked { anyFolderLink.store(true, ordering: .relaxed) }
                parts.withLock { $0[index] = part }
            }
            if !anyFolderLink.load(ordering: .relaxed) {
                // In the order of the top-level folders: files that sort as equal stay in one order.
                let found = parts.withLock { $0 }
                for part in top.indices.compactMap({ found[$0] }) {
                    walk.files += part.files
                    walk.skippedLinks += part.skippedLinks
                    walk.danglingLinks += part.danglingLinks
                    walk.loopingLinks += part.loopingLinks
                    walk.ignoredLinks += part.ignoredLinks
                    walk.unreadable += part.unreadable
                }
                return walk.sorted()
            }
        }
        walkSerially(
            top, from: relative, start: start, ignored: ignored, skipsFolder: skipsFolder, into: &walk, visited: &visited,
            sawFolderLink: &sawFolderLink)
        return walk.sorted()
    }

    /// Walks the folders `pending` (real and relative paths) and every folder under them, last
    /// first, each once.
    private func walkSerially(
        _ pending: [(real: String, relative: String)], from relative: String, start: String, ignored: PathPatterns,
        skipsFolder: (String) -> Bool, into walk: inout Walk, visited: inout Set<String>, sawFolderLink: inout Bool
    ) {
        var pending = pending
        while let (folder, folderRelative) = pending.popLast() {
            guard visited.insert(folder).inserted else { continue }
            pending += visit(
                folder, folderRelative, from: relative, start: start, skip: [], ignored: ignored, skipsFolder: skipsFolder,
                into: &walk, sawFolderLink: &sawFolderLink)
        }
    }

    /// Lists one folder into `walk`; gives the folders in it to walk next, in the listing's order.
    private func visit(
        _ folder: String, _ folderRelative: String, from relative: String, start: String, skip: Set<String>,
        ignored: PathPatterns, skipsFolder: (String) -> Bool, into walk: inout Walk, sawFolderLink: inout Bool
    ) -> [(real: String, relative: String)] {
        let entries: [(name: String, kind: FileSystem.Kind)]
        do {
            // What each entry is comes with the listing (`d_type`): only links need a status call.
            entries = try FileSystem.entries(folder)
        } catch {
            walk.unreadable.append(FileError(path: display(Self.join(relative, folderRelative)), reason: error.reason, code: error.code))
            return []
        }
        var folders: [(real: String, relative: String)] = []
        for (name, listedKind) in entries where !name.hasPrefix(".") {
            if folderRelative.isEmpty && skip.contains(name) { continue }
            let childRelative = Self.join(folderRelative, name)
            let shown = display(Self.join(relative, childRelative))
            var childReal = Self.joined(folder, name)
            var kind = listedKind
            // What the site leaves out is not looked at: a link there neither (nor said to lead nowhere).
            if kind != .link && ignored.matches(childRelative, isFolder: kind == .folder) { continue }
            if kind == .link {
                let target = FileSystem.resolve(childReal), followed = target.flatMap { FileSystem.status($0) }
                if ignored.matches(childRelative, isFolder: followed?.kind == .folder) { continue }
                guard let target, let followed else {
                    walk.danglingLinks.append(shown)
                    continue
                }
                guard allows(target) else {
                    walk.skippedLinks.append(shown)
                    continue
                }
                // A link to what the walk leaves out would publish it under the link's name.
                if !ignored.isEmpty, target.hasPrefix(start + "/"),
                    ignored.leavesOut(String(target.dropFirst(start.count + 1)), isFolder: followed.kind == .folder)
                {
                    walk.ignoredLinks.append(shown)
                    continue
                }
                if followed.kind == .folder { sawFolderLink = true }
                // A link back to the walked folder or one holding it would read it again.
                guard followed.kind != .folder || !Self.isInside(start, target) else {
                    walk.loopingLinks.append(shown)
                    continue
                }
                childReal = target
                kind = followed.kind
            }
            switch kind {
            case .folder:
                if !skipsFolder(childReal) { folders.append((childReal, childRelative)) }
            case .file:
                walk.files.append(WalkedFile(relative: childRelative, display: shown, real: childReal))
            case .link, .other:
                continue
            }
        }
        return folders
    }

    /// What a walk found.
    public struct Walk: Sendable {
        public var files: [WalkedFile] = []
        /// Links (as shown) that lead outside the tree, not followed.
        public var skippedLinks: [String] = []
        /// Links that lead nowhere, and links to a folder that holds the walked one.
        public var danglingLinks: [String] = []
        public var loopingLinks: [String] = []
        /// Links to a file or folder that the walk leaves out (``PathPatterns``), not followed.
        public var ignoredLinks: [String] = []
        /// Folders that could not be listed (a file that cannot be read is found when it is read).
        public var unreadable: [FileError] = []

        /// Each list in order: files by path, the rest as shown.
        func sorted() -> Walk {
            var walk = self
            let order = files.withUnsafeBufferPointer { buffer in
                let files = ParallelWork.Borrowed(buffer)
                return ParallelWork.sortedIndices(count: buffer.count, workers: ParallelWork.processorCount) {
                    files.buffer[$0].relative < files.buffer[$1].relative
                }
            }
            walk.files = order.map { files[$0] }
            walk.skippedLinks.sort()
            walk.danglingLinks.sort()
            walk.loopingLinks.sort()
            walk.ignoredLinks.sort()
            walk.unreadable.sort { $0.path < $1.path }
            return walk
        }
    }

    /// A file found by a walk.
    public struct WalkedFile: Sendable, Hashable {
        /// Its path under the walked folder.
        public var relative: String
        /// Its path as the user would name it.
        public var display: String
        /// Where it is read from: a real path with no link in it.
        public var real: String
    }

    /// `path` without empty and `.` segments or a trailing slash; empty for the current folder.
    public static func normalized(_ path: String) -> String {
        let kept = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + kept : kept
    }

    /// `name` inside `base` (either may be empty).
    public static func join(_ base: String, _ name: String) -> String {
        if name.isEmpty { return base }
        if base.isEmpty { return name }
        return base.hasSuffix("/") ? base + name : Self.joined(base, name)
    }

    /// `base + "/" + name`, copied once (``Swift/String/init(_:joinedBy:_:)``).
    static func joined(_ base: String, _ name: String) -> String {
        String(base, joinedBy: UInt8(ascii: "/"), name)
    }

    /// Whether the absolute path `path` is `folder` or inside it.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// The absolute, link-free path `path` would have: its longest existing part resolved, the
    /// rest added lexically. Used for paths that may not exist yet (an output folder).
    public static func resolvedForCreation(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : join(FileSystem.currentFolder(), path)
        var parts = PathSegments.of(absolute).map(String.init)
        var rest: [String] = []
        while !parts.isEmpty {
            if let resolved = FileSystem.resolve("/" + parts.joined(separator: "/")) {
                var result = resolved == "/" ? [] : PathSegments.of(resolved).map(String.init)
                for part in rest.reversed() {
                    if part == ".." { if !result.isEmpty { result.removeLast() } } else if part != "." { result.append(part) }
                }
                return "/" + result.joined(separator: "/")
            }
            rest.append(parts.removeLast())
        }
        return "/" + rest.reversed().filter { $0 != "." }.joined(separator: "/")
    }
}
