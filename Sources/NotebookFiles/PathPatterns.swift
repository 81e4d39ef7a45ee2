import Glibc

/// Paths a walk leaves out, as `.gitignore` names them: `private` is any file or folder of that
/// name at any depth; a pattern with a `/` before its end is a path from the walk's top
/// (`journal/2019`, `/drafts`); a `/` at its end names folders only (`attachments/`). Within a
/// name `*`, `?` and `[…]` match as the shell's do (`*.tmp`), and `**` alone between slashes is
/// any number of folders (`**/scratch`, `archive/**/old`). A folder left out is not read at all.
public struct PathPatterns: Hashable, Sendable {
    private struct Pattern: Hashable, Sendable {
        /// The names it matches, from the walk's top when anchored, else the last name alone.
        var names: [String]
        var anchored: Bool
        var foldersOnly: Bool
    }

    private var patterns: [Pattern] = []

    /// Leaves nothing out.
    public init() {}

    /// Why a pattern leaves nothing out, or names what a pattern cannot (`..`); nil for a good one.
    public static func problem(with text: String) -> String? {
        var names = text.split(separator: "/", omittingEmptySubsequences: false)
        if names.first == "" { names.removeFirst() }
        if names.last == "" { names.removeLast() }
        if names.isEmpty { return "names no file or folder" }
        if names.contains(where: { $0.isEmpty }) { return "has an empty name between two slashes" }
        if names.contains(where: { $0 == "." || $0 == ".." }) { return "'.' and '..' name no file of the notes" }
        if names.allSatisfy({ $0 == "**" }) { return "would leave out every note" }
        return nil
    }

    /// The patterns `texts`; one with a ``problem(with:)`` is left out.
    public init(_ texts: [String]) {
        for text in texts where Self.problem(with: text) == nil {
            var names = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let leading = names.first == ""
            if leading { names.removeFirst() }
            let foldersOnly = names.last == ""
            if foldersOnly { names.removeLast() }
            patterns.append(Pattern(names: names, anchored: leading || names.count > 1, foldersOnly: foldersOnly))
        }
    }

    /// Whether nothing is left out.
    public var isEmpty: Bool { patterns.isEmpty }

    /// Whether the file or folder at `relative` (from the walk's top, `/`-separated) is left out.
    /// A walk asks this of each folder before it enters it: what is under a folder left out is
    /// never asked about.
    public func matches(_ relative: String, isFolder: Bool) -> Bool {
        guard !patterns.isEmpty else { return false }
        let names = relative.split(separator: "/").map(String.init)
        guard let last = names.last else { return false }
        return patterns.contains { pattern in
            if pattern.foldersOnly && !isFolder { return false }
            if !pattern.anchored { return Self.matches(pattern.names[0], last) }
            return Self.matches(pattern.names[...], names[...])
        }
    }

    /// Whether the names `pattern` match all of `names`, `**` matching any number of them: each
    /// pair of places is worked out once (a pattern of many `**` takes no longer than its length
    /// times the path's).
    private static func matches(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
        let pattern = Array(pattern), names = Array(names)
        // `rest[j]`: whether the pattern from the place being worked out matches `names[j...]`.
        var rest = [Bool](repeating: false, count: names.count + 1)
        rest[names.count] = true
        for (index, part) in pattern.enumerated().reversed() {
            var here = [Bool](repeating: false, count: names.count + 1)
            for j in stride(from: names.count, through: 0, by: -1) {
                if part == "**" {
                    // At the end, what is inside (`a/**` is everything in `a`, not `a` itself).
                    let none = index < pattern.count - 1 && rest[j]
                    here[j] = none || (j < names.count && (here[j + 1] || rest[j + 1]))
                } else {
                    here[j] = j < names.count && rest[j + 1] && matches(part, names[j])
                }
            }
            rest = here
        }
        return rest[0]
    }

    /// Whether one name matches one pattern of `*`, `?` and `[…]` (the C library's `fnmatch`).
    private static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
