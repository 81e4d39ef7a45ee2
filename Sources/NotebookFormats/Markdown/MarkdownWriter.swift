import NotebookModel

/// Writes a note as annotated Markdown (FORMATS.md section 3) that reads back into the same model.
///
/// CommonMark syntax is used where it says the same thing safely (`**`, `*`, `~~`, links, code);
/// everything else becomes an annotation `^[text](key: value)`. Text is escaped so that it
/// stays text.
public struct MarkdownWriter: Sendable {
    public init() {}

    /// The note's Markdown, with front matter when it has metadata.
    public func write(_ note: Note) -> String {
        var out = frontMatter(note.metadata)
        out += blocks(note.blocks).joined(separator: "\n")
        if !out.hasSuffix("\n") { out += "\n" }
        return out
    }

    /// One block as Markdown lines (its Markdown for an editor's fixed block, or a paragraph or
    /// heading written back), without a line break at the end.
    public func markdown(of block: Block) -> String {
        self.block(block).joined(separator: "\n")
    }

    /// Inline content as Markdown on one line, as a heading holds it.
    public func markdown(of inlines: [Inline]) -> String {
        self.inlines(inlines, context: .line).replacingNewlines()
    }

    /// `text` with every character that could be syntax escaped, as a paragraph's text is.
    public func escaped(_ text: String) -> String {
        escape(text, context: .block)
    }

    private func frontMatter(_ metadata: NoteMetadata) -> String {
        var lines: [String] = []
        if let id = metadata.id { lines.append("id: \(yaml(id))") }
        if let title = metadata.title { lines.append("title: \(yaml(title))") }
        if let date = metadata.date { lines.append("date: \(yaml(date))") }
        if !metadata.tags.isEmpty { lines.append("tags: [\(metadata.tags.map(yaml).joined(separator: ", "))]") }
        if metadata.isDraft { lines.append("draft: true") }
        if let publish = metadata.publish { lines.append("publish: \(publish)") }
        if let summary = metadata.summary { lines.append("summary: \(yaml(summary))") }
        if let slug = metadata.slug { lines.append("slug: \(yaml(slug))") }
        if !metadata.aliases.isEmpty { lines.append("aliases: [\(metadata.aliases.map(yaml).joined(separator: ", "))]") }
        return lines.isEmpty ? "" : "---\n" + lines.joined(separator: "\n") + "\n---\n\n"
    }

    /// A YAML double-quoted scalar.
    private func yaml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\x" + String(format2: scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Each block as lines, blocks separated by a blank line (none between a tight item's
    /// blocks). Consecutive lists alternate their markers, so they stay apart.
    private func blocks(_ blocks: [Block], tight: Bool = false) -> [String] {
        var lines: [String] = []
        var alternate = false
        var previousWasList = false
        for block in blocks {
            var isList = false
            var rendered: [String]
            if case .list(let list) = block.kind {
                isList = true
                alternate = previousWasList ? !alternate : false
                rendered = self.list(list, alternate: alternate)
            } else {
                rendered = self.block(block)
            }
            let follows = previousWasList
            previousWasList = isList
            if rendered.isEmpty { continue }
            // In a tight item a list follows the text before it directly (a blank line would make
            // the item loose); only an ordered list not starting at 1 cannot interrupt a paragraph.
            var needsBlank = !tight
            if tight, case .list(let list) = block.kind, !follows, list.isOrdered, list.start != 1 { needsBlank = true }
            if !lines.isEmpty && needsBlank { lines.append("") }
            lines += rendered
        }
        return lines
    }

