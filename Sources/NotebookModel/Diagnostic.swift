/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, Codable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A finding about an input file: what is wrong, where, and how serious it is.
///
/// Diagnostics are plain values; only the command-line interface prints them.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    /// The file the finding is about, as the user named it.
    public var path: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    public var message: String
    /// A short stable identifier of the kind of finding, such as `annotation.unknown-key`.
    public var code: String
    /// The step of a site's pipeline that made the finding, such as `read-notes`; nil outside one.
    public var step: String?

    public init(
        _ severity: Severity, _ message: String, path: String, at location: SourceLocation? = nil,
        code: String, step: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.path = path
        self.location = location
        self.code = code
        self.step = step
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of these is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// These findings as `--strict` reports them when `strict` is true: every warning an error.
    /// Notes stay notes. The one place the rule is said: each command applies it where its
    /// findings are gathered.
    public func strict(_ strict: Bool) -> [Diagnostic] {
        guard strict, contains(where: { $0.severity == .warning }) else { return self }
        return map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.severity == .warning { diagnostic.severity = .error }
            return diagnostic
        }
    }
}

extension Array where Element == Diagnostic {
    /// One file's findings with warnings of one kind (`code`) past the first `limit` folded into
    /// a single warning that counts them, as compilers cap repeated findings; errors are all kept.
    public func foldingRepeatedWarnings(limit: Int = 100) -> [Diagnostic] {
        var seen: [String: Int] = [:]
        var kept: [Diagnostic] = []
        var folded: [(code: String, path: String, count: Int)] = []
        for diagnostic in self {
            guard diagnostic.severity == .warning else {
                kept.append(diagnostic)
                continue
            }
            let count = seen[diagnostic.code, default: 0] + 1
            seen[diagnostic.code] = count
            if count <= limit {
                kept.append(diagnostic)
            } else if count == limit + 1 {
                folded.append((diagnostic.code, diagnostic.path, 1))
            } else if let index = folded.firstIndex(where: { $0.code == diagnostic.code }) {
                folded[index].count += 1
            }
        }
        return kept + folded.map { fold in
            Diagnostic(
                .warning, "\(fold.count) more warning\(fold.count == 1 ? "" : "s") like the \(limit) above (\(fold.code)) are not shown",
                path: fold.path, code: fold.code)
        }
    }
}
