import Foundation
import Testing

/// Cases a review found by trying the binary as a user and an attacker would.
@Suite struct ReviewedCasesTests {
    @Test func aUsersFolderWhereAnOutputWasIsNotTakenForANotebook01Output() throws {
        let scratch = try smallSite()
        #expect(try NotebookProcess.run(["build", "site", "-o", "out"], in: scratch.path).status == 0)
        #expect(try NotebookProcess.run(["build", "site", "-o", "out"], in: scratch.path).status == 0)
        try FileManager.default.removeItem(atPath: scratch.path + "/out")
        try scratch.write("out/thesis.txt", "my thesis\n")
        for _ in 0..<2 {
            let build = try NotebookProcess.run(["build", "site", "-o", "out"], in: scratch.path)
            #expect(build.status == 1, "\(build.all)")
            #expect(build.stderr.contains("was not made by notebook"))
        }
        #expect(scratch.read("out/thesis.txt") == "my thesis\n")
    }

    @Test func newNoteNeverWritesThroughALinkOutOfTheSite() throws {
        let scratch = try Scratch(["outside/readme.md": "precious\n", "site/notebook.yml": "title: T\n"])
        try scratch.link("site/notes", to: scratch.path + "/outside")
        for arguments in [["new", "note", "Evil", "--site", "site"], ["new", "note", "Readme", "--site", "site", "--force"]] {
            let outcome = try NotebookProcess.run(arguments, in: scratch.path)
            #expect(outcome.status == 1, "\(arguments): \(outcome.all)")
            #expect(outcome.stderr.contains("site/notes: error: 'notes' is a symbolic link"), "\(outcome.stderr)")
        }
        #expect(scratch.read("outside/readme.md") == "precious\n")
        #expect(!scratch.exists("outside/evil.md"))
    }

