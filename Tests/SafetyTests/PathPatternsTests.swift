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
        // Letters whatever their case, and however Unicode writes them; `?` a character.
        ("templates/", "Templates", true, true), ("PRIVATE", "a/private", true, true), ("Évè*", "évènements", true, true),
        ("café", "cafe\u{301}", true, true), ("cafe\u{301}/*.md", "café/n.md", false, true), ("q/?.md", "q/é.md", false, true),
        ("q/?.md", "q/ab.md", false, false),
        // Blanks around a pattern are no part of it.
        (" a.md ", "a.md", false, true),
        // Every folder at the top, not the notes there.
        ("*/", "journal", true, true), ("*/", "a.md", false, false),
    ])
    func pathsLeftOut(pattern: String, path: String, isFolder: Bool, left: Bool) {
        #expect(PathPatterns.problem(with: pattern) == nil)
        #expect(PathPatterns([pattern]).matches(path, isFolder: isFolder) == left, "\(pattern) \(path)")
    }

    @Test func patternsThatCannotBeUsed() {
        for pattern in ["", "/", "//", "a//b", "../x", "a/./b", "**", "/**/", "*", "/*", "**/*", "**/**/*", "!a.md", " ! x"] {
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

    @Test func whatMatchedIsNotedAndAFolderInsideIsNamedFromTheTop() {
        let patterns = PathPatterns(["private", "assets/secret", "nothing"])
        #expect(patterns.unmatched == [0, 1, 2])
        #expect(patterns.matches("a/private", isFolder: true))
        #expect(patterns.within("assets").matches("secret", isFolder: true))
        #expect(!patterns.matches("secret", isFolder: true))
        #expect(patterns.unmatched == [2])
        // A path reached another way: left out when a folder it is in is.
        #expect(PathPatterns(["private"]).leavesOut("private/deep/x.md", isFolder: false))
        #expect(!PathPatterns(["private"]).leavesOut("public/deep/x.md", isFolder: false))
    }

    @Test func aWalkNeverReadsWhatIsLeftOut() throws {
        let root = try FileTreeWalkTests.makeTree([
            "a.md", "private/secret.md", "journal/private/x.md", "journal/keep.md", "journal/scratch.tmp", "Templates/daily.md",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A link to outside the tree in a folder left out is not even said to be skipped.
        try FileManager.default.createSymbolicLink(atPath: root + "/private/out", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: root + "/journal/gone.tmp", withDestinationPath: root + "/nowhere")
        // Links in a folder that is read, to what is left out: not followed, and said.
        try FileManager.default.createSymbolicLink(atPath: root + "/journal/leak", withDestinationPath: "../private")
        try FileManager.default.createSymbolicLink(atPath: root + "/journal/leak.md", withDestinationPath: root + "/private/secret.md")
        let walk = try FileTree(root).walk(ignoring: PathPatterns(["private", "*.tmp", "Templates/"]))
        #expect(walk.files.map(\.relative) == ["a.md", "journal/keep.md"])
        #expect(walk.skippedLinks.isEmpty && walk.danglingLinks.isEmpty)
        #expect(walk.ignoredLinks.map { $0.hasSuffix("journal/leak") || $0.hasSuffix("journal/leak.md") } == [true, true])
    }
}
