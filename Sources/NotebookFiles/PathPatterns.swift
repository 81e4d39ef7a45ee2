import CFileSystem
import Foundation
import Glibc
import Synchronization

/// Paths a walk leaves out, as `.gitignore` names them: `private` is any file or folder of that
/// name at any depth; a pattern with a `/` before its end is a path from the walk's top
/// (`journal/2019`, `/drafts`); a `/` at its end names folders only (`attachments/`). Within a
/// name `*`, `?` and `[…]` match as the shell's do (`*.tmp`), and `**` alone between slashes is
/// any number of folders (`**/scratch`, `archive/**/old`). Letters match whatever their case
/// (as links find notes) and however Unicode writes them (`é` as one character or two), `?` a
/// character, not a byte. A folder left out is not read at all.
public struct PathPatterns: Sendable {
    private struct Pattern: Sendable {
        /// The names it matches, from the walk's top when anchored, else the last name alone.
        var names: [String]
        var anchored: Bool
        var foldersOnly: Bool
        /// Its place among the patterns given, good ones and bad.
        var index: Int
    }

    private var patterns: [Pattern] = []
    /// The folder the walk's paths are in, from the top the patterns name (`assets`), if any.
    private var folder = ""
    /// Which patterns matched something, by their place among those given: shared by copies.
    private let matched = Matched()

    /// Leaves nothing out.
    public init() {}

    /// Why a pattern cannot be used, or nil for one that can.
    public static func problem(with text: String) -> String? {
        let trimmed = Self.trimmed(text)
        if trimmed.hasPrefix("!") { return "starts with '!': patterns only leave paths out, and none is let back in" }
        var names = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        if names.first == "" { names.removeFirst() }
        if names.last == "" { names.removeLast() }
        if names.isEmpty { return "names no file or folder" }
        if names.contains(where: { $0.isEmpty }) { return "has an empty name between two slashes" }
        if names.contains(where: { $0 == "." || $0 == ".." }) { return "'.' and '..' name no file of the notes" }
        // Every name at the top (`*`, `/*`, `**/*`), or everything (`**`).
        // (`*/`, folders only, leaves the notes at the top.)
        let foldersOnly = trimmed.hasSuffix("/")
        if names.allSatisfy({ $0 == "**" }) || (!foldersOnly && names.last == "*" && names.dropLast().allSatisfy({ $0 == "**" })) {
            return "would leave out every note"
        }
        return nil
    }

    /// The patterns `texts`; one with a ``problem(with:)`` is left out.
    public init(_ texts: [String]) {
        for (index, text) in texts.enumerated() where Self.problem(with: text) == nil {
            var names = Self.trimmed(text).precomposedStringWithCanonicalMapping.split(separator: "/", omittingEmptySubsequences: false)
                .map(String.init)
            let leading = names.first == ""
            if leading { names.removeFirst() }
            let foldersOnly = names.last == ""
            if foldersOnly { names.removeLast() }
            patterns.append(Pattern(names: names, anchored: leading || names.count > 1, foldersOnly: foldersOnly, index: index))
        }
    }

    /// Blanks around a pattern are no part of it (a quoted `'a.md '`).
    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    /// Whether nothing is left out.
    public var isEmpty: Bool { patterns.isEmpty }

    /// The same patterns for a walk of the folder `folder` (`assets`): its paths are inside it.
    public func within(_ folder: String) -> PathPatterns {
        var within = self
        within.folder = folder.isEmpty ? "" : folder + "/"
        return within
    }

    /// The places, among the patterns given, of those that matched nothing so far.
    public var unmatched: [Int] {
        let found = matched.indices.withLock { $0 }
        return patterns.map(\.index).filter { !found.contains($0) }
    }

    /// Whether the file or folder at `relative` (from the walk's top, `/`-separated) is left out.
    /// A walk asks this of each folder before it enters it: what is under a folder left out is
    /// never asked about.
    public func matches(_ relative: String, isFolder: Bool) -> Bool {
        guard !patterns.isEmpty else { return false }
        let names = Self.names(of: folder + relative)
        guard let last = names.last else { return false }
        for pattern in patterns {
            if pattern.foldersOnly && !isFolder { continue }
            if pattern.anchored ? Self.matches(pattern.names, names) : Self.matches(pattern.names[0], last) {
                matched.indices.withLock { _ = $0.insert(pattern.index) }
                return true
            }
        }
        return false
    }

    /// Whether `relative` or a folder it is in is left out: for a path reached another way than
    /// by a walk down to it (a symbolic link's target).
    public func leavesOut(_ relative: String, isFolder: Bool) -> Bool {
        guard !patterns.isEmpty else { return false }
        var prefix = ""
        let names = relative.split(separator: "/")
        for (index, name) in names.enumerated() {
            prefix += (index == 0 ? "" : "/") + name
            if matches(prefix, isFolder: index < names.count - 1 || isFolder) { return true }
        }
        return false
    }

    /// A path's names, each as Unicode writes it composed (`é` one character, as the patterns are).
    private static func names(of path: String) -> [String] {
        let names = path.split(separator: "/").map(String.init)
        guard path.utf8.contains(where: { $0 >= 0x80 }) else { return names }
        return names.map(\.precomposedStringWithCanonicalMapping)
    }

    /// Whether the names `pattern` match all of `names`, `**` matching any number of them: each
    /// pair of places is worked out once (a pattern of many `**` takes no longer than its length
    /// times the path's).
    private static func matches(_ pattern: [String], _ names: [String]) -> Bool {
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

    /// Whether one name matches one pattern of `*`, `?` and `[…]`: the C library's `fnmatch`,
    /// in UTF-8 (a character, not a byte, for `?`) and without regard to case.
    private static func matches(_ pattern: String, _ name: String) -> Bool {
        UTF8Locale.with { fnmatch(pattern, name, notebook_fnm_casefold) == 0 } ?? (fnmatch(pattern, name, notebook_fnm_casefold) == 0)
    }

    /// The places of the patterns that matched, shared by every copy of a set of patterns.
    private final class Matched: Sendable {
        let indices = Mutex<Set<Int>>([])
    }
}
