import NotebookFiles

/// Somewhere a build writes files by relative path: the output being built, or a preview's folder.
protocol FileSink {
    /// Writes `bytes` at `path` (relative, `/`-separated), making its folders.
    func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(OutputError)
    /// Copies the file at `source` to `path`, a block at a time.
    func copy(from source: String, to path: String) throws(OutputError)
}

extension FileSink {
    /// Writes `contents` at `path`.
    func write(_ contents: String, to path: String) throws(OutputError) {
        var contents = contents
        let result = contents.withUTF8 { bytes in Result { () throws(OutputError) in try write(bytes, to: path) } }
        try result.get()
    }

    /// Writes `bytes` at `path`.
    func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let result = bytes.withUnsafeBufferPointer { bytes in Result { () throws(OutputError) in try write(bytes, to: path) } }
        try result.get()
    }
}
