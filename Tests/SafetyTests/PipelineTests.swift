import Foundation
import Testing

/// `check` and `build` run one pipeline: the same findings, each naming its step, and `check`
/// makes no file anywhere.
@Suite struct PipelineTests {
    /// A site with a finding in every step before rendering: configuration, finding notes,
    /// reading them, links, and the theme.
    static func siteWithAFindingInEveryStep() throws -> Scratch {
        let scratch = try Scratch([
            "site/notebook.yml": "title: T\npageSize: lots\n",
            "site/notes/a.md": "^[x](underline: 'double')\n\n[[Nowhere]]\n",
            "site/notes/b.md": "^[y](bold: 'very')\n",
            "site/templates/footer.mustache": "<footer>{{#x}}</footer>\n",
        ])
        try scratch.link("site/notes/out.md", to: "/etc/hostname")
        return scratch
    }

    /// The findings of a `--format json` run, as (step, severity, path, code, line) strings.
    static func findings(_ outcome: NotebookProcess.Outcome) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        return diagnostics.map { entry in
            ["step", "severity", "path", "code", "line", "column", "message"].map { "\(entry[$0] ?? "-")" }.joined(separator: " | ")
        }
    }

    /// The findings of `check` in `site`, expecting both commands to fail with the same ones.
    static func findingsOfCheckAndBuild(_ site: String) throws -> [String] {
        let checked = try NotebookProcess.run(["check", "--format", "json"], in: site)
        let built = try NotebookProcess.run(["build", "--format", "json"], in: site)
        #expect(checked.status == 1 && built.status == 1)
        let findings = try findings(checked)
        #expect(findings == (try Self.findings(built)))
        return findings
    }

    @Test func checkReportsExactlyWhatBuildReports() throws {
        let scratch = try Self.siteWithAFindingInEveryStep()
        let site = scratch.path + "/site"
        let findings = try Self.findingsOfCheckAndBuild(site)
        let steps = findings.map { $0.components(separatedBy: " | ")[0] }
        #expect(steps == ["load-configuration", "load-configuration", "find-notes", "read-notes", "read-notes", "resolve-links", "load-theme"], "\(findings)")
        // The text form keeps the compiler's shape, and the summary comes after the findings.
        let text = try NotebookProcess.run(["check"], in: site)
        #expect(text.stderr.contains("templates/footer.mustache:1:9: error: unclosed section 'x'"))
        #expect(text.stdout.hasPrefix("checked 2 notes"))
    }

    @Test func aRealVaultChecksAsItBuildsFromInsideIt() throws {
        let vault = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora/quartz-docs")
        let scratch = try Scratch()
        try FileManager.default.copyItem(atPath: vault.path, toPath: scratch.path + "/vault")
        // `cd VAULT && notebook check`, then the same for build: one list of findings.
        let checked = try NotebookProcess.run(["check", "--format", "json"], in: scratch.path + "/vault")
        let built = try NotebookProcess.run(["build", "--format", "json"], in: scratch.path + "/vault")
        #expect(checked.status == built.status, "\(checked.all)\n\(built.all)")
        #expect(try Self.findings(checked) == (try Self.findings(built)))
        #expect(!(try Self.findings(checked)).isEmpty)
    }

    @Test func aMissingThemeIsFoundByCheckWithTheRest() throws {
        let scratch = try Scratch([
            "site/notebook.yml": "title: T\nbaseURL: https://example.org/\ntheme: nosuch\n",
            "site/notes/a.md": "^[x](bold: 'very') and [[Nowhere]]\n",
        ])
        let findings = try Self.findingsOfCheckAndBuild(scratch.path + "/site")
        let steps = findings.map { $0.components(separatedBy: " | ")[0] }
        #expect(steps == ["read-notes", "resolve-links", "load-theme"], "\(findings)")
        #expect(findings.last?.contains("theme.missing") == true)
    }

    @Test func aTemplateThatFailsWhileRenderingIsFoundByCheck() throws {
        let scratch = try Scratch([
            "site/notebook.yml": "title: T\n",
            "site/notes/a.md": "A note.\n",
            "site/templates/footer.mustache": "<footer>{{>footer}}</footer>\n",
        ])
        let site = scratch.path + "/site"
        let findings = try Self.findingsOfCheckAndBuild(site)
        #expect(findings.contains { $0.hasPrefix("render-templates | error | templates/footer.mustache | template.render") }, "\(findings)")
        #expect(!scratch.exists("site/public"))
    }

    @Test func checkCreatesNoFileAnywhere() throws {
        let scratch = try Scratch([
            "site/notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "site/notes/a.md": "A note with a [[b]] link.\n",
            "site/notes/b.md": "B.\n",
            "site/notes/pic.txt": "beside\n",
            "tmp/.keep": "",
        ])
        let before = digest(scratch.path)
        for arguments in [["check"], ["check", "site"], ["check", "--format", "json"], ["check", "--strict", "--drafts"]] {
            let folder = arguments.count > 1 && arguments[1] == "site" ? scratch.path : scratch.path + "/site"
            let outcome = try NotebookProcess.run(arguments, in: folder, environment: ["TMPDIR": scratch.path + "/tmp"])
            #expect(outcome.status == 0, "\(arguments): \(outcome.all)")
            #expect(digest(scratch.path) == before, "\(arguments)")
        }
    }

    @Test func timingsAndTheJSONFormNameTheSteps() throws {
        let scratch = try Scratch(["site/notebook.yml": "title: T\n", "site/notes/a.md": "A.\n"])
        let built = try NotebookProcess.run(["build", "--timings"], in: scratch.path + "/site")
        #expect(built.status == 0, "\(built.all)")
        let lines = built.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "s  ", maxSplits: 1).last.map(String.init) ?? "" }
        #expect(lines == [
            "load the configuration", "find notes", "read and check notes", "resolve links", "load the theme", "render notes",
            "plan pages", "render templates, write", "put in place",
        ], "\(built.stdout)")
    }
}
