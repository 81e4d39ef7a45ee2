import NotebookModel

/// Applies a `FormattingDefinition` to a note: every value it does not allow is replaced by the
/// default or removed, and each change is a warning at its place (which `--strict` makes an error,
/// as it does every warning).
public struct ConstraintChecker: Sendable {
    public var definition: FormattingDefinition

    public init(definition: FormattingDefinition) {
        self.definition = definition
    }

    /// The note with its formatting constrained, and a diagnostic for every change.
    public func apply(to note: Note) -> (note: Note, diagnostics: [Diagnostic]) {
        if definition == .unconstrained { return (note, []) }
        var walk = Walk(checker: self, path: note.path)
        var constrained = note
        Block.rewriteInlines(in: &constrained.blocks) { walk.inlines(&$0, near: $1) }
        return (constrained, walk.diagnostics)
    }

    /// The walk over one note: the tree is as deep as its reader allowed, so recursion is bounded.
    private struct Walk {
        let checker: ConstraintChecker
        let path: String
        var diagnostics: [Diagnostic] = []

        /// Constrains `content` in place: a span left with no formatting gives way to its
        /// children, an image whose link is not allowed to its description. True when anything
        /// changed; content that does not change is not copied.
        mutating func inlines(_ content: inout [Inline], near: SourceLocation?) -> Bool {
            guard let rebuilt = rebuilt(content, near: near) else { return false }
            content = rebuilt
            return true
        }

        /// `content` constrained; nil when nothing changed. Each inline is read in place.
        mutating func rebuilt(_ content: [Inline], near: SourceLocation?) -> [Inline]? {
            // Made at the first change: what precedes it, then each piece as it ends up.
            var rebuilt: [Inline]?
            for index in content.indices {
                let location = content[index].location
                let at = location ?? near
                var replacement: [Inline]?
                switch content[index].kind {
                case .span(let formatting, let children):
                    let newChildren = self.rebuilt(children, near: at)
                    let checked = constrain(formatting, at: at)
                    if let checked, checked.isPlain && !formatting.isPlain {
                        replacement = newChildren ?? children
                    } else if newChildren != nil || checked != nil {
                        replacement = [Inline(.span(checked ?? formatting, newChildren ?? children), at: location)]
                    }
                case .image(let image):
                    let alternative = self.rebuilt(image.alternative, near: at)
                    if !linkAllowed(image.source, what: "image", at: at) {
                        replacement = alternative ?? image.alternative
                    } else if let alternative {
                        var changed = image
                        changed.alternative = alternative
                        replacement = [Inline(.image(changed), at: location)]
                    }
                case .text, .softBreak, .lineBreak:
                    break
                }
                if let replacement {
                    if rebuilt == nil { rebuilt = Array(content[..<index]) }
                    rebuilt!.append(contentsOf: replacement)
                } else {
                    rebuilt?.append(content[index])
                }
            }
            return rebuilt
        }

        /// `formatting` with its values constrained; nil when it keeps them all (most spans: their
        /// formatting is then not copied).
        mutating func constrain(_ formatting: Formatting, at: SourceLocation?) -> Formatting? {
            // Each attribute compared on its own as it is checked: comparing whole formattings
            // costs more than the checks. The definition is read in place: a copy of it would
            // count a reference to each of its sets.
            var f: Formatting?
            if let style = formatting.underline, let constraint = checker.definition.underline {
                let new = value("underline", style.rawValue, constraint, at: at).flatMap(LineStyle.init(rawValue:))
                if new != style { Self.change(&f, formatting) { $0.underline = new } }
            }
            if let style = formatting.strikethrough, let constraint = checker.definition.strikethrough {
                let new = value("strikethrough", style.rawValue, constraint, at: at).flatMap(LineStyle.init(rawValue:))
                if new != style { Self.change(&f, formatting) { $0.strikethrough = new } }
            }
            // A color is made again only when it is not kept (most are).
            if let constraint = checker.definition.highlight, let color = formatting.highlight,
                let text = self.changed("highlight", color.description, constraint, at: at)
            {
                let new = text.flatMap { Color($0, palette: [$0]) }
                if new != color { Self.change(&f, formatting) { $0.highlight = new } }
            }
            if let constraint = checker.definition.color, let color = formatting.color, let text = self.changed("color", color.description, constraint, at: at) {
                let new = text.flatMap { Color($0, palette: [$0]) }
                if new != color { Self.change(&f, formatting) { $0.color = new } }
            }
            if let style = formatting.textStyle, let constraint = checker.definition.textStyle {
                let new = value("textStyle", style.rawValue, constraint, at: at).flatMap(TextStyle.init(rawValue:))
                if new != style { Self.change(&f, formatting) { $0.textStyle = new } }
            }
            if let scale = formatting.scale, let range = checker.definition.scale, !range.contains(scale) {
                let clamped = min(max(scale, range.lowerBound), range.upperBound)
                report("scale \(Self.format(scale)) is outside \(Self.format(range.lowerBound))–\(Self.format(range.upperBound)); clamped to \(Self.format(clamped))", at: at)
                if clamped != scale { Self.change(&f, formatting) { $0.scale = clamped } }
            }
            if formatting.isLink, let link = formatting.link, !linkAllowed(link.destination, what: "link", at: at) {
                Self.change(&f, formatting) { $0.link = nil }
            }
            return f
        }

        /// Applies `change` to `changed`, made from `original` at the first change.
        private static func change(_ changed: inout Formatting?, _ original: Formatting, _ change: (inout Formatting) -> Void) {
            if changed == nil { changed = original }
            change(&changed!)
        }

        /// The value to keep for an attribute (nil removes it), reporting any change.
        mutating func value(_ key: String, _ value: String, _ constraint: ValueConstraint, at: SourceLocation?) -> String? {
            changed(key, value, constraint, at: at) ?? value
        }

        /// What replaces an attribute's value that is not allowed (nil inside: nothing, it is
        /// removed), reported; nil when the value is kept.
        mutating func changed(_ key: String, _ value: String, _ constraint: ValueConstraint, at: SourceLocation?) -> String?? {
            switch constraint.check(value) {
            case .kept:
                return .none
            case .replaced(let replacement):
                report("\(key) '\(value)' is not allowed by the formatting definition; replaced by '\(replacement)'", at: at)
                return .some(replacement)
            case .removed:
                report("\(key) '\(value)' is not allowed by the formatting definition; removed", at: at)
                return .some(nil)
            }
        }

        mutating func linkAllowed(_ destination: String, what: String, at: SourceLocation?) -> Bool {
            guard let schemes = checker.definition.linkSchemes, let scheme = Link.scheme(of: destination),
                !schemes.contains(scheme)
            else { return true }
            let allowed = schemes.sorted().joined(separator: ", ")
            report("\(what) scheme '\(scheme)' is not allowed by the formatting definition (\(allowed)); \(what) removed", at: at)
            return false
        }

        mutating func report(_ message: String, at: SourceLocation?) {
            diagnostics.append(
                Diagnostic(.warning, message, path: path, at: at, code: "formatting.constraint"))
        }

        static func format(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }
}
