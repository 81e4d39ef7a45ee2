import Foundation
import Glibc
@testable import NotebookSite
import NotebookFiles
import Testing

/// The folders of the notes' pages, made on a thread of their own while the notes are read.
@Suite struct EarlyFoldersTests {
    /// What `finish` reports was made is there, each folder with those above it, and nothing
    /// else is: the folders it had not come to when it was stopped are the writes' to make.
    @Test func whatIsMadeIsWhatIsReportedWithTheFoldersAboveIt() throws {
        let site = try TemporarySite([:])
        let staging = site.path + "/staging"
        try FileSystem.makeFolder(staging)
        let early = EarlyFolders(staging: staging, capacity: 2_000)
        // Many batches, so that the thread is woken while folders still come.
        let names = (0..<2_000).map { "part-\($0 % 13)/note-\($0)" } + ["a/b/c/d", "a/b", "top"]
        for name in names { early.make(name) }
        let made = early.finish()
        let expected = Set((names + (0..<13).map { "part-\($0)" } + ["a", "a/b/c"]).map(ExactPath.init))
        #expect(made.isSubset(of: expected))
        for path in made {
            #expect(FileSystem.status(staging + "/" + path.text)?.kind == .folder)
            if let slash = FileSystem.lastSlash(in: path.text) { #expect(made.contains(ExactPath(String(path.text[..<slash])))) }
        }
        for path in expected where !made.contains(path) { #expect(FileSystem.status(staging + "/" + path.text) == nil) }
    }

    /// A folder that cannot be made (a file stands where it goes) stops the making: what was
    /// made before is reported, and nothing after; the pages' writes then say what fails.
    @Test func aFolderThatCannotBeMadeStopsTheMaking() throws {
        let site = try TemporarySite(["staging/file": "x"])
        let staging = site.path + "/staging"
        let early = EarlyFolders(staging: staging)
        early.make("first")
        early.make("file/below")
        early.make("after")
        #expect(early.finish().isSubset(of: [ExactPath("first")]))
        #expect(FileSystem.status(staging + "/after") == nil)
    }
}
