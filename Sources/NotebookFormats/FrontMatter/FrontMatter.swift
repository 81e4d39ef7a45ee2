import Bytes
import NotebookSource
import NotebookModel

/// A note file cut into its YAML front matter and its Markdown body.
public struct FrontMatterSplit: Sendable {
    /// The text between the fences, without them; nil when the file has no closed front matter.
    public var yaml: Substring?
    /// The 1-based line of the first YAML line in the file (2 when there is front matter, else 1).
    public var yamlStartLine: Int
    /// What follows the closing fence's line, or the whole file (less a UTF-8 BOM) without front matter.
    public var body: Substring
    /// The 1-based line of the file where `body` starts.
    public var bodyStartLine: Int
    /// Whether the file opens with a `---` line that no `---` or `...` line closes.
    public var isUnclosed: Bool

    public init(
        yaml: Substring?, yamlStartLine: Int, body: Substring, bodyStartLine: Int, isUnclosed: Bool = false
    ) {
        self.yaml = yaml
        self.yamlStartLine = yamlStartLine
        self.body = body
        self.bodyStartLine = bodyStartLine
        self.isUnclosed = isUnclosed
    }
}

/// Finds and reads the YAML front matter at the top of a Markdown note.
public enum FrontMatter {
    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Splits `source` into front matter and body.
    ///
    /// There is front matter only when the first line (after an optional UTF-8 BOM) is `---`, trailing
    /// blanks allowed; a later `---` or `...` line closes it. Lines end at LF, CRLF or a lone CR.
    public static func split(_ source: String) -> FrontMatterSplit {
        var text = source
        // Found on the bytes in place, then made indices of `source` (each offset is at a line break
        // or after the BOM, so on a character's edge).
        let found = text.withUTF8 { fences(in: $0) }
        let utf8 = source.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        switch found {
        case .none(let start):
            return FrontMatterSplit(yaml: nil, yamlStartLine: 1, body: source[index(start)...], bodyStartLine: 1)
        case .unclosed(let start):
            return FrontMatterSplit(yaml: nil, yamlStartLine: 1, body: source[index(start)...], bodyStartLine: 1, isUnclosed: true)
        case .closed(let yamlStart, let yamlEnd, let bodyStart, let bodyStartLine):
            return FrontMatterSplit(
                yaml: source[index(yamlStart)..<index(yamlEnd)], yamlStartLine: 2, body: source[index(bodyStart)...],
                bodyStartLine: bodyStartLine)
        }
    }

    /// Where a file's front matter is, in byte offsets.
    private enum Fences {
        /// No front matter: the body starts at `start` (past a BOM).
        case none(start: Int)
        /// A `---` line that nothing closes; the body starts at `start`.
        case unclosed(start: Int)
        /// The YAML between the fences, and the body after the closing one, which is on line `bodyStartLine`.
        case closed(yamlStart: Int, yamlEnd: Int, bodyStart: Int, bodyStartLine: Int)
    }

    private static func fences(in bytes: UnsafeBufferPointer<UInt8>) -> Fences {
        let start = bytes.starts(with: bom) ? 3 : 0
        let opening = line(of: bytes, from: start)
        guard isFence(bytes, start, opening.end, 0x2D) else { return .none(start: start) }
        guard let yamlStart = opening.next else { return .unclosed(start: start) }
        var cursor: Int? = yamlStart
        var lineNumber = 2
        while let lineStart = cursor, lineStart < bytes.count {
            let current = line(of: bytes, from: lineStart)
            if isFence(bytes, lineStart, current.end, 0x2D) || isFence(bytes, lineStart, current.end, 0x2E) {
                return .closed(yamlStart: yamlStart, yamlEnd: lineStart, bodyStart: current.next ?? bytes.count, bodyStartLine: lineNumber + 1)
            }
            cursor = current.next
            lineNumber += 1
        }
        return .unclosed(start: start)
    }

