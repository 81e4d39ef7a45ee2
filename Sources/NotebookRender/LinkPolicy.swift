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
        guard let scheme = Self.scheme(of: destination) else { return true }
        if Self.dangerous.contains(scheme) { return false }
        return schemes?.contains(scheme) ?? true
    }

    /// The scheme of a URL as a browser reads it (leading controls and spaces skipped, tabs and
    /// newlines ignored), lowercased; nil for a URL without one.
    public static func scheme(of destination: String) -> String? {
        var scheme = ""
        var started = false
        for scalar in destination.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if !started && scalar.value <= 0x20 { continue }
            started = true
            if scalar == ":" { return scheme.isEmpty ? nil : scheme }
            let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            let isOther = (scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme += String(scalar).lowercased()
        }
        return nil
    }
}
