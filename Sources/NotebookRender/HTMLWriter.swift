import NotebookModel

/// The state of one rendering: the output, heading ids and footnote numbers.
struct HTMLWriter: ~Copyable {
    let options: RenderOptions
    /// Room for a note's usual page at once, instead of growing from a few bytes.
    var out = UTF8Builder(capacity: 4096)
    var headingIDs = HeadingIDs()
    var headings: [NoteHeading] = []
    var highlights: [RenderedHighlight] = []
    /// The links left open, with `RenderOptions.deferLinks`.
    var slots: [LinkSlot] = []
    /// Footnote label (by `FootnoteDefinition.key`) → number, in order of definition.
    var footnoteNumbers: [String: Int] = [:]
    var footnotes: [FootnoteDefinition] = []
    /// How often each footnote has been referred to so far.
    var footnoteReferences: [String: Int] = [:]
    /// Whether the text written next follows white space or its container's start, where a
    /// `#tag` may begin (`InlineTags`).
    var tagBoundary = true
    /// How many links and wikilinks the current text is inside: their text holds no tags.
    var linkDepth = 0
    /// The tags found in the text, with `RenderOptions.tagURL`.
    var tags: [TagName] = []
    /// Where each top-level block starts, for embeds of a note's sections; where the footnotes
    /// start; and where each identified block is.
    var marks = RenderedNote.Marks()
    /// Whether `RenderOptions.tagURL` is set, read once: reading the closure retains it.
    let linksTags: Bool
    /// How deep the current walk is; past `maximumDepth` content is written as plain text.
    var depth = 0
    static let maximumDepth = 200

    /// The heading elements' names, by level.
    private static let headingTags = ["h1", "h2", "h3", "h4", "h5", "h6"]

    init(options: RenderOptions) {
        self.options = options
        linksTags = options.tagURL != nil
    }

    /// Starts a new line unless the output is at the start of one.
    mutating func cr() {
        if !out.isEmpty && !out.endsWithLineFeed { out.append(literal: "\n") }
    }

    mutating func numberFootnotes(in blocks: [Block]) {
        var stack = Block.walkStack(blocks)
        while let (top, index) = stack.advance() {
            switch stack[top].blocks[index].kind {
            case .footnoteDefinition(let definition):
                let key = FootnoteDefinition.key(definition.label)
                if footnoteNumbers[key] == nil {
                    footnotes.append(definition)
                    footnoteNumbers[key] = footnotes.count
                }
            case .blockQuote(let children): stack.append((children, 0))
            case .callout(let callout): stack.append((callout.blocks, 0))
            case .list(let list):
                // Each item's blocks as they are, the first item on top: a list of them all would be
                // made anew for every list.
                for item in list.items.indices.reversed() { stack.append((list.items[item].blocks, 0)) }
            default: break
            }
        }
    }

    mutating func blocks(_ blocks: [Block], tight: Bool) {
        var index = 0
        while index < blocks.count {
            // `^id` alone after a block (a table, a quote, a list, a callout, a paragraph; not a
            // heading, whose section it opens) names that block: its anchor goes before the block,
            // so that a link to it shows the block, not what follows.
            if depth == 0, index + 1 < blocks.count, let id = Self.loneIdentifier(blocks[index + 1]), marks.identified[id] == nil,
                !Self.isHeading(blocks[index])
            {
                cr()
                let start = out.count
                out += "<div id=\"^\(id)\" class=\"block-id\"></div>\n"
                block(blocks[index], tight: tight)
                marks.identified[id] = start..<out.count
                marks.identifiedCount += 1
                index += 2
                continue
            }
            block(blocks[index], tight: tight)
            index += 1
        }
    }

    /// The identifier of a paragraph that is `^id` alone (no embed), if it is one.
    private static func loneIdentifier(_ block: Block) -> String? {
        guard case .paragraph(let inlines) = block.kind, WikiLink.embedAlone(in: inlines) == nil,
            let (id, rest) = BlockID.trailing(in: inlines), rest.isEmpty
        else { return nil }
        return id
    }

