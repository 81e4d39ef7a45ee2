import Foundation
import Testing

/// The digests of a build's every file, recorded in `Fixtures/OutputDigests/NAME.txt` (one
/// `digest path` line a file, sorted by path): speed work must leave the output byte for byte.
///
/// With `NOTEBOOK_RECORD_GOLDEN=1` the file is written instead, and the test fails so that a
/// run that records is never a passing run.
enum RecordedOutput {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/OutputDigests")

    /// The recorded lines as text, for `digests` (relative path → digest).
    static func text(of digests: [String: UInt64]) -> String {
        digests.keys.sorted().map { path in
            let hex = String(digests[path]!, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex + " " + path + "\n"
        }.joined()
    }

    /// Compares `digests` with the recording `name`, naming the first files that differ.
    static func expect(_ digests: [String: UInt64], matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name + ".txt")
        let actual = text(of: digests)
        if ProcessInfo.processInfo.environment["NOTEBOOK_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded \(url.lastPathComponent): rerun without NOTEBOOK_RECORD_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard actual != expected else { return }
        let was = Set(expected.split(separator: "\n")), now = Set(actual.split(separator: "\n"))
        let differing = Set(now.subtracting(was).map { $0.dropFirst(17) }).union(was.subtracting(now).map { $0.dropFirst(17) }).sorted()
        Issue.record(
            "\(differing.count) files differ from \(url.lastPathComponent), such as \(differing.prefix(5).joined(separator: ", "))",
            sourceLocation: sourceLocation)
    }
}
