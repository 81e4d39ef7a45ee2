import NotebookModel

extension HTMLWriter {
    /// The inline content of a block: a paragraph, a heading, a cell, a callout's title.
    mutating func inlinesHTML(_ inlines: [Inline]) {
        tagBoundary = true
        childrenHTML(inlines)
    }

    private mutating func childrenHTML(_ inlines: [Inline]) {
        // By index, reading each inline in place: a loop over them would copy every one.
        for index in inlines.indices { inline(inlines[index]) }
    }

    mutating func inline(_ inline: Inline) {
        switch inline.kind {
        case .text(let text):
            guard linksTags else {
                HTMLEscaping.escape(text, into: &out)
                break
            }
            let facts = InlineTags.facts(text)
            if linkDepth == 0 && facts.mayHoldTags {
                textWithTags(text)
            } else {
                HTMLEscaping.escape(text, into: &out)
            }
            tagBoundary = facts.endsInWhiteSpace ?? tagBoundary
        case .softBreak:
            out.append(literal: "\n")
            tagBoundary = true
        case .lineBreak:
            out.append(literal: "<br />\n")
            tagBoundary = true
        case .image(let image):
            self.image(image)
            tagBoundary = false
        case .span(let formatting, let children):
            depth += 1
            defer { depth -= 1 }
            if depth > Self.maximumDepth {
                HTMLEscaping.escape(PlainText.of(children), into: &out)
            } else {
                span(formatting, children)
            }
        }
    }

    /// Text with its `#tags` linked to their pages and gathered in `tags`: the one walk of a
    /// note's text that finds them, for its page and for the site's lists.
    private mutating func textWithTags(_ text: String) {
        guard let tagURL = options.tagURL else { return HTMLEscaping.escape(text, into: &out) }
        let scalars = text.unicodeScalars
        var written = scalars.startIndex
        for found in InlineTags.find(in: text, afterBoundary: tagBoundary) {
            HTMLEscaping.escape(String(scalars[written..<found.range.lowerBound]), into: &out)
            out.append(literal: "<a class=\"tag\" href=\"")
            out += HTMLEscaping.escapeURL(tagURL(found.tag.slug))
            out.append(literal: "\">")
            HTMLEscaping.escape(String(scalars[found.range]), into: &out)
            out.append(literal: "</a>")
            written = found.range.upperBound
            tags.append(found.tag)
        }
        if written == scalars.startIndex {
            HTMLEscaping.escape(text, into: &out)
        } else {
            HTMLEscaping.escape(String(scalars[written...]), into: &out)
        }
    }

    private mutating func image(_ image: Image) {
        let alternative = HTMLEscaping.escape(PlainText.of(image.alternative, softBreak: "\n"))
        let title = image.title.map(HTMLEscaping.escape)
        let shown = ShownImage(alternative: alternative, title: title, size: image.size)
        if options.deferLinks {
            // The whole element: whether it is shown depends on where the image is found.
            slots.append(LinkSlot(offset: out.count, piece: .image(source: image.source, embed: image.isEmbed, shown: shown)))
        } else {
            out += Self.imageElement(source: image.source, shown, options: options)
        }
    }

    /// An image's element, or its description when its source is not allowed.
    /// An image whose file is found nowhere: its description (or its source), marked as a broken
    /// link is (`broken-link`) and saying so on hover, instead of an element that asks for it.
    static func missingImage(source: String, _ shown: ShownImage) -> String {
        let said = HTMLEscaping.escape("Not found in this notebook: " + source)
        let text = shown.alternative.isEmpty ? HTMLEscaping.escape(source) : shown.alternative
        return "<span class=\"broken-link broken-image\" title=\"\(said)\">\(text)</span>"
    }