    /// The keys of a note's front matter that the metadata does not carry, each with why and where
    /// it is written: keys notebook does not read, and other names whose key is given too
    /// (`tag` beside `tags`). For `convert`, whose output holds the metadata alone.
    public static func keysNotCarried(in source: String) -> [(key: String, reason: String, location: SourceLocation)] {
        let parts = split(source)
        guard let yaml = parts.yaml, case .success(let root?) = YAMLReader.read(String(yaml)).result, let pairs = root.mapping else { return [] }
        let written = Set(pairs.compactMap(\.key.string))
        return pairs.compactMap { pair in
            guard let key = pair.key.string else { return nil }
            let location = SourceLocation(line: pair.key.location.line + parts.yamlStartLine - 1, column: pair.key.location.column)
            if FrontMatterReader.keys.contains(key) { return nil }
            if let proper = FrontMatterReader.otherNames[key] {
                return written.contains(proper) ? (key, "'\(proper)' is given, and stands for it", location) : nil
            }
            return (key, "notebook does not read it", location)
        }
    }

    /// Reads a note's front matter into metadata, with diagnostics located in the whole file.
    ///
    /// Unknown keys are ignored; a key whose value has the wrong type is reported and left out.
    public static func read(
        _ source: String, path: String
    ) -> (metadata: NoteMetadata, body: Substring, bodyStartLine: Int, diagnostics: [Diagnostic], aliasLocations: [SourceLocation]) {
        let parts = split(source)
        var reader = FrontMatterReader(path: path, lineOffset: parts.yamlStartLine - 1)
        if parts.isUnclosed {
            let column = source.utf8.starts(with: bom) ? 4 : 1
            reader.report(
                .warning, "front matter is not closed: no '---' or '...' line ends it, so the whole file is the body",
                at: SourceLocation(line: 1, column: column), code: "frontmatter.unclosed")
        }
        if let yaml = parts.yaml { reader.read(String(yaml)) }
        return (reader.metadata, parts.body, parts.bodyStartLine, reader.diagnostics, reader.aliasLocations)
    }

