import Foundation

/// Apple's JSON form of a `URL`: `{"relative": "…", "base": {…}}`, base optional; a bare string
/// is accepted too.
enum URLValue {
    /// The URL's absolute text (relative resolved against base), or nil after reporting an error.
    static func read(_ value: JSONValue, key: String, run: RunName, context: inout JSONReadContext) -> String? {
        if let text = value.string { return text }
        if let members = value.members {
            var relative: String?
            var base: String?
            for member in members {
                switch member.key {
                case JSONKeys.relative:
                    guard let text = member.value.string else {
                        context.error("'relative' of '\(key)' of \(run) should be a string, not \(member.value.summary)", at: member.value.offset)
                        return nil
                    }
                    relative = text
                case JSONKeys.base:
                    guard let resolved = read(member.value, key: key, run: run, context: &context) else { return nil }
                    base = resolved
                default:
                    context.unknownKey(member.key, at: member.keyOffset, known: [JSONKeys.relative, JSONKeys.base], in: "a URL")
                }
            }
            guard let relative else {
                context.error("'\(key)' of \(run) has no 'relative' URL", at: value.offset)
                return nil
            }
            guard let base else { return relative }
            return resolve(relative, against: base)
        }
        context.error("value \(value.summary) is not allowed for '\(key)' of \(run): expected a URL", at: value.offset)
        return nil
    }

    /// `relative` resolved against `base` as RFC 3986 does; `relative` itself when either is not a URL.
    static func resolve(_ relative: String, against base: String) -> String {
        guard let baseURL = URL(string: base), let url = URL(string: relative, relativeTo: baseURL) else { return relative }
        return url.absoluteString
    }
}
