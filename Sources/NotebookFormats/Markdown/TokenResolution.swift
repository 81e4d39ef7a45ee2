import NotebookModel

extension CmarkConverter {
    /// One piece of an inline container while its tokens are paired.
    private struct Item {
        var inline: Inline?
        var token: Int?
        var location: SourceLocation?
        var depth: Int
        var canOpen = false
        var canClose = false
    }

    private struct Opener {
        var item: Int
        var annotation: Int?
        /// The deepest nesting among the items after this opener and before the next one.
        var depth = 0
    }

    /// The openers still open, with each annotation's place among them, so that every token is
    /// paired in constant time (amortized) whatever the input.
    private struct OpenerStack {
        private(set) var openers: [Opener] = []
        private var annotationIndex: [Int: Int] = [:]

        mutating func push(_ opener: Opener) {
            if let annotation = opener.annotation { annotationIndex[annotation] = openers.count }
            openers.append(opener)
        }

        func index(of annotation: Int) -> Int? { annotationIndex[annotation] }

        /// Whether the innermost opener is a `==` one.
        var lastIsHighlight: Bool { openers.last.map { $0.annotation == nil } ?? false }

        /// Records an item of nesting `depth` added after the innermost opener.
        mutating func noteDepth(_ depth: Int) {
            guard !openers.isEmpty else { return }
            openers[openers.count - 1].depth = max(openers[openers.count - 1].depth, depth)
        }

        /// Removes `openers[index...]`; gives the first one and the deepest nesting after it.
        mutating func pop(from index: Int) -> (opener: Opener, depth: Int) {
            let opener = openers[index]
            var depth = 0
            for removed in openers[index...] {
                depth = max(depth, removed.depth)
                if let annotation = removed.annotation { annotationIndex[annotation] = nil }
            }
            openers.removeSubrange(index...)
            return (opener, depth)
        }
    }

    /// The inlines of one container with its tokens turned into formatting: annotations and
    /// `==` pairs become spans, wikilinks links, and tokens left unpaired their source text.
    mutating func resolveTokens(_ inlines: [Inline], depth: Int, in node: OpaquePointer) -> (inlines: [Inline], depth: Int) {
        // A note without notebook syntax has no tokens to look for in its text.
        guard let markers = context.scan.markers, !context.scan.tokens.isEmpty else { return (mergeText(inlines), depth) }
        // Nor has a container whose text holds no marker (most of them).
        guard inlines.contains(where: { if case .text(let text) = $0.kind { markers.marks(text) } else { false } }) else {
            return (mergeText(inlines), depth)
        }
        var items = expand(inlines, markers: markers, depth: depth)
        guard items.contains(where: { $0.token != nil }) else { return (mergeText(inlines), depth) }

        var out: [Item] = []
        out.reserveCapacity(items.count)
        var openers = OpenerStack()
        func add(_ item: consuming Item) {
            openers.noteDepth(item.depth)
            out.append(item)
        }
        for position in items.indices {
            // Each item is moved out of the list, not copied: an empty one is left in its place.
            var item = Item(inline: nil, location: nil, depth: 0)
            swap(&item, &items[position])
            guard let index = item.token else {
                add(item)
                continue
            }
            let token = context.scan.tokens[index]
            switch token.kind {
            case .wikilink(let syntax):
                add(Item(inline: wikilink(syntax, at: item.location), location: item.location, depth: 1))
            case .refusedWikilink(let refused):
                // Said only where the text right after it is the brackets as written: no link,
                // image or other syntax took them. The marker itself stands for nothing.
                let wikilink = context.scan.refusedWikilinks[refused]
                if position + 1 < items.count, let next = items[position + 1].inline, case .text(let text) = next.kind,
                    case let placement = Self.placement(of: node), placement != .link, wikilink.opens(text, in: placement)
                {
                    context.report(.warning, wikilink.message, at: context.location(originalOffset: wikilink.offset), code: "wikilink.name")
                }
            case .math(let syntax):
                // The TeX starts after the dollars: a formula's findings are placed from there.
                let tex = context.location(originalOffset: token.offset + (syntax.display ? 2 : 1))
                let math = Formatting(math: syntax.display ? .display : .inline)
                add(Item(inline: .span(math, [.text(syntax.tex, at: tex)], at: item.location), location: item.location, depth: 1))
            case .annotationOpen(let annotation):
                openers.push(Opener(item: out.count, annotation: annotation))
                out.append(item)
            case .annotationClose(let annotation):
                if let o = openers.index(of: annotation) {
                    let (opener, inner) = openers.pop(from: o)
                    let syntax = context.scan.annotations[annotation]
                    if let formatting = annotationFormatting(syntax) {
                        let built = close(&out, from: opener.item, depth: inner, formatting: formatting)
                        openers.noteDepth(built)
                    } else {
                        // Attributes that are not JSON5: the page shows the markup as written.
                        out[opener.item] = literal(out[opener.item])
                        add(literal(item))
                    }
                } else {
                    add(literal(item))
                }
            case .highlight:
                if item.canClose, openers.lastIsHighlight {
                    let (opener, inner) = openers.pop(from: openers.openers.count - 1)
                    let color = Self.takeHighlightMark(&out, after: opener.item) ?? context.palette.first.map(Color.palette)
                    let built = close(&out, from: opener.item, depth: inner, formatting: Formatting(highlight: color))
                    openers.noteDepth(built)
                } else if item.canOpen {
                    openers.push(Opener(item: out.count, annotation: nil))
                    out.append(item)
                } else {
                    add(literal(item))
                }
            }
        }
        var inlines: [Inline] = []
        inlines.reserveCapacity(out.count)
        var deepest = 0
        for index in out.indices {
            if out[index].token != nil { out[index] = literal(out[index]) }
            deepest = max(deepest, out[index].depth)
            // Moved out, not copied: the items go with this call.
            if out[index].inline != nil { inlines.append(out[index].inline.take()!) }
        }
        return (mergeText(inlines), deepest)
    }

