/// An image as a run holds it: where it is and its title. The run's text is its alternative text.
public struct ImageReference: Hashable, Sendable {
    public var source: String
    public var title: String?
    /// Written as `![[file.png]]`: a file found by its name.
    public var isEmbed: Bool
    public var size: ImageSize?

    public init(source: String, title: String? = nil, isEmbed: Bool = false, size: ImageSize? = nil) {
        self.source = source
        self.title = title
        self.isEmbed = isEmbed
        self.size = size
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
        let shared = runs.enumerated().map { SharedRun($1.kind, formatting: $0, at: $1.location) }
        return nest(shared, formattings: runs.map(\.formatting))
    }

    /// `nest(_:)` for runs whose formattings come from a list they share: the tree of the runs
    /// with `formattings[run.formatting]` for each run's formatting.
    public static func nest(_ runs: [SharedRun], formattings: [Formatting]) -> [Inline] {
        guard !runs.isEmpty else { return [] }
        return runs.withUnsafeBufferPointer { runs in
            formattings.withUnsafeBufferPointer { RunNester.nest(SharedFormattingRuns(runs: runs, formattings: $0)) }
        }
    }
}

/// A run whose formatting is the one at an index of a list that many runs share, as Apple's keyed
/// form shares attribute objects: runs made by the thousand need not each carry a copy of their
/// formatting. `InlineRuns.nest(_:formattings:)` nests them.
public struct SharedRun: Hashable, Sendable {
    public var kind: Run.Kind
    /// The index of the run's formatting in the list its runs share.
    public var formatting: Int
    public var location: SourceLocation?

    public init(_ kind: Run.Kind, formatting: Int, at location: SourceLocation? = nil) {
        self.kind = kind
        self.formatting = formatting
        self.location = location
    }

    /// The run's characters as Apple's model holds them, as `Run.text`.
    public var text: String { Run(kind).text }
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
                let reference = ImageReference(source: image.source, title: image.title, isEmbed: image.isEmbed, size: image.size)
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
private enum SpanAttribute: Int, CaseIterable {
    case bold, italic, underline, strikethrough, code, math, highlight, color, textStyle, scale, link, wikilink, footnote,
        rawHTML

    var bit: UInt16 { 1 << UInt16(rawValue) }

    /// The bits of the attributes `f` sets. Formattings are read in place, through pointers,
    /// as handing one to a function by value copies it.
    @inline(__always)
    static func mask(of f: UnsafePointer<Formatting>) -> UInt16 {
        var mask: UInt16 = 0
        if f.pointee.bold != nil { mask |= Self.bold.bit }
        if f.pointee.italic != nil { mask |= Self.italic.bit }
        if f.pointee.underline != nil { mask |= Self.underline.bit }
        if f.pointee.strikethrough != nil { mask |= Self.strikethrough.bit }
        if f.pointee.code { mask |= Self.code.bit }
        if f.pointee.math != nil { mask |= Self.math.bit }
        if f.pointee.highlight != nil { mask |= Self.highlight.bit }
        if f.pointee.color != nil { mask |= Self.color.bit }
        if f.pointee.textStyle != nil { mask |= Self.textStyle.bit }
        if f.pointee.scale != nil { mask |= Self.scale.bit }
        if f.pointee.link != nil { mask |= Self.link.bit }
        if f.pointee.wikilink != nil { mask |= Self.wikilink.bit }
        if f.pointee.footnote != nil { mask |= Self.footnote.bit }
        if f.pointee.rawHTML { mask |= Self.rawHTML.bit }
        return mask
    }

    @inline(__always)
    func isSame(_ a: UnsafePointer<Formatting>, _ b: UnsafePointer<Formatting>) -> Bool {
        switch self {
        case .bold: a.pointee.bold == b.pointee.bold
        case .italic: a.pointee.italic == b.pointee.italic
        case .underline: a.pointee.underline == b.pointee.underline
        case .strikethrough: a.pointee.strikethrough == b.pointee.strikethrough
        case .code: a.pointee.code == b.pointee.code
        case .math: a.pointee.math == b.pointee.math
        case .highlight: a.pointee.highlight == b.pointee.highlight
        case .color: a.pointee.color == b.pointee.color
        case .textStyle: a.pointee.textStyle == b.pointee.textStyle
        case .scale: a.pointee.scale == b.pointee.scale
        case .link: a.pointee.link == b.pointee.link
        case .wikilink: a.pointee.wikilink == b.pointee.wikilink
        case .footnote: a.pointee.footnote == b.pointee.footnote
        case .rawHTML: a.pointee.rawHTML == b.pointee.rawHTML
        }
    }

