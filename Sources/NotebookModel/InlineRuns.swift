/// An image as a run holds it: where it is and its title. The run's text is its alternative text.
public struct ImageReference: Hashable, Sendable {
    public var source: String
    public var title: String?
    /// Written as `![[file.png]]`: a file beside the note.
    public var isEmbed: Bool

    public init(source: String, title: String? = nil, isEmbed: Bool = false) {
        self.source = source
        self.title = title
        self.isEmbed = isEmbed
    }
}

/// A stretch of inline content with one formatting throughout: a run of Apple's `AttributedString`.
public struct Run: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case text(String)
        /// A line break that a reader may reflow as a space.
        case softBreak
        /// A hard line break.
        case lineBreak
        /// An image; as in Apple's model, the run's text is the image's alternative text.
        case image(ImageReference, alternative: String)
    }

    public var kind: Kind
    /// Every attribute in effect on the run, those of all enclosing spans merged.
    public var formatting: Formatting
    public var location: SourceLocation?

    public init(_ kind: Kind, formatting: Formatting = .plain, at location: SourceLocation? = nil) {
        self.kind = kind
        self.formatting = formatting
        self.location = location
    }

    /// The run's characters as Apple's model holds them: `" "` for a soft break, `"\n"` for a
    /// line break, the alternative text for an image.
    public var text: String {
        switch kind {
        case .text(let text): text
        case .softBreak: " "
        case .lineBreak: "\n"
        case .image(_, let alternative): alternative
        }
    }
}

/// The bridge between the model's inline tree and Apple's flat runs.
public enum InlineRuns {
    /// The runs of `inlines`, each with the formatting of all its enclosing spans merged.
    ///
    /// Adjacent text with equal formatting becomes one run; a span with no content becomes one
    /// empty text run, so that it is not lost; an image's alternative becomes plain text. A leaf
    /// without a location takes its span's.
    public static func flatten(_ inlines: [Inline]) -> [Run] {
        var flattener = RunFlattener()
        flattener.flatten(inlines)
        return flattener.runs
    }

    /// The smallest inline tree whose runs are `runs`.
    ///
    /// At each position, among the attributes of the current run, the one whose value holds
    /// longest decides a span's extent; every attribute of the run holding exactly as long joins
    /// that span, and the content inside is nested the same way without them. Runs left with no
    /// attribute become text, adjacent text joined; empty text inside a span leaves it empty.
    public static func nest(_ runs: [Run]) -> [Inline] {
        RunNester(runs).nest(0..<runs.count, removed: 0)
    }
}

/// Walks an inline tree with its own stack, so that no depth of nesting can exhaust the call stack.
private struct RunFlattener {
    private struct Frame {
        var rest: ArraySlice<Inline>
        var formatting: Formatting
        var location: SourceLocation?
        /// The number of runs (pending text counted) when the span opened; nil at the top.
        var runsAtStart: Int?
        /// Distinguishes frames, so text from the same span joins without comparing formatting.
        var serial: Int
    }

    private(set) var runs: [Run] = []
    private var pendingText = ""
    private var pendingFormatting = Formatting()
    private var pendingLocation: SourceLocation?
    private var pendingSerial: Int?
    private var serials = 0

    private var producedCount: Int { runs.count + (pendingSerial == nil ? 0 : 1) }

