import Foundation
import Testing

@testable import NotebookSite

/// Names that are not UTF-8, and names with a combining mark right after a `/`, are read as
/// before: the first are passed over (they cannot be named again), the second kept whole.
@Suite struct OddNameTests {
    private func build(_ site: String, to output: String) -> BuildReport {
        SitePipeline(options: BuildOptions(output: output)).build(site)
    }

    /// Makes a file or folder whose name holds the raw bytes given.
    private func make(_ folder: String, _ name: [UInt8], folder isFolder: Bool) {
        var path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        path.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cPath in
                if isFolder {
                    _ = mkdir(cPath, 0o755)
                } else {
                    let descriptor = open(cPath, O_WRONLY | O_CREAT, 0o644)
                    if descriptor >= 0 {
                        _ = write(descriptor, "# Odd\n", 6)
                        close(descriptor)
                    }
                }
            }
        }
    }

    @Test func namesThatAreNotUTF8ArePassedOver() throws {
        let site = try TemporarySite(["notes/a.md": "# A\n", "notes/deep/b.md": "# B\n"])
        make(site.path + "/notes/deep", [0xFF] + Array("bad.md".utf8), folder: false)
        make(site.path + "/notes/deep", [0xFE] + Array("dir".utf8), folder: true)
        make(site.path + "/notes/deep", [0xFD] + Array(".png".utf8), folder: false)
        let report = build(site.path, to: site.path + "/public")
        #expect(report.succeeded, "\(report.diagnostics.map(\.message))")
        #expect(try site.output("deep/b/index.html").contains("B"))
    }

    @Test func aCombiningMarkAfterASlashStaysInItsSegment() throws {
        let site = try TemporarySite([
            "notes/a/\u{301}b.md": "---\ntitle: Acute\n---\nx\n", "notes/a/plain.md": "---\ntitle: Plain\n---\nSee [[Acute]].\n",
        ])
        let report = build(site.path, to: site.path + "/public")
        #expect(report.succeeded, "\(report.diagnostics.map(\.message))")
        #expect(try site.output("a/plain/index.html").contains("Acute"))
    }

    /// A `/` with a combining mark after it is still a `/` to the file system: nothing is made
    /// outside the output (a search by characters once handed `mkdirat` the name `/\u{301}…`,
    /// which made a folder at the root), and files in such folders are written.
    @Test func aCombiningMarkAfterASlashNeverLeavesTheOutput() throws {
        let name = "\u{301}evil-\(UUID().uuidString.lowercased())"
        let site = try TemporarySite([
            "notes/\(name).md": "---\ntitle: Evil\n---\nx\n", "assets/x/\u{301}y.css": "a {}\n",
            "notes/aliased.md": "---\ntitle: Aliased\naliases: [\"/old/\u{301}x/\"]\n---\nx\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: "/" + name) }
        let report = build(site.path, to: site.path + "/public")
        #expect(report.succeeded, "\(report.diagnostics.map(\.message))")
        #expect(!FileManager.default.fileExists(atPath: "/" + name))
        #expect(FileManager.default.fileExists(atPath: site.path + "/public/assets/x/\u{301}y.css"))
        #expect(FileManager.default.fileExists(atPath: site.path + "/public/old/\u{301}x/index.html"))
        // Once the alias is gone, two builds later (the spare had it) its folders are gone too.
        #expect(build(site.path, to: site.path + "/public").succeeded)
        try Data("---\ntitle: Aliased\n---\nx\n".utf8).write(to: URL(fileURLWithPath: site.path + "/notes/aliased.md"))
        #expect(build(site.path, to: site.path + "/public").succeeded)
        #expect(build(site.path, to: site.path + "/public").succeeded)
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/old"))
        #expect(FileManager.default.fileExists(atPath: site.path + "/public/assets/x/\u{301}y.css"))
    }

    /// An output folder whose name starts with a combining mark has its lock and spare beside it.
    @Test func theLockAndSpareOfAnOddlyNamedOutputAreBesideIt() throws {
        let site = try TemporarySite(["notes/a.md": "# A\n", "holder/.keep": ""])
        let output = site.path + "/holder/\u{301}out"
        #expect(build(site.path, to: output).succeeded)
        #expect(build(site.path, to: output).succeeded)
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.path + "/holder").sorted()
        #expect(beside == [".keep", ".\u{301}out.notebook-lock", ".\u{301}out.notebook-spare", "\u{301}out"])
    }

    /// Two files whose names are the same text in two Unicode forms would be one note to every
    /// table keyed by path, and one page lost: the build stops with an error naming both.
    @Test func namesThatAreTheSameTextInTwoFormsAreAnErrorNamingBoth() throws {
        // Two keys of one dictionary cannot be the two names: Swift takes them for one.
        let site = try TemporarySite(["notes/caf\u{E9}.md": "---\nslug: one\n---\nOne\n", "notes/other.md": "# Other\n"])
        make(site.path + "/notes", Array("cafe\u{301}.md".utf8), folder: false)
        let report = build(site.path, to: site.path + "/public")
        #expect(!report.succeeded)
        let found = report.diagnostics.filter { $0.code == "files.same-name" }
        #expect(found.count == 1)
        #expect(found.first.map { $0.message.contains("caf") && $0.path.contains("caf") && $0.severity == .error } == true)
    }
}
