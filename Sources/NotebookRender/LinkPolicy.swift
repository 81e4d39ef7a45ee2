import NotebookModel

/// Which link destinations may reach a page.
public struct LinkPolicy: Hashable, Sendable {
    /// The schemes allowed, lowercased; nil allows every scheme but the dangerous ones.
    public var schemes: Set<String>?

    /// Schemes never allowed, whatever the configuration: they run code or embed content.
    public static let dangerous: Set<String> = ["javascript", "vbscript", "data", "file"]

    /// Only these schemes; links without a scheme are internal and always allowed.
    public static func only(_ schemes: Set<String>) -> LinkPolicy { LinkPolicy(schemes: Set(schemes.map { $0.lowercased() })) }

    /// Every scheme but the dangerous ones.
    public static let anySafe = LinkPolicy(schemes: nil)

    /// The seeds' definition: `https`, `http`, `mailto`.
    public static let standard = LinkPolicy.only(["https", "http", "mailto"])

    public init(schemes: Set<String>?) {
        self.schemes = schemes
    }

    /// Whether `destination` may be a link on a page.
    public func allows(_ destination: String) -> Bool {
        guard let scheme = Link.scheme(of: destination) else { return true }
        if Self.dangerous.contains(scheme) { return false }
        return schemes?.contains(scheme) ?? true
    }
}