    static func imageElement(source: String, _ shown: ShownImage, options: RenderOptions) -> String {
        guard options.links.allows(source) else { return shown.alternative }
        let url = HTMLEscaping.escapeURL(source)
        // As Obsidian shows a file: audio and video with the browser's controls, a document of
        // this site in a frame (one elsewhere, whose page could be anything, is a link to it).
        // Each holds a link to its file, for a browser that shows none of them.
        var sizes = ""
        if let size = shown.size {
            sizes += " width=\"\(size.width)\""
            if let height = size.height { sizes += " height=\"\(height)\"" }
        }
        let title = shown.title.map { " title=\"\($0)\"" } ?? ""
        let text = shown.alternative.isEmpty ? HTMLEscaping.escape(source) : shown.alternative
        let fallback = "<a href=\"\(url)\">\(text)</a>"
        switch EmbeddedMedia(source: source) {
        case .audio?:
            return "<audio class=\"embed-audio\" src=\"\(url)\" controls preload=\"metadata\"\(title)>\(fallback)</audio>"
        case .video?:
            return "<video class=\"embed-video\" src=\"\(url)\" controls preload=\"metadata\"\(title)\(sizes)>\(fallback)</video>"
        case .pdf? where Link.scheme(of: source) == nil && !source.hasPrefix("//"):
            // Obsidian's `#height=400` sets the frame's height; a size given says more.
            if shown.size?.height == nil, let height = Self.pdfHeight(in: source) { sizes += " height=\"\(height)\"" }
            // The link below the frame opens it where a browser shows no document in a page (a phone's) and in a feed.
            return "<iframe class=\"embed-pdf\" src=\"\(url)\" title=\"\(shown.title ?? text)\" loading=\"lazy\"\(sizes)></iframe>"
                + "<a class=\"embed-pdf-link\" href=\"\(url)\">\(text)</a>"
        case .pdf?:
            return fallback
        case .image?, nil:
            return "<img src=\"\(url)\" alt=\"\(shown.alternative)\"\(title)\(sizes) />"
        }
    }

    /// The height in pixels a PDF's fragment asks for (`paper.pdf#page=2&height=400`), as Obsidian reads it.
    static func pdfHeight(in source: String) -> Int? {
        guard let hash = source.firstIndex(of: "#") else { return nil }
        for field in source[source.index(after: hash)...].split(separator: "&") where field.hasPrefix("height=") {
            let digits = field.dropFirst("height=".count)
            guard (1...5).contains(digits.count), digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let height = Int(digits), height > 0 else { return nil }
            return height
        }
        return nil
    }

    private mutating func span(_ formatting: Formatting, _ children: [Inline]) {
        if let label = formatting.footnote {
            footnoteReference(label, children)
            tagBoundary = false
            return
        }
        if formatting.rawHTML {
            tagBoundary = false
            let html = PlainText.of(children)
            out += options.unsafeHTML ? HTMLEscaping.filterTags(html) : HTMLEscaping.escape(html)
            return
        }
        var highlightID: String?
        if let color = formatting.highlight {
            highlightID = options.anchorHighlights ? "highlight-" + String(highlights.count + 1) : nil
            highlights.append(RenderedHighlight(text: PlainText.title(children), color: color, id: highlightID))
        }
        // Most spans are emphasis, strong emphasis or code.
        let emphasisAtMost = Self.isEmphasisAtMost(formatting)
        // A link's and a wikilink's tags are outermost, in that order; then the rest, written
        // where they go (made as strings and gathered first, they cost an allocation or more each).
        let links = emphasisAtMost ? 0 : openLinks(formatting, children)
        let tags = emphasisAtMost ? openEmphasis(formatting) : openTags(formatting, highlightID: highlightID)
        // As `InlineTags` reads the model: a link's text holds no tags, whether or not it is shown as one.
        let inLink = !emphasisAtMost && formatting.isLink ? 1 : 0
        linkDepth += inLink
        defer { linkDepth -= inLink }
        if let style = formatting.math {
            tagBoundary = false
            var tex: String
            if children.count == 1, case .text(let text) = children[0].kind { tex = text } else { tex = PlainText.of(children) }
            if options.deferCode {
                // Where the TeX starts, for the script's findings.
                let at = children.first?.location
                slots.append(LinkSlot(offset: out.count, piece: .math(tex, style, at: at)))
            } else {
                Self.formulaElement(tex, style, typeset: nil, into: &out)
            }
        } else if formatting.code {
            tagBoundary = false
            out.append(literal: "<code>")
            // Code is nearly always one piece of text, read as it is.
            if children.count == 1, case .text(let text) = children[0].kind {
                HTMLEscaping.escape(text, into: &out)
            } else {
                HTMLEscaping.escape(PlainText.of(children, softBreak: " "), into: &out)
            }
            out.append(literal: "</code>")
        } else {
            childrenHTML(children)
        }
        close(tags)
        for _ in 0..<links { out.append(literal: "</a>") }
    }

