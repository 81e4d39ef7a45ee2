import Foundation
import NotebookFiles
import TestSupport
import Testing

/// `FileSystem.replace`, which the note editor saves through: all at once, the file's permissions
/// kept, never through a link, nothing left beside the file.
@Suite struct FileReplaceTests {
    @Test func replacesAtOnceKeepingPermissions() throws {
        let folder = try FileSystem.makeTemporaryFolder(prefix: "notebook-replace-")
        defer { ScratchFolder.remove(folder) }
        let path = folder + "/note.md"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try FileSystem.replace(Array("new text\n".utf8), at: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new text\n")
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o7777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["note.md"])
    }

    @Test func neverThroughALinkNorOverAFolder() throws {
        let folder = try FileSystem.makeTemporaryFolder(prefix: "notebook-replace-")
        defer { ScratchFolder.remove(folder) }
        try Data("target\n".utf8).write(to: URL(fileURLWithPath: folder + "/target.md"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.md", withDestinationPath: "target.md")
        #expect(throws: FileError.self) { try FileSystem.replace(Array("x".utf8), at: folder + "/link.md") }
        #expect(try String(contentsOfFile: folder + "/target.md", encoding: .utf8) == "target\n")
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        #expect(throws: FileError.self) { try FileSystem.replace(Array("x".utf8), at: folder + "/sub") }
        #expect(throws: FileError.self) { try FileSystem.replace(Array("x".utf8), at: folder + "/missing.md") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["link.md", "sub", "target.md"])
    }
}
