import Foundation
import Synchronization

/// Writes a build into a folder beside the output, and puts it in place only when the build
/// succeeded: a failed build leaves the previous output untouched.
///
/// The output it replaces is kept as a hidden spare beside it (`.NAME.notebook-spare`) and
/// written over by the next build: files are overwritten in place, and only those the build no
/// longer makes are removed, so the file system neither makes nor frees thousands of files each
/// time (on ext4 that was most of a build's time). The spare's symbolic links and special files
/// are removed before anything is written.
///
/// Files are written with plain system calls: `Data.write(to:)` syncs every file to disk, far
/// too slow for thousands of pages.
public struct OutputStore: FileSink, Sendable {
    /// The output folder the build replaces.
    public let destination: String
    /// The folder being written: the spare, or a new folder.
    public let staging: String
    /// Files the spare held before the build, and the files written, by relative path.
    private let files: Files

    private final class Files: Sendable {
        let before: Set<String>
        let folders: [String]
        let written = Mutex(Set<String>())

        init(before: Set<String>, folders: [String]) {
            self.before = before
            self.folders = folders
        }
    }

    /// Prepares the staging folder beside `destination`: the spare of the previous build, or an
    /// empty folder.
    public init(destination: String) throws(OutputError) {
        var trimmed = destination
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.destination = trimmed
        self.staging = Self.sparePath(of: trimmed)
        var info = stat()
        if lstat(staging, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            let (files, folders) = Self.inventory(staging)
            self.files = Files(before: files, folders: folders)
        } else {
            Self.remove(staging)
            unlink(staging)
            try Self.makeDirectory(staging)
            self.files = Files(before: [], folders: [])
        }
    }

    /// The spare beside `destination`: `/x/public` → `/x/.public.notebook-spare`.
    static func sparePath(of destination: String) -> String {
        guard let slash = destination.lastIndex(of: "/") else { return ".\(destination).notebook-spare" }
        return destination[...slash] + ".\(destination[destination.index(after: slash)...]).notebook-spare"
    }

    /// The regular files and folders under `root`, by relative path (folders deepest first);
    /// anything else found (symbolic links, sockets) is removed.
    static func inventory(_ root: String) -> (files: Set<String>, folders: [String]) {
        var files = Set<String>()
        var folders: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard let directory = opendir(folder) else { continue }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(root + "/" + path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    folders.append(path)
                    pending.append(path)
                case S_IFREG: files.insert(path)
                default: unlink(root + "/" + path)
                }
            }
            closedir(directory)
        }
        return (files, folders.sorted { $0.count > $1.count })
    }

    /// Writes bytes at `path` (relative, `/`-separated) in the staging folder, making its folders.
    public func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(OutputError) {
        let full = staging + "/" + path
        files.written.withLock { _ = $0.insert(path) }
        do {
            if let slash = full.lastIndex(of: "/") { try Self.makeDirectory(String(full[..<slash])) }
            try Self.writeFile(bytes, at: full)
        } catch {
            // The spare may hold a file where a folder goes now, or the other way round.
            guard !files.before.isEmpty || !files.folders.isEmpty else { throw error }
            clearWay(to: path)
            if let slash = full.lastIndex(of: "/") { try Self.makeDirectory(String(full[..<slash])) }
            try Self.writeFile(bytes, at: full)
        }
    }

    /// Removes whatever in the staging folder stands where `path` or one of its folders goes.
    private func clearWay(to path: String) {
        var prefix = staging
        let parts = path.split(separator: "/")
        for (index, part) in parts.enumerated() {
            prefix += "/" + part
            var info = stat()
            guard lstat(prefix, &info) == 0 else { return }
            let isLast = index == parts.count - 1
            if isLast ? (info.st_mode & S_IFMT) != S_IFREG : (info.st_mode & S_IFMT) != S_IFDIR {
                Self.remove(prefix)
                unlink(prefix)
                return
            }
        }
    }

    /// Creates or truncates the file at `full` and writes `bytes` into it.
    static func writeFile(_ bytes: UnsafeBufferPointer<UInt8>, at full: String) throws(OutputError) {
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw OutputError(path: full, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: full, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    /// Removes what the spare held that this build did not write, puts the staging folder in
    /// place of the destination, and keeps the previous output as the next build's spare.
    public func commit() throws(OutputError) {
        let written = files.written.withLock { $0 }
        for path in files.before where !written.contains(path) { unlink(staging + "/" + path) }
        for folder in files.folders { rmdir(staging + "/" + folder) }
        let previous = destination + ".previous-\(getpid())"
        var info = stat()
        let hadOutput = lstat(destination, &info) == 0
        if hadOutput {
            guard rename(destination, previous) == 0 else {
                throw OutputError(path: destination, reason: String(cString: strerror(errno)))
            }
        }
        guard rename(staging, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOutput { _ = rename(previous, destination) }
            throw OutputError(path: destination, reason: reason)
        }
        if hadOutput && (info.st_mode & S_IFMT) == S_IFDIR && rename(previous, staging) != 0 {
            Self.remove(previous)
        } else if hadOutput && (info.st_mode & S_IFMT) != S_IFDIR {
            unlink(previous)
        }
    }

    /// Leaves the destination as it was; the staging folder stays as the next build's spare.
    public func discard() {}

    /// Removes a folder and everything in it with plain system calls (`FileManager` is slow at
    /// thousands of files); symbolic links are removed, never followed.
    static func remove(_ root: String) {
        var pending = [root]
        var folders: [String] = []
        while let folder = pending.popLast() {
            folders.append(folder)
            guard let directory = opendir(folder) else { continue }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = folder + "/" + name
                if entry.pointee.d_type == DT_DIR {
                    pending.append(path)
                } else if entry.pointee.d_type == DT_UNKNOWN {
                    var info = stat()
                    if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { pending.append(path) } else { unlink(path) }
                } else {
                    unlink(path)
                }
            }
            closedir(directory)
        }
        for folder in folders.reversed() { rmdir(folder) }
    }

    /// Makes a folder and any missing parents with plain `mkdir` calls; one that exists is fine.
    static func makeDirectory(_ path: String) throws(OutputError) {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash > path.startIndex else {
            throw OutputError(path: path, reason: String(cString: strerror(errno)))
        }
        try makeDirectory(String(path[..<slash]))
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw OutputError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

/// A file of the output that could not be written.
public struct OutputError: Error, Hashable, Sendable {
    public var path: String
    public var reason: String
}
