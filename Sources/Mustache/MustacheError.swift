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
    /// 1-based column of the offending tag, in UTF-8 bytes as in the rest of notebook's
    /// diagnostics (and compilers'); 0 when the error has no position.
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
        for character in String(decoding: sourceLine.utf8.prefix(max(column - 1, 0)), as: UTF8.self) {
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
        let locator = Locator(text)
        let location = locator.location(offset)
        return MustacheError(
            kind: kind, templateName: name, line: location.line, column: location.column, message: message,
            sourceLine: locator.line(location.line))
    }
}

/// Lines and columns of UTF-8 offsets of one text, its line starts found once: the one line
/// table of the template engine (which depends on no other module).
struct Locator {
    let utf8: String.UTF8View
    var starts: [String.Index] = []

    init(_ text: String) {
        utf8 = text.utf8
        starts = [utf8.startIndex]
        var index = utf8.startIndex
        // Lines end at LF, CRLF or a lone CR, as the rest of notebook reads them.
        while index < utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index == utf8.endIndex || utf8[index] != UInt8(ascii: "\n"))) {
                starts.append(index)
            }
        }
    }

    func location(_ offset: Int) -> MustacheTagLocation {
        let position = utf8.index(utf8.startIndex, offsetBy: min(max(offset, 0), utf8.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return MustacheTagLocation(line: low + 1, column: utf8.distance(from: starts[low], to: position) + 1)
    }

    /// The text of 1-based `line`, without its line break.
    func line(_ line: Int) -> String {
        guard line >= 1, line <= starts.count else { return "" }
        var end = line < starts.count ? starts[line] : utf8.endIndex
        while end > starts[line - 1], [UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(utf8[utf8.index(before: end)]) {
            end = utf8.index(before: end)
        }
        return String(Substring(utf8[starts[line - 1]..<end]))
    }
}