    /// Writes the opening tags of the span's link and wikilink, if any (as slots with
    /// `deferLinks`); how many `a` elements it opened.
    private mutating func openLinks(_ formatting: Formatting, _ children: [Inline]) -> Int {
        var opened = 0
        if let link = formatting.link, options.links.allows(link.destination) {
            let bare = Self.isBare(link.destination, children)
            if options.deferLinks {
                slots.append(LinkSlot(offset: out.count, piece: .href(link.destination, title: link.title, bare: bare)))
            } else {
                out += Self.linkStart(link.destination, title: link.title, bare: bare)
            }
            out.append(literal: ">")
            opened += 1
        }
        if let wikilink = formatting.wikilink {
            if options.deferLinks {
                slots.append(LinkSlot(offset: out.count, piece: .wikilinkOpening(wikilink)))
            } else {
                out += Self.wikilinkOpening(wikilink, url: nil, options: options)
            }
            opened += 1
        }
        return opened
    }

    /// Whether a link to an `http`, `https` or `mailto` address has that address as its text
    /// (`<https://x.org>`, a bare `www.x.org` or `a@b.org`, `[**https://x.org/**](https://x.org)`):
    /// printed pages, which write a link's address after its text, leave it out there.
    static func isBare(_ destination: String, _ children: [Inline]) -> Bool {
        guard let scheme = bareSchemes.first(where: { destination.hasPrefix($0) }) else { return false }
        let text: String
        if children.count == 1, case .text(let only) = children[0].kind { text = only } else { text = PlainText.of(children) }
        guard !text.isEmpty else { return false }
        // The address with its scheme, or without it (`www.x.org`), a trailing slash either way.
        let address = destination.hasSuffix("/") ? String(destination.dropLast()) : destination
        let shown = text.hasSuffix("/") ? String(text.dropLast()) : text
        return address == shown || address == scheme + shown
    }

    /// The addresses a link's text may show as they are (``isBare(_:_:)``).
    private static let bareSchemes = ["https://", "http://", "mailto:"]

    /// The start of a link's opening tag, `<a href="…" title="…"`, to `url`; a link whose target
    /// a site found missing (`broken`) keeps its destination as written, is marked (the themes'
    /// `broken-link`) and says so on hover; a `bare` one, whose text is its address, is marked
    /// `bare-url`.
    static func linkStart(_ url: String, title: String?, broken: Bool = false, bare: Bool = false) -> String {
        var start = broken ? "<a class=\"broken-link\" href=\"" : bare ? "<a class=\"bare-url\" href=\"" : "<a href=\""
        start += HTMLEscaping.escapeURL(url)
        start += "\""
        let shown = broken ? "Not found in this notebook: " + url + (title.map { " (\($0))" } ?? "") : title
        if let shown { start += " title=\"\(HTMLEscaping.escape(shown))\"" }
        return start
    }

    /// A wikilink's opening tag: to `url`, else to where it leads already or the options say,
    /// else marked unresolved.
    static func wikilinkOpening(_ wikilink: WikiLink, url: String?, options: RenderOptions) -> String {
        if let url = url ?? wikilink.url ?? options.wikilinkURL(wikilink), options.links.allows(url) {
            return "<a class=\"wikilink\" href=\"\(HTMLEscaping.escapeURL(url))\">"
        }
        return HTMLEscaping.unresolvedWikilinkOpening(wikilink.target + (wikilink.heading.map { "#" + $0 } ?? ""))
    }

    private mutating func footnoteReference(_ label: String, _ children: [Inline]) {
        let key = FootnoteDefinition.key(label)
        guard let number = footnoteNumbers[key] else {
            out += HTMLEscaping.escape("[^\(label)]")
            return
        }
        let count = (footnoteReferences[key] ?? 0) + 1
        footnoteReferences[key] = count
        let id = count == 1 ? "fnref\(number)" : "fnref\(number)-\(count)"
        out += "<sup class=\"footnote-ref\"><a href=\"#fn\(number)\" id=\"\(id)\" aria-label=\"Footnote \(number)\">\(number)</a></sup>"
    }

    /// Whether the formatting sets nothing but emphasis, strong emphasis (either turned on) and
    /// code (footnotes and raw HTML are handled before).
    private static func isEmphasisAtMost(_ formatting: Formatting) -> Bool {
        !formatting.isLink && formatting.color == nil && formatting.highlight == nil
            && (formatting.textStyle == nil || formatting.textStyle == .body) && formatting.scale == nil
            && formatting.bold != false && formatting.italic != false && formatting.underline == nil
            && formatting.strikethrough == nil
    }

