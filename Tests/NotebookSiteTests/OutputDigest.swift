import Foundation

/// Every file of an output folder and its bytes' digest, to compare two builds.
enum OutputDigest {
    /// Relative path → a 64-bit FNV-1a digest of the file's bytes, for every file under `root`
    /// (with `marker`, notebook's output marker too, which a preview's folder does not carry).
    static func of(_ root: String, marker: Bool = false) -> [String: UInt64] {
        var digests: [String: UInt64] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if path == ".notebook-output" && !marker { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: root + "/" + path)
            else { continue }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in data {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
            digests[path] = hash
        }
        return digests
    }

    /// Generates `count` notes with the shared benchmark generator into a new folder.
    static func generatedSite(notes count: Int) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-corpus-\(UUID().uuidString)").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/bench/gen_corpus.py").standardized.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, directory, "--notes", String(count)]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return directory
    }
}
