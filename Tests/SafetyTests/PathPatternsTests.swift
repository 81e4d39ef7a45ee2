import Foundation
import NotebookFiles
import Testing

/// `ignore` in notebook.yml, as `.gitignore` names paths.
@Suite struct PathPatternsTests {
    @Test(arguments: [
        // A name alone: at any depth, a file or a folder.
        ("private", "private", true, true), ("private", "journal/private", true, true), ("private", "journal/private", false, true),
        ("private", "privates", true, false), ("private", "private.md", false, false),
        // Wildcards within a name.
        ("*.tmp", "a/b/x.tmp", false, true), ("draft-?.md", "draft-1.md", false, true), ("draft-?.md", "draft-10.md", false, false),
        ("[Tt]emplates", "Templates", true, true), ("[Tt]emplates", "x/templates", true, true),
        // A slash before the end: a path from the top.
        ("journal/2019", "journal/2019", true, true), ("journal/2019", "old/journal/2019", true, false),
        ("/drafts", "drafts", true, true), ("/drafts", "x/drafts", true, false), ("journal/*.md", "journal/a.md", false, true),
        ("journal/*.md", "journal/deep/a.md", false, false),
        // `**` is any number of folders, none too.
        ("**/scratch", "scratch", true, true), ("**/scratch", "a/b/scratch", true, true), ("archive/**/old", "archive/old", true, true),
        ("archive/**/old", "archive/x/y/old", true, true), ("archive/**/old", "archive/x/y/older", true, false),
        ("a/**", "a/b", false, true), ("a/**", "a", true, false),
        // A slash at the end: folders only.
        ("attachments/", "attachments", true, true), ("attachments/", "attachments", false, false), ("x/attachments/", "x/attachments", true, true),
    ])
    func pathsLeftOut(pattern: String, path: String, isFolder: Bool, left: Bool) {
        #expect(PathPatterns.problem(with: pattern) == nil)
        #expect(PathPatterns([pattern]).matches(path, isFolder: isFolder) == left, "\(pattern) \(path)")
    }

    @Test func patternsThatCannotBeUsed() {
        for pattern in ["", "/", "//", "a//b", "../x", "a/./b", "**", "/**/"] {
            #expect(PathPatterns.problem(with: pattern) != nil, "\(pattern)")
            #expect(PathPatterns([pattern]).isEmpty)
        }
    }

    @Test func manyDoubleStarsTakeNoLongerThanTheirLength() {
        // Each pair of places once: exponential matching would not end.
        let pattern = Array(repeating: "**/a", count: 40).joined(separator: "/") + "/b"
        let path = Array(repeating: "a", count: 60).joined(separator: "/") + "/c"
        #expect(!PathPatterns([pattern]).matches(path, isFolder: false))
    }

    @Test func aWalkNeverReadsWhatIsLeftOut() throws {
        let root = try FileTreeWalkTests.makeTree([
            "a.md", "private/secret.md", "journal/private/x.md", "journal/keep.md", "journal/scratch.tmp", "Templates/daily.md",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A link to outside the tree in a folder left out is not even said to be skipped.
        try FileManager.default.createSymbolicLink(atPath: root + "/private/out", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: root + "/journal/gone.tmp", withDestinationPath: root + "/nowhere")
        let walk = try FileTree(root).walk(ignoring: PathPatterns(["private", "*.tmp", "Templates/"]))
        #expect(walk.files.map(\.relative) == ["a.md", "journal/keep.md"])
        #expect(walk.skippedLinks.isEmpty && walk.danglingLinks.isEmpty)
    }
}
