import NotebookModel

/// Which formulas of a note its Markdown does not carry: what `convert` warns of. Inline TeX
/// that holds what ends a `$…$` formula as Markdown reads it (a backtick, `](`, `[[`, `[^`,
/// `<!--`, a `|` in a table's row) is read back as text, and no other way of writing it keeps
/// the TeX as it is.
public enum FormulaRoundTrip {
    /// A formula: its TeX, its style, and where it starts.
    public struct Formula: Sendable {
        public var tex: String
        public var style: MathStyle
        public var location: SourceLocation?
    }

    /// The formulas of `original` that `reread` (its Markdown, read again) does not hold, each
    /// as often as it is missing; TeX compared with its white space and `%` comments left out,
    /// which the writer may change.
    public static func lost(from original: Note, in reread: Note) -> [Formula] {
        var kept: [String: Int] = [:]
        for formula in formulas(of: reread.blocks) { kept[key(formula), default: 0] += 1 }
        var lost: [Formula] = []
        for formula in formulas(of: original.blocks) {
            let key = key(formula)
            if let count = kept[key], count > 0 {
                kept[key] = count - 1
            } else {
                lost.append(formula)
            }
        }
        return lost
    }

    /// Every formula of `blocks`, in order (```` ```math ```` blocks are written as they are).
    static func formulas(of blocks: [Block]) -> [Formula] {
        var found: [Formula] = []
        Block.visitInlines(blocks) { inlines, at in
            var stack = [inlines[...]]
            while var level = stack.popLast() {
                guard let inline = level.popFirst() else { continue }
                stack.append(level)
                switch inline.kind {
                case .span(let formatting, let children):
                    if let style = formatting.math {
                        found.append(Formula(tex: PlainText.of(children, softBreak: " "), style: style, location: inline.location ?? at))
                    } else {
                        stack.append(children[...])
                    }
                case .image(let image): stack.append(image.alternative[...])
                default: break
                }
            }
        }
        return found
    }

    /// A formula as compared: its style and its TeX on one line as the writer puts it
    /// (``MarkdownWriter/oneLine(_:)``), without white space.
    private static func key(_ formula: Formula) -> String {
        formula.style.rawValue + ":" + MarkdownWriter.oneLine(formula.tex).filter { !$0.isWhitespace }
    }
}
