/// A subcommand of `notebook`: its name, a one-line abstract, its help, and what it does.
protocol Command: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    /// Help beyond the usage line: options and what the command does.
    static var discussion: String { get }
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