    @inline(__always)
    func copy(from source: UnsafePointer<Formatting>, into target: inout Formatting) {
        switch self {
        case .bold: target.bold = source.pointee.bold
        case .italic: target.italic = source.pointee.italic
        case .underline: target.underline = source.pointee.underline
        case .strikethrough: target.strikethrough = source.pointee.strikethrough
        case .code: target.code = source.pointee.code
        case .math: target.math = source.pointee.math
        case .highlight: target.highlight = source.pointee.highlight
        case .color: target.color = source.pointee.color
        case .textStyle: target.textStyle = source.pointee.textStyle
        case .scale: target.scale = source.pointee.scale
        case .link: target.link = source.pointee.link
        case .wikilink: target.wikilink = source.pointee.wikilink
        case .footnote: target.footnote = source.pointee.footnote
        case .rawHTML: target.rawHTML = source.pointee.rawHTML
        }
    }
}

/// The runs `RunNester` nests, read in place: copying a run out of an array to read one of its
/// fields costs as much as the rest of the work.
private struct SharedFormattingRuns {
    let runs: UnsafeBufferPointer<SharedRun>
    let formattings: UnsafeBufferPointer<Formatting>

    var count: Int { runs.count }

    @inline(__always)
    private func formattingPointer(_ index: Int) -> UnsafePointer<Formatting> {
        formattings.baseAddress! + runs[index].formatting
    }

    @inline(__always)
    func kind(at index: Int) -> Run.Kind { runs[index].kind }

    @inline(__always)
    func isEmptyText(at index: Int) -> Bool? {
        if case .text(let value) = runs[index].kind { value.isEmpty } else { nil }
    }

    @inline(__always)
    func location(at index: Int) -> SourceLocation? { runs[index].location }

    @inline(__always)
    func mask(at index: Int) -> UInt16 { SpanAttribute.mask(of: formattingPointer(index)) }

    @inline(__always)
    func isSame(_ attribute: SpanAttribute, _ a: Int, _ b: Int) -> Bool {
        attribute.isSame(formattingPointer(a), formattingPointer(b))
    }

    @inline(__always)
    func formatting(at index: Int) -> Formatting { formattings[runs[index].formatting] }

    @inline(__always)
    func copy(_ attribute: SpanAttribute, at index: Int, into formatting: inout Formatting) {
        attribute.copy(from: formattingPointer(index), into: &formatting)
    }
}

/// Builds the inline tree of `InlineRuns.nest`.
///
/// Each run's set attributes are a bit mask, found once. For every attribute that occurs,
/// `ends` holds, for each run `i`, where the stretch of runs from `i` with the same value of that
/// attribute ends, found once from the right: O(runs × attributes) in all. Both live in temporary
/// buffers (on the stack when small), so that nesting a paragraph's few runs allocates nothing but
/// the tree. The recursion is as deep as there are attributes, whatever the input.
private struct RunNester {
    let runs: SharedFormattingRuns
    private let masks: UnsafeMutableBufferPointer<UInt16>
    /// One column of `runs.count` entries for each attribute in `used`, in the order of their bits.
    private let ends: UnsafeMutableBufferPointer<Int32>
    /// The attributes some run sets.
    private let used: UInt16

    private init(runs: SharedFormattingRuns, masks: UnsafeMutableBufferPointer<UInt16>, ends: UnsafeMutableBufferPointer<Int32>, used: UInt16) {
        self.runs = runs
        self.masks = masks
        self.ends = ends
        self.used = used
    }

    /// The inline tree of all of `runs`.
    static func nest(_ runs: SharedFormattingRuns) -> [Inline] {
        let count = runs.count
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { masks in
            var used: UInt16 = 0
            for index in 0..<count {
                let mask = runs.mask(at: index)
                masks.initializeElement(at: index, to: mask)
                used |= mask
            }
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: used.nonzeroBitCount * count) { ends in
                ends.initialize(repeating: 0)
                var base = 0
                var bits = used
                while bits != 0 {
                    let attribute = SpanAttribute(rawValue: bits.trailingZeroBitCount)!
                    bits &= bits - 1
                    let bit = attribute.bit
                    var index = count - 1
                    while index >= 0 {
                        if masks[index] & bit != 0 {
                            let next = index + 1
                            let continues = next < count && masks[next] & bit != 0 && runs.isSame(attribute, index, next)
                            ends[base + index] = continues ? ends[base + next] : Int32(next)
                        }
                        index -= 1
                    }
                    base += count
                }
                let nester = RunNester(runs: runs, masks: masks, ends: ends, used: used)
                return nester.nest(0..<count, removed: 0)
            }
        }
    }

