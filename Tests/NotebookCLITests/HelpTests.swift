import Foundation
import Testing

@testable import NotebookCLI

/// Help is made from each command's option declarations, and the README shows every option.
@Suite struct HelpTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    @Test func everyOptionACommandAcceptsIsInItsHelpAndInTheREADMEsUsage() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "## Use\n\n```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        for command in NotebookCommandLine.commands {
            var terminal = Terminal()
            #expect(NotebookCommandLine.run(["help", command.name], terminal: &terminal) == 0)
            let lines = block.split(separator: "\n").filter { $0.hasPrefix("notebook \(command.name) ") }
            #expect(!lines.isEmpty, "the README shows no `notebook \(command.name)` line")
            for option in command.options {
                for name in option.names {
                    #expect(terminal.stdout.contains(name), "`notebook help \(command.name)` does not name \(name)")
                    // Every option is accepted: it parses, with a value when it takes one.
                    let arguments = option.value == nil ? [name] : [name, "x"]
                    #expect((try? command.parse(arguments)) != nil, "\(command.name) \(name)")
                }
                #expect(lines.contains { line in option.names.contains { line.contains($0 + " ") || line.contains($0 + "]") } },
                    "the README's usage of \(command.name) lacks \(option.names[0])")
            }
            #expect(terminal.stdout.contains("usage: " + command.usage))
        }
    }

    @Test func anOptionNotDeclaredIsAUsageError() {
        #expect(throws: UsageError.self) { try BuildCommand.parse(["--timing"]) }
    }
}
