import NotebookModel

/// The `notebook` command line: finds the subcommand and runs it.
public enum NotebookCommandLine {
    /// The version `notebook --version` prints.
    public static let version = NotebookVersion.current

    static let commands: [any Command.Type] = [
        BuildCommand.self, CheckCommand.self, ConvertCommand.self, NewCommand.self, RenderCommand.self, ServeCommand.self,
    ]

    /// Runs `notebook` with `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String], terminal: inout Terminal) -> Int32 {
        guard let first = arguments.first else {
            terminal.stderr += overview()
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h":
            terminal.stdout += overview()
            return ExitStatus.success
        case "--version":
            terminal.stdout += "notebook \(version)\n"
            return ExitStatus.success
        case "help":
            return help(Array(arguments.dropFirst()), terminal: &terminal)
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            terminal.stderr += "notebook: error: unknown command '\(first)'\n\n" + overview()
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            terminal.stdout += help(for: command)
            return ExitStatus.success
        }
        do {
            return try command.run(rest, terminal: &terminal)
        } catch {
            // The message may quote an argument: its control characters are shown, not sent.
            terminal.stderr += "notebook \(command.name): error: \(DiagnosticPrinter.visible(error.message))\nusage: \(command.usage)\n"
            return ExitStatus.usage
        }
    }

    private static func help(_ arguments: [String], terminal: inout Terminal) -> Int32 {
        guard let name = arguments.first else {
            terminal.stdout += overview()
            return ExitStatus.success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            terminal.stderr += "notebook: error: no help for unknown command '\(name)'\n"
            return ExitStatus.usage
        }
        terminal.stdout += help(for: command)
        return ExitStatus.success
    }

    private static func help(for command: any Command.Type) -> String {
        let parts = [command.discussion, command.optionsHelp, command.exitStatus]
            .map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
        return "\(command.abstract)\n\nusage: \(command.usage)\n\n" + parts.joined(separator: "\n\n") + "\n"
    }

    private static func overview() -> String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.abstract }
        return """
            notebook \(version): publishes rich-text notes as a website.

            usage: notebook COMMAND [OPTIONS]

            Commands:
            \(lines.joined(separator: "\n"))

            Options:
              --help      Show this help; `notebook help COMMAND` or `notebook COMMAND --help` for a command.
              --version   Show the version.

            """
    }
}