    private static func isHeading(_ block: Block) -> Bool {
        if case .heading = block.kind { true } else { false }
    }

    mutating func block(_ block: Block, tight: Bool) {
        depth += 1
        defer { depth -= 1 }
        if depth == 1 {
            if case .heading(let level, _) = block.kind {
                marks.blocks.append(.init(offset: out.count, headingLevel: level, headingIndex: headings.count))
            } else {
                marks.blocks.append(.init(offset: out.count, headingLevel: nil, headingIndex: nil))
            }
        }
        if depth > Self.maximumDepth {
            cr()
            out.append(literal: "<p>")
            HTMLEscaping.escape(PlainText.of([block]), into: &out)
            out.append(literal: "</p>\n")
            return
        }
        switch block.kind {
        case .paragraph(let inlines):
            if options.deferLinks, let embed = WikiLink.embedAlone(in: inlines) {
                // `![[Note]]` on its own: the note's content, once the site has it.
                cr()
                slots.append(LinkSlot(offset: out.count, piece: .embed(embed, at: block.location)))
                out.append(literal: "\n")
            } else if let (id, rest) = BlockID.trailing(in: inlines) {
                // Obsidian's `^id`: the block's anchor, not its text. Given again, it names nothing.
                cr()
                let repeated = marks.identified[id] != nil
                marks.identifiedCount += 1
                let start = out.count
                if rest.isEmpty {
                    if !repeated { out += "<div id=\"^\(id)\" class=\"block-id\"></div>\n" }
                } else {
                    out += repeated ? "<p>" : "<p id=\"^\(id)\">"
                    inlinesHTML(rest)
                    out.append(literal: "</p>\n")
                }
                // Alone on its line after another block, it was taken with that block (`blocks`);
                // here it names its own place: at the note's start, after a heading, in a list.
                if !repeated { marks.identified[id] = start..<out.count }
            } else if tight {
                inlinesHTML(inlines)
            } else {
                cr()
                out.append(literal: "<p>")
                inlinesHTML(inlines)
                out.append(literal: "</p>\n")
            }
        case .heading(let level, let inlines):
            cr()
            let text = PlainText.of(inlines, softBreak: " ")
            let id = headingIDs.id(for: text)
            headings.append(NoteHeading(level: level, text: text, id: id, location: block.location))
            // Piece by piece: an interpolated string would be made first, then copied.
            let tag = (1...6).contains(level) ? Self.headingTags[level - 1] : "h\(level)"
            out.append(literal: "<")
            out += tag
            out.append(literal: " id=\"")
            HTMLEscaping.escape(id, into: &out)
            out.append(literal: "\">")
            inlinesHTML(inlines)
            out.append(literal: "</")
            out += tag
            out.append(literal: ">\n")
        case .list(let list):
            self.list(list)
        case .blockQuote(let children):
            cr()
            out.append(literal: "<blockquote>\n")
            blocks(children, tight: false)
            cr()
            out.append(literal: "</blockquote>\n")
        case .callout(let callout):
            self.callout(callout)
        case .codeBlock(let code):
            cr()
            let title = code.title.flatMap { $0.isEmpty ? nil : $0 }
            if let title {
                out.append(literal: "<figure class=\"code-block\"><figcaption>")
                HTMLEscaping.escape(title, into: &out)
                out.append(literal: "</figcaption>")
            }
            if options.deferCode, code.highlighted == nil, code.language.map({ !$0.isEmpty }) == true {
                slots.append(LinkSlot(offset: out.count, piece: .code(code)))
            } else {
                Self.codeElement(code, highlighted: code.highlighted, into: &out)
            }
            out += title == nil ? "\n" : "</figure>\n"
        case .table(let table):
            self.table(table)
        case .thematicBreak:
            cr()
            out.append(literal: "<hr />\n")
        case .html(let html):
            cr()
            if options.unsafeHTML {
                out += HTMLEscaping.filterTags(html)
            } else {
                out += "<pre class=\"raw-html\"><code>" + HTMLEscaping.escape(html) + "</code></pre>\n"
            }
        case .footnoteDefinition:
            break  // written at the end, in `footnoteSection()`
        }
    }

