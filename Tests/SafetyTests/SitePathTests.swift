import Foundation
import Testing

/// The site is read once, one way: every way of naming it builds the same bytes, and links out of
/// it are never followed.
@Suite struct SitePathTests {
    /// The findings of a run with the site's own path prefix taken out of each line.
    private func findings(_ outcome: NotebookProcess.Outcome, prefix: String) -> [String] {
        outcome.stderr.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }.map { line in
            var line = String(line)
            if !prefix.isEmpty, line.hasPrefix(prefix) { line.removeFirst(prefix.count) }
            return line
        }
    }

    @Test func everyFormOfTheSitePathBuildsTheSameBytes() throws {
        let scratch = try smallSite()
        try scratch.link("through-link", to: scratch.path + "/site")
        try FileManager.default.createDirectory(atPath: scratch.path + "/other", withIntermediateDirectories: true)
        // (folder to run in, SITE argument or nil, how diagnostics name the site's files)
        let site = scratch.path + "/site"
        let forms: [(String, String?, String)] = [
            (site, ".", ""), (site, "./", ""), (site, nil, ""), (scratch.path + "/other", "../site", "../site/"),
            (scratch.path, site, site + "/"), (scratch.path, site + "/", site + "/"), (scratch.path, "site//", "site/"),
            (scratch.path, "./site/.", "site/"), (scratch.path, "through-link", "through-link/"),
        ]
        var reference: [String: UInt64]?
        var referenceFindings: [String]?
        for (folder, argument, prefix) in forms {
            let build = try NotebookProcess.run(["build"] + (argument.map { [$0] } ?? []), in: folder)
            #expect(build.status == 0, "\(argument ?? "(none)"): \(build.all)")
            let output = digest(site + "/public")
            #expect(!output.isEmpty)
            #expect(try String(contentsOfFile: site + "/public/a/index.html", encoding: .utf8).contains("SITE-OWN-FOOTER"))
            if let reference { #expect(output == reference, "\(argument ?? "(none)") builds other bytes") } else { reference = output }

            let check = try NotebookProcess.run(["check"] + (argument.map { [$0] } ?? []), in: folder)
            let found = findings(check, prefix: prefix)
            #expect(found.contains { $0.hasPrefix("notes/a.md:") && $0.contains("Nowhere") }, "\(argument ?? "(none)"): \(check.all)")
            if let referenceFindings { #expect(found == referenceFindings, "\(argument ?? "(none)")") } else { referenceFindings = found }
        }
    }

    @Test func aTemplateLinkedToTheEnvironmentIsNotFollowed() throws {
        let scratch = try smallSite()
        try scratch.link("site/templates/header.mustache", to: "/proc/self/environ")
        let build = try NotebookProcess.run(["build", "site"], in: scratch.path, environment: ["NOTEBOOK_CI_SECRET": "hunter2-token"])
        #expect(build.status == 0, "\(build.all)")
        #expect(build.stderr.contains("site/templates/header.mustache: warning: symbolic link leads outside the site"))
        let page = try String(contentsOfFile: scratch.path + "/site/public/a/index.html", encoding: .utf8)
        #expect(!page.contains("hunter2-token") && !page.contains("NOTEBOOK_CI_SECRET"))
    }

    @Test func aFileLinkedOutOfTheSiteIsSkippedWithAWarning() throws {
        let scratch = try smallSite()
        try scratch.write("outside/secret.md", "SECRET-NOTE-TEXT\n")
        try scratch.write("outside/logo.css", "SECRET-ASSET\n")
        try scratch.link("site/notes/secret.md", to: scratch.path + "/outside/secret.md")
        try scratch.link("site/notes/folder", to: scratch.path + "/outside")
        try scratch.link("site/assets/logo.css", to: scratch.path + "/outside/logo.css")
        try scratch.link("site/notes/inside.md", to: scratch.path + "/site/notes/a.md")
        let build = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(build.status == 0, "\(build.all)")
        for link in ["site/notes/secret.md", "site/notes/folder", "site/assets/logo.css"] {
            #expect(build.stderr.contains("\(link): warning: symbolic link leads outside the site; not followed"), "\(link)")
        }
        let published = digest(scratch.path + "/site/public").keys
        #expect(!published.contains { $0.contains("secret") || $0.hasPrefix("folder") || $0 == "assets/logo.css" })
        #expect(published.contains("inside/index.html"), "a link inside the site is followed")
    }

    @Test(arguments: ["notes", "assets", "templates"])
    func aSourceFolderThatLeadsOutOfTheSiteIsAnError(folder: String) throws {
        let scratch = try smallSite()
        try FileManager.default.moveItem(atPath: scratch.path + "/site/\(folder)", toPath: scratch.path + "/real-\(folder)")
        try scratch.link("site/\(folder)", to: scratch.path + "/real-\(folder)")
        let build = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(build.status == 1)
        #expect(build.stderr.contains("site/\(folder): error: '\(folder)' is a symbolic link to"), "\(build.all)")
        #expect(build.stderr.contains("build the real folder instead"))
        #expect(!scratch.exists("site/public"))
        let check = try NotebookProcess.run(["check", "site"], in: scratch.path)
        #expect(check.status == 1)
    }

    @Test func aThemeOutsideTheSiteIsReadThroughNoLink() throws {
        let scratch = try smallSite()
        try scratch.write("site/notebook.yml", "title: Safety\nbaseURL: https://example.org/\ntheme: ../shared-theme\n")
        try scratch.write("shared-theme/templates/header.mustache", "<header>SHARED-THEME-HEADER</header>\n")
        try scratch.write("shared-theme/assets/theme.css", "p {}\n")
        try scratch.write("shared-theme/notes-not-read.md", "# Not part of the theme\n")
        try scratch.write("secret.txt", "SECRET-THEME-LINK")
        try scratch.link("shared-theme/templates/footer.mustache", to: scratch.path + "/secret.txt")
        try scratch.link("shared-theme/assets/leak.css", to: scratch.path + "/secret.txt")
        try FileManager.default.removeItem(atPath: scratch.path + "/site/templates/footer.mustache")
        let build = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(build.status == 0, "\(build.all)")
        let page = try String(contentsOfFile: scratch.path + "/site/public/a/index.html", encoding: .utf8)
        #expect(page.contains("SHARED-THEME-HEADER"))
        #expect(!page.contains("SECRET-THEME-LINK"))
        #expect(scratch.exists("site/public/assets/theme.css"))
        #expect(!scratch.exists("site/public/assets/leak.css"))
        #expect(build.stderr.contains("shared-theme/templates/footer.mustache: warning: symbolic link"), "\(build.stderr)")
    }

    @Test(arguments: ["text", "github", "json"])
    func aFormattingDefinitionOutsideTheSiteIsAnErrorThatPrintsNothingOfIt(format: String) throws {
        let scratch = try smallSite()
        try scratch.write("credentials.yml", "token: SECRET-CREDENTIAL-LINE\nunderline: [\n")
        for path in ["../credentials.yml", scratch.path + "/credentials.yml", "link.yml"] {
            if path == "link.yml" { try scratch.link("site/link.yml", to: scratch.path + "/credentials.yml") }
            try scratch.write("site/notebook.yml", "title: Safety\nformatting: \(path)\n")
            for command in ["check", "build"] {
                let outcome = try NotebookProcess.run([command, "site", "--format", format], in: scratch.path)
                #expect(outcome.status == 1, "\(command) \(path)")
                #expect(!outcome.all.contains("SECRET-CREDENTIAL-LINE"), "\(command) \(path): \(outcome.all)")
                #expect(outcome.all.contains("outside the site; it must be a file inside the site folder"), "\(command) \(path): \(outcome.all)")
            }
        }
    }

    @Test func aNoteOverTheSizeLimitIsAnErrorNamingIt() throws {
        let scratch = try smallSite()
        let big = scratch.path + "/site/notes/huge.md"
        _ = FileManager.default.createFile(atPath: big, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let build = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(build.status == 1)
        #expect(build.stderr.contains("site/notes/huge.md: error: cannot read the file: is larger than 64 MB"), "\(build.stderr)")
        #expect(build.stderr.contains("Nowhere"), "the other notes are still reported")
    }

    @Test func anUnreadableFolderOrFileIsAnErrorAtItsPath() throws {
        guard NotebookProcess.isRoot else { return }
        let scratch = try smallSite()
        try scratch.write("site/notes/locked/c.md", "# C\n")
        try scratch.write("site/notes/d.md", "# D\n")
        _ = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a+rwX", scratch.path]).waitUntilExit()
        chmod(scratch.path + "/site/notes/locked", 0o700)
        chmod(scratch.path + "/site/notes/d.md", 0o600)
        let nobody = "exec setpriv --reuid=65534 --regid=65534 --clear-groups"
        for command in ["check", "build"] {
            let outcome = try NotebookProcess.run([command, "site"], in: scratch.path, prefix: nobody)
            #expect(outcome.status == 1, "\(command): \(outcome.all)")
            #expect(outcome.stderr.contains("site/notes/locked: error: cannot read"), "\(command): \(outcome.stderr)")
            #expect(outcome.stderr.contains("site/notes/d.md: error: cannot read"), "\(command): \(outcome.stderr)")
        }
        #expect(!scratch.exists("site/public"))
    }

    @Test func serveReadsTheSiteNamedAsDotLikeAnyOtherForm() throws {
        let scratch = try smallSite()
        let serving = try NotebookProcess.start(["serve", ".", "--port", "0"], in: scratch.path + "/site")
        defer { serving.kill() }
        var printed = ""
        while !printed.contains("Ctrl-C to stop") {
            let data = serving.stdout.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        let port = try #require(printed.split(separator: "http://127.0.0.1:").dropFirst().first.map { String($0.prefix { $0.isNumber }) })
        let fetch = Process()
        fetch.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        fetch.arguments = [
            "python3", "-c", "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())",
            "http://127.0.0.1:\(port)/a/",
        ]
        let page = Pipe()
        fetch.standardOutput = page
        try fetch.run()
        let text = String(decoding: page.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        fetch.waitUntilExit()
        #expect(text.contains("SITE-OWN-FOOTER"), "the site's own templates are used under serve .")
    }
}