    @Test func newNoteOverALinkedNoteIsRefusedEvenWithForce() throws {
        let scratch = try Scratch(["site/notes/a.md": "# A\n", "elsewhere.md": "keep\n"])
        try scratch.link("site/notes/market-day.md", to: scratch.path + "/elsewhere.md")
        let outcome = try NotebookProcess.run(["new", "note", "Market Day", "--site", "site", "--force"], in: scratch.path)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("is a symbolic link"), "\(outcome.stderr)")
        #expect(scratch.read("elsewhere.md") == "keep\n")
    }

    @Test func newNoteInAVaultGoesBesideItsNotes() throws {
        let scratch = try Scratch(["vault/a.md": "# A\n", "vault/b.md": "# B\n"])
        #expect(try NotebookProcess.run(["new", "note", "New", "--site", "vault"], in: scratch.path).status == 0)
        #expect(scratch.exists("vault/new.md") && !scratch.exists("vault/notes"))
        let build = try NotebookProcess.run(["build", "vault"], in: scratch.path)
        #expect(build.stdout.contains("built 3 notes"), "\(build.all)")
    }

    @Test func forceNeverReplacesAFolderThatHoldsASource() throws {
        let scratch = try smallSite()
        try scratch.write("themes/mine/templates/header.mustache", "<header>MINE</header>\n")
        try scratch.write("themes/README", "keep\n")
        try scratch.write("site/notebook.yml", "title: T\ntheme: \(scratch.path)/themes/mine\nformatting: config/formatting.yml\n")
        try scratch.write("site/config/formatting.yml", "highlight: { values: [yellow] }\n")
        for output in [scratch.path + "/themes", "site/config", "site/notes-to-be/..", "site/notes", "site/templates/x"] {
            let build = try NotebookProcess.run(["build", "site", "-o", output, "--force"], in: scratch.path)
            #expect(build.status == 1, "-o \(output): \(build.all)")
            #expect(build.stderr.contains("error: the output folder"), "-o \(output): \(build.stderr)")
        }
        #expect(scratch.read("themes/README") == "keep\n")
        #expect(scratch.exists("site/config/formatting.yml"))
        #expect(!scratch.exists(".themes.notebook-spare"))
    }

    @Test func aVaultsOutputIsNeverItsNotesFolderToBe() throws {
        let scratch = try Scratch(["v/a.md": "# A\n", "v/daily/b.md": "# B\n", "v/sub/c.md": "# C\n"])
        for output in ["v/notes", "v/notes/x", "v/assets"] {
            let build = try NotebookProcess.run(["build", "v", "-o", output], in: scratch.path)
            #expect(build.status == 1, "-o \(output): \(build.all)")
        }
        let holding = try NotebookProcess.run(["build", "v", "-o", "v/sub", "--force"], in: scratch.path)
        #expect(holding.status == 1)
        #expect(holding.stderr.contains("holds files of the site"), "\(holding.stderr)")
        #expect(scratch.exists("v/sub/c.md"))
        #expect(try NotebookProcess.run(["build", "v"], in: scratch.path).stdout.contains("built 3 notes"))
    }

    @Test func aBrokenSourceFolderIsAnError() throws {
        for (name, make) in [
            ("notes", { (s: Scratch) in try s.link("site/notes", to: "/nonexistent") }),
            ("notes", { (s: Scratch) in try s.write("site/notes", "a file\n") }),
            ("assets", { (s: Scratch) in try s.link("site/assets", to: "gone") }),
            ("templates", { (s: Scratch) in try s.write("site/templates", "a file\n") }),
        ] as [(String, (Scratch) throws -> Void)] {
            let scratch = try smallSite()
            try FileManager.default.removeItem(atPath: scratch.path + "/site/" + name)
            try make(scratch)
            for command in ["check", "build"] {
                let outcome = try NotebookProcess.run([command, "site"], in: scratch.path)
                #expect(outcome.status == 1, "\(command) with a broken \(name): \(outcome.all)")
                #expect(outcome.stderr.contains("site/\(name): error: '\(name)' is"), "\(outcome.stderr)")
            }
        }
    }

    @Test func linksToTheOutputOrToAFolderHoldingTheNotesAreNotFollowed() throws {
        let scratch = try smallSite()
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        try scratch.link("site/notes/pub", to: "../public")
        try scratch.link("site/notes/root", to: "..")
        try scratch.link("site/notes/gone.md", to: "nowhere.md")
        let build = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(build.status == 0, "\(build.all)")
        #expect(build.stderr.contains("site/notes/root: warning: symbolic link leads to a folder that holds it"), "\(build.stderr)")
        #expect(build.stderr.contains("site/notes/gone.md: warning: symbolic link leads nowhere"), "\(build.stderr)")
        let published = digest(scratch.path + "/site/public").keys
        #expect(!published.contains { $0.hasPrefix("root/") || $0.hasPrefix("pub/") }, "\(published.sorted())")
    }

    @Test func anOutputNamedWithADotIsTheFolderItself() throws {
        let scratch = try smallSite()
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        let build = try NotebookProcess.run(["build", "site", "-o", "site/public/."], in: scratch.path)
        #expect(build.status == 0, "\(build.all)")
        let inside = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/site/public")
        #expect(!inside.contains { $0.contains("notebook-spare") || $0.contains("notebook-lock") }, "\(inside)")
        // The same lock, whatever the spelling: a build held on one spelling stops the other.
        let held = try NotebookProcess.start(["build", "site", "-o", "site/public/"], in: scratch.path, environment: ["NOTEBOOK_TEST_HOLD": "exchange"])
        _ = held.waitForError("held at exchange")
        #expect(try NotebookProcess.run(["build", "site", "-o", "site/./public/."], in: scratch.path).status == 1)
        held.kill()
        #expect(try NotebookProcess.run(["build", "site", "-o", "site/.public.notebook-spare"], in: scratch.path).status == 1)
        #expect(try NotebookProcess.run(["build", "site", "-o", ""], in: scratch.path).status == 2)
    }

    @Test func convertOntoALinkOrAFolderSaysSo() throws {
        let scratch = try Scratch(["note.md": "# N\n", "target.json": "keep\n"])
        try scratch.link("link.json", to: scratch.path + "/target.json")
        try scratch.link("dangling.json", to: scratch.path + "/nowhere.json")
        try FileManager.default.createDirectory(atPath: scratch.path + "/folder", withIntermediateDirectories: true)
        for (output, message) in [("link.json", "is a symbolic link"), ("dangling.json", "is a symbolic link"), ("folder", "is a folder")] {
            for force in [false, true] {
                let outcome = try NotebookProcess.run(["convert", "note.md", "--to", "json", "-o", output] + (force ? ["--force"] : []), in: scratch.path)
                #expect(outcome.status == 1)
                #expect(outcome.stderr.contains(message), "\(output): \(outcome.stderr)")
            }
        }
        #expect(scratch.read("target.json") == "keep\n")
        #expect(!scratch.exists("nowhere.json"))
    }

    @Test func aStraySpareDoesNotMakeAFolderAnOutputOfNotebook01() throws {
        let scratch = try smallSite()
        try scratch.write("site/docs/manual.md", "manual\n")
        try scratch.write("site/.docs.notebook-spare/.gitkeep", "")
        for _ in 0..<2 {
            let build = try NotebookProcess.run(["build", ".", "-o", "docs"], in: scratch.path + "/site")
            #expect(build.status == 1, "\(build.all)")
        }
        #expect(scratch.read("site/docs/manual.md") == "manual\n")
    }

    @Test func aVaultsOutputNeverHoldsFilesBesideItsNotes() throws {
        let scratch = try Scratch(["v/a.md": "# A ![x](img/p.png)\n", "v/img/p.png": "PNG"])
        let build = try NotebookProcess.run(["build", "v", "-o", "v/img", "--force"], in: scratch.path)
        #expect(build.status == 1, "\(build.all)")
        #expect(scratch.read("v/img/p.png") == "PNG")
    }

    @Test func strictMakesALinkNotFollowedAnError() throws {
        let scratch = try smallSite()
        try scratch.write("secret.md", "# S\n")
        try scratch.link("site/notes/s.md", to: scratch.path + "/secret.md")
        for command in ["check", "build"] {
            #expect(try NotebookProcess.run([command, "site"], in: scratch.path).status == 0)
            let strict = try NotebookProcess.run([command, "site", "--strict"], in: scratch.path)
            #expect(strict.status == 1, "\(command): \(strict.all)")
            #expect(strict.stderr.contains("site/notes/s.md: error: symbolic link leads outside the site"))
        }
    }

    @Test func aMountPointAsTheOutputIsRefusedBeforeAnythingIsWritten() throws {
        guard NotebookProcess.isRoot else { return }
        let scratch = try smallSite()
        try FileManager.default.createDirectory(atPath: scratch.path + "/mnt", withIntermediateDirectories: true)
        let mount = try Process.run(URL(fileURLWithPath: "/bin/mount"), arguments: ["-t", "tmpfs", "-o", "size=1m", "tmpfs", scratch.path + "/mnt"])
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0)
        defer { _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [scratch.path + "/mnt"]).waitUntilExit() }
        let build = try NotebookProcess.run(["build", "site", "-o", "mnt"], in: scratch.path)
        #expect(build.status == 1)
        #expect(build.stderr.contains("is a mount point"), "\(build.stderr)")
        #expect(!scratch.exists(".mnt.notebook-spare"))
        #expect(try NotebookProcess.run(["build", "site", "-o", "mnt/site"], in: scratch.path).status == 0)
    }
}