    /// Replaces `out[from...]` (the opener and what follows, of nesting `depth`) by a span of what
    /// follows; past the nesting limit, only drops the opener. Gives the nesting of what it leaves.
    private mutating func close(_ out: inout [Item], from: Int, depth: Int, formatting: Formatting) -> Int {
        let location = out[from].location
        if depth + 1 > MarkdownReader.maximumNesting {
            // Left in place, so that a run of such closers costs nothing per item.
            context.reportNesting(at: location)
            out[from] = Item(inline: nil, location: location, depth: 0)
            return depth
        }
        // What follows the opener is moved into the span, not copied.
        var content: [Inline] = []
        content.reserveCapacity(out.count - from - 1)
        for index in (from + 1)..<out.count {
            if out[index].token != nil { out[index] = literal(out[index]) }
            if out[index].inline != nil { content.append(out[index].inline.take()!) }
        }
        out.removeSubrange(from...)
        let span = Inline.span(formatting, mergeText(content), at: location)
        out.append(Item(inline: span, location: location, depth: depth + 1))
        return depth + 1
    }

    /// The colours of Obsidian's coloured highlights, `==🔴text==`, by the mark that opens them.
    static let highlightMarks: [(mark: Character, color: String)] = [
        ("\u{1F534}", "red"), ("\u{1F7E0}", "orange"), ("\u{1F7E2}", "green"), ("\u{1F535}", "blue"), ("\u{1F7E3}", "purple"),
    ]

    /// The colour a highlight's content names with a mark at its start (taken out of the text with
    /// one space after it), or nil; a mark that is all the content is no colour.
    private static func takeHighlightMark(_ out: inout [Item], after opener: Int) -> Color? {
        guard opener + 1 < out.count, out[opener + 1].token == nil, let inline = out[opener + 1].inline,
            // Every mark is an emoji of four bytes, the first 0xF0: most highlights are let go
            // on that byte, without reading a character.
            case .text(let text) = inline.kind, text.utf8.first == 0xF0, let first = text.first,
            let color = highlightMarks.first(where: { $0.mark == first })?.color
        else { return nil }
        var rest = text.dropFirst()
        if rest.first == " " { rest = rest.dropFirst() }
        // A mark with nothing after it is the highlighted text itself: `==🔴==` is no empty highlight.
        guard !rest.isEmpty || opener + 2 < out.count else { return nil }
        out[opener + 1].inline = rest.isEmpty ? nil : .text(String(rest), at: inline.location)
        return .palette(color)
    }

    private func literal(_ item: Item) -> Item {
        guard let index = item.token else { return item }
        return Item(inline: .text(context.scan.tokens[index].original, at: item.location), location: item.location, depth: 0)
    }

