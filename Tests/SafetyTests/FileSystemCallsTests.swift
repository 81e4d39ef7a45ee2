import Foundation
import Testing

/// Every file-system call is made through `NotebookFiles`, where the path policy lives.
@Suite struct FileSystemCallsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized.path
    /// The one place allowed to call the system: the policy type and its C shim.
    static let allowed = ["NotebookFiles/", "CFileSystem/"]

    /// Calls that reach the file system; `FileSystem.`-qualified ones are the policy's own.
    static let patterns = [
        #"\bFileManager\b"#, #"Data\(contentsOf"#, #"String\(contentsOf"#, #"contentsOfFile"#,
        #"\bwrite\(to:(?! *&)"#, #"\bFileHandle\(for"#,
        #"(?<!FileSystem\.)\b(open|fopen|opendir|realpath|rename|renameat2?|unlink|unlinkat|rmdir|mkdir|lstat|stat|symlink|readlink|truncate|ftruncate|chmod|mkdtemp|flock)\("#,
    ]

    @Test func noFileSystemCallOutsideTheFilePolicy() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.sources))
        var offenders: [String] = []
        var scanned = 0
        let expressions = try Self.patterns.map { try NSRegularExpression(pattern: $0) }
        while let file = enumerator.nextObject() as? String {
            guard file.hasSuffix(".swift") || file.hasSuffix(".h") else { continue }
            scanned += 1
            if Self.allowed.contains(where: file.hasPrefix) { continue }
            let text = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                let range = NSRange(line.startIndex..., in: line)
                if expressions.contains(where: { $0.firstMatch(in: line, range: range) != nil }) {
                    offenders.append("Sources/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 50, "the scan found the sources")
        #expect(offenders.isEmpty, "file-system calls outside NotebookFiles:\n\(offenders.joined(separator: "\n"))")
    }

    @Test func theScanSeesACallWhenThereIsOne() throws {
        let expressions = try Self.patterns.map { try NSRegularExpression(pattern: $0) }
        func flagged(_ line: String) -> Bool {
            expressions.contains { $0.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }
        }
        for line in [
            "let d = FileManager.default.contents(atPath: p)", "try data.write(to: url)", "let fd = open(path, O_RDONLY)",
            "guard let r = realpath(p, nil)", "Glibc.rename(a, b)", "unlink(x)", "lstat(p, &info)", "opendir(folder)",
        ] {
            #expect(flagged(line), "\(line)")
        }
        for line in ["try FileSystem.rename(a, to: b)", "value.write(to: &out, pretty: true)", "FileSystem.status(p)"] {
            #expect(!flagged(line), "\(line)")
        }
    }
}
