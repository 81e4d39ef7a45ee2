import Foundation
import Testing

/// No command deletes or overwrites what notebook did not make, and the output is never a source.
@Suite struct OutputSafetyTests {
    @Test func anExistingFolderNotebookDidNotMakeIsLeftAlone() throws {
        let scratch = try smallSite()
        try scratch.write("mine/thesis.txt", "years of work\n")
        for _ in 0..<2 {
            let build = try NotebookProcess.run(["build", "site", "-o", "mine"], in: scratch.path)
            #expect(build.status == 1)
            #expect(build.stderr.contains("mine: error: the output folder exists and was not made by notebook"), "\(build.stderr)")
            #expect(build.stderr.contains("run: notebook build site -o mine --force"))
        }
        #expect(scratch.read("mine/thesis.txt") == "years of work\n")
        #expect(!scratch.exists(".mine.notebook-spare"))
        // The command it names goes on.
        let forced = try NotebookProcess.run(["build", "site", "-o", "mine", "--force"], in: scratch.path)
        #expect(forced.status == 0, "\(forced.all)")
        #expect(scratch.exists("mine/a/index.html") && !scratch.exists("mine/thesis.txt"))
        // From now on it is notebook's: no --force needed.
        #expect(try NotebookProcess.run(["build", "site", "-o", "mine"], in: scratch.path).status == 0)
    }

    @Test func aMarkerNotebookDidNotWriteIsNoMarker() throws {
        // A file named as notebook's marker, without notebook's sentence: the folder is not notebook's.
        let scratch = try smallSite()
        try scratch.write("mine/thesis.txt", "years of work\n")
        try scratch.write("mine/.notebook-output", "x\n")
        let build = try NotebookProcess.run(["build", "site", "-o", "mine"], in: scratch.path)
        #expect(build.status == 1 && build.stderr.contains("was not made by notebook"), "\(build.all)")
        #expect(scratch.read("mine/thesis.txt") == "years of work\n" && !scratch.exists(".mine.notebook-spare"))
    }

    @Test func anEmptyFolderAndNotebooksOwnOutputAreReplaced() throws {
        let scratch = try smallSite()
        try FileManager.default.createDirectory(atPath: scratch.path + "/empty", withIntermediateDirectories: true)
        #expect(try NotebookProcess.run(["build", "site", "-o", "empty"], in: scratch.path).status == 0)
        #expect(scratch.exists("empty/.notebook-output"))
        #expect(try NotebookProcess.run(["build", "site", "-o", "empty"], in: scratch.path).status == 0)
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
    }

    @Test func somethingNotebookDidNotMakeWhereItKeepsTheSpareIsLeftAlone() throws {
        let scratch = try smallSite()
        for (path, contents) in [(".public.notebook-spare/mine.txt", "mine\n"), (".public.notebook-spare", "a file of mine\n")] {
            try? FileManager.default.removeItem(atPath: scratch.path + "/site/.public.notebook-spare")
            try scratch.write("site/" + path, contents)
            let build = try NotebookProcess.run(["build", "."], in: scratch.path + "/site")
            #expect(build.status == 1, "\(build.all)")
            #expect(build.stderr.contains(".public.notebook-spare: error: notebook keeps the output's spare"), "\(build.stderr)")
            #expect(build.stderr.contains("run: notebook build . -o public --force"), "\(build.stderr)")
            #expect(scratch.read("site/" + path) == contents && !scratch.exists("site/public"))
        }
        // An empty folder is what a build stopped before it marked its spare leaves: taken.
        try FileManager.default.removeItem(atPath: scratch.path + "/site/.public.notebook-spare")
        try FileManager.default.createDirectory(atPath: scratch.path + "/site/.public.notebook-spare", withIntermediateDirectories: false)
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        // Beside an output of this version too (which looks like one of notebook 0.1's).
        try FileManager.default.removeItem(atPath: scratch.path + "/site/.public.notebook-spare")
        try scratch.write("site/.public.notebook-spare/sub/thesis.tex", "years\n")
        let beside = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(beside.status == 1 && beside.stderr.contains("notebook keeps the output's spare"), "\(beside.all)")
        #expect(scratch.read("site/.public.notebook-spare/sub/thesis.tex") == "years\n")
        // With --force, what is there is replaced.
        try FileManager.default.removeItem(atPath: scratch.path + "/site/.public.notebook-spare")
        try scratch.write("site/.public.notebook-spare", "a file of mine\n")
        #expect(try NotebookProcess.run(["build", "site", "--force"], in: scratch.path).status == 0)
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        #expect(scratch.exists("site/.public.notebook-spare/.notebook-output"))
    }

