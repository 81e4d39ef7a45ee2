import Foundation
import NotebookFiles
import Testing

/// A tree's walk: every file once, in path order, whether its folders are walked on several
/// cores (no link to a folder) or in one walk (a link to a folder somewhere).
@Suite struct FileTreeWalkTests {
    static func makeTree(_ files: [String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-walk-\(UUID().uuidString)").path
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.utf8).write(to: URL(fileURLWithPath: path))
        }
        return root
    }

    @Test func everyFileOfManyFoldersInPathOrder() throws {
        var files: [String] = ["top.md", ".hidden.md", "skipped/x.md"]
        for section in 0..<8 {
            for part in 0..<3 {
                files += ["s\(section)/p\(part)/note.md", "s\(section)/p\(part)/.dot/inner.md", "s\(section)/n\(part).md"]
            }
        }
        files += ["s3/out/marked.md"]
        let root = try Self.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tree = try FileTree(root)
        let outside = tree.real("s3/out")
        let walk = tree.walk(skip: ["skipped"], skipsFolder: { $0 == outside })
        let expected = files.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
            .filter { !$0.hasPrefix("skipped/") && !$0.hasPrefix("s3/out/") }.sorted()
        #expect(walk.files.map(\.relative) == expected)
        #expect(walk.files.allSatisfy { $0.real == tree.real($0.relative) && $0.display == tree.display($0.relative) })
        #expect(walk.skippedLinks.isEmpty && walk.danglingLinks.isEmpty && walk.loopingLinks.isEmpty && walk.unreadable.isEmpty)
    }

    @Test func aFolderReachedTwiceThroughALinkIsReadOnce() throws {
        let root = try Self.makeTree(["a/one.md", "a/deep/two.md", "b/three.md", "c/four.md", "d/five.md"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Deep in one of the first level's folders, a link to another of them; and links that
        // lead nowhere, out of the tree, and back to the tree itself.
        try FileManager.default.createSymbolicLink(atPath: root + "/c/again", withDestinationPath: "../a")
        try FileManager.default.createSymbolicLink(atPath: root + "/d/nowhere", withDestinationPath: "missing")
        try FileManager.default.createSymbolicLink(atPath: root + "/d/out", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: root + "/b/loop", withDestinationPath: "..")
        let tree = try FileTree(root)
        for _ in 0..<3 {
            let walk = tree.walk()
            let reals = walk.files.map(\.real)
            #expect(Set(reals).count == reals.count, "a file read twice: \(walk.files.map(\.relative))")
            #expect(Set(reals) == Set(["a/one.md", "a/deep/two.md", "b/three.md", "c/four.md", "d/five.md"].map(tree.real)))
            #expect(walk.files.map(\.relative) == walk.files.map(\.relative).sorted())
            #expect(walk.danglingLinks == [tree.display("d/nowhere")])
            #expect(walk.skippedLinks == [tree.display("d/out")])
            #expect(walk.loopingLinks == [tree.display("b/loop")])
        }
    }
}