    /// Where the stretch of runs from `index` with the same value of attribute `raw` ends.
    @inline(__always)
    private func end(of raw: Int, at index: Int) -> Int {
        let column = (used & ((1 << UInt16(raw)) &- 1)).nonzeroBitCount
        return Int(ends[column * runs.count + index])
    }

    /// Among the attributes `active` of the run at `index`, those whose value holds longest
    /// within `range`, and how many runs that is.
    @inline(__always)
    private func longest(at index: Int, active: UInt16, in range: Range<Int>) -> (extent: Int, group: UInt16) {
        var longest = 0
        var group: UInt16 = 0
        var bits = active
        while bits != 0 {
            let raw = bits.trailingZeroBitCount
            bits &= bits - 1
            let extent = min(end(of: raw, at: index), range.upperBound) - index
            if extent > longest {
                longest = extent
                group = 1 << UInt16(raw)
            } else if extent == longest {
                group |= 1 << UInt16(raw)
            }
        }
        return (longest, group)
    }

    /// How many inlines `nest(range, removed:)` gives, so that its array is allocated once.
    private func inlineCount(_ range: Range<Int>, removed: UInt16) -> Int {
        var count = 0
        /// Whether text is pending, and whether it is empty so far (nil: none pending).
        var pendingIsEmpty: Bool?
        var index = range.lowerBound
        while index < range.upperBound {
            let active = masks[index] & ~removed
            guard active != 0 else {
                if let isEmpty = runs.isEmptyText(at: index) {
                    pendingIsEmpty = (pendingIsEmpty ?? true) && isEmpty
                } else {
                    if pendingIsEmpty == false { count += 1 }
                    pendingIsEmpty = nil
                    count += 1
                }
                index += 1
                continue
            }
            if pendingIsEmpty == false { count += 1 }
            pendingIsEmpty = nil
            count += 1
            index += longest(at: index, active: active, in: range).extent
        }
        if pendingIsEmpty == false { count += 1 }
        return count
    }

    /// The inlines of `range`, whose runs all share the attributes in `removed` (already applied).
    func nest(_ range: Range<Int>, removed: UInt16) -> [Inline] {
        var out: [Inline] = []
        out.reserveCapacity(inlineCount(range, removed: removed))
        var text: String?
        var textLocation: SourceLocation?
        func flushText() {
            // `Inline.init` takes its kind as its own, so the text and formatting move in.
            if let value = text, !value.isEmpty { out.append(Inline(.text(value), at: textLocation)) }
            text = nil
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let active = masks[index] & ~removed
            guard active != 0 else {
                switch runs.kind(at: index) {
                case .text(let value):
                    if text == nil {
                        text = value
                        textLocation = runs.location(at: index)
                    } else {
                        text! += value
                    }
                case .softBreak:
                    flushText()
                    out.append(Inline(.softBreak, at: runs.location(at: index)))
                case .lineBreak:
                    flushText()
                    out.append(Inline(.lineBreak, at: runs.location(at: index)))
                case .image(let reference, let alternative):
                    flushText()
                    let location = runs.location(at: index)
                    let image = Image(
                        source: reference.source, title: reference.title,
                        alternative: alternative.isEmpty ? [] : [.text(alternative, at: location)],
                        isEmbed: reference.isEmbed, size: reference.size)
                    out.append(Inline(.image(image), at: location))
                }
                index += 1
                continue
            }
            let (longest, group) = longest(at: index, active: active, in: range)
            flushText()
            let formatting: Formatting
            if masks[index] == group {
                // The span carries every attribute the run sets: the run's formatting as it is.
                formatting = runs.formatting(at: index)
            } else {
                var copied = Formatting()
                var bits = group
                while bits != 0 {
                    let attribute = SpanAttribute(rawValue: bits.trailingZeroBitCount)!
                    bits &= bits - 1
                    runs.copy(attribute, at: index, into: &copied)
                }
                formatting = copied
            }
            // Empty text stands for an empty span's content, and is dropped by `flushText`.
            let children = nest(index..<(index + longest), removed: removed | group)
            out.append(Inline(.span(formatting, children), at: runs.location(at: index)))
            index += longest
        }
        flushText()
        return out
    }
}