    private func block(_ block: Block) -> [String] {
        switch block.kind {
        case .paragraph(let content):
            if let formula = paragraphFormula(content) { return formula }
            let text = inlines(content, context: .block)
            return text.isEmpty ? [] : protectLineStarts(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        case .heading(let level, let content):
            let text = inlines(content, context: .line).replacingNewlines()
            return [String(repeating: "#", count: min(max(level, 1), 6)) + " " + text]
        case .blockQuote(let children):
            return prefix(blocks(children), first: "> ", rest: "> ")
        case .callout(let callout):
            let title = callout.title.isEmpty ? "" : " " + inlines(callout.title, context: .line).replacingNewlines()
            var lines = ["[!\(callout.kind.uppercased())]\(callout.folding.rawValue)\(title)"]
            let body = blocks(callout.blocks)
            if !body.isEmpty { lines += body }
            return prefix(lines, first: "> ", rest: "> ")
        case .list(let list):
            return self.list(list, alternate: false)
        case .codeBlock(let code):
            let info = CodeFenceInfo(language: code.language, title: code.title, markedLines: code.markedLines).markdown
            // A backtick fence's info string cannot hold a backtick: a tilde fence then.
            let mark: Character = info.contains("`") ? "~" : "`"
            let fence = String(repeating: mark, count: max(3, longestRun(of: mark, in: code.code) + 1))
            var body = code.code
            if body.hasSuffix("\n") { body.removeLast() }
            let lines = code.code.isEmpty ? [] : body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return [fence + info] + lines + [fence]
        case .table(let table):
            return self.table(table)
        case .thematicBreak:
            return ["***"]
        case .html(let html):
            var body = html
            while body.hasSuffix("\n") { body.removeLast() }
            return body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .footnoteDefinition(let definition):
            let body = blocks(definition.blocks)
            return prefix(body.isEmpty ? [""] : body, first: "[^\(definition.label)]: ", rest: "    ")
        }
    }

    private func list(_ list: List, alternate: Bool) -> [String] {
        var lines: [String] = []
        for (index, item) in list.items.enumerated() {
            if index > 0 && !list.isTight { lines.append("") }
            var marker = list.isOrdered ? "\(list.start + index)" + (alternate ? ")" : ".") : (alternate ? "*" : "-")
            marker += " "
            var body = blocks(item.blocks, tight: list.isTight)
            if let task = item.task {
                let box = task ? "[x]" : "[ ]"
                if body.isEmpty { body = [box] } else { body[0] = box + " " + body[0] }
            }
            if body.isEmpty { body = [""] }
            lines += prefix(body, first: marker, rest: String(repeating: " ", count: marker.count))
        }
        return lines
    }

    private func table(_ table: Table) -> [String] {
        func row(_ cells: [TableCell]) -> String {
            "| " + cells.map { inlines($0.content, context: .tableCell).replacingNewlines() }.joined(separator: " | ") + " |"
        }
        let delimiters = table.alignments.map { alignment -> String in
            switch alignment {
            case .none: "---"
            case .left: ":--"
            case .center: ":-:"
            case .right: "--:"
            }
        }
        return [row(table.header), "| " + delimiters.joined(separator: " | ") + " |"] + table.rows.map(row)
    }

    private func prefix(_ lines: [String], first: String, rest: String) -> [String] {
        lines.enumerated().map { index, line in
            let lead = index == 0 ? first : rest
            return line.isEmpty ? String(lead.reversed().drop { $0 == " " }.reversed()) : lead + line
        }
    }

    /// Escapes what would make a paragraph's line a block of its own: `#`, `>`, `-`, `+`, `1.`.
    private func protectLineStarts(_ lines: [String]) -> [String] {
        lines.map { line in
            let body = line.drop { $0 == " " }
            let indent = line.prefix(line.count - body.count)
            guard let first = body.first else { return line }
            if "+-".contains(first) { return indent + "\\" + body }
            if first.isASCII && first.isNumber {
                let digits = body.prefix { $0.isASCII && $0.isNumber }
                let after = body.dropFirst(digits.count)
                if let mark = after.first, mark == "." || mark == ")" { return indent + digits + "\\" + after }
            }
            return line
        }
    }

    /// Where inline content goes: a block's lines, one line (a heading, a callout's title), a table's cell.
    enum Context { case block, line, tableCell }

    /// Inline content as Markdown.
    func inlines(_ content: [Inline], context: Context) -> String {
        var out = ""
        var afterFormula = false
        for inline in content {
            defer { afterFormula = if case .span(let formatting, _) = inline.kind { formatting.math == .inline } else { false } }
            switch inline.kind {
            case .text(let text) where afterFormula && text.first?.isASCII == true && text.first?.isNumber == true:
                // `$x$5` does not close the formula: a digit right after one is written as a reference.
                out += "&#\(text.utf8.first!);" + escape(String(text.dropFirst()), context: context)
            case .text(let text): out += escape(text, context: context)
            case .softBreak: out += "\n"
            case .lineBreak: out += "\\\n"
            case .image(let image): out += self.image(image, context: context)
            case .span(let formatting, let children): out += span(formatting, children, context: context)
            }
        }
        return out
    }

    private func image(_ image: Image, context: Context) -> String {
        let bar = context == .tableCell ? "\\|" : "|"
        let size = image.size.map { bar + $0.description } ?? ""
        if image.isEmbed {
            let alternative = PlainText.of(image.alternative, softBreak: " ")
            let label = alternative.isEmpty || alternative == image.source ? "" : bar + alternative
            return "![[\(image.source)\(label)\(size)]]"
        }
        return "![" + inlines(image.alternative, context: context) + size + "](" + destination(image.source, title: image.title) + ")"
    }

    private func span(_ formatting: Formatting, _ children: [Inline], context: Context) -> String {
        if let style = formatting.math {
            // A formula is a formula first, as the page shows it: code intent on it says nothing more.
            var rest = formatting
            rest.math = nil
            rest.code = false
            var written = formula(PlainText.of(children, softBreak: " "), style, context: context)
            if let link = rest.link {
                written = "[" + written + "](" + destination(link.destination, title: link.title) + ")"
                rest.link = nil
            }
            return rest.isPlain ? written : annotate(rest, written)
        }
        if formatting.code {
            // A code span keeps what else it carries: a link, and the rest as an annotation.
            var rest = formatting
            rest.code = false
            var code = PlainText.of(children, softBreak: " ")
            // In a table cell a `|` ends the cell even inside a code span; GFM reads `\|` as one.
            if context == .tableCell { code = code.replacingOccurrences(of: "|", with: "\\|") }
            var inner = codeSpan(code)
            if let link = rest.link {
                inner = "[" + inner + "](" + destination(link.destination, title: link.title) + ")"
                rest.link = nil
            }
            return rest.isPlain ? inner : annotate(rest, inner)
        }
        if formatting.rawHTML { return PlainText.of(children) }
        if let label = formatting.footnote { return "[^\(label)]" }
        if let wikilink = formatting.wikilink {
            let target = wikilink.target + (wikilink.heading.map { "#" + $0 } ?? "")
            let label = PlainText.of(children, softBreak: " ")
            let bar = context == .tableCell ? "\\|" : "|"
            let inner = label == wikilink.target || label.isEmpty ? target : target + bar + label
            let written = (wikilink.isEmbed ? "![[" : "[[") + inner + "]]"
            var rest = formatting
            rest.wikilink = nil
            return rest.isPlain ? written : annotate(rest, written)
        }
        var rest = formatting
        var inner = inlines(children, context: context)
        if let link = rest.link {
            inner = "[" + inner + "](" + destination(link.destination, title: link.title) + ")"
            rest.link = nil
        }
        let plain = PlainText.of(children, softBreak: " ")
        let delimitable = !plain.isEmpty && plain.first.map(Self.isWordCharacter) == true && plain.last.map(Self.isWordCharacter) == true
        if delimitable {
            if rest.strikethrough == .single { inner = "~~" + inner + "~~"; rest.strikethrough = nil }
            if rest.bold == true { inner = "**" + inner + "**"; rest.bold = nil }
            if rest.italic == true { inner = "*" + inner + "*"; rest.italic = nil }
        }
        return rest.isPlain ? inner : annotate(rest, inner)
    }

    /// `$tex$` or `$$tex$$`, read back as the same formula. A display formula that is a whole
    /// paragraph is set apart, its dollars on lines of their own (``paragraphFormula(_:)``); any
    /// other is written on one line, which TeX reads the same: line breaks become spaces and
    /// `%` comments are left out. An inline one loses the white space at its ends (TeX ignores
    /// it; a control space `\ ` at its end is kept as `\ {}`). A `$` that would end it early is
    /// escaped: any bare one in an inline formula, one before another in a display formula.
    private func formula(_ tex: String, _ style: MathStyle, context: Context) -> String {
        var body = Self.escapingDollars(Self.oneLine(tex), style)
        if style == .inline { body = body.trimmingCharacters(in: .whitespaces) }
        // A backslash at the end would escape the closing dollar; a dollar there would join it.
        if body.reversed().prefix(while: { $0 == "\\" }).count % 2 == 1 { body += " {}" }
        if style == .display, body.hasSuffix("$"), body.dropLast().reversed().prefix(while: { $0 == "\\" }).count % 2 == 0 {
            body.insert("\\", at: body.index(before: body.endIndex))
        }
        guard !body.allSatisfy(\.isWhitespace) else { return "" }
        let dollars = style == .inline ? "$" : "$$"
        return dollars + body + dollars
    }

    /// A paragraph that is one display formula, set apart: `$$`, its lines (blank ones, which
    /// would end a list item or a quote, left out), `$$`; nil for any other paragraph.
    private func paragraphFormula(_ content: [Inline]) -> [String]? {
        guard content.count == 1, case .span(let formatting, let children) = content[0].kind, formatting == Formatting(math: .display)
        else { return nil }
        let tex = Self.escapingDollars(PlainText.of(children, softBreak: " "), .display)
        let lines = tex.split(separator: "\n", omittingEmptySubsequences: true).filter { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
        return lines.isEmpty ? nil : ["$$"] + lines + ["$$"]
    }

    /// TeX on one line: line breaks become spaces, and a `%` comment (to the end of its line) is
    /// left out; not a `%` inside `\verb|…|`, which holds its text as written.
    static func oneLine(_ tex: String) -> String {
        guard tex.contains("\n") else { return tex }
        return tex.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var backslashes = 0
            var index = line.startIndex
            while index < line.endIndex {
                let c = line[index]
                if c == "%" && backslashes % 2 == 0 { return line[..<index] }
                if c == "\\" && backslashes % 2 == 0, let end = verbEnd(line, at: index) {
                    index = end
                    backslashes = 0
                    continue
                }
                backslashes = c == "\\" ? backslashes + 1 : 0
                index = line.index(after: index)
            }
            return line
        }.joined(separator: " ")
    }

    /// Past the closing delimiter of `\verb` (or `\verb*`) at `start`, when it is one closed on
    /// its line: `\verb|%|`. Nil for anything else (`\verbose`, a `\verb` left open).
    private static func verbEnd(_ line: Substring, at start: Substring.Index) -> Substring.Index? {
        guard line[start...].hasPrefix("\\verb") else { return nil }
        var delimiter = line.index(start, offsetBy: 5)
        if delimiter < line.endIndex, line[delimiter] == "*" { delimiter = line.index(after: delimiter) }
        guard delimiter < line.endIndex, !line[delimiter].isLetter, !line[delimiter].isWhitespace,
            let close = line[line.index(after: delimiter)...].firstIndex(of: line[delimiter])
        else { return nil }
        return line.index(after: close)
    }

    /// `tex` with the dollars that would end its formula escaped.
    private static func escapingDollars(_ tex: String, _ style: MathStyle) -> String {
        var body = ""
        var backslashes = 0
        var previousWasBareDollar = false
        for c in tex {
            let bare = c == "$" && backslashes % 2 == 0
            if bare && (style == .inline || previousWasBareDollar) { body.append("\\") }
            previousWasBareDollar = bare && style == .display && !previousWasBareDollar
            backslashes = c == "\\" ? backslashes + 1 : 0
            body.append(c)
        }
        return body
    }

    private static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    /// `^[inner](key: 'value', …)` for the attributes left in `formatting`.
    private func annotate(_ formatting: Formatting, _ inner: String) -> String {
        let pairs = FormattingAttribute.allCases.compactMap { attribute -> String? in
            guard let value = attribute.value(in: formatting) else { return nil }
            let text: String = switch value {
            case .flag(let flag): "\(flag)"
            case .lineStyle(let style): "'\(style.rawValue)'"
            case .color(let color): "'\(color)'"
            case .textStyle(let style): "'\(style.rawValue)'"
            case .number(let number): "\(number)"
            }
            return "\(attribute.markdownName): \(text)"
        }
        return pairs.isEmpty ? inner : "^[\(inner)](\(pairs.joined(separator: ", ")))"
    }

    private func codeSpan(_ code: String) -> String {
        let fence = String(repeating: "`", count: longestRun(of: "`", in: code) + 1)
        let pad = code.hasPrefix("`") || code.hasSuffix("`") || (code.hasPrefix(" ") && code.hasSuffix(" ") && !code.allSatisfy { $0 == " " })
        return fence + (pad ? " " + code + " " : code) + fence
    }

    private func destination(_ url: String, title: String?) -> String {
        var out = url.isEmpty || url.contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" || $0.isNewline })
            ? "<" + url.replacingOccurrences(of: "<", with: "\\<").replacingOccurrences(of: ">", with: "\\>") + ">"
            : url.replacingOccurrences(of: "\\", with: "\\\\")
        if let title {
            out += " \"" + title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return out
    }

    /// Text with every character that could be syntax escaped.
    private func escape(_ text: String, context: Context) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let characters = Array(text)
        for (index, c) in characters.enumerated() {
            switch c {
            case "#" where context == .block && !(Self.startsLine(out) && Self.mayOpenHeading(characters[index...])),
                "^" where index + 1 < characters.count && characters[index + 1] != "[":
                // Text where no syntax starts, written as Obsidian writes it: `#` that cannot open
                // a heading (`#tag` is a tag either way), `^` not before `[`.
                out.append(c)
            case "%" where (index + 1 < characters.count && characters[index + 1] == "%") || (index > 0 && characters[index - 1] == "%"):
                // `%%` would open a comment.
                out.append("\\")
                out.append(c)
            case "!" where index + 1 < characters.count && characters[index + 1] != "[",
                "&" where index + 1 < characters.count && !(characters[index + 1].isASCII && (characters[index + 1].isLetter || characters[index + 1] == "#")),
                "=" where index > 0 && index + 1 < characters.count && characters[index - 1] != "=" && characters[index + 1] != "=",
                "_" where index > 0 && index + 1 < characters.count && Self.isWordCharacter(characters[index - 1])
                    && Self.isWordCharacter(characters[index + 1]):
                // Where they open nothing: `!` not before `[`, `&` not before a name (an entity),
                // `=` not beside another (`==`) nor at a text's ends (a setext line, a
                // neighbour's `=`), `_` inside a word.
                out.append(c)
            case "\\", "`", "*", "_", "[", "]", "<", ">", "!", "~", "=", "^", "|", "#", "&", "@", "$":
                out.append("\\")
                out.append(c)
            case ":" where Self.autolinkSchemes.contains { out.suffix(6).lowercased().hasSuffix($0) },
                "." where out.suffix(3).lowercased() == "www":
                // Would start an autolink.
                out.append("\\")
                out.append(c)
            case "\n":
                out += context == .tableCell ? " " : "\n"
            default:
                out.append(c)
            }
        }
        return out
    }

    private static let autolinkSchemes = ["http", "https", "ftp", "mailto", "xmpp"]

    /// Whether `#` marks starting `text` would open a heading at a line's start: followed by
    /// white space or nothing.
    private static func mayOpenHeading(_ text: ArraySlice<Character>) -> Bool {
        let after = text.drop { $0 == "#" }
        return after.first.map { $0 == " " || $0 == "\t" } ?? true
    }

    /// Whether what is written so far ends at a line's start (nothing but spaces after its last
    /// line break), where `#` opens a heading.
    private static func startsLine(_ out: String) -> Bool {
        out.utf8.reversed().prefix { $0 != 0x0A }.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    private func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for c in text {
            current = c == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

private extension String {
    func replacingNewlines() -> String { replacingOccurrences(of: "\n", with: " ") }

    init(format2 value: UInt32) {
        let digits = String(value, radix: 16)
        self = digits.count < 2 ? "0" + digits : digits
    }
}

import Foundation
