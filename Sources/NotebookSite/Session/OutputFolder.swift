import Foundation
import NotebookFiles

/// An output folder changed in place, file by file, while it is being served: each file is written
/// beside its place and renamed over it, so a reader sees the old file or the new one, never half.
struct OutputFolder: FileSink, Sendable {
    let root: String

    /// Writes bytes at `path` (relative, `/`-separated), making its folders.
    func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(OutputError) {
        try replace(path) { temporary throws(FileError) in try FileSystem.write(bytes, to: temporary) }
    }

    /// Copies the file at `source` to `path`, a block at a time.
    func copy(from source: String, to path: String) throws(OutputError) {
        try replace(path) { temporary throws(FileError) in try FileSystem.copyFile(from: source, to: temporary) }
    }

    /// Makes the file beside `path` with `make`, then renames it over `path`.
    private func replace(_ path: String, with make: (String) throws(FileError) -> Void) throws(OutputError) {
        let full = root + "/" + path
        guard let slash = full.lastIndex(of: "/") else { return }
        try FileSystem.makeFolder(String(full[..<slash]))
        let temporary = String(full[...slash]) + ".writing-\(getpid())-" + full[full.index(after: slash)...]
        do throws(FileError) {
            try make(temporary)
            try FileSystem.rename(temporary, to: full)
        } catch {
            FileSystem.removeFile(temporary)
            throw error.path == temporary ? OutputError(path: full, reason: error.reason, code: error.code) : error
        }
    }

    /// Removes the file at `path` and the folders it leaves empty.
    func remove(_ path: String) {
        var full = root + "/" + path
        FileSystem.removeFile(full)
        while let slash = full.lastIndex(of: "/"), full.count > root.count + 1 {
            full = String(full[..<slash])
            guard full.count > root.count, FileSystem.removeEmptyFolder(full) else { return }
        }
    }
}
