/// A subcommand of `notebook`: its name, a one-line abstract, its help, and what it does.
protocol Command: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    /// What follows the name on the usage line before the options: `[SITE]`, `FILE`.
    static var operands: String { get }
    /// Every option it accepts; the usage line and the help's options are made from them.
    static var options: [CommandOption] { get }
    /// Help beyond the usage line: what the command does, before the options.
    static var discussion: String { get }
    /// The help's last part: what each exit status means.
    static var exitStatus: String { get }
    /// Runs with the arguments after the command's name; returns the exit status.
    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32
}

/// A command line that does not say what the command expects; exit status 2.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}

/// Exit statuses.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// Errors in the input.
    public static let inputErrors: Int32 = 1
    /// A command line that is not understood.
    public static let usage: Int32 = 2
}