    /// Splits text at markers and notes, for each `==`, whether it may open or close.
    private mutating func expand(_ inlines: [Inline], markers: TokenMarkers, depth: Int) -> [Item] {
        var items: [Item] = []
        // Room for a token and the text after it in each inline, which most need at most.
        items.reserveCapacity(inlines.count * 3)
        for inline in inlines {
            guard case .text(let text) = inline.kind else {
                items.append(Item(inline: inline, location: inline.location, depth: depth))
                continue
            }
            var location = inline.location
            markers.split(text) { piece in
                switch piece {
                case .text(let text):
                    items.append(Item(inline: .text(text, at: location), location: location, depth: 0))
                case .token(let index) where index < context.scan.tokens.count:
                    // The token's place read in place: a copy of it would copy its text.
                    let offset = context.scan.tokens[index].offset
                    let length = context.scan.tokens[index].original.utf8.count
                    items.append(Item(token: index, location: context.location(originalOffset: offset), depth: 0))
                    location = context.location(originalOffset: offset + length)
                case .token:
                    break
                }
            }
        }
        for i in items.indices where items[i].token != nil {
            items[i].canOpen = !isSpace(items, at: i + 1, first: true)
            items[i].canClose = !isSpace(items, at: i - 1, first: false)
        }
        return items
    }

    /// Whether the character next to a token, at the edge of `items[index]`, is white space (or
    /// there is nothing there at all). The item is read in place.
    private func isSpace(_ items: [Item], at index: Int, first: Bool) -> Bool {
        guard items.indices.contains(index) else { return true }
        guard let inline = items[index].inline else { return false }
        switch inline.kind {
        case .text(let text):
            // An ASCII byte at the edge (with another before it at the end: a character that
            // ends in ASCII may start with something else) is a character of its own.
            let utf8 = text.utf8
            guard let edge = first ? utf8.first : utf8.last else { return true }
            if edge < 0x80, first || utf8.count == 1 || utf8[utf8.index(utf8.endIndex, offsetBy: -2)] < 0x80 {
                return edge == 0x20 || (edge >= 0x09 && edge <= 0x0D)
            }
            guard let c = first ? text.first : text.last else { return true }
            return c.isWhitespace
        case .softBreak, .lineBreak:
            return true
        case .span, .image:
            return false
        }
    }

    private func wikilink(_ syntax: WikiLinkSyntax, at location: SourceLocation?) -> Inline {
        let shown = syntax.label ?? (syntax.target.isEmpty ? syntax.heading ?? "" : syntax.target)
        if syntax.isEmbed, let media = EmbeddedMedia(source: syntax.target) {
            // `![[pic.png|200]]`, `![[pic.png|200x100]]`, `![[pic.png|alt|200]]`: a size is no description.
            let (label, size) = syntax.label.map { ImageSize.split("|" + $0) } ?? ("", nil)
            let alternative = label.isEmpty ? syntax.target : String(label.dropFirst())
            // A document, a video or audio keeps where it opens (`![[paper.pdf#page=3]]`); an image has no such place.
            let source = media == .image ? syntax.target : syntax.target + (syntax.heading.map { "#" + $0 } ?? "")
            let image = Image(source: source, alternative: [.text(alternative, at: location)], isEmbed: true, size: size)
            return Inline(.image(image), at: location)
        }
        let link = WikiLink(target: syntax.target, heading: syntax.heading, isEmbed: syntax.isEmbed)
        return .span(Formatting(wikilink: link), [.text(shown, at: location)], at: location)
    }

    /// The formatting an annotation's attributes give, with its findings reported; nil when
    /// they are not a JSON5 dictionary body.
    private mutating func annotationFormatting(_ syntax: AnnotationSyntax) -> Formatting? {
        let reader = AnnotationAttributes(palette: context.palette)
        let (formatting, findings) = reader.read(syntax.attributes)
        for finding in findings {
            context.report(
                finding.severity, finding.message,
                at: context.location(originalOffset: syntax.attributesOffset + finding.offset), code: finding.code)
        }
        return findings.contains { $0.code == "annotation.json5" } ? nil : formatting
    }
}

/// Adjacent text joined into one, as the parser splits text at every special character.
func mergeText(_ inlines: [Inline]) -> [Inline] {
    func isText(_ inline: Inline) -> Bool { if case .text = inline.kind { true } else { false } }
    guard inlines.indices.dropFirst().contains(where: { isText(inlines[$0]) && isText(inlines[$0 - 1]) }) else { return inlines }
    var out: [Inline] = []
    out.reserveCapacity(inlines.count)
    var pending: (text: String, location: SourceLocation?)? = nil
    for inline in inlines {
        if case .text(let text) = inline.kind {
            if pending == nil {
                pending = (text, inline.location)
            } else {
                pending!.text += text
            }
            continue
        }
        if let (text, location) = pending {
            out.append(.text(text, at: location))
            pending = nil
        }
        out.append(inline)
    }
    if let (text, location) = pending { out.append(.text(text, at: location)) }
    return out
}
