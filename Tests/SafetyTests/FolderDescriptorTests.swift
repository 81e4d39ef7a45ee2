import Foundation
import NotebookFiles
import Testing

/// Writing beneath a folder held open, as the output store writes pages: never through a link,
/// never through a hard link, a longer old file cut to the new length; the same when the file is
/// taken to be new (`likelyNew`, into a new folder), where something there anyway takes the usual way.
@Suite struct FolderDescriptorTests {
    private func bytes(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test(arguments: [false, true]) func writesOverBeneathTheFolderAndMakesFolders(likelyNew: Bool) throws {
        let root = try NoLinkOpenTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = try #require(FolderDescriptor(opening: root))
        #expect(folder.makeFolder("made") && folder.makeFolder("made"))
        try bytes("a longer first text") { try folder.overwrite($0, at: "made/page.html", likelyNew: likelyNew) }
        try bytes("short") { try folder.overwrite($0, at: "made/page.html", likelyNew: likelyNew) }
        #expect(try String(contentsOfFile: root + "/made/page.html", encoding: .utf8) == "short")
    }

    @Test(arguments: [false, true]) func refusesLinksOnTheWayAndAtTheEnd(likelyNew: Bool) throws {
        let root = try NoLinkOpenTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = try #require(FolderDescriptor(opening: root))
        for path in ["link/new.html", "link/file", "file-link"] {
            #expect(throws: FileError.self, "\(path)") { try bytes("x") { try folder.overwrite($0, at: path, likelyNew: likelyNew) } }
        }
        #expect(try String(contentsOfFile: root + "/real/file", encoding: .utf8) == "x")
        #expect(!FileManager.default.fileExists(atPath: root + "/real/new.html"))
        #expect(FolderDescriptor(opening: root + "/link") == nil)
    }

    @Test(arguments: [false, true]) func aHardLinkIsReplacedNotWrittenThrough(likelyNew: Bool) throws {
        let root = try NoLinkOpenTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.linkItem(atPath: root + "/real/file", toPath: root + "/real/shared")
        let folder = try #require(FolderDescriptor(opening: root))
        try bytes("new") { try folder.overwrite($0, at: "real/shared", likelyNew: likelyNew) }
        #expect(try String(contentsOfFile: root + "/real/file", encoding: .utf8) == "x")
        #expect(try String(contentsOfFile: root + "/real/shared", encoding: .utf8) == "new")
    }
}
