import Foundation

/// What a command reads and writes: arguments' surroundings, standard streams, the environment.
///
/// Commands write into `stdout` and `stderr`; the executable prints them, tests read them.
public struct Terminal: Sendable {
    public var stdout = ""
    public var stderr = ""
    /// Standard input, read when a command asks for `-`.
    public var readStandardInput: @Sendable () -> Data
    /// Whether standard error is a terminal (colour and progress go only there).
    public var stderrIsTerminal: Bool
    public var environment: [String: String]

    public init(
        readStandardInput: @escaping @Sendable () -> Data = { Data() }, stderrIsTerminal: Bool = false,
        environment: [String: String] = [:]
    ) {
        self.readStandardInput = readStandardInput
        self.stderrIsTerminal = stderrIsTerminal
        self.environment = environment
    }

    /// The process's own terminal.
    public static func process() -> Terminal {
        Terminal(
            readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() },
            stderrIsTerminal: isatty(STDERR_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// Whether diagnostics may be coloured: on a terminal, and `NO_COLOR` unset or empty.
    public var usesColor: Bool {
        stderrIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}