    mutating func flatten(_ inlines: [Inline]) {
        var stack = [Frame(rest: inlines[...], formatting: .plain, location: nil, runsAtStart: nil, serial: 0)]
        while let top = stack.indices.last {
            guard let inline = stack[top].rest.popFirst() else {
                let frame = stack.removeLast()
                if let start = frame.runsAtStart, producedCount == start {
                    appendText("", frame.formatting, frame.location, serial: frame.serial)
                }
                continue
            }
            // A leaf without a location of its own is where its span is.
            let location = inline.location ?? stack[top].location
            switch inline.kind {
            case .text(let text):
                if !text.isEmpty { appendText(text, stack[top].formatting, location, serial: stack[top].serial) }
            case .softBreak:
                append(Run(.softBreak, formatting: stack[top].formatting, at: location))
            case .lineBreak:
                append(Run(.lineBreak, formatting: stack[top].formatting, at: location))
            case .image(let image):
                let reference = ImageReference(source: image.source, title: image.title, isEmbed: image.isEmbed)
                let alternative = PlainText.of(image.alternative, softBreak: "\n")
                append(Run(.image(reference, alternative: alternative), formatting: stack[top].formatting, at: location))
            case .span(let inner, let children):
                serials += 1
                let frame = Frame(
                    rest: children[...], formatting: stack[top].formatting.merged(with: inner), location: inline.location,
                    runsAtStart: producedCount, serial: serials)
                stack.append(frame)
            }
        }
        flushText()
    }

    private mutating func flushText() {
        guard pendingSerial != nil else { return }
        runs.append(Run(.text(pendingText), formatting: pendingFormatting, at: pendingLocation))
        pendingSerial = nil
        pendingText = ""
    }

    private mutating func append(_ run: Run) {
        flushText()
        runs.append(run)
    }

    private mutating func appendText(_ text: String, _ formatting: Formatting, _ location: SourceLocation?, serial: Int) {
        if let pending = pendingSerial, pending == serial || pendingFormatting == formatting {
            pendingText += text
            pendingSerial = serial
            return
        }
        flushText()
        pendingText = text
        pendingFormatting = formatting
        pendingLocation = location
        pendingSerial = serial
    }
}

/// One attribute of `Formatting` that a span sets as a whole.
private enum FormattingAttribute: Int, CaseIterable {
    case bold, italic, underline, strikethrough, code, highlight, color, textStyle, scale, link, wikilink, footnote,
        rawHTML

    var bit: UInt16 { 1 << UInt16(rawValue) }

    /// The bits of the attributes `f` sets.
    static func mask(of f: Formatting) -> UInt16 {
        var mask: UInt16 = 0
        if f.bold != nil { mask |= Self.bold.bit }
        if f.italic != nil { mask |= Self.italic.bit }
        if f.underline != nil { mask |= Self.underline.bit }
        if f.strikethrough != nil { mask |= Self.strikethrough.bit }
        if f.code { mask |= Self.code.bit }
        if f.highlight != nil { mask |= Self.highlight.bit }
        if f.color != nil { mask |= Self.color.bit }
        if f.textStyle != nil { mask |= Self.textStyle.bit }
        if f.scale != nil { mask |= Self.scale.bit }
        if f.link != nil { mask |= Self.link.bit }
        if f.wikilink != nil { mask |= Self.wikilink.bit }
        if f.footnote != nil { mask |= Self.footnote.bit }
        if f.rawHTML { mask |= Self.rawHTML.bit }
        return mask
    }

    func isSame(_ a: Formatting, _ b: Formatting) -> Bool {
        switch self {
        case .bold: a.bold == b.bold
        case .italic: a.italic == b.italic
        case .underline: a.underline == b.underline
        case .strikethrough: a.strikethrough == b.strikethrough
        case .code: a.code == b.code
        case .highlight: a.highlight == b.highlight
        case .color: a.color == b.color
        case .textStyle: a.textStyle == b.textStyle
        case .scale: a.scale == b.scale
        case .link: a.link == b.link
        case .wikilink: a.wikilink == b.wikilink
        case .footnote: a.footnote == b.footnote
        case .rawHTML: a.rawHTML == b.rawHTML
        }
    }

    func copy(from source: Formatting, into target: inout Formatting) {
        switch self {
        case .bold: target.bold = source.bold
        case .italic: target.italic = source.italic
        case .underline: target.underline = source.underline
        case .strikethrough: target.strikethrough = source.strikethrough
        case .code: target.code = source.code
        case .highlight: target.highlight = source.highlight
        case .color: target.color = source.color
        case .textStyle: target.textStyle = source.textStyle
        case .scale: target.scale = source.scale
        case .link: target.link = source.link
        case .wikilink: target.wikilink = source.wikilink
        case .footnote: target.footnote = source.footnote
        case .rawHTML: target.rawHTML = source.rawHTML
        }
    }
}