    /// A code block's `pre` element: the code `highlighted` (HTML that ``HTMLRenderer`` users
    /// have checked) or escaped, its marked lines wrapped, classed by its language. A
    /// ```` ```math ```` block with its MathML is a display formula instead.
    static func codeElement(_ code: CodeBlock, highlighted: String?, into out: inout UTF8Builder) {
        if code.language == "math", let highlighted {
            out.append(literal: "<div class=\"katex-display\">")
            out += highlighted
            out.append(literal: "</div>")
            return
        }
        out.append(literal: "<pre><code")
        if let language = code.language, !language.isEmpty {
            out += " class=\"language-\(HTMLEscaping.escape(language))\(highlighted == nil ? "" : " hljs")\""
        }
        out.append(literal: ">")
        if let highlighted {
            out += MarkedLines.wrap(highlighted, marked: code.markedLines)
        } else if code.markedLines.isEmpty {
            // Escaped straight into the page: most blocks, with no text made on the way.
            HTMLEscaping.escape(code.code, into: &out)
        } else {
            out += MarkedLines.wrap(HTMLEscaping.escape(code.code), marked: code.markedLines)
        }
        out.append(literal: "</code></pre>")
    }

    /// A formula: its MathML `typeset` (checked by ``HTMLRenderer`` users), a display one in a
    /// `katex-display` span; without it, its source as code, dollars and all (so that text that
    /// was not meant as math, `$h{$key}`, reads as written).
    static func formulaElement(_ tex: String, _ style: MathStyle, typeset: String?, into out: inout UTF8Builder) {
        if let typeset {
            if style == .display { out.append(literal: "<span class=\"katex-display\">") }
            out += typeset
            if style == .display { out.append(literal: "</span>") }
        } else {
            let dollars = style == .display ? "$$" : "$"
            out += style == .display ? "<code class=\"math math-display\">" : "<code class=\"math\">"
            out += dollars
            HTMLEscaping.escape(tex, into: &out)
            out += dollars
            out.append(literal: "</code>")
        }
    }

    private mutating func list(_ list: List) {
        cr()
        if list.isOrdered {
            out += list.start == 1 ? "<ol>\n" : "<ol start=\"\(list.start)\">\n"
        } else {
            out.append(literal: "<ul>\n")
        }
        var itemStart: (id: String, offset: Int)? = nil
        for (position, item) in list.items.enumerated() {
            cr()
            // An item whose first paragraph ends in `^id` gets the anchor itself, tight or loose
            // (given again, none): shown alone, it stays an item of its list.
            var content = item.blocks
            if case .paragraph(let inlines)? = content.first?.kind, let (id, rest) = BlockID.trailing(in: inlines),
                !rest.isEmpty
            {
                content[0].kind = .paragraph(rest)
                marks.identifiedCount += 1
                if marks.identified[id] != nil {
                    out.append(literal: "<li>")
                } else {
                    itemStart = (id, out.count)
                    // Taken now, so that the item's own blocks cannot give it again; its end comes after them.
                    marks.identified[id] = out.count..<out.count
                    // An ordered list's item says its number, which it keeps when it is shown alone.
                    out += list.isOrdered ? "<li id=\"^\(id)\" value=\"\(list.start + position)\">" : "<li id=\"^\(id)\">"
                }
            } else {
                out.append(literal: "<li>")
            }
            if let checked = item.task {
                out += checked ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> " : "<input type=\"checkbox\" disabled=\"\" /> "
            }
            blocks(content, tight: list.isTight)
            out.append(literal: "</li>\n")
            if let (id, start) = itemStart {
                marks.identified[id] = start..<out.count
                itemStart = nil
            }
        }
        cr()
        out += list.isOrdered ? "</ol>\n" : "</ul>\n"
    }

