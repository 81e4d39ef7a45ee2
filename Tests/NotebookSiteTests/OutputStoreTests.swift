import Foundation
import NotebookFiles
@testable import NotebookSite
import Testing

/// Builds reuse the previous output as a spare: what they leave is always what a fresh build writes.
@Suite struct OutputStoreTests {
    /// Whether a build succeeded; a failed one records its findings.
    private func build(_ site: String, to output: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let report = SitePipeline(options: BuildOptions(output: output)).build(site)
        if !report.succeeded {
            Issue.record("the build failed: \(report.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        }
        return report.succeeded
    }

    private func write(_ contents: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func repeatedBuildsEqualAFreshOne() throws {
        let site = try TemporarySite([
            "notes/a.md": "---\ntags: [x]\n---\n# A\n\nText.\n", "notes/b.md": "# B\n", "notes/deep/c.md": "# C\n",
            "assets/one.css": "one",
        ])
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(build(site.path, to: output))
        #expect(FileManager.default.fileExists(atPath: site.path + "/.public.notebook-spare"))
        // Change what the site holds: a note leaves, a folder becomes a note's page, an asset goes.
        try FileManager.default.removeItem(atPath: site.path + "/notes/deep/c.md")
        try FileManager.default.removeItem(atPath: site.path + "/assets/one.css")
        try write("---\ntags: [y]\n---\n# A again\n", site.path + "/notes/a.md")
        try write("# Deep\n", site.path + "/notes/deep.md")
        for _ in 0..<3 {
            #expect(build(site.path, to: output))
            expectSameAsAFreshBuild(output, of: site.path)
        }
    }

    /// The files and folders of `output` are those a build of `site` into a new folder makes.
    private func expectSameAsAFreshBuild(_ output: String, of site: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let fresh = site + "-fresh"
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        #expect(build(site, to: fresh), sourceLocation: sourceLocation)
        #expect(OutputDigest.of(output) == OutputDigest.of(fresh), sourceLocation: sourceLocation)
        #expect(folders(in: output) == folders(in: fresh), sourceLocation: sourceLocation)
    }

    /// Every folder under `root`, by relative path: a build leaves no empty folder behind.
    private func folders(in root: String) -> Set<String> {
        var found = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if (enumerator?.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { found.insert(path) }
        }
        return found
    }

    /// Into a new folder, the notes' folders are made while the notes are read (`EarlyFolders`):
    /// only those of the pages written, so that no folder is left empty (a draft's, a note's
    /// under its path when its slug puts it elsewhere, the home page's).
    @Test func aNewFolderHoldsTheFoldersOfItsPagesAlone() throws {
        let site = try TemporarySite([
            "notes/index.md": "# Home\n", "notes/a.md": "# A\n", "notes/deep/er/b.md": "# B\n",
            "notes/hidden/d.md": "---\ndraft: true\n---\n# D\n", "notes/moved.md": "---\nslug: elsewhere\n---\n# Moved\n",
        ])
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(emptyFolders(in: output).isEmpty)
        let made = folders(in: output)
        #expect(made.isSuperset(of: ["a", "deep", "deep/er", "deep/er/b", "elsewhere"]))
        #expect(!made.contains("hidden") && !made.contains("moved") && !made.contains("index"))
        expectSameAsAFreshBuild(output, of: site.path)
    }

    /// A build into a new folder that fails (two notes on one URL) has made the notes' folders
    /// in its staging folder: the output is not made, nor is anything left beside it, and the
    /// next build, the site mended, writes what a fresh build does.
    @Test func aFailedBuildIntoANewFolderLeavesNothingToTheNext() throws {
        let site = try TemporarySite([
            "notes/a.md": "# A\n", "notes/gone/b.md": "# B\n", "notes/c.md": "---\nslug: a\n---\n# C\n",
        ])
        let output = site.path + "/public"
        let failed = SitePipeline(options: BuildOptions(output: output)).build(site.path)
        #expect(!failed.succeeded && failed.diagnostics.contains { $0.code == "url.collision" })
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/.public.notebook-spare"))
        try FileManager.default.removeItem(atPath: site.path + "/notes/gone/b.md")
        try write("# C\n", site.path + "/notes/c.md")
        #expect(build(site.path, to: output))
        #expect(!folders(in: output).contains("gone"))
        #expect(emptyFolders(in: output).isEmpty)
        expectSameAsAFreshBuild(output, of: site.path)
    }

    /// A build killed while its notes were read leaves its staging folder as it was, marked
    /// unfinished, with the folders made early in it: the next build makes the staging folder
    /// anew, and the output holds none of them but its own pages'.
    @Test func foldersMadeEarlyByAKilledBuildAreNotKept() throws {
        let site = try TemporarySite(["notes/a.md": "# A\n", "notes/deep/b.md": "# B\n"])
        let output = site.path + "/public"
        let staging = site.path + "/.public.notebook-spare"
        for folder in ["deep/b", "gone/c", "a"] { try FileSystem.makeFolder(staging + "/" + folder) }
        try OutputMarker.markUnfinished(staging)
        #expect(build(site.path, to: output))
        #expect(!folders(in: output).contains("gone"))
        #expect(emptyFolders(in: output).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: staging))
        expectSameAsAFreshBuild(output, of: site.path)
    }

    /// The folders under `root` that hold nothing.
    private func emptyFolders(in root: String) -> [String] {
        folders(in: root).filter { ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + $0)) ?? []).isEmpty }.sorted()
    }

