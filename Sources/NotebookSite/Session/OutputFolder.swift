import Foundation

/// An output folder changed in place, file by file, while it is being served: each file is written
/// beside its place and renamed over it, so a reader sees the old file or the new one, never half.
struct OutputFolder: Sendable {
    let root: String

    /// Writes `contents` at `path` (relative, `/`-separated).
    func write(_ contents: String, to path: String) throws(OutputError) {
        var contents = contents
        let result = contents.withUTF8 { bytes in Result { () throws(OutputError) in try write(bytes, to: path) } }
        try result.get()
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(OutputError) {
        let full = root + "/" + path
        guard let slash = full.lastIndex(of: "/") else { return }
        try OutputStore.makeDirectory(String(full[..<slash]))
        let temporary = String(full[...slash]) + ".writing-\(getpid())-" + full[full.index(after: slash)...]
        try OutputStore.writeFile(bytes, at: temporary)
        guard rename(temporary, full) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputError(path: full, reason: reason)
        }
    }

    /// Copies the file at `source` to `path`.
    func copy(from source: String, to path: String) throws(OutputError) {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw OutputError(path: source, reason: "cannot read the file")
        }
        let result = data.withUnsafeBytes { raw in
            Result { () throws(OutputError) in try write(raw.bindMemory(to: UInt8.self), to: path) }
        }
        try result.get()
    }

    /// Removes the file at `path` and the folders it leaves empty.
    func remove(_ path: String) {
        var full = root + "/" + path
        unlink(full)
        while let slash = full.lastIndex(of: "/"), full.count > root.count + 1 {
            full = String(full[..<slash])
            guard full.count > root.count, rmdir(full) == 0 else { return }
        }
    }
}