/// Builds the inline tree of `InlineRuns.nest`.
///
/// Each run's set attributes are a bit mask, found once. For every attribute that occurs,
/// `ends[attribute][i]` is where the stretch of runs from `i` with the same value of that
/// attribute ends, found once from the right: O(runs × attributes) in all. The recursion is as
/// deep as there are attributes, whatever the input.
private struct RunNester {
    let runs: [Run]
    private let masks: [UInt16]
    /// Indexed by `FormattingAttribute.rawValue`; empty for attributes no run sets.
    private var ends: [[Int32]]

    init(_ runs: [Run]) {
        self.runs = runs
        var masks = [UInt16](repeating: 0, count: runs.count)
        var used: UInt16 = 0
        for index in runs.indices {
            let mask = FormattingAttribute.mask(of: runs[index].formatting)
            masks[index] = mask
            used |= mask
        }
        var ends = [[Int32]](repeating: [], count: FormattingAttribute.allCases.count)
        for attribute in FormattingAttribute.allCases where used & attribute.bit != 0 {
            var column = [Int32](repeating: 0, count: runs.count)
            var index = runs.count - 1
            while index >= 0 {
                if masks[index] & attribute.bit != 0 {
                    let next = index + 1
                    let continues = next < runs.count && masks[next] & attribute.bit != 0
                        && attribute.isSame(runs[index].formatting, runs[next].formatting)
                    column[index] = continues ? column[next] : Int32(next)
                }
                index -= 1
            }
            ends[attribute.rawValue] = column
        }
        self.masks = masks
        self.ends = ends
    }

    /// The inlines of `range`, whose runs all share the attributes in `removed` (already applied).
    func nest(_ range: Range<Int>, removed: UInt16) -> [Inline] {
        var out: [Inline] = []
        var text: String?
        var textLocation: SourceLocation?
        func flushText() {
            if let value = text, !value.isEmpty { out.append(.text(value, at: textLocation)) }
            text = nil
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let active = masks[index] & ~removed
            guard active != 0 else {
                switch runs[index].kind {
                case .text(let value):
                    if text == nil {
                        text = value
                        textLocation = runs[index].location
                    } else {
                        text! += value
                    }
                case .softBreak:
                    flushText()
                    out.append(Inline(.softBreak, at: runs[index].location))
                case .lineBreak:
                    flushText()
                    out.append(Inline(.lineBreak, at: runs[index].location))
                case .image(let reference, let alternative):
                    flushText()
                    let location = runs[index].location
                    let image = Image(
                        source: reference.source, title: reference.title,
                        alternative: alternative.isEmpty ? [] : [.text(alternative, at: location)],
                        isEmbed: reference.isEmbed)
                    out.append(Inline(.image(image), at: location))
                }
                index += 1
                continue
            }
            var longest = 0
            var group: UInt16 = 0
            var bits = active
            while bits != 0 {
                let raw = bits.trailingZeroBitCount
                bits &= bits - 1
                let extent = min(Int(ends[raw][index]), range.upperBound) - index
                if extent > longest {
                    longest = extent
                    group = 1 << UInt16(raw)
                } else if extent == longest {
                    group |= 1 << UInt16(raw)
                }
            }
            flushText()
            var formatting = Formatting()
            for attribute in FormattingAttribute.allCases where group & attribute.bit != 0 {
                attribute.copy(from: runs[index].formatting, into: &formatting)
            }
            // Empty text stands for an empty span's content, and is dropped by `flushText`.
            let children = nest(index..<(index + longest), removed: removed | group)
            out.append(.span(formatting, children, at: runs[index].location))
            index += longest
        }
        flushText()
        return out
    }
}