    /// A callout: a `<div>`, or a `<details>` when it folds, with its kind's icon before the title.
    private mutating func callout(_ callout: Callout) {
        cr()
        let look = callout.look
        let written = HTMLEscaping.escape(Slug.make(callout.kind))
        let attributes = "class=\"callout callout-\(look.rawValue)\" data-callout=\"\(written)\""
        let folds = callout.folding != .none
        if folds {
            out += "<details \(attributes)\(callout.folding == .open ? " open" : "")>\n<summary class=\"callout-title\">"
        } else {
            out += "<div \(attributes) role=\"note\">\n<p class=\"callout-title\">"
        }
        out += CalloutIcon.svg(look)
        if callout.title.isEmpty {
            out += HTMLEscaping.escape(callout.kind.prefix(1).uppercased() + callout.kind.dropFirst())
        } else {
            inlinesHTML(callout.title)
        }
        out += folds ? "</summary>\n" : "</p>\n"
        blocks(callout.blocks, tight: false)
        cr()
        out += folds ? "</details>\n" : "</div>\n"
    }

    private mutating func table(_ table: Table) {
        cr()
        out.append(literal: "<table>\n<thead>\n")
        row(table.header, cellTag: "th", alignments: table.alignments)
        out.append(literal: "</thead>\n")
        if !table.rows.isEmpty {
            out.append(literal: "<tbody>\n")
            for cells in table.rows { row(cells, cellTag: "td", alignments: table.alignments) }
            out.append(literal: "</tbody>\n")
        }
        out.append(literal: "</table>\n")
    }

    private mutating func row(_ cells: [TableCell], cellTag: String, alignments: [Table.Alignment]) {
        out.append(literal: "<tr>\n")
        for (index, cell) in cells.enumerated() {
            // Piece by piece: an interpolated string would be made first, then copied.
            out.append(literal: "<")
            out += cellTag
            let alignment = index < alignments.count ? alignments[index] : .none
            if alignment != .none {
                out.append(literal: " align=\"")
                out += alignment.rawValue
                out.append(literal: "\"")
            }
            out.append(literal: ">")
            inlinesHTML(cell.content)
            out.append(literal: "</")
            out += cellTag
            out.append(literal: ">\n")
        }
        out.append(literal: "</tr>\n")
    }

    /// The footnotes, in order, each with links back to where it was referred to.
    mutating func footnoteSection() {
        marks.bodyEnd = out.count
        guard !footnotes.isEmpty else { return }
        cr()
        // Named for screen readers, as each link in and out of it is (WCAG's link purpose).
        out.append(literal: "<section class=\"footnotes\" aria-label=\"Footnotes\">\n<ol>\n")
        for (index, definition) in footnotes.enumerated() {
            let number = index + 1
            out += "<li id=\"fn\(number)\">\n"
            var backrefs = ""
            for reference in 0..<max(footnoteReferences[FootnoteDefinition.key(definition.label)] ?? 0, 1) {
                let suffix = reference == 0 ? "" : "-\(reference + 1)"
                let which = reference == 0 ? "" : " (\(reference + 1))"
                backrefs += " <a href=\"#fnref\(number)\(suffix)\" class=\"footnote-backref\" aria-label=\"Back to reference \(number)\(which)\">↩</a>"
            }
            if let last = definition.blocks.last, case .paragraph(let inlines) = last.kind {
                blocks(Array(definition.blocks.dropLast()), tight: false)
                cr()
                out.append(literal: "<p>")
                inlinesHTML(inlines)
                out += backrefs + "</p>\n"
            } else {
                blocks(definition.blocks, tight: false)
                cr()
                out += backrefs.dropFirst() + "\n"
            }
            out.append(literal: "</li>\n")
        }
        out.append(literal: "</ol>\n</section>\n")
    }
}
