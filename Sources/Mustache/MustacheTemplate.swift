/// A template compiled once and rendered any number of times, from any thread.
///
/// ```swift
/// let page = try MustacheTemplate(parsing: "<h1>{{title}}</h1>", name: "page.mustache")
/// let html = try page.render(["title": "Hello"])
/// ```
///
/// Parsing checks the whole template (tags closed, sections paired, delimiters valid) and
/// settles whitespace; rendering walks the compiled tree and never re-parses, except the
/// text a lambda returns. Partials and parents are looked up by name in a
/// ``MustacheLibrary`` at render time.
public struct MustacheTemplate: Sendable {
    let source: TemplateSource
    let fragment: Fragment
    /// Findings that did not stop the parse: sections nested too deep, whose tags were kept as
    /// text. Each is located like an error (its ``MustacheError/kind`` is `nestingTooDeep`).
    public let warnings: [MustacheError]
    /// How large its renders have come out, for the room the next one starts with.
    let outputSize = OutputSizeHint()

    /// Compiles `source`.
    ///
    /// - Parameters:
    ///   - source: the template text.
    ///   - name: the name errors report, usually the file name (`page.mustache`). It is not
    ///     the name partials use: that is the name the template is registered under in a
    ///     ``MustacheLibrary``.
    /// - Throws: ``MustacheError`` locating the first problem.
    public init(parsing source: String, name: String = "template") throws(MustacheError) {
        try self.init(parsing: source, name: name, delimiters: .standard)
    }

    init(parsing source: String, name: String, delimiters: Delimiters) throws(MustacheError) {
        let templateSource = TemplateSource(name: name, text: source)
        self.source = templateSource
        (fragment, warnings) = try Parser.parse(templateSource, delimiters: delimiters)
    }

    /// The name given when parsing, which errors report.
    public var name: String { source.name }

    /// The source text the template was compiled from.
    public var text: String { source.text }

    /// Renders the template with `value` as the root context, taking partials and parents
    /// from `library` (an unknown partial renders as empty text, per the spec).
    ///
    /// - Throws: ``MustacheError`` when partials, parents or lambdas nest deeper than
    ///   ``MustacheLibrary/maxDepth``, or a lambda returns a template that doesn't parse.
    public func render(_ value: MustacheValue, library: MustacheLibrary = MustacheLibrary()) throws(MustacheError)
        -> String
    {
        try library.render(self, value)
    }
}
