/// A template that cannot be parsed or rendered, located in its source.
///
/// ``description`` reads like a compiler diagnostic:
///
/// ```
/// page.mustache:3:7: error: unclosed section 'items'
///   <ul>{{#items}}
///       ^
/// ```
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for callers that react to particular errors.
    public enum Kind: String, Sendable, Equatable {
        /// An opening delimiter without its closing delimiter.
        case unclosedTag
        /// A section, inverted section, parent or block without its closing tag.
        case unclosedSection
        /// A closing tag that names a different section than the one open.
        case mismatchedClosingTag
        /// A closing tag with no section open.
        case unexpectedClosingTag
        /// A Set Delimiter tag that is not two delimiters without `=` or whitespace.
        case invalidDelimiters
        /// An empty tag, or a name with whitespace or empty dotted components.
        case invalidTagName
        /// Sections, parents and blocks nested deeper than a template may nest them (a warning:
        /// see ``MustacheTemplate/warnings``).
        case nestingTooDeep
        /// Partials, parents or lambdas expanding into each other deeper than the library allows.
        case recursionLimit
        /// ``MustacheLibrary/render(_:_:)`` named a template the library doesn't hold.
        case templateNotFound
    }

    /// One reference, so that a thrown error costs the renderer's frames a pointer, not
    /// six fields.
    private final class Storage: Sendable {
        let kind: Kind
        let templateName: String
        let line: Int
        let column: Int
        let message: String
        let sourceLine: String

        init(kind: Kind, templateName: String, line: Int, column: Int, message: String, sourceLine: String) {
            self.kind = kind
            self.templateName = templateName
            self.line = line
            self.column = column
            self.message = message
            self.sourceLine = sourceLine
        }
    }

    private let storage: Storage

    public var kind: Kind { storage.kind }
    /// The name the template was parsed with, such as its file name.
    public var templateName: String { storage.templateName }
    /// 1-based line of the offending tag; 0 when the error has no position.
    public var line: Int { storage.line }
    /// 1-based column of the offending tag, in characters; 0 when the error has no position.
    public var column: Int { storage.column }
    public var message: String { storage.message }
    /// The whole source line holding the offending tag (without its line ending).
    public var sourceLine: String { storage.sourceLine }

    public init(
        kind: Kind, templateName: String, line: Int, column: Int, message: String, sourceLine: String
    ) {
        storage = Storage(
            kind: kind, templateName: templateName, line: line, column: column, message: message,
            sourceLine: sourceLine)
    }

    public static func == (lhs: MustacheError, rhs: MustacheError) -> Bool {
        lhs.kind == rhs.kind && lhs.templateName == rhs.templateName && lhs.line == rhs.line
            && lhs.column == rhs.column && lhs.message == rhs.message && lhs.sourceLine == rhs.sourceLine
    }

    /// `name:line:column: error: message`, then the source line and a caret under the column.
    public var description: String {
        guard line > 0 else { return "\(templateName): error: \(message)" }
        var caret = ""
        for character in sourceLine.prefix(max(column - 1, 0)) {
            caret.append(character == "\t" ? "\t" : " ")
        }
        caret.append("^")
        return "\(templateName):\(line):\(column): error: \(message)\n\(sourceLine)\n\(caret)"
    }
}

/// A template's name and text, shared by its nodes so that errors can point into it.
final class TemplateSource: Sendable {
    let name: String
    let text: String

    init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// An error located at UTF-8 offset `offset` of the text.
    func error(_ kind: MustacheError.Kind, _ message: String, at offset: Int) -> MustacheError {
        let utf8 = text.utf8
        let clamped = min(max(offset, 0), utf8.count)
        let position = utf8.index(utf8.startIndex, offsetBy: clamped)
        var line = 1
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        // Lines end at LF, CRLF or a lone CR.
        while index < position {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (next == utf8.endIndex || utf8[next] != UInt8(ascii: "\n"))) {
                line += 1
                lineStart = next
            }
            index = next
        }
        var lineEnd = position
        while lineEnd < utf8.endIndex, utf8[lineEnd] != UInt8(ascii: "\n"), utf8[lineEnd] != UInt8(ascii: "\r") {
            lineEnd = utf8.index(after: lineEnd)
        }
        var sourceLine = Substring(utf8[lineStart..<lineEnd])
        if sourceLine.utf8.last == UInt8(ascii: "\r") { sourceLine = Substring(sourceLine.utf8.dropLast()) }
        let column = Substring(utf8[lineStart..<position]).count + 1
        return MustacheError(
            kind: kind, templateName: name, line: line, column: column, message: message,
            sourceLine: String(sourceLine))
    }
}
