import Foundation
import NotebookFiles
import Testing

/// What keeps a folder swapped for a link during a build from being followed: every path
/// notebook opens, makes or removes is refused when any part of it is a link, not only its
/// last part (a race between listing a folder and reading its files cannot lead outside).
@Suite struct RaceTests {
    private func scratchWithALinkedFolder() throws -> Scratch {
        let scratch = try Scratch(["outside/x.md": "SECRET\n", "outside/keep.txt": "keep\n", "inside/x.md": "mine\n"])
        try scratch.link("site-folder", to: scratch.path + "/outside")
        return scratch
    }

    @Test func aLinkAnywhereOnThePathIsNotReadThrough() throws {
        let scratch = try scratchWithALinkedFolder()
        #expect(throws: FileError.self) { try FileSystem.read(scratch.path + "/site-folder/x.md") }
        #expect(try FileSystem.read(scratch.path + "/inside/x.md") == Array("mine\n".utf8))
        #expect(FileSystem.openRegularFile(scratch.path + "/site-folder/x.md") == nil)
        // A path the user names on the command line may go through links.
        #expect(try FileSystem.read(scratch.path + "/site-folder/x.md", links: .asNamed) == Array("SECRET\n".utf8))
    }

    @Test func aLinkAnywhereOnThePathIsNotWrittenMadeOrRemovedThrough() throws {
        let scratch = try scratchWithALinkedFolder()
        let through = scratch.path + "/site-folder"
        #expect(throws: FileError.self) { try FileSystem.write("x", to: through + "/new.html") }
        #expect(throws: FileError.self) { try FileSystem.write("x", to: through + "/keep.txt") }
        #expect(throws: FileError.self) { try FileSystem.makeFolder(through + "/made") }
        #expect(throws: FileError.self) { try FileSystem.copyFile(from: scratch.path + "/inside/x.md", to: through + "/copy.md") }
        #expect(!FileSystem.removeFile(through + "/keep.txt"))
        FileSystem.removeTree(through + "/x.md")
        #expect(throws: FileError.self) { try FileSystem.lock(through + "/.lock") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/outside").sorted() == ["keep.txt", "x.md"])
        #expect(scratch.read("outside/keep.txt") == "keep\n")
        // The link itself is removed, never what it leads to.
        FileSystem.removeTree(through)
        #expect(!scratch.exists("site-folder") && scratch.read("outside/x.md") == "SECRET\n")
    }
}
