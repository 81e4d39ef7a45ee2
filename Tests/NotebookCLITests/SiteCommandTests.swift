import Foundation
import Testing

@testable import NotebookCLI

/// `check`, `build`, `convert` and `new` run in-process on sites made by `new site`.
@Suite struct SiteCommandTests {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ arguments: [String]) -> Outcome {
        var terminal = Terminal()
        let status = NotebookCommandLine.run(arguments, terminal: &terminal)
        return Outcome(status: status, stdout: terminal.stdout, stderr: terminal.stderr)
    }

    func newSite() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-cli-site-\(UUID().uuidString)").path
        #expect(run(["new", "site", path]).status == 0)
        return path
    }

    @Test func newSiteBuildsCleanlyUnderStrict() throws {
        let site = newSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        for file in ["notebook.yml", "formatting.yml", "notes/welcome.md", "notes/first-note.json", "assets"] {
            #expect(FileManager.default.fileExists(atPath: site + "/" + file), "\(file)")
        }
        let check = run(["check", site, "--strict"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("checked 2 notes"))
        let build = run(["build", site, "--strict"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("0 errors, 0 warnings"))
        let welcome = try String(contentsOfFile: site + "/public/welcome/index.html", encoding: .utf8)
        #expect(welcome.contains("href=\"/first-note/\""))
        #expect(run(["new", "site", site]).status == 1)
    }

    @Test func newNoteInBothFormats() throws {
        let site = newSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        #expect(run(["new", "note", "Market Day", "--site", site]).status == 0)
        #expect(run(["new", "note", "Market Day", "--site", site]).status == 1)
        #expect(run(["new", "note", "Tide Tables", "--json", "--site", site]).status == 0)
        let markdown = try String(contentsOfFile: site + "/notes/market-day.md", encoding: .utf8)
        #expect(markdown.contains("title: \"Market Day\""))
        let json = try String(contentsOfFile: site + "/notes/tide-tables.json", encoding: .utf8)
        #expect(json.contains("\"title\": \"Tide Tables\""))
        #expect(run(["check", site]).stdout.hasPrefix("checked 4 notes"))
        #expect(run(["new", "thing"]).status == 2)
        // The same name in the other format would put two notes on one URL.
        let twin = run(["new", "note", "Market Day", "--json", "--site", site])
        #expect(twin.status == 1 && twin.stderr.contains("market-day.md: error: this note has the URL"), "\(twin.stderr)")
        #expect(run(["new", "note", "Tide Tables", "--site", site, "--force"]).status == 1)
        #expect(run(["build", site]).status == 0)
    }

    /// Where only the notes selected are published, a new note is selected, in either format.
    @Test func aNewNoteIsSelectedWhereOnlySelectedNotesArePublished() throws {
        let site = newSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let config = try String(contentsOfFile: site + "/notebook.yml", encoding: .utf8)
        try Data((config + "explicitPublish: true\n").utf8).write(to: URL(fileURLWithPath: site + "/notebook.yml"))
        let made = run(["new", "note", "Market Day", "--site", site])
        #expect(made.status == 0 && made.stdout.contains("publish: true"), "\(made.stdout)")
        #expect(try String(contentsOfFile: site + "/notes/market-day.md", encoding: .utf8).contains("publish: true"))
        #expect(run(["new", "note", "Tide Tables", "--json", "--site", site]).status == 0)
        #expect(try String(contentsOfFile: site + "/notes/tide-tables.json", encoding: .utf8).contains("\"publish\": true"))
        #expect(run(["build", site]).stdout.contains("built 2 notes"))
    }

    @Test func checkReportsEveryNoteAndFailsOnErrors() throws {
        let site = newSite()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try Data("^[x](underline: 'wavy')\n".utf8).write(to: URL(fileURLWithPath: site + "/notes/bad.md"))
        try Data("^[y](highlight: 'blue')\n".utf8).write(to: URL(fileURLWithPath: site + "/notes/corrected.md"))
        let text = run(["check", site])
        #expect(text.status == 1)
        #expect(text.stderr.contains("bad.md:1:17: error:"))
        #expect(text.stderr.contains("corrected.md:1:1: warning: highlight 'blue'"))
        #expect(text.stdout.contains("1 error, 1 warning"))

        let json = run(["check", site, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["errors"] as? Int == 1)
        #expect((document["counts"] as? [String: Int])?["notes"] == 4)

        let github = run(["check", site, "--format", "github", "--strict"])
        #expect(github.stdout.contains("::error file=\(site)/notes/bad.md,line=1,col=17::"))
        #expect(github.stdout.contains("::error file=\(site)/notes/corrected.md,line=1,col=1::"))

        let build = run(["build", site])
        #expect(build.status == 1)
        #expect(build.stdout.contains("build failed"))
        #expect(!FileManager.default.fileExists(atPath: site + "/public"))
    }

    @Test func convertRoundTripsASeedNote() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/seed-notes")
            .standardized.path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-convert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let toJSON = run(["convert", seeds + "/sunday-pancakes.md", "--to", "json", "-o", folder + "/p.json"])
        #expect(toJSON.status == 0, "\(toJSON.stderr)")
        let toMarkdown = run(["convert", folder + "/p.json", "--to", "md", "-o", folder + "/p.md"])
        #expect(toMarkdown.status == 0, "\(toMarkdown.stderr)")
        let original = run(["render", seeds + "/sunday-pancakes.md"]).stdout
        #expect(run(["render", folder + "/p.json"]).stdout == original)
        #expect(run(["render", folder + "/p.md"]).stdout == original)
        #expect(run(["convert", seeds + "/sunday-pancakes.md", "--to", "pdf"]).status == 2)
        #expect(run(["convert", seeds + "/sunday-pancakes.md"]).status == 2)
    }

    /// The front matter's keys that the converted note does not hold are said, each at its key.
    @Test func convertWarnsAboutFrontMatterItLeavesOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-convert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let note = "---\ntitle: T\ntags: [a]\ntag: [b]\ndescription: Kept\ncssclasses: [wide]\npublish: false\n---\nText.\n"
        try Data(note.utf8).write(to: URL(fileURLWithPath: folder + "/n.md"))
        let outcome = run(["convert", folder + "/n.md", "--to", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("n.md:4:1: warning: the front matter's 'tag' is left out of the converted note: 'tags' is given"))
        #expect(outcome.stderr.contains("n.md:6:1: warning: the front matter's 'cssclasses' is left out of the converted note: notebook does not read it"))
        #expect(!outcome.stderr.contains("'description'") && !outcome.stderr.contains("'publish'"))
        #expect(outcome.stdout.contains("\"summary\" : \"Kept\"") || outcome.stdout.contains("\"summary\":\"Kept\"") || outcome.stdout.contains("Kept"))
        #expect(outcome.stdout.contains("\"publish\""))
    }

    @Test func convertWarnsAboutFormulasMarkdownCannotHold() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-convert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let json = #"""
            [
             "He said ", {}, "\\text{``hi''}", {"notebook.math": "inline"}, " and ", {},
             "f](x)", {"notebook.math": "inline"}, " but ", {}, "x^2 + 1", {"notebook.math": "inline"}, ".", {}
            ]
            """#
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/m.json"))
        let outcome = run(["convert", folder + "/m.json", "--to", "md", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // The two the Markdown shows as text, each at its place; the third is kept.
        let report = try JSONSerialization.jsonObject(with: Data(outcome.stderr.utf8)) as? [String: Any]
        let found = (report?["diagnostics"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "convert.math" }
        #expect(found.map { "\($0["line"] ?? ""):\($0["column"] ?? "")" } == ["2:18", "3:2"], "\(outcome.stderr)")
        #expect(outcome.stdout.contains("$x^2 + 1$."))
    }

    @Test func convertWarnsAboutWhatJSONCannotHold() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-convert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("Text[^1].\n\n[^1]: A footnote.\n".utf8).write(to: URL(fileURLWithPath: folder + "/f.md"))
        let outcome = run(["convert", folder + "/f.md", "--to", "json"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("warning:"))
        #expect(outcome.stderr.lowercased().contains("footnote"))
    }
}