    @Test func theOutputKeepsThePermissionsAndGroupItsOwnerGaveIt() throws {
        let scratch = try smallSite()
        let output = scratch.path + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        chmod(output, 0o700)
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
        }
        for _ in 0..<3 {
            #expect(try NotebookProcess.run(["build", "site", "-o", "out"], in: scratch.path).status == 0)
            #expect(mode(output) == 0o700)
        }
        // A folder that gives its group to what is made in it (a web server's), read-only besides.
        guard NotebookProcess.isRoot else { return }
        // Given after a build, the group reaches every file within two builds (the spare the
        // first puts aside was written under the old group).
        chown(output, 0, 65534)
        chmod(output, 0o2750)
        for _ in 0..<2 { #expect(try NotebookProcess.run(["build", "site", "-o", "out"], in: scratch.path).status == 0) }
        for _ in 0..<2 {
            #expect(try NotebookProcess.run(["build", "site", "-o", "out"], in: scratch.path).status == 0)
            var info = stat()
            #expect(lstat(output + "/a/index.html", &info) == 0 && info.st_gid == 65534)
            #expect(lstat(output + "/assets", &info) == 0 && info.st_gid == 65534)
        }
        let web = scratch.path + "/web"
        try FileManager.default.createDirectory(atPath: web, withIntermediateDirectories: false)
        chown(web, 0, 65534)
        chmod(web, 0o2555)
        for _ in 0..<3 {
            #expect(try NotebookProcess.run(["build", "site", "-o", "web"], in: scratch.path).status == 0)
            var info = stat()
            #expect(lstat(web, &info) == 0 && info.st_gid == 65534 && info.st_mode & 0o7777 == 0o2555)
            #expect(lstat(web + "/a/index.html", &info) == 0 && info.st_gid == 65534)
        }
    }

