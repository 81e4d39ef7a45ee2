/// Why a script gave no result.
public enum ScriptError: Error, Equatable, Sendable {
    /// The engine or a script cannot be had: the library or the file is missing or broken.
    case unavailable(String)
    /// The script threw; the message is what it threw, as text.
    case threw(String)
    /// The script ran longer than its context's time limit, in seconds, and was stopped.
    case timedOut(Double)
    /// What the script gave is not what it may give (see its caller's check).
    case rejected(String)
    /// The script refused its input, saying why, and where in it (an offset in UTF-16 code units)
    /// when it says so.
    case refused(String, at: Int?)
    /// The script was not run: its input is longer than this many bytes, the most it is given.
    case tooLong(Int)
    /// The script was not run: it was stopped on this many inputs already, the most a run allows.
    case tooOftenStopped(Int)
    /// The script was not run: it was stopped on this many inputs of the same source already.
    case tooOftenStoppedHere(Int)

    /// What happened, as a diagnostic says it after the script's name.
    public var message: String {
        switch self {
        case .unavailable(let reason): reason
        case .threw(let message): "threw \(message)"
        case .timedOut(let limit): "ran longer than \(limit) s and was stopped"
        case .rejected(let what): "gave \(what)"
        case .refused(let message, _): "refused it: \(message)"
        case .tooLong(let limit): "was not run on it: it is longer than \(limit / 1024) KB"
        case .tooOftenStopped(let count): "was not run on it: it was stopped on \(count) blocks already"
        case .tooOftenStoppedHere(let count): "was not run on it: it was stopped on \(count) blocks of this note already"
        }
    }
}
