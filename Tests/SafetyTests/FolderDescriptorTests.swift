import Foundation
import NotebookFiles
import Testing

/// Writing beneath a folder held open, as the output store writes pages: never through a link,
/// never through a hard link, a longer old file cut to the new length.
@Suite struct FolderDescriptorTests {
    private func bytes(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test func writesOverBeneathTheFolderAndMakesFolders() throws {
        let root = try NoLinkOpenTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = try #require(FolderDescriptor(opening: root))
        #expect(folder.makeFolder("made") && folder.makeFolder("made"))
        try bytes("a longer first text") { try folder.overwrite($0, at: "made/page.html") }
        try bytes("short") { try folder.overwrite($0, at: "made/page.html") }
        #expect(try String(contentsOfFile: root + "/made/page.html", encoding: .utf8) == "short")
    }

    @Test func refusesLinksOnTheWayAndAtTheEnd() throws {
        let root = try NoLinkOpenTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = try #require(FolderDescriptor(opening: root))
        for path in ["link/new.html", "link/file", "file-link"] {
            #expect(throws: FileError.self, "\(path)") { try bytes("x") { try folder.overwrite($0, at: path) } }
        }
        #expect(try String(contentsOfFile: root + "/real/file", encoding: .utf8) == "x")
        #expect(!FileManager.default.fileExists(atPath: root + "/real/new.html"))
        #expect(FolderDescriptor(opening: root + "/link") == nil)
    }

    @Test func aHardLinkIsReplacedNotWrittenThrough() throws {
        let root = try NoLinkOpenTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.linkItem(atPath: root + "/real/file", toPath: root + "/real/shared")
        let folder = try #require(FolderDescriptor(opening: root))
        try bytes("new") { try folder.overwrite($0, at: "real/shared") }
        #expect(try String(contentsOfFile: root + "/real/file", encoding: .utf8) == "x")
        #expect(try String(contentsOfFile: root + "/real/shared", encoding: .utf8) == "new")
    }
}
