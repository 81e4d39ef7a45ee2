import Foundation
@testable import NotebookSite
import NotebookFiles
import Testing

/// The folders of the notes' pages, made on a thread of their own while the notes are read.
@Suite struct EarlyFoldersTests {
    @Test func foldersAreMadeWithThoseAboveThem() throws {
        let site = try TemporarySite([:])
        let staging = site.path + "/staging"
        try FileSystem.makeFolder(staging)
        let early = EarlyFolders(staging: staging)
        // More than a batch, so that the thread is woken while folders still come.
        let names = (0..<150).map { "part-\($0 % 7)/note-\($0)" } + ["a/b/c/d", "a/b", "top"]
        for name in names { early.make(name) }
        let made = early.finish()
        let expected = Set(names + (0..<7).map { "part-\($0)" } + ["a", "a/b/c"])
        #expect(made == Set(expected.map(ExactPath.init)))
        for name in expected { #expect(FileSystem.status(staging + "/" + name)?.kind == .folder) }
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
        #expect(early.finish() == [ExactPath("first")])
        #expect(FileSystem.status(staging + "/after") == nil)
    }

    @Test func aPagesFolderIsWhereItsFileIs() {
        #expect(EarlyFolders.folder(ofPage: "/a/b/") == "a/b")
        #expect(EarlyFolders.folder(ofPage: "/a/") == "a")
        #expect(EarlyFolders.folder(ofPage: "/") == nil)
        #expect(EarlyFolders.folder(ofPage: "") == nil)
        #expect(EarlyFolders.folder(ofPage: "/caf\u{E9}/x/") == "caf\u{E9}/x")
    }
}