    @Test func anOutputMadeReadOnlyIsStillReplacedByItsOwner() throws {
        guard NotebookProcess.isRoot else { return }
        let scratch = try smallSite()
        _ = try Process.run(URL(fileURLWithPath: "/bin/chown"), arguments: ["-R", "65534:65534", scratch.path]).waitUntilExit()
        let nobody = "exec setpriv --reuid=65534 --regid=65534 --clear-groups"
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path, prefix: nobody).status == 0)
        // The owner "protects" the output and one of its folders; each build after puts the spare
        // (the output before) in its place, and every one of them goes on.
        chmod(scratch.path + "/site/public", 0o555)
        chmod(scratch.path + "/site/public/a", 0o555)
        for _ in 0..<4 {
            let build = try NotebookProcess.run(["build", "site"], in: scratch.path, prefix: nobody)
            #expect(build.status == 0, "\(build.all)")
        }
        // Its files too (`chmod -R a-w`): notebook's own, replaced.
        _ = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a-w", scratch.path + "/site/public"]).waitUntilExit()
        for _ in 0..<4 {
            let build = try NotebookProcess.run(["build", "site"], in: scratch.path, prefix: nobody)
            #expect(build.status == 0, "\(build.all)")
        }
        var info = stat()
        #expect(lstat(scratch.path + "/site/public", &info) == 0 && info.st_mode & 0o7777 == 0o555)
        #expect(scratch.read("site/public/a/index.html")?.contains("A links to") == true)
    }

    @Test func anOutputOfNotebook01IsAdopted() throws {
        let scratch = try smallSite()
        // notebook 0.1 wrote no marker, but kept its spare beside the output.
        for file in ["index.html", "404.html", "sitemap.xml", "feed.xml"] { try scratch.write("site/public/" + file, "old\n") }
        try scratch.write("site/.public.notebook-spare/index.html", "older\n")
        let build = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(build.status == 0, "\(build.all)")
        #expect(scratch.read("site/public/index.html") != "old\n")
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
    }

    @Test(arguments: [".", "notes", "templates", "assets", "notes/sub", ".."])
    func theOutputIsNeverASource(output: String) throws {
        let scratch = try smallSite()
        let before = digest(scratch.path)
        for force in [false, true] {
            let build = try NotebookProcess.run(["build", ".", "-o", output] + (force ? ["--force"] : []), in: scratch.path + "/site")
            #expect(build.status == 1, "-o \(output): \(build.all)")
            #expect(build.stderr.contains("error: the output folder"), "\(build.stderr)")
        }
        #expect(digest(scratch.path) == before, "-o \(output) touched the sources")
    }

    @Test func aThemeFolderIsNeverTheOutput() throws {
        let scratch = try smallSite()
        try scratch.write("site/notebook.yml", "title: T\ntheme: ./mine\n")
        try scratch.write("site/mine/templates/header.mustache", "<header>MINE</header>\n")
        let build = try NotebookProcess.run(["build", "site", "-o", "site/mine/out"], in: scratch.path)
        #expect(build.status == 1)
        #expect(build.stderr.contains("is inside the theme"), "\(build.stderr)")
    }

    @Test func aSpareThatIsALinkIsNeverEmptiedThroughIt() throws {
        let scratch = try smallSite()
        try scratch.write("elsewhere/keep.txt", "keep\n")
        try scratch.write("elsewhere/index.html", "keep too\n")
        try scratch.link("site/.public.notebook-spare", to: scratch.path + "/elsewhere")
        for _ in 0..<3 { #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0) }
        #expect(scratch.read("elsewhere/keep.txt") == "keep\n")
        #expect(scratch.read("elsewhere/index.html") == "keep too\n")
        #expect(scratch.exists("site/public/a/index.html"))
    }

    @Test func anOutputThatIsALinkIsRefused() throws {
        let scratch = try smallSite()
        try scratch.write("target/keep.txt", "keep\n")
        try scratch.link("out", to: scratch.path + "/target")
        let build = try NotebookProcess.run(["build", "site", "-o", "out"], in: scratch.path)
        #expect(build.status == 1)
        #expect(build.stderr.contains("out: error: the output is a symbolic link"), "\(build.stderr)")
        #expect(scratch.read("target/keep.txt") == "keep\n")
    }

    @Test func withoutANotesFolderOutputFoldersAreNotReadAsNotes() throws {
        let scratch = try Scratch(["vault/Home.md": "# Home\n", "vault/Ideas/One.md": "# One\n"])
        #expect(try NotebookProcess.run(["build", "vault", "-o", "vault/site-out"], in: scratch.path).status == 0)
        #expect(try NotebookProcess.run(["build", "vault"], in: scratch.path).status == 0)
        // The next build, with another -o, must not read site-out's pages (or public's) back.
        let build = try NotebookProcess.run(["build", "vault", "-o", "vault/third"], in: scratch.path)
        #expect(build.status == 0, "\(build.all)")
        #expect(build.stdout.contains("built 2 notes"), "\(build.stdout)")
    }

    @Test func convertNeverOverwritesWithoutForceAndNeverItsInput() throws {
        let scratch = try Scratch(["note.md": "# Note\n\nText.\n", "taken.json": "keep\n"])
        let refused = try NotebookProcess.run(["convert", "note.md", "--to", "json", "-o", "taken.json"], in: scratch.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("taken.json: error: the file exists; add --force to replace it"))
        #expect(scratch.read("taken.json") == "keep\n")
        #expect(try NotebookProcess.run(["convert", "note.md", "--to", "json", "-o", "taken.json", "--force"], in: scratch.path).status == 0)
        #expect(scratch.read("taken.json")?.contains("Text.") == true)
        for input in ["note.md", "./note.md"] {
            let own = try NotebookProcess.run(["convert", "note.md", "--to", "md", "-o", input, "--force"], in: scratch.path)
            #expect(own.status == 1)
            #expect(own.stderr.contains("is the file being converted"))
        }
        try scratch.link("alias.md", to: scratch.path + "/note.md")
        #expect(try NotebookProcess.run(["convert", "note.md", "--to", "md", "-o", "alias.md", "--force"], in: scratch.path).status == 1)
        #expect(scratch.read("note.md") == "# Note\n\nText.\n")
        #expect(try NotebookProcess.run(["convert", "note.md", "--to", "md", "-o", "new.md"], in: scratch.path).status == 0)
    }

    @Test func newNoteNeverOverwritesWithoutForce() throws {
        let scratch = try Scratch(["site/notes/market-day.md": "mine\n"])
        let refused = try NotebookProcess.run(["new", "note", "Market Day", "--site", "site"], in: scratch.path)
        #expect(refused.status == 1)
        #expect(scratch.read("site/notes/market-day.md") == "mine\n")
        #expect(try NotebookProcess.run(["new", "note", "Market Day", "--site", "site", "--force"], in: scratch.path).status == 0)
        #expect(scratch.read("site/notes/market-day.md")?.contains("Market Day") == true)
    }

    @Test func newSiteIgnoresTheOutputTheSpareAndTheLock() throws {
        let scratch = try Scratch()
        #expect(try NotebookProcess.run(["new", "site", "s"], in: scratch.path).status == 0)
        let ignored = scratch.read("s/.gitignore") ?? ""
        for line in ["/public/", "/.public.notebook-spare/", "/.public.notebook-lock"] { #expect(ignored.contains(line), "\(line)") }
    }

    @Test func aSecondBuildIntoTheSameOutputStopsAtOnce() throws {
        let scratch = try smallSite()
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        let before = digest(scratch.path + "/site/public")
        let first = try NotebookProcess.start(["build", "site"], in: scratch.path, environment: ["NOTEBOOK_TEST_HOLD": "exchange"])
        #expect(first.waitForError("held at exchange").contains("held at exchange"))
        let second = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(second.status == 1)
        #expect(!second.stdout.contains("built") && !second.stderr.contains("Nowhere"), "the second build read the notes: \(second.all)")
        #expect(second.stderr.contains("site/public: error: another notebook build is writing this output folder"), "\(second.stderr)")
        first.kill()
        #expect(digest(scratch.path + "/site/public") == before)
        // The kill released the lock.
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
    }
}
