import Foundation

/// Writes a build into a temporary folder beside the output, and puts it in place only when the
/// build succeeded: a failed build leaves the previous output untouched.
///
/// Files are written with plain system calls: `Data.write(to:)` syncs every file to disk, far
/// too slow for thousands of pages.
public struct OutputStore: Sendable {
    /// The output folder the build replaces.
    public let destination: String
    /// The folder being written.
    public let staging: String

    /// Prepares an empty staging folder beside `destination`.
    public init(destination: String) throws(OutputError) {
        var trimmed = destination
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.destination = trimmed
        self.staging = trimmed + ".building-\(getpid())"
        Self.remove(staging)
        try Self.makeDirectory(staging)
    }

    /// Writes `contents` at `path` (relative, `/`-separated) in the staging folder.
    public func write(_ contents: String, to path: String) throws(OutputError) {
        var contents = contents
        let result = contents.withUTF8 { bytes in Result { () throws(OutputError) in try write(bytes, to: path) } }
        try result.get()
    }

    /// Writes bytes at `path` (relative, `/`-separated) in the staging folder, making its folders.
    public func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(OutputError) {
        let full = staging + "/" + path
        if let slash = full.lastIndex(of: "/") { try Self.makeDirectory(String(full[..<slash])) }
        try Self.writeFile(bytes, at: full)
    }

    /// Creates or truncates the file at `full` and writes `bytes` into it.
    static func writeFile(_ bytes: UnsafeBufferPointer<UInt8>, at full: String) throws(OutputError) {
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
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

    /// Copies a file into the staging folder at `path`.
    public func copy(from source: String, to path: String) throws(OutputError) {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw OutputError(path: source, reason: "cannot read the file")
        }
        let result = data.withUnsafeBytes { raw in
            Result { () throws(OutputError) in try write(raw.bindMemory(to: UInt8.self), to: path) }
        }
        try result.get()
    }

    /// Puts the staging folder in place of the destination.
    public func commit() throws(OutputError) {
        let previous = destination + ".previous-\(getpid())"
        let manager = FileManager.default
        let hadOutput = manager.fileExists(atPath: destination)
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
        if hadOutput { Self.remove(previous) }
    }

    /// Removes the staging folder, leaving the destination as it was.
    public func discard() {
        Self.remove(staging)
    }

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
