import Foundation
import TestSupport

/// Every file of an output folder and its bytes' digest, to compare two builds.
enum OutputDigest {
    /// Relative path → digest of every file under `root` (with `marker`, notebook's output
    /// marker too, which a preview's folder does not carry).
    static func of(_ root: String, marker: Bool = false) -> [String: UInt64] {
        FolderDigest.of(root, skipping: marker ? [] : [".notebook-output"])
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
