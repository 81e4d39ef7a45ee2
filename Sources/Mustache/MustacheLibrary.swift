import Bytes

/// Named templates that render each other as partials (`{{>name}}`) and parents
/// (`{{<name}}…{{/name}}`).
///
/// Every lookup by name goes through the library, so layering works by merging: load a
/// theme's templates, then ``merge(_:)`` the site's own on top, and a site template named
/// like a theme template replaces it, both for direct rendering and wherever a theme
/// template includes it as a partial.
///
/// ```swift
/// var theme = try MustacheLibrary(sources: ["layout": layoutText, "page": pageText])
/// let site = try MustacheLibrary(sources: ["page": sitePageText])
/// let library = theme.merging(site)                    // the site's "page" wins
/// let html = try library.render("page", MustacheValue(encoding: pageModel))
/// ```
///
/// A library is a value: copies are independent, and rendering never mutates it, so one
/// library can render thousands of pages concurrently.
public struct MustacheLibrary: Sendable {
    /// The templates, by the name partials and parents use.
    public private(set) var templates: [String: MustacheTemplate]

    /// How deep partials, parents and lambda expansions may nest while rendering. The spec
    /// allows recursive partials; this bound turns runaway recursion into a
    /// ``MustacheError/Kind/recursionLimit`` error rather than a stack overflow.
    public var maxDepth: Int {
        get { _maxDepth }
        set { _maxDepth = min(max(newValue, 0), MustacheLibrary.depthCeiling) }
    }
    private var _maxDepth = 100

    /// The most ``maxDepth`` can be: deeper rendering could exhaust a thread's stack.
    public static let depthCeiling = 200

    /// An empty library: rendering with it treats every partial as missing.
    public init() { templates = [:] }

    /// A library of compiled templates, by name.
    public init(templates: [String: MustacheTemplate]) { self.templates = templates }

    /// Compiles each source, using its key both as the library name and as the error name.
    public init(sources: [String: String]) throws(MustacheError) {
        templates = [:]
        for (name, source) in sources { try register(source: source, named: name) }
    }

    /// The template registered as `name`, if any; assigning `nil` removes it.
    public subscript(name: String) -> MustacheTemplate? {
        get { templates[name] }
        set { templates[name] = newValue }
    }

    /// The registered names, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// Registers `template` as `name`, replacing any template of that name.
    public mutating func register(_ template: MustacheTemplate, named name: String) {
        templates[name] = template
    }

    /// Compiles `source` and registers it as `name`.
    ///
    /// - Parameter errorName: the name errors report (such as a file path); defaults to `name`.
    @discardableResult
    public mutating func register(source: String, named name: String, errorName: String? = nil)
        throws(MustacheError) -> MustacheTemplate
    {
        let template = try MustacheTemplate(parsing: source, name: errorName ?? name)
        templates[name] = template
        return template
    }

    /// Adds `other`'s templates, replacing same-named ones: `other` overrides `self`.
    public mutating func merge(_ other: MustacheLibrary) {
        templates.merge(other.templates) { _, overriding in overriding }
    }

    /// This library with `other`'s templates on top (they replace same-named ones).
    public func merging(_ other: MustacheLibrary) -> MustacheLibrary {
        var result = self
        result.merge(other)
        return result
    }

    /// Renders the template registered as `name` with `value` as the root context.
    ///
    /// - Throws: ``MustacheError`` of kind ``MustacheError/Kind/templateNotFound`` when no
    ///   template has that name, or any rendering error (see ``MustacheTemplate/render(_:library:)``).
    public func render(_ name: String, _ value: MustacheValue) throws(MustacheError) -> String {
        String(decoding: try renderBytes(name, value), as: UTF8.self)
    }

    /// Renders the template registered as `name` with a typed view model as the root
    /// context, converted by ``MustacheValue/init(encoding:)``.
    ///
    /// - Throws: a ``MustacheError``, or whatever the model's `encode(to:)` throws.
    public func render(_ name: String, model: some Encodable) throws -> String {
        try render(name, MustacheValue(encoding: model))
    }

    /// Renders `template` (registered or not) with `value` as the root context, taking
    /// partials and parents from this library.
    public func render(_ template: MustacheTemplate, _ value: MustacheValue) throws(MustacheError) -> String {
        String(decoding: try renderBytes(template, value), as: UTF8.self)
    }

    /// Renders the template registered as `name`, as UTF-8 bytes: what a caller that writes
    /// the result to a file needs, without making a `String` of it first. Sections that come out
    /// the same on every render given `shared` are rendered once (see ``MustacheSharedParts``).
    public func renderBytes(_ name: String, _ value: MustacheValue, sharing shared: MustacheSharedParts? = nil)
        throws(MustacheError) -> [UInt8]
    {
        try renderBytes(template(named: name), value, sharing: shared)
    }

    /// Renders the template registered as `name` as ``renderBytes(_:_:sharing:)-(String,_,_)``
    /// does, and hands the bytes to `body` where they were rendered, without a copy.
    public func withRenderedBytes<Result>(
        _ name: String, _ value: MustacheValue, sharing shared: MustacheSharedParts? = nil,
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        let output = try renderedBuffer(template(named: name), value, sharing: shared)
        return try output.withBytes(body)
    }

    private func template(named name: String) throws(MustacheError) -> MustacheTemplate {
        guard let template = templates[name] else {
            throw MustacheError(
                kind: .templateNotFound, templateName: name, line: 0, column: 0,
                message: "no template named '\(name)'", sourceLine: "")
        }
        return template
    }

    /// Renders `template` as UTF-8 bytes (see ``renderBytes(_:_:sharing:)-(String,_,_)``).
    public func renderBytes(_ template: MustacheTemplate, _ value: MustacheValue, sharing shared: MustacheSharedParts? = nil)
        throws(MustacheError) -> [UInt8]
    {
        try renderedBuffer(template, value, sharing: shared).bytes()
    }

    private func renderedBuffer(_ template: MustacheTemplate, _ value: MustacheValue, sharing shared: MustacheSharedParts?)
        throws(MustacheError) -> ByteBuffer
    {
        let capacity = template.outputSize.capacity(fallback: template.source.text.utf8.count * 2 + 64)
        var renderer = Renderer(library: self, root: value, shared: shared, capacity: capacity)
        try renderer.render(template.fragment.program, blocks: [])
        template.outputSize.note(renderer.output.count)
        return renderer.output
    }
}