    /// The elements a span opens besides its links, each at most once, in the order they are
    /// opened (outermost first): they are closed in the other order.
    private struct OpenTags: OptionSet {
        let rawValue: UInt8
        static let span = OpenTags(rawValue: 1)
        static let mark = OpenTags(rawValue: 2)
        static let emphasis = OpenTags(rawValue: 4)
        static let strong = OpenTags(rawValue: 8)
        static let underline = OpenTags(rawValue: 16)
        static let strikethrough = OpenTags(rawValue: 32)
    }

    /// Writes the tags of emphasis and strong emphasis, outermost first: emphasis outside strong
    /// emphasis, as libcmark-gfm nests `***a***`.
    private mutating func openEmphasis(_ formatting: Formatting) -> OpenTags {
        var open: OpenTags = []
        if formatting.italic == true {
            out.append(literal: "<em>")
            open.insert(.emphasis)
        }
        if formatting.bold == true {
            out.append(literal: "<strong>")
            open.insert(.strong)
        }
        return open
    }

    /// Writes the tags for a span's formatting but its link and wikilink (`openLinks`),
    /// outermost first; a highlight's `mark` carries `highlightID` when there is one.
    private mutating func openTags(_ formatting: Formatting, highlightID: String?) -> OpenTags {
        var open: OpenTags = []
        var classes: [String] = []
        var styles: [String] = []
        if let color = formatting.color {
            switch color {
            case .hex(let hex): if let hex = Self.validHex(hex) { styles.append("color: \(hex)") }
            default: classes.append("color-\(Slug.make(color.description))")
            }
        }
        // `body` is the default style: it needs no class, so notes that name it look like those that don't.
        if let style = formatting.textStyle, style != .body { classes.append("text-style-\(style.rawValue)") }
        if let scale = formatting.scale, scale.isFinite, scale > 0 {
            styles.append("font-size: \(Self.number(min(max(scale, 0.1), 10)))em")
        }
        if formatting.bold == false { classes.append("not-bold") }
        if formatting.italic == false { classes.append("not-italic") }
        if !classes.isEmpty || !styles.isEmpty {
            out.append(literal: "<span")
            if !classes.isEmpty { out += " class=\"\(classes.joined(separator: " "))\"" }
            if !styles.isEmpty { out += " style=\"\(styles.joined(separator: "; "))\"" }
            out.append(literal: ">")
            open.insert(.span)
        }
        if let highlight = formatting.highlight {
            out.append(literal: "<mark")
            if let highlightID {
                out.append(literal: " id=\"")
                out += highlightID
                out.append(literal: "\"")
            }
            switch highlight {
            case .hex(let hex):
                out.append(literal: " class=\"highlight\"")
                if let hex = Self.validHex(hex) {
                    out.append(literal: " style=\"background-color: ")
                    out += hex
                    out.append(literal: "\"")
                }
            default:
                out.append(literal: " class=\"highlight highlight-")
                out += Slug.make(highlight.description)
                out.append(literal: "\"")
            }
            out.append(literal: ">")
            open.insert(.mark)
        }
        open.formUnion(openEmphasis(formatting))
        if let underline = formatting.underline {
            out += underline == .single ? "<u>" : "<u class=\"underline-\(underline.rawValue)\">"
            open.insert(.underline)
        }
        if let strike = formatting.strikethrough {
            out += strike == .single ? "<del>" : "<del class=\"strikethrough-\(strike.rawValue)\">"
            open.insert(.strikethrough)
        }
        return open
    }

    /// Writes the closing tags of `open`, innermost first.
    private mutating func close(_ open: OpenTags) {
        if open.contains(.strikethrough) { out.append(literal: "</del>") }
        if open.contains(.underline) { out.append(literal: "</u>") }
        if open.contains(.strong) { out.append(literal: "</strong>") }
        if open.contains(.emphasis) { out.append(literal: "</em>") }
        if open.contains(.mark) { out.append(literal: "</mark>") }
        if open.contains(.span) { out.append(literal: "</span>") }
    }

    /// `hex` when it is a color Color accepts, normalized; nil otherwise.
    static func validHex(_ hex: String) -> String? {
        guard case .hex(let valid) = Color(hex, palette: []) else { return nil }
        return valid
    }

    /// A number for CSS: at most three decimals, no exponent.
    static func number(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let whole = thousandths / 1000
        var fraction = String(thousandths % 1000)
        guard fraction != "0" else { return String(whole) }
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
