import Foundation
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
    public func print(_ diagnostics: [Diagnostic], sources: [String: String] = [:]) -> String {
        switch format {
        case .text: return diagnostics.map { text($0, source: sources[$0.path]) }.joined()
        case .github: return diagnostics.map(github).joined()
        case .json: return json(diagnostics)
        }
    }

    private func text(_ d: Diagnostic, source: String?) -> String {
        let place = [d.path] + (d.location.map { ["\($0.line)", "\($0.column)"] } ?? [])
        let label = d.severity.rawValue
        var line = paint(place.joined(separator: ":") + ":", "1") + " "
        line += paint(label + ":", d.severity == .error ? "1;31" : d.severity == .warning ? "1;35" : "1;36")
        line += " " + paint(d.message, "1") + "\n"
        if let location = d.location, let source, let excerpt = Self.excerpt(source, at: location) {
            line += excerpt.line + "\n" + excerpt.padding + paint("^", "1;32") + "\n"
        }
        return line
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The source line at `location` and the spaces (and tabs) that put a caret under its column.
    static func excerpt(_ source: String, at location: SourceLocation) -> (line: String, padding: String)? {
        var lineNumber = 1
        var lineStart = source.utf8.startIndex
        var index = source.utf8.startIndex
        while lineNumber < location.line {
            guard let newline = source.utf8[index...].firstIndex(of: 0x0A) else { return nil }
            index = source.utf8.index(after: newline)
            lineStart = index
            lineNumber += 1
        }
        let lineEnd = source.utf8[lineStart...].firstIndex(of: 0x0A) ?? source.utf8.endIndex
        var bytes = Array(source.utf8[lineStart..<lineEnd])
        if bytes.last == 0x0D { bytes.removeLast() }
        let line = String(decoding: bytes, as: UTF8.self)
        guard bytes.count <= 500 else { return nil }
        let prefix = String(decoding: bytes.prefix(max(location.column - 1, 0)), as: UTF8.self)
        let padding = String(prefix.map { $0 == "\t" ? "\t" : " " })
        return (line, padding)
    }

    private func github(_ d: Diagnostic) -> String {
        let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
        var properties = ["file=\(Self.escapeProperty(d.path))"]
        if let location = d.location {
            properties.append("line=\(location.line)")
            properties.append("col=\(location.column)")
        }
        return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(d.message))\n"
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
    }

    private struct Document: Encodable {
        var diagnostics: [Entry]
        var errors: Int
        var warnings: Int
    }

    private func json(_ diagnostics: [Diagnostic]) -> String {
        let entries = diagnostics.map {
            Entry(
                severity: $0.severity.rawValue, path: $0.path, line: $0.location?.line, column: $0.location?.column,
                message: $0.message, code: $0.code)
        }
        let document = Document(
            diagnostics: entries, errors: diagnostics.filter { $0.severity == .error }.count,
            warnings: diagnostics.filter { $0.severity == .warning }.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
