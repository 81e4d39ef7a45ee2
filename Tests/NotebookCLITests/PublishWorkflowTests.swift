import NotebookSource
import Foundation
import NotebookFormats
import Testing

@testable import NotebookCLI

/// The workflow `new site` writes is valid YAML, and each `notebook` command in it runs.
@Suite struct PublishWorkflowTests {
    /// The words of a shell command line: quotes removed, `${{ … }}` expressions given a sample value.
    static func words(_ line: String) -> [String] {
        var text = line
        while let start = text.range(of: "${{"), let end = text.range(of: "}}", range: start.upperBound..<text.endIndex) {
            text.replaceSubrange(start.lowerBound..<end.upperBound, with: "https://example.github.io/notes")
        }
        var words: [String] = []
        var current = ""
        var quote: Character? = nil
        var started = false
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
                started = true
            } else if c == " " {
                if started || !current.isEmpty { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(c)
            }
        }
        if started || !current.isEmpty { words.append(current) }
        return words
    }

    @Test func isValidYAMLAndItsNotebookCommandsRun() throws {
        let root = try #require(try YAMLReader.parse(PublishWorkflow.text).get())
        let jobs = try #require(root["jobs"]?.mapping)
        #expect(jobs.map(\.key.string) == ["build", "deploy"])
        let steps = try #require(root["jobs"]?["build"]?["steps"]?.sequence)
        let runs = steps.compactMap { $0["run"]?.string }
        let commands = runs.flatMap { $0.split(separator: "\n").map(String.init) }
            .filter { $0.contains("/bin/notebook\" ") || $0.hasPrefix("notebook ") }
        #expect(commands.count == 1)

        let site = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-workflow-\(UUID().uuidString)").path
        var terminal = Terminal()
        #expect(NotebookCommandLine.run(["new", "site", site], terminal: &terminal) == 0)
        defer { try? FileManager.default.removeItem(atPath: site) }
        let written = try String(contentsOfFile: site + "/" + PublishWorkflow.path, encoding: .utf8)
        #expect(written == PublishWorkflow.text)

        for command in commands {
            var arguments = Array(Self.words(command).dropFirst())
            arguments = arguments.map { $0 == "." ? site : $0 }
            var run = Terminal()
            let status = NotebookCommandLine.run(arguments, terminal: &run)
            #expect(status == 0, "\(arguments): \(run.stderr)")
            #expect(!run.stdout.contains("::error"))
        }
        let index = try String(contentsOfFile: site + "/public/index.html", encoding: .utf8)
        #expect(index.contains("href=\"/notes/welcome/\""))
    }

    @Test func theCacheFollowsTheCommitAndTheSwiftVersionAndAptInstallsEverythingTheBuildNeeds() throws {
        let root = try #require(try YAMLReader.parse(PublishWorkflow.text).get())
        let steps = try #require(root["jobs"]?["build"]?["steps"]?.sequence)
        let cache = try #require(steps.first { $0["id"]?.string == "cache" })
        let key = try #require(cache["with"]?["key"]?.string)
        #expect(key.contains("steps.versions.outputs.commit") && key.contains("steps.versions.outputs.swift"), "\(key)")
        #expect(!key.contains("NOTEBOOK_REF"))
        let versions = try #require(steps.first { $0["id"]?.string == "versions" }?["run"]?.string)
        #expect(versions.contains("git ls-remote") && versions.contains("swift --version"))
        let install = try #require(steps.first { $0["if"] != nil }?["run"]?.string)
        #expect(install.contains("NOTEBOOK_COMMIT"))
        // Every package scripts/dependencies.sh installs for the build is in the apt step.
        let dependencies = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("scripts/dependencies.sh"), encoding: .utf8)
        let build = dependencies.components(separatedBy: "notebook_missing_packages() {").dropFirst().first?
            .components(separatedBy: "\n}").first ?? ""
        let needed = build.components(separatedBy: "missing+=(").dropFirst().compactMap { $0.split(separator: ")").first }
            .map(String.init).filter { $0 != "python3" }
        #expect(needed.contains("libmicrohttpd-dev"))
        let apt = steps.compactMap { $0["run"]?.string }.filter { $0.contains("apt-get install") }.joined()
        for package in needed { #expect(apt.contains(package), "\(package)") }
    }
}
