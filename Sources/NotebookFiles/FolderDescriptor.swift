import CFileSystem
import Glibc

/// A folder held open (`O_PATH`, opened through no link), in which folders are made and files
/// written by paths relative to it, each resolved beneath it with no link on the way: the kernel
/// walks the one or two names below the folder instead of the whole path from `/`, and making a
/// folder in it needs no opening of its parent first.
public final class FolderDescriptor: Sendable {
    private let descriptor: Int32
    /// The folder's path, which errors name.
    public let path: String

    /// The folder at `path`, opened through no link; nil when it cannot be.
    public init?(opening path: String) {
        let descriptor = notebook_open_folder_no_links(path)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Makes the folder `name` (one name, no `/`) in this folder; true when it is made or a
    /// folder or anything else is there already (what is made in it next finds out which).
    public func makeFolder(_ name: String) -> Bool {
        mkdirat(descriptor, name, 0o755) == 0 || errno == EEXIST
    }

    /// Makes the folder `name` (one name, no `/`) in this folder; true when it is made, or a
    /// folder (not a link to one) is there already.
    public func makeFolderOrFindOne(_ name: String) -> Bool {
        if mkdirat(descriptor, name, 0o755) == 0 { return true }
        return errno == EEXIST && FileSystem.status(path + "/" + name)?.kind == .folder
    }

    /// Writes `bytes` over the file at `relative` beneath this folder, creating it, as
    /// `FileSystem.overwrite` does at a path: never through a link, nor through a hard link.
    /// `likelyNew`: nothing is expected there (a new folder), which saves a status call.
    public func overwrite(_ bytes: UnsafeBufferPointer<UInt8>, at relative: String, likelyNew: Bool = false) throws(FileError) {
        try FileSystem.overwrite(bytes, to: { path + "/" + relative }, likelyNew: likelyNew) { flags in
            notebook_open_beneath(descriptor, relative, flags | O_CLOEXEC, 0o644)
        }
    }
}
