import NotebookModel

/// A place in a rendered note where a link's target goes once a site has resolved it: what
/// ``RenderOptions/deferLinks`` leaves open, and ``HTMLRenderer/fill(_:_:)`` fills.
public struct LinkSlot: Hashable, Sendable {
    /// Where it is in the note's HTML, in UTF-8 bytes.
    public var offset: Int
    public var piece: Piece

    public init(offset: Int, piece: Piece) {
        self.offset = offset
        self.piece = piece
    }

    /// What the slot holds: the start of a link's opening tag, `<a href="…" title="…"` (a link a
    /// site found broken is marked), a wikilink's whole opening tag (a wikilink that leads nowhere is shown
    /// otherwise), or an image's whole element (an image whose source is not allowed is shown by
    /// its description, here escaped as its title).
    public enum Piece: Hashable, Sendable {
        /// `bare`: the link's text is its address (``HTMLWriter/isBare(_:_:)``).
        case href(String, title: String?, bare: Bool = false)
        case wikilinkOpening(WikiLink)
        case image(source: String, embed: Bool, shown: ShownImage)
        /// `![[Note]]` alone in a paragraph: the whole element, made once the site has the
        /// embedded note's page (``HTMLRenderer/fill(_:_:embed:)``); where it is written.
        case embed(WikiLink, at: SourceLocation?)
        /// A code block's `pre` element, with ``RenderOptions/deferCode``: written once its
        /// highlighted HTML is known, or plain.
        case code(CodeBlock)
        /// A formula's element, with ``RenderOptions/deferCode``: its TeX, how it is set, and where
        /// the TeX starts; written once its MathML is known, or as its source.
        case math(String, MathStyle, at: SourceLocation?)
    }

    /// What a site's URL function gives for a target it found broken: no URL has a NUL.
    public static let broken = "\u{0}broken"

    /// What a site resolves to fill the slot.
    public enum Target: Hashable, Sendable {
        case link(String)
        case image(String, embed: Bool)
        case wikilink(WikiLink)
    }

    /// Whether the slot holds a code block or a formula, which scripts make.
    public var isCode: Bool {
        switch piece {
        case .code, .math: true
        default: false
        }
    }

    /// What a site resolves to fill the slot; nil for code, which leads nowhere.
    public var target: Target? {
        switch piece {
        case .href(let destination, _, _): .link(destination)
        case .wikilinkOpening(let wikilink): .wikilink(wikilink)
        case .image(let source, let embed, _): .image(source, embed: embed)
        case .embed(let wikilink, _): .wikilink(wikilink)
        case .code, .math: nil
        }
    }
}

extension RenderedNote {
    /// The formulas its slots hold, in the note's order: each TeX, its style, and where it starts.
    public var formulas: [(tex: String, style: MathStyle, at: SourceLocation?)] {
        slots.compactMap { slot in
            if case .math(let tex, let style, let at) = slot.piece { (tex, style, at) } else { nil }
        }
    }
}

/// What an image shows besides its source: its description and title (escaped already) and its size.
public struct ShownImage: Hashable, Sendable {
    public var alternative: String
    public var title: String?
    public var size: ImageSize?
}

extension HTMLRenderer {
    /// `note` with its slots filled: each with the URL `url` gives its target, else with the
    /// target as written, exactly as rendering the resolved note would write it; without `url`,
    /// links, wikilinks and images stay slots of the filled note. An embed's slot takes the
    /// element `embed` makes for it; without one (or when it gives none) it stays a slot. A code
    /// block is written with the highlighted HTML `code` gives for it (plain when it gives none),
    /// and stays a slot without `code`; a formula likewise with the MathML `math` gives for it (its
    /// source when it gives none). The note's marks move with what is written before them.
    public func fill(
        _ note: RenderedNote, _ url: ((LinkSlot.Target) -> String?)?, embed: ((WikiLink, SourceLocation?) -> String?)? = nil,
        code: ((CodeBlock) -> String?)? = nil, math: ((String, MathStyle) -> String?)? = nil
    ) -> RenderedNote {
        guard !note.slots.isEmpty else { return note }
        var filled = note
        filled.slots = []
        var out = UTF8Builder(capacity: note.html.utf8.count + note.slots.count * 32)
        // Where each slot was, and how much was written at it and at the slots before it (what
        // was written so far past the original bytes), for the marks.
        var shifts: [(offset: Int, total: Int)] = []
        shifts.reserveCapacity(note.slots.count)
        var html = note.html
        html.withUTF8 { bytes in
            var start = 0
            for slot in note.slots {
                out.append(UnsafeBufferPointer(rebasing: bytes[start..<slot.offset]))
                start = slot.offset
                switch slot.piece {
                case .href, .wikilinkOpening, .image:
                    if let url {
                        out += link(slot.piece, url: url, options: options)
                    } else {
                        filled.slots.append(LinkSlot(offset: out.count, piece: slot.piece))
                    }
                case .code(let block):
                    if let code {
                        HTMLWriter.codeElement(block, highlighted: code(block), into: &out)
                    } else {
                        filled.slots.append(LinkSlot(offset: out.count, piece: slot.piece))
                    }
                case .math(let tex, let style, _):
                    if let math {
                        HTMLWriter.formulaElement(tex, style, typeset: math(tex, style), into: &out)
                    } else {
                        filled.slots.append(LinkSlot(offset: out.count, piece: slot.piece))
                    }
                case .embed(let wikilink, let location):
                    if let element = embed?(wikilink, location) {
                        out += element
                    } else {
                        filled.slots.append(LinkSlot(offset: out.count, piece: slot.piece))
                    }
                }
                shifts.append((slot.offset, out.count - slot.offset))
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        filled.html = out.string
        filled.marks = note.marks.moved { offset in
            // The last slot before `offset`, found by halving; the slots are in order.
            var low = 0
            var high = shifts.count
            while low < high {
                let middle = (low + high) / 2
                if shifts[middle].offset < offset { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? offset : offset + shifts[low - 1].total
        }
        return filled
    }

    /// The HTML of a link, wikilink or image slot whose target leads where `url` says (or, for
    /// ``LinkSlot/broken``, nowhere).
    private func link(_ piece: LinkSlot.Piece, url: (LinkSlot.Target) -> String?, options: RenderOptions) -> String {
        func leading(_ target: LinkSlot.Target) -> String? {
            url(target).flatMap { $0 == LinkSlot.broken ? nil : $0 }
        }
        switch piece {
        case .href(let destination, let title, let bare):
            let target = url(.link(destination))
            return HTMLWriter.linkStart(
                target == LinkSlot.broken ? destination : target ?? destination, title: title, broken: target == LinkSlot.broken, bare: bare)
        case .wikilinkOpening(let wikilink): return HTMLWriter.wikilinkOpening(wikilink, url: leading(.wikilink(wikilink)), options: options)
        case .image(let source, let embed, let shown):
            // An image found nowhere is no request that fails: its description, marked and explained.
            let target = url(.image(source, embed: embed))
            if target == LinkSlot.broken { return HTMLWriter.missingImage(source: source, shown) }
            return HTMLWriter.imageElement(source: target ?? source, shown, options: options)
        case .embed, .code, .math: return ""
        }
    }
}
