import NotebookSource
import Foundation
import NotebookFiles
import NotebookFormats
import NotebookModel

/// How diagnostics are printed.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// A compiler's form: `path:line:column: error: message`, the source line and a caret.
    case text
    /// One JSON document for tools.
    case json
    /// GitHub Actions annotations: `::error file=…,line=…,col=…::message`.
    case github
}

/// Prints diagnostics in one of the `DiagnosticFormat`s.
public struct DiagnosticPrinter: Sendable {
    public var format: DiagnosticFormat
    public var color: Bool

    public init(format: DiagnosticFormat = .text, color: Bool = false) {
        self.format = format
        self.color = color
    }

    /// The printed form of `diagnostics`; `sources` maps a path to its text, for source lines.
    /// The JSON form carries `counts` (such as notes and words) beside the diagnostics.
    public func print(_ diagnostics: [Diagnostic], sources: [String: String] = [:], counts: [String: Int] = [:]) -> String {
        switch format {
        case .text:
            var excerpts: [String: SourceExcerpts] = [:]
            var out = ""
            for diagnostic in diagnostics {
                var excerpt: (line: String, padding: String)? = nil
                if let location = diagnostic.location, let source = sources[diagnostic.path] {
                    if excerpts[diagnostic.path] == nil { excerpts[diagnostic.path] = SourceExcerpts(source) }
                    excerpt = excerpts[diagnostic.path]?.excerpt(at: location)
                }
                out += text(diagnostic, excerpt: excerpt)
            }
            return out
        case .github: return diagnostics.map(github).joined()
        case .json: return json(diagnostics, counts: counts)
        }
    }

    private func text(_ d: Diagnostic, excerpt: (line: String, padding: String)?) -> String {
        let place = [Self.visible(d.path)] + (d.location.map { ["\($0.line)", "\($0.column)"] } ?? [])
        let label = d.severity.rawValue
        var line = paint(place.joined(separator: ":") + ":", "1") + " "
        line += paint(label + ":", d.severity == .error ? "1;31" : d.severity == .warning ? "1;35" : "1;36")
        line += " " + paint(Self.visible(d.message), "1") + "\n"
        if let excerpt {
            line += excerpt.line + "\n" + excerpt.padding + paint("^", "1;32") + "\n"
        }
        return line
    }

    /// `text` with every control character (C0 but the kept ones, DEL, C1) in a visible form,
    /// `\x1B` for ESC, so that nothing a note holds can drive the terminal or break a line.
    static func visible(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
        replacing(in: text, { (isControl($0) || isReordering($0)) && !kept.contains($0) }) { scalar in
            scalar.value < 0x100 ? "\\x" + hex(scalar) : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// Whether a terminal that follows Unicode's bidirectional rules would reorder or break the
    /// line at `scalar` (its direction marks, embeddings, overrides and isolates, and the line and
    /// paragraph separators): shown as `\u{202E}`, so that a line shows as it is written and the
    /// caret under it stays at its column.
    private static func isReordering(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` with the scalars `matching` replaced by what `replacement` makes of them.
    private static func replacing(
        in text: String, _ matching: (Unicode.Scalar) -> Bool, with replacement: (Unicode.Scalar) -> String
    ) -> String {
        guard text.unicodeScalars.contains(where: matching) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if matching(scalar) { out += replacement(scalar).unicodeScalars } else { out.append(scalar) }
        }
        return String(out)
    }

    /// Two uppercase hexadecimal digits of a scalar below U+0100.
    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func github(_ d: Diagnostic) -> String {
        let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
        // Line breaks are the annotation's own (`%0A`); other controls are shown as in text.
        var properties = ["file=\(Self.escapeProperty(Self.visible(d.path)))"]
        if let location = d.location {
            properties.append("line=\(location.line)")
            properties.append("col=\(location.column)")
        }
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(Self.visible(d.message, keeping: ["\n", "\r"])))\n"
    }

    private static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private struct Entry: Encodable {
        var severity: String
        var path: String
        var line: Int?
        var column: Int?
        var message: String
        var code: String
        var step: String?
    }

    private struct Document: Encodable {
        var diagnostics: [Entry]
        var errors: Int
        var warnings: Int
        var counts: [String: Int]
    }

    private func json(_ diagnostics: [Diagnostic], counts: [String: Int]) -> String {
        let entries = diagnostics.map {
            Entry(
                severity: $0.severity.rawValue, path: $0.path, line: $0.location?.line, column: $0.location?.column,
                message: $0.message, code: $0.code, step: $0.step)
        }
        let document = Document(
            diagnostics: entries, errors: diagnostics.filter { $0.severity == .error }.count,
            warnings: diagnostics.filter { $0.severity == .warning }.count, counts: counts)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return Self.escapingDELAndC1(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// JSON text with DEL and C1 controls, which JSON may leave raw, written as `\u007F`…`\u009F`
    /// (C0 controls are escaped by the encoder already): the same document, safe on a terminal.
    private static func escapingDELAndC1(_ json: String) -> String {
        replacing(in: json, { (0x7F...0x9F).contains($0.value) }) { "\\u00" + hex($0) }
    }
}

/// The lines of one source file, found once, for the excerpts under its diagnostics.
struct SourceExcerpts {
    private let bytes: [UInt8]
    private let lines: LineTable

    init(_ source: String) {
        bytes = Array(source.utf8)
        lines = LineTable(bytes)
    }

    /// The source line at `location` and the spaces (and tabs) that put a caret under its column;
    /// nil for a line past the end or too long to show.
    func excerpt(at location: SourceLocation) -> (line: String, padding: String)? {
        guard let range = lines.range(ofLine: location.line, in: bytes), range.count <= 500 else { return nil }
        let line = bytes[range]
        // Controls are shown as `\xNN` in the line and in the padding alike, so the caret stays under its column.
        let prefix = DiagnosticPrinter.visible(String(decoding: line.prefix(max(location.column - 1, 0)), as: UTF8.self), keeping: ["\t"])
        // As many spaces as the columns a terminal shows each character in.
        var padding = ""
        for character in prefix {
            if character == "\t" {
                padding += "\t"
            } else {
                padding += String(repeating: " ", count: Self.columns(character))
            }
        }
        return (DiagnosticPrinter.visible(String(decoding: line, as: UTF8.self), keeping: ["\t"]), padding)
    }

    /// How many columns a terminal shows `character` in: an emoji shown as a picture (`😀`, `❤️`,
    /// `👍🏽`, `🇫🇷`, a family joined by U+200D) two, as terminals that draw emoji draw it; any
    /// other the sum of its scalars' widths by the C library's `wcwidth` in UTF-8, which tmux,
    /// xterm and VTE follow (a mark over or under the character before, such as U+0301 or
    /// Devanagari's ु, a Hangul vowel after its initial: none; East Asian wide characters: two).
    static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 && first.value < 0x300 { return 1 }
        let properties = first.properties
        if properties.isEmoji && (properties.isEmojiPresentation || scalars.contains("\u{FE0F}")) { return 2 }
        return UTF8Locale.columns(of: scalars) ?? 1
    }
}

