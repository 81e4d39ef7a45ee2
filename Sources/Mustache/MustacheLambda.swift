/// A Swift closure that a template calls, per the spec's optional lambdas module.
///
/// - Used by an interpolation (`{{name}}`, `{{{name}}}`), the lambda is called with no
///   argument; what it returns is parsed as a template with the default delimiters, rendered
///   against the current context, and then interpolated (HTML-escaped for `{{name}}`).
/// - Used by a section (`{{#name}}…{{/name}}`), the lambda receives the section's raw,
///   unrendered source text; what it returns is parsed with the delimiters current at the
///   section and rendered in place of the section (not escaped).
/// - An inverted section (`{{^name}}`) treats a lambda as truthy and never calls it.
///
/// A lambda made with the no-argument initializer and used as a section is called without
/// the text; one made with the one-argument initializer and used as an interpolation is
/// called with an empty string. Results are never cached: every tag calls again.
public struct MustacheLambda: Sendable {
    let body: @Sendable (String?) -> MustacheValue

    /// An interpolation lambda: `{{name}}` renders the template the closure returns.
    public init(_ body: @escaping @Sendable () -> String) {
        self.body = { _ in .string(body()) }
    }

    /// A section lambda: `{{#name}}text{{/name}}` renders the template the closure returns
    /// for the raw `text`.
    public init(_ body: @escaping @Sendable (String) -> String) {
        self.body = { text in .string(body(text ?? "")) }
    }

    /// The general form: the closure receives the raw section text (`nil` for an
    /// interpolation) and returns a value. A string result is a template to render; any
    /// other value is rendered as data (for instance `.int(3)` renders `3`).
    public init(value body: @escaping @Sendable (_ sectionText: String?) -> MustacheValue) {
        self.body = body
    }

    func callAsFunction(_ sectionText: String?) -> MustacheValue { body(sectionText) }
}

extension MustacheLambda: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .lambda(self) }
}

extension MustacheLambda: Encodable {
    /// Lambdas have no data form: other encoders see `nil`. ``MustacheValue/init(encoding:)``
    /// keeps the lambda itself.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}