    /// Pages are written over the spare's files in place: a longer old page is cut to the new
    /// length, and folders the spare lost meanwhile are made again.
    /// The names in the output folder at `path`, as bytes: strings would take a name written in
    /// one Unicode form for the same text in another.
    private func names(_ path: String) throws -> [[UInt8]] {
        try FileManager.default.contentsOfDirectory(atPath: path).map { Array($0.utf8) }
    }

    /// Two folders named by the same text in two Unicode forms (`é`, and `e` with a combining
    /// accent) are two folders on Linux: each note's page is in its own, in a new output and
    /// over the spare.
    @Test func foldersOfTheSameTextInTwoUnicodeFormsStayApart() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let site = try TemporarySite(["notes/\(composed)/x.md": "# X\n", "notes/\(decomposed)/y.md": "# Y\n"])
        let output = site.path + "/public"
        for _ in 0..<3 {
            #expect(build(site.path, to: output))
            #expect(try names(output + "/" + composed).contains(Array("x".utf8)))
            #expect(try !names(output + "/" + composed).contains(Array("y".utf8)))
            #expect(try names(output + "/" + decomposed).contains(Array("y".utf8)))
            #expect(try !names(output + "/" + decomposed).contains(Array("x".utf8)))
        }
    }

    /// A folder renamed to the same text in another Unicode form leaves no page of the old name
    /// behind when the spare that holds them is written over.
    @Test func aFolderRenamedToAnotherUnicodeFormLeavesNothingBehind() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let site = try TemporarySite(["notes/\(decomposed)/x.md": "# X\n", "notes/\(decomposed)/y.md": "# Y\n"])
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(build(site.path, to: output))
        try FileManager.default.moveItem(atPath: site.path + "/notes/" + decomposed, toPath: site.path + "/notes/" + composed)
        for _ in 0..<3 {
            #expect(build(site.path, to: output))
            let top = try names(output)
            #expect(top.contains(Array(composed.utf8)))
            #expect(!top.contains(Array(decomposed.utf8)))
            #expect(try names(output + "/" + composed).filter { $0 != Array("index.html".utf8) }.sorted { $0.lexicographicallyPrecedes($1) } == [Array("x".utf8), Array("y".utf8)])
        }
    }

    @Test func theSpareIsWrittenOverExactly() throws {
        let long = String(repeating: "A long paragraph of words. ", count: 400)
        let site = try TemporarySite(["notes/a.md": "# A\n\n\(long)\n", "notes/deep/b.md": "# B\n", "notes/deep/er/c.md": "# C\n"])
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(build(site.path, to: output))
        try write("# A\n\nShort now.\n", site.path + "/notes/a.md")
        try FileManager.default.removeItem(atPath: site.path + "/.public.notebook-spare/deep")
        #expect(build(site.path, to: output))
        expectSameAsAFreshBuild(output, of: site.path)
        let page = try String(contentsOfFile: output + "/a/index.html", encoding: .utf8)
        #expect(page.hasSuffix("</html>\n") && !page.contains("long paragraph"))
    }

    /// A hard link in the spare shares its bytes with a file elsewhere: writing a page or copying
    /// an asset over it must leave that file as it was.
    @Test func aHardLinkPlantedInTheSpareIsNotWrittenThrough() throws {
        let outside = try TemporarySite(["keep.txt": "keep me", "keep.css": "keep me too"])
        let site = try TemporarySite(["notes/a.md": "# A\n", "assets/extra.css": "body{}"])
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(build(site.path, to: output))
        let spare = site.path + "/.public.notebook-spare"
        for (inside, target) in [("a/index.html", "keep.txt"), ("assets/extra.css", "keep.css")] {
            try FileManager.default.removeItem(atPath: spare + "/" + inside)
            try FileManager.default.linkItem(atPath: outside.path + "/" + target, toPath: spare + "/" + inside)
        }
        #expect(build(site.path, to: output))
        #expect(try String(contentsOfFile: outside.path + "/keep.txt", encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: outside.path + "/keep.css", encoding: .utf8) == "keep me too")
        expectSameAsAFreshBuild(output, of: site.path)
    }

    /// Many pages go into a folder where the spare holds a file: workers clearing the way one
    /// at a time never remove a folder another has just made, so every page is there.
    @Test func pagesWrittenWhereTheSpareHasAFileAreAllKept() throws {
        let site = try TemporarySite(["notes/a.md": "# A\n", "notes/foo": "a file beside the notes"])
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(build(site.path, to: output))
        try FileManager.default.removeItem(atPath: site.path + "/notes/foo")
        for index in 0..<200 { try write("# Note \(index)\n", site.path + "/notes/foo/n\(index).md") }
        #expect(SitePipeline(options: BuildOptions(output: output, workers: 8)).build(site.path).succeeded)
        expectSameAsAFreshBuild(output, of: site.path)
        #expect(FileManager.default.fileExists(atPath: output + "/foo/n199/index.html"))
    }

    /// The spare's folders are held open for writing the pages in them: where a file of this
    /// build takes a folder's place, the folder goes, and pages of other folders are all written.
    @Test func aFileWhereTheSpareHasAFolderTakesItsPlace() throws {
        var files = ["notes/a.md": "# A\n"]
        for index in 0..<50 { files["notes/foo/n\(index).md"] = "# Note \(index)\n" }
        for index in 0..<50 { files["notes/bar/n\(index).md"] = "# Bar \(index)\n" }
        let site = try TemporarySite(files)
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(build(site.path, to: output))
        try FileManager.default.removeItem(atPath: site.path + "/notes/foo")
        try write("a file where a folder was", site.path + "/notes/foo")
        #expect(SitePipeline(options: BuildOptions(output: output, workers: 8)).build(site.path).succeeded)
        expectSameAsAFreshBuild(output, of: site.path)
        #expect(try String(contentsOfFile: output + "/foo", encoding: .utf8) == "a file where a folder was")
        #expect(FileManager.default.fileExists(atPath: output + "/bar/n49/index.html"))
    }

    @Test func aLinkPlantedInTheSpareIsRemovedNotFollowed() throws {
        let outside = try TemporarySite(["index.html": "keep me"])
        let site = try TemporarySite(["notes/a.md": "# A\n"])
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(build(site.path, to: output))
        let spare = site.path + "/.public.notebook-spare"
        try FileManager.default.removeItem(atPath: spare + "/index.html")
        try FileManager.default.createSymbolicLink(atPath: spare + "/index.html", withDestinationPath: outside.path + "/index.html")
        #expect(build(site.path, to: output))
        #expect(try String(contentsOfFile: outside.path + "/index.html", encoding: .utf8) == "keep me")
        let attributes = try FileManager.default.attributesOfItem(atPath: output + "/index.html")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    /// The spare's folders are listed in parallel: what is planted deep in them is found too, a
    /// link removed (never followed) and a stale file left out of the output.
    @Test func whatIsPlantedDeepInTheSpareIsFound() throws {
        let outside = try TemporarySite(["index.html": "keep me", "folder/x.html": "keep me too"])
        let site = try TemporarySite(["notes/a.md": "# A\n", "notes/deep/er/b.md": "# B\n", "notes/c/d.md": "# D\n"])
        let output = site.path + "/public"
        #expect(build(site.path, to: output))
        #expect(build(site.path, to: output))
        let spare = site.path + "/.public.notebook-spare"
        try FileManager.default.removeItem(atPath: spare + "/deep/er/b/index.html")
        try FileManager.default.createSymbolicLink(atPath: spare + "/deep/er/b/index.html", withDestinationPath: outside.path + "/index.html")
        try FileManager.default.createSymbolicLink(atPath: spare + "/c/d/linked", withDestinationPath: outside.path + "/folder")
        try write("stale", spare + "/deep/er/stale.html")
        #expect(build(site.path, to: output))
        #expect(try String(contentsOfFile: outside.path + "/index.html", encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: outside.path + "/folder/x.html", encoding: .utf8) == "keep me too")
        expectSameAsAFreshBuild(output, of: site.path)
        #expect(!FileManager.default.fileExists(atPath: output + "/deep/er/stale.html"))
    }
}
