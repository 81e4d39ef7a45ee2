import CFileSystem
import Foundation

/// The one place where notebook touches the file system: every command opens, lists, stats,
/// renames, writes and removes through it. Nothing here follows a symbolic link unless a caller
/// asks for it by name (`followingLinks`), writes go through `O_NOFOLLOW`, and removal never
/// descends through a link. The rules about *which* paths may be read or written live in
/// `SiteFolder` (reading a site) and in the output store (writing one).
public enum FileSystem {
    /// The largest file notebook reads (a note, a template, a configuration): 64 MiB.
    public static let readLimit = 64 << 20

    /// What a path is, without following a final symbolic link.
    public enum Kind: Sendable, Equatable {
        case file, folder, link, other
    }

    /// The result of `lstat` (or `stat` when following links).
    public struct Status: Sendable, Equatable {
        public var kind: Kind
        public var size: Int
        public var device: UInt64
        public var inode: UInt64
        /// When it was last changed, in nanoseconds since 1970.
        public var modified: Int
    }

    /// The status of `path`; nil when nothing is there.
    public static func status(_ path: String, followingLinks: Bool = false) -> Status? {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        let kind: Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .link
        default: kind = .other
        }
        return Status(
            kind: kind, size: Int(info.st_size), device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            modified: Int(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtim.tv_nsec))
    }

    /// Whether the process may read the file at `path`.
    public static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// Whether `path` is a folder (following links).
    public static func isFolder(_ path: String) -> Bool {
        status(path, followingLinks: true)?.kind == .folder
    }

    /// Whether anything, a dangling link included, is at `path`.
    public static func exists(_ path: String) -> Bool {
        status(path) != nil
    }

    /// The names in a folder (without `.` and `..`), unsorted.
    public static func list(_ folder: String) throws(FileError) -> [String] {
        try entries(folder).map(\.name)
    }

    /// The names in a folder (without `.` and `..`), each with what it is (a link is `.link`).
    /// With `allowingOwner`, the folder is given its owner's permissions first (``allowOwner(_:)``).
    public static func entries(_ folder: String, allowingOwner: Bool = false) throws(FileError) -> [(name: String, kind: Kind)] {
        var opened = opendir(folder)
        if opened == nil, allowingOwner, errno == EACCES, allowOwner(folder) { opened = opendir(folder) }
        guard let directory = opened else { throw FileError(path: folder, errno: errno) }
        defer { closedir(directory) }
        if allowingOwner {
            // Checked on the folder opened, without walking its path again.
            let descriptor = dirfd(directory)
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_mode & 0o700 != 0o700 { _ = fchmod(descriptor, (info.st_mode & 0o7777) | 0o700) }
        }
        var entries: [(name: String, kind: Kind)] = []
        while let entry = readdir(directory) {
            let (name, isUTF8) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                // The name's bytes read in place, up to its NUL: as a slice of the raw bytes,
                // each byte went through the generic collection's code.
                let bytes = UnsafeRawBufferPointer(rebasing: raw[..<strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)])
                // Nearly every name is ASCII: copied straight into a string (the generic check
                // of `String(validating:)` cost about a thousand instructions a name).
                if !bytes.contains(where: { $0 >= 0x80 }) {
                    return (String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }, true)
                }
                if let name = String(validating: bytes, as: UTF8.self) { return (name, true) }
                return (String(decoding: bytes, as: UTF8.self), false)
            }
            if name == "." || name == ".." { continue }
            let kind: Kind
            // A name that is not UTF-8 cannot be named again from its decoded form: nothing
            // found under it could be opened, so it is something else.
            switch isUTF8 ? Int(entry.pointee.d_type) : -1 {
            case Int(DT_REG): kind = .file
            case Int(DT_DIR): kind = .folder
            case Int(DT_LNK): kind = .link
            case Int(DT_UNKNOWN): kind = status(folder == "/" ? "/" + name : folder + "/" + name)?.kind ?? .other
            default: kind = .other
            }
            entries.append((name, kind))
        }
        return entries
    }

    /// How a path is opened: through no symbolic link at all (the paths notebook works out
    /// itself, which are real), or as the user named it on the command line (`render FILE`).
    public enum Links: Sendable {
        case none, asNamed
    }

    /// Opens `path` by the rule `links`; -1 with `errno` set when it cannot.
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0o644, links: Links) -> Int32 {
        switch links {
        case .none: notebook_open_no_links(path, flags | O_CLOEXEC, mode)
        case .asNamed: Glibc.open(path, flags | O_CLOEXEC, mode)
        }
    }

    /// The error for a path that could not be opened with no link on the way.
    static func openError(_ path: String, _ code: Int32, writing: Bool) -> FileError {
        guard code == ELOOP else { return FileError(path: path, errno: code) }
        return FileError(path: path, reason: "is a symbolic link, or one is on its way; not " + (writing ? "written" : "followed"), code: ELOOP)
    }

    /// The bytes of the regular file at `path`, read through no symbolic link (unless `links`
    /// says the user named it); a file larger than `limit` is an error and is not read.
    public static func read(_ path: String, limit: Int = readLimit, links: Links = .none) throws(FileError) -> [UInt8] {
        // Waiting for the disk is allowed: there is always an answer.
        try read(path, limit: limit, links: links, waiting: true)!
    }

    /// ``read(_:limit:links:)`` when the file's bytes are in memory already; nil when reading
    /// them would wait for the disk, and the kernel has then been asked to start reading the file
    /// in, so that it is there (or on its way) when read again. A caller with many files reads
    /// the others meanwhile, instead of waiting for each in turn. Where the file system cannot
    /// say, the file is read, waiting.
    public static func readIfInMemory(_ path: String, limit: Int = readLimit, links: Links = .none) throws(FileError) -> [UInt8]? {
        try read(path, limit: limit, links: links, waiting: false)
    }

    private static func read(_ path: String, limit: Int, links: Links, waiting: Bool) throws(FileError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK, links: links)
        guard fd >= 0 else { throw openError(path, errno, writing: false) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileError(path: path, reason: "is not a regular file") }
        guard Int(info.st_size) <= limit else {
            throw FileError(path: path, reason: "is larger than \(limit >> 20) MB; not read")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        if !waiting && !bytes.isEmpty {
            let count = bytes.withUnsafeMutableBytes { raw in notebook_read_in_memory(fd, raw.baseAddress!, raw.count) }
            if count < 0 {
                switch errno {
                case EAGAIN:
                    notebook_read_ahead(fd)
                    return nil
                case EOPNOTSUPP, EINTR: break
                default: throw FileError(path: path, errno: errno)
                }
            } else {
                // What was in memory (the file's position is past it); the rest, if any, is read
                // below, waiting.
                offset = count
            }
        }
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + offset, raw.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, errno: errno)
            }
            if count == 0 { break }
            offset += count
        }
        // A file that grew while being read is read up to the limit; one that shrank is cut.
        if offset < bytes.count { bytes.removeLast(bytes.count - offset) }
        return bytes
    }

    /// The regular file at `path` opened for reading through no link, with its size, for a
    /// caller that sends it on (the preview server); the caller closes the descriptor.
    /// Opened without waiting: a named pipe in the file's place (which would block the open until
    /// something writes to it) is refused like any other file that is not regular.
    public static func openRegularFile(_ path: String) -> (descriptor: Int32, size: Int)? {
        let fd = open(path, O_RDONLY | O_NONBLOCK, links: .none)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (fd, Int(info.st_size))
    }

    /// `openRegularFile`, its failure an error naming the file, as a copy of it reports it.
    public static func openSource(_ path: String) throws(FileError) -> (descriptor: Int32, size: Int) {
        guard let opened = openRegularFile(path) else {
            throw FileError(path: path, reason: "cannot be read: " + String(cString: strerror(errno)).lowercased(), code: errno)
        }
        return opened
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    public static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The current folder, absolute.
    public static func currentFolder() -> String {
        FileManager.default.currentDirectoryPath
    }

    /// The process's own memory mappings, the text of `/proc/self/maps`, read whole (the kernel
    /// gives its size as 0); nil where there is none.
    public static func processMappings() -> [UInt8]? {
        let fd = Glibc.open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// The path of the running executable, when the system says.
    public static func executablePath() -> String? {
        resolve("/proc/self/exe") ?? CommandLine.arguments.first.flatMap { resolve($0) }
    }

    /// Writes `bytes` at `path`, creating or truncating the file; never through a link (with
    /// `linkedFolders`, the folders on the way may be links the user named, the file itself not).
    /// With `exclusive`, a file already there is an error (`EEXIST`).
    public static func write(
        _ bytes: UnsafeBufferPointer<UInt8>, to path: String, exclusive: Bool = false, linkedFolders: Bool = false
    ) throws(FileError) {
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | (exclusive ? O_EXCL : O_TRUNC)
        var fd = open(path, flags, links: linkedFolders ? .asNamed : .none)
        if fd < 0, !exclusive, removedAsReadOnly(path, errno) { fd = open(path, flags | O_EXCL, links: linkedFolders ? .asNamed : .none) }
        guard fd >= 0 else {
            if errno == EEXIST && status(path)?.kind == .link { throw openError(path, ELOOP, writing: true) }
            throw openError(path, errno, writing: true)
        }
        do throws(FileError) {
            try writeAll(bytes, to: fd, path: { path })
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw FileError(path: path, errno: errno) }
    }

    /// Writes `bytes` over the file at `path`, from its start, and cuts it to their length;
    /// creates it when missing; never through a link. For files whose half-written state no one
    /// sees (a spare being written): unlike truncating first, this does not make ext4 flush the
    /// file when it is closed, which costs several times the write.
    public static func overwrite(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(FileError) {
        try overwrite(bytes, to: { path }) { flags in open(path, flags, links: .none) }
    }

    /// `overwrite(_:to:)` with the file first opened by `opening` (given the flags) rather than
    /// by its path, as `FolderDescriptor` opens it beneath a folder; errors name `path`.
    ///
    /// With `likelyNew`, the file is first made with `O_EXCL`, which needs no status call to
    /// check what is there; only when something is does it take the usual way.
    ///
    /// `path` is made only when it is needed: a new file written without a failure never names
    /// it (a page of a build into a new folder made its full path for nothing).
    static func overwrite(
        _ bytes: UnsafeBufferPointer<UInt8>, to path: () -> String, likelyNew: Bool = false, opening: (Int32) -> Int32
    ) throws(FileError) {
        var made: Int32 = -1
        if likelyNew {
            made = opening(O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
            if made < 0 && errno != EEXIST { throw openError(path(), errno, writing: true) }
        }
        let (fd, size) = made >= 0 ? (made, 0) : try openOwnFile(path(), truncating: false, opening: opening)
        do throws(FileError) {
            try writeAll(bytes, to: fd, path: path)
            if size > bytes.count, ftruncate(fd, off_t(bytes.count)) != 0 { throw FileError(path: path(), errno: errno) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw FileError(path: path(), errno: errno) }
    }

    /// Whether the file at `path`, which could not be opened for writing with `code`, was one made
    /// read-only in a folder that may be written, and is now removed for a new file to take its
    /// place, as `cp -f` replaces it (`chmod -R a-w public`).
    private static func removedAsReadOnly(_ path: String, _ code: Int32) -> Bool {
        code == EACCES && status(path)?.kind == .file && removeFile(path)
    }

    /// Opens the file at `path` for writing with `opening`, creating it, never through a link, with its size;
    /// a file that is a hard link (its bytes shared with a file elsewhere) is not written
    /// through: it is removed, and a new file takes its name. So is a file made read-only
    /// (`chmod -R a-w public`) in a folder that may be written: replaced, as `cp -f` replaces it.
    private static func openOwnFile(
        _ path: String, truncating: Bool, opening: (Int32) -> Int32
    ) throws(FileError) -> (descriptor: Int32, size: Int) {
        let fd = opening(O_WRONLY | O_CREAT | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST && status(path)?.kind == .link { throw openError(path, ELOOP, writing: true) }
            if removedAsReadOnly(path, code) {
                let fresh = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, links: .none)
                guard fresh >= 0 else { throw openError(path, errno, writing: true) }
                return (fresh, 0)
            }
            throw openError(path, code, writing: true)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = FileError(path: path, errno: errno)
            close(fd)
            throw error
        }
        if info.st_nlink > 1 {
            close(fd)
            removeFile(path)
            let fresh = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, links: .none)
            guard fresh >= 0 else { throw openError(path, errno, writing: true) }
            return (fresh, 0)
        }
        if truncating && info.st_size > 0 && ftruncate(fd, 0) != 0 {
            let error = FileError(path: path, errno: errno)
            close(fd)
            throw error
        }
        return (fd, truncating ? 0 : Int(info.st_size))
    }

    /// Writes `text` at `path`.
    public static func write(_ text: String, to path: String, exclusive: Bool = false, linkedFolders: Bool = false) throws(FileError) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(FileError) in try write(bytes, to: path, exclusive: exclusive, linkedFolders: linkedFolders) }
        }
        try result.get()
    }

    /// Copies the regular file at `source` (read through no link) to `path` (created or
    /// truncated, never through a link nor written through a hard link), a block at a time. A
    /// failure names the file it is about.
    public static func copyFile(from source: String, to path: String) throws(FileError) {
        let (input, size) = try openSource(source)
        defer { close(input) }
        let output = try openOwnFile(path, truncating: true) { flags in open(path, flags, links: .none) }.descriptor
        var buffer = [UInt8](repeating: 0, count: min(max(size, 1), 1 << 20))
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let error = FileError(path: source, reason: "cannot be read: " + String(cString: strerror(errno)).lowercased(), code: errno)
                close(output)
                throw error
            }
            if count == 0 { break }
            do throws(FileError) {
                try buffer.withUnsafeBufferPointer { bytes throws(FileError) in try writeAll(UnsafeBufferPointer(rebasing: bytes[..<count]), to: output, path: { path }) }
            } catch {
                close(output)
                throw error
            }
        }
        guard close(output) == 0 else { throw FileError(path: path, errno: errno) }
    }

    /// Writes all of `bytes` to the open file `fd` (at `path`, for errors).
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32, path: () -> String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path(), errno: errno)
            }
            offset += written
        }
    }

    /// Replaces the regular file at `path` with `bytes` at once: they are written to a new file
    /// beside it (a dot-file, which watchers pass over), given the file's permissions, flushed,
    /// and renamed over it, so that a reader sees the old bytes or the new, never part of them.
    /// A `path` that is not a regular file (a link, a folder, nothing) is an error, and the new
    /// file is removed when anything fails.
    public static func replace(_ bytes: [UInt8], at path: String) throws(FileError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw FileError(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileError(path: path, reason: "is not a regular file") }
        let slash = lastSlash(in: path)
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
        var template = Array((folder + "/." + name + ".notebook-edit-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(path: folder, errno: errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(FileError) {
            try bytes.withUnsafeBufferPointer { buffer throws(FileError) in try writeAll(buffer, to: fd, path: { temporary }) }
            guard fchmod(fd, info.st_mode & 0o7777) == 0, fsync(fd) == 0 else { throw FileError(path: temporary, errno: errno) }
            guard close(fd) == 0 else {
                unlink(temporary)
                throw FileError(path: temporary, errno: errno)
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard Glibc.rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileError(path: path, errno: code)
        }
    }

    /// Makes a folder and any missing parents; one that exists is fine.
    public static func makeFolder(_ path: String) throws(FileError) {
        // A file where the folder goes is found by whatever is made inside it next (ENOTDIR).
        if makeOneFolder(path) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = lastSlash(in: path), slash > path.startIndex else {
            throw openError(path, errno, writing: true)
        }
        try makeFolder(String(path[..<slash]))
        if makeOneFolder(path) != 0 && errno != EEXIST { throw openError(path, errno, writing: true) }
    }

    /// Runs `body` with the folder holding `path` opened through no link, and `path`'s last name:
    /// what `mkdirat` and `unlinkat` need to act on `path` only where it really is.
    private static func inParent(_ path: String, _ body: (Int32, String) -> Int32) -> Int32 {
        let slash = lastSlash(in: path)
        let parent = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
        let folder = notebook_open_folder_no_links(parent)
        guard folder >= 0 else { return -1 }
        defer { close(folder) }
        return body(folder, name)
    }

    /// Where the last `/` of `path` is, as the file system sees it: a byte, even where a
    /// combining mark after it makes one character of the two (as a `Character` search would
    /// miss it, and hand `mkdirat` a name with a `/`, which leaves the folder it was given).
    public static func lastSlash(in path: String) -> String.Index? {
        path.utf8.lastIndex(of: UInt8(ascii: "/"))
    }

    /// The names `path` passes through, split at every `/` byte as the kernel splits it, empty
    /// ones left out.
    public static func names(in path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    private static func makeOneFolder(_ path: String) -> Int32 {
        inParent(path) { mkdirat($0, $1, 0o755) }
    }

    /// Makes a new, private folder with a unique name under the system's temporary folder.
    public static func makeTemporaryFolder(prefix: String) throws(FileError) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(((base.hasSuffix("/") ? base : base + "/") + prefix + "XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw FileError(path: base, errno: errno)
        }
        // Its real path: everything made in it is then reached through no link.
        return resolve(String(cString: made)) ?? String(cString: made)
    }

    /// Removes a file or a symbolic link (never what it leads to); true when something was removed.
    @discardableResult
    public static func removeFile(_ path: String) -> Bool {
        inParent(path) { unlinkat($0, $1, 0) } == 0
    }

    /// Removes an empty folder; true when it was removed.
    @discardableResult
    public static func removeEmptyFolder(_ path: String) -> Bool {
        inParent(path) { unlinkat($0, $1, AT_REMOVEDIR) } == 0
    }

    /// The group of what is at `path` (not followed through a link); nil when nothing is there.
    public static func group(of path: String) -> UInt32? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt32(info.st_gid) : nil
    }

    /// The group a file made in the folder at `path` takes: the folder's when it has the
    /// set-group-ID bit, else the process's; nil when no folder is there.
    public static func groupOfNewFiles(in path: String) -> UInt32? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return info.st_mode & S_ISGID != 0 ? UInt32(info.st_gid) : UInt32(getegid())
    }

    /// Gives the folder at `path` (never through a link) its owner's read, write and search
    /// permissions when it lacks any: a folder of notebook's own that someone made read-only
    /// (`chmod 555 public`) can then be written in or removed. False when it is no folder or
    /// could not be given them (the process is not its owner).
    @discardableResult
    public static func allowOwner(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        return info.st_mode & 0o700 == 0o700 || chmod(path, (info.st_mode & 0o7777) | 0o700) == 0
    }

    /// Gives the folder at `path` the permissions (set-group-ID and sticky bits too) and the group
    /// of the folder at `model`, neither followed through a link: a folder put in place of
    /// another keeps what its owner set (`chmod 700`, a web server's group). With `ownerMayWrite`,
    /// the owner's read, write and search permissions are kept besides, for a folder still being
    /// written. A group the process may not give is left as it is.
    public static func copyAccess(from model: String, to path: String, ownerMayWrite: Bool) {
        var wanted = stat()
        var current = stat()
        guard lstat(model, &wanted) == 0, wanted.st_mode & S_IFMT == S_IFDIR, lstat(path, &current) == 0,
            current.st_mode & S_IFMT == S_IFDIR
        else { return }
        // The group first: changing it may clear the set-group-ID bit, which the mode then sets.
        if current.st_gid != wanted.st_gid { _ = chown(path, uid_t.max, wanted.st_gid) }
        let mode = (wanted.st_mode & 0o7777) | (ownerMayWrite ? 0o700 : 0)
        _ = chmod(path, mode)
    }

    /// Removes `path` and, when it is a folder, everything in it; symbolic links are removed,
    /// never followed. Folders the process owns are given their owner's permissions to be emptied.
    public static func removeTree(_ path: String) {
        guard let top = status(path) else { return }
        guard top.kind == .folder else {
            removeFile(path)
            return
        }
        var pending = [path]
        var folders: [String] = []
        while let folder = pending.popLast() {
            folders.append(folder)
            guard let names = try? entries(folder, allowingOwner: true).map(\.name) else { continue }
            for name in names {
                let child = folder + "/" + name
                if status(child)?.kind == .folder { pending.append(child) } else { removeFile(child) }
            }
        }
        for folder in folders.reversed() { removeEmptyFolder(folder) }
    }

    /// Renames `from` to `to`, replacing a file at `to` (as `rename(2)`).
    public static func rename(_ from: String, to: String) throws(FileError) {
        guard Glibc.rename(from, to) == 0 else { throw FileError(path: to, errno: errno) }
    }

    /// Renames `from` to `to` only when nothing is at `to`.
    public static func renameWithoutReplacing(_ from: String, to: String) throws(FileError) {
        guard notebook_rename_noreplace(from, to) == 0 else { throw FileError(path: to, errno: errno) }
    }

    /// Swaps `a` and `b` in one atomic step: both must exist.
    public static func exchange(_ a: String, _ b: String) throws(FileError) {
        guard notebook_rename_exchange(a, b) == 0 else { throw FileError(path: b, errno: errno) }
    }

    /// Takes an exclusive kernel lock (`flock`) on the file at `path`, creating it; nil when
    /// another process holds it. The lock ends with the returned value, or with the process.
    public static func lock(_ path: String) throws(FileError) -> FileLock? {
        let fd = open(path, O_RDWR | O_CREAT, links: .none)
        guard fd >= 0 else { throw openError(path, errno, writing: true) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(fd)
            if failure == EWOULDBLOCK { return nil }
            throw FileError(path: path, errno: failure)
        }
        return FileLock(descriptor: fd)
    }
}

/// A kernel lock held on a file until this value is released (or the process ends).
public final class FileLock: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}

/// A file or folder that could not be read or written, and why.
public struct FileError: Error, Hashable, Sendable {
    public var path: String
    public var reason: String
    /// The system's error number, 0 when the failure is notebook's own rule.
    public var code: Int32

    public init(path: String, reason: String, code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// The error for a failed system call.
    public init(path: String, errno code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)).lowercased(), code: code)
    }
}