    /// The end of the line starting at `start` (before its break) and where the next line starts, if any.
    private static func line(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, next: Int?) {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { return (index, index + 1) }
            if byte == 0x0D {
                let isCRLF = index + 1 < bytes.count && bytes[index + 1] == 0x0A
                return (index, isCRLF ? index + 2 : index + 1)
            }
            index += 1
        }
        return (index, nil)
    }

    /// Whether the line `bytes[start..<end]` is three `marker` bytes followed only by spaces or tabs.
    private static func isFence(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ marker: UInt8) -> Bool {
        let line = bytes[start..<end]
        return line.count >= 3 && line.prefix(3).allSatisfy { $0 == marker }
            && line.dropFirst(3).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Fills `NoteMetadata` from a front matter YAML text, collecting diagnostics.
private struct FrontMatterReader {
    let path: String
    let lineOffset: Int
    var metadata = NoteMetadata()
    /// Where each of `metadata.aliases` is written, in the whole file.
    var aliasLocations: [SourceLocation] = []
    var diagnostics: [Diagnostic] = []

    mutating func report(_ severity: Severity, _ message: String, at location: SourceLocation, code: String) {
        diagnostics.append(Diagnostic(severity, message, path: path, at: location, code: code))
    }

    /// Reports a problem with a node, moving its location from YAML coordinates into the file's.
    mutating func report(_ message: String, at node: YAMLNode, code: String = "frontmatter.type") {
        let location = SourceLocation(line: node.location.line + lineOffset, column: node.location.column)
        report(.error, message, at: location, code: code)
    }

    mutating func read(_ yaml: String) {
        let root: YAMLNode
        let outcome = YAMLReader.read(yaml)
        for place in outcome.flattened {
            let location = SourceLocation(line: place.line + lineOffset, column: place.column)
            report(.warning, YAMLReader.flattenedMessage, at: location, code: "frontmatter.nesting")
        }
        switch outcome.result {
        case .failure(let error):
            let shifted = error.shifted(byLines: lineOffset)
            let message = "front matter is not valid YAML: \(shifted)"
            report(.error, message, at: shifted.location, code: "frontmatter.syntax")
            return
        case .success(let node?) where !node.isNull:
            root = node
        case .success:
            return
        }
        guard let pairs = root.mapping else {
            return report("front matter should be a mapping of keys to values, not \(root.kindDescription)", at: root)
        }
        // The other names Obsidian and Quartz read (`tag`, `alias`, `description`, `created`): each
        // taken when its key proper is not given, read as that key is.
        var others: [(key: String, written: String, value: YAMLNode)] = []
        var given: Set<String> = []
        for pair in pairs {
            guard let key = pair.key.string, !pair.value.isNull else { continue }
            if let proper = Self.otherNames[key] {
                others.append((proper, key, pair.value))
            } else {
                given.insert(key)
                read(key, pair.value)
            }
        }
        for (key, written, value) in others where !given.contains(key) {
            given.insert(key)
            // Read only since other tools write them (Obsidian's Linter writes `created` in words):
            // a value notebook cannot read is a warning, and the note has none.
            let before = diagnostics.count
            read(key, value, written: written)
            for index in diagnostics.indices.dropFirst(before) { diagnostics[index].severity = .warning }
        }
    }

    /// The keys notebook reads.
    static let keys: Set<String> = ["title", "summary", "slug", "id", "date", "draft", "publish", "tags", "aliases"]

    /// Obsidian's and Quartz's other names of keys, and the key each stands for.
    static let otherNames = ["tag": "tags", "alias": "aliases", "description": "summary", "created": "date"]

    /// Reads the value of `key`, written as `written` (another name of it) when given.
    private mutating func read(_ key: String, _ value: YAMLNode, written: String? = nil) {
        let shown = written ?? key
        switch key {
        case "title": metadata.title = text(key, value)
        case "summary": metadata.summary = text(shown, value)
        case "slug":
            guard let slug = text(key, value) else { return }
            // A slug that slugs to nothing (`..`, `-`) makes no URL: said here, at it.
            if !slug.isEmpty, Slug.make(slug).isEmpty {
                return report("the slug '\(slug)' makes no URL: it has no letter or digit", at: value, code: "url.empty")
            }
            metadata.slug = slug
        case "id": metadata.id = text(key, value)
        case "date":
            guard let date = text(shown, value) else { return }
            guard ISODate.isValid(date) else {
                return report("date '\(date)' is not YYYY-MM-DD or ISO 8601", at: value, code: "frontmatter.date")
            }
            // RFC 3339 allows `t` and `z`: the feed and the sitemap write them as ISO 8601 does.
            metadata.date = date.uppercased()
        case "draft":
            guard let flag = value.bool else { return report(Self.notAFlag("draft", value), at: value) }
            metadata.isDraft = flag
        case "publish":
            guard let flag = value.bool else { return report(Self.notAFlag("publish", value), at: value) }
            metadata.publish = flag
        case "tags":
            if let tags = locatedList(shown, value, splittingCommas: true) {
                metadata.tags = tags.map(\.text)
                // A tag without a letter or digit (`#`, `..`, `-`) has no page: left out, and said.
                for tag in tags where TagName(tag.text) == nil {
                    report(.warning, "the tag '\(tag.text)' has no letter or digit to name its page; it is left out", at: tag.location, code: "tag.empty")
                }
            }
        case "aliases":
            // One string is split at commas, as tags are, and as Quartz and Obsidian read it.
            if let aliases = locatedList(shown, value, splittingCommas: true) {
                metadata.aliases = aliases.map(\.text)
                aliasLocations = aliases.map(\.location)
            }
        default:
            break
        }
    }

    /// What is wrong with `value` of a key that wants true or false: `'false'` quoted is text.
    private static func notAFlag(_ key: String, _ value: YAMLNode) -> String {
        if let text = value.string, ["true", "false", "yes", "no", "on", "off"].contains(text.lowercased()) {
            return "'\(key)' should be true or false, not the text '\(text)': write it without quotes"
        }
        return "'\(key)' should be true or false, not \(value.kindDescription)"
    }

    /// A scalar's text, or nil after reporting that the key wants a string.
    private mutating func text(_ key: String, _ value: YAMLNode) -> String? {
        if let text = value.string { return text }
        report("'\(key)' should be a string, not \(value.kindDescription)", at: value)
        return nil
    }

    /// A sequence of strings or one string (split at commas if asked); wrong items are reported and skipped.
    private mutating func list(_ key: String, _ value: YAMLNode, splittingCommas: Bool) -> [String]? {
        locatedList(key, value, splittingCommas: splittingCommas)?.map(\.text)
    }

    /// The same, with where each string is (the string's node, or the one string's).
    private mutating func locatedList(_ key: String, _ value: YAMLNode, splittingCommas: Bool) -> [(text: String, location: SourceLocation)]? {
        func located(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(line: node.location.line + lineOffset, column: node.location.column)
        }
        if let text = value.string {
            let parts = splittingCommas ? text.split(separator: ",").map(String.init) : [text]
            return parts.map(Self.trimmed).filter { !$0.isEmpty }.map { ($0, located(value)) }
        }
        guard let items = value.sequence else {
            let expected = splittingCommas ? "a list of strings or a comma-separated string" : "a list of strings"
            report("'\(key)' should be \(expected), not \(value.kindDescription)", at: value)
            return nil
        }
        var result: [(text: String, location: SourceLocation)] = []
        result.reserveCapacity(items.count)
        for item in items where !item.isNull {
            guard let text = item.string else {
                report("'\(key)' should list strings, not \(item.kindDescription)", at: item)
                continue
            }
            let tag = Self.trimmed(text)
            if !tag.isEmpty { result.append((tag, located(item))) }
        }
        return result
    }

    /// `text` without spaces and tabs at either end (characters: a space with a combining mark
    /// is not a space).
    private static func trimmed(_ text: String) -> String {
        // Nearly every tag is kept as it is, without a walk over its characters.
        if text.hasASCIIEndsOtherThanBlanks { return text }
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}

/// Checks dates as front matter writes them: `YYYY-MM-DD`, or an ISO 8601 date and time.
enum ISODate {
    /// Whether `text` is `YYYY-MM-DD` or `YYYY-MM-DDThh:mm[:ss[.fraction]][Z|±hh[:]mm|±hh]`
    /// (`t` or a space may stand for `T`, as RFC 3339 allows).
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func number(_ at: Int, _ width: Int) -> Int? {
            guard at + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[at..<at + width] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 10, let year = number(0, 4), bytes[4] == 0x2D, let month = number(5, 2),
            bytes[7] == 0x2D, let day = number(8, 2), (1...12).contains(month),
            (1...daysIn(month, of: year)).contains(day)
        else { return false }
        if bytes.count == 10 { return true }
        guard [0x54, 0x74, 0x20].contains(bytes[10]), let hour = number(11, 2), hour < 24,
            bytes.count > 13, bytes[13] == 0x3A, let minute = number(14, 2), minute < 60
        else { return false }
        var index = 16
        if index < bytes.count, bytes[index] == 0x3A {
            guard let second = number(index + 1, 2), second <= 60 else { return false }
            index += 3
            if index < bytes.count, bytes[index] == 0x2E || bytes[index] == 0x2C {
                index += 1
                let digits = bytes[index...].prefix { (0x30...0x39).contains($0) }.count
                guard digits > 0 else { return false }
                index += digits
            }
        }
        return isZone(bytes[index...], number: number)
    }

    private static func isZone(_ zone: ArraySlice<UInt8>, number: (Int, Int) -> Int?) -> Bool {
        guard let sign = zone.first else { return true }
        if sign == 0x5A || sign == 0x7A { return zone.count == 1 }
        let at = zone.startIndex
        guard sign == 0x2B || sign == 0x2D, let hours = number(at + 1, 2), hours < 24 else { return false }
        switch zone.count {
        case 3: return true
        case 5: return number(at + 3, 2).map { $0 < 60 } ?? false
        case 6: return zone[at + 3] == 0x3A && (number(at + 4, 2).map { $0 < 60 } ?? false)
        default: return false
        }
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
