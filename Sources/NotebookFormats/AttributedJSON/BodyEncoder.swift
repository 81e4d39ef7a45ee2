import NotebookModel

/// A run to write: its text and its attribute object.
struct EncodedRun: Sendable {
    var text: String
    var attributes: JSONOutput
    /// Plain text may join a neighbour with equal attributes; breaks and images may not.
    var isText: Bool
    var location: SourceLocation?
}

/// Turns a note's blocks into Apple's runs: presentation intents with identities numbered in
/// document order, emphasis and code as inline intent bits, the notebook's keys for the rest.
/// What the format cannot hold is a warning naming it.
struct BodyEncoder {
    /// The text of a thematic break's run: Apple's runs cannot be empty.
    static let thematicBreakText = "\u{2015}"
    /// The text of an image run without alternative text, which `NSAlternateDescription` gives.
    static let emptyImageText = "\u{FFFC}"
    /// How deep containers may nest before their blocks are written into the enclosing one.
    static let maximumDepth = 256

    let path: String
    private(set) var runs: [EncodedRun] = []
    private(set) var warnings: [Diagnostic] = []
    private var nextIdentity = 1
    private var reportedDepth = false

    init(path: String) {
        self.path = path
    }

    mutating func encode(_ blocks: [Block]) {
        self.blocks(blocks, containers: [], task: nil, depth: 0)
    }

    private mutating func warn(_ message: String, at location: SourceLocation?) {
        warnings.append(Diagnostic(.warning, message, path: path, at: location, code: "json.unexpressible"))
    }

    private mutating func identity() -> Int {
        defer { nextIdentity += 1 }
        return nextIdentity
    }

    // MARK: Blocks

    /// Writes `blocks` inside `containers` (outermost first); `task` is the checked state of the
    /// list item they belong to directly.
    private mutating func blocks(_ blocks: [Block], containers: [IntentComponent], task: Bool?, depth: Int) {
        for block in blocks {
            let before = runs.count
            let firstIdentity = nextIdentity
            // A block that writes no run gives back its identities, so that identities stay
            // consecutive and writing a note read from JSON gives the same JSON.
            defer { if runs.count == before { nextIdentity = firstIdentity } }
            let at = block.location
            func leaf(_ kind: IntentComponent.Kind) -> JSONOutput {
                Self.intent(containers + [IntentComponent(kind: kind, identity: identity())])
            }
            func container(_ kind: IntentComponent.Kind) -> [IntentComponent]? {
                guard depth < Self.maximumDepth else {
                    if !reportedDepth {
                        warn("blocks nest deeper than \(Self.maximumDepth) levels; the deeper levels are flattened", at: at)
                        reportedDepth = true
                    }
                    return nil
                }
                return containers + [IntentComponent(kind: kind, identity: identity())]
            }
            switch block.kind {
            case .paragraph(let inlines):
                self.inlines(inlines, intent: leaf(.paragraph), task: task, at: at)
                if runs.count == before { warn("an empty paragraph is left out: a run cannot be empty", at: at) }
            case .heading(let level, let inlines):
                self.inlines(inlines, intent: leaf(.header(level: min(max(level, 1), 6))), task: task, at: at)
                if runs.count == before { warn("an empty heading is left out: a run cannot be empty", at: at) }
            case .codeBlock(let code):
                let intent = leaf(.codeBlock(language: code.language))
                if code.title != nil || !code.markedLines.isEmpty {
                    warn("a code block's title and marked lines are left out: the format keeps only its language", at: at)
                }
                if code.code.isEmpty {
                    warn("an empty code block is left out: a run cannot be empty", at: at)
                } else {
                    append(code.code, attributes(intent: intent, task: task), at: at)
                }
            case .html(let html):
                let intent = leaf(.paragraph)
                if html.isEmpty {
                    warn("an empty HTML block is left out: a run cannot be empty", at: at)
                } else {
                    let bits: [(String, JSONOutput)] = [(JSONKeys.inlineIntent, .integer(InlineIntent.blockHTML))]
                    append(html, attributes(bits, intent: intent, task: task), at: at)
                }
            case .thematicBreak:
                append(Self.thematicBreakText, attributes(intent: leaf(.thematicBreak), task: task), at: at)
            case .list(let list):
                guard var listPath = container(list.isOrdered ? .orderedList : .unorderedList) else {
                    self.blocks(list.items.flatMap(\.blocks), containers: containers, task: task, depth: depth)
                    continue
                }
                // Apple's intents do not say whether a list is tight: where the readers' guess
                // would be wrong, the list's component says so.
                let kept = list.items.map { item in
                    ListItem(task: item.task, blocks: item.blocks.filter { !Self.isEmpty($0) })
                }
                if ListTightness.guess(kept) != list.isTight { listPath[listPath.count - 1].isTight = list.isTight }
                var written = 0
                var start = list.start
                if list.isOrdered && !PresentationIntentReader.ordinals.contains(start) {
                    start = min(max(start, 0), PresentationIntentReader.ordinals.upperBound - list.items.count)
                    warn("the list start \(list.start) is written as \(start): an item's number has at most nine digits", at: at)
                }
                for item in list.items {
                    // Items left out take no number, so that the note read back numbers the same.
                    let ordinal = list.isOrdered ? start + written : written + 1
                    let itemPath = listPath + [IntentComponent(kind: .listItem(ordinal: ordinal), identity: identity())]
                    let itemStart = runs.count
                    self.blocks(item.blocks, containers: itemPath, task: item.task, depth: depth + 1)
                    if runs.count == itemStart {
                        nextIdentity -= 1
                        warn("an empty list item is left out: a run cannot be empty", at: item.location ?? at)
                    } else {
                        written += 1
                    }
                }
            case .blockQuote(let children):
                guard let quotePath = container(.blockQuote) else {
                    self.blocks(children, containers: containers, task: task, depth: depth)
                    continue
                }
                self.blocks(children, containers: quotePath, task: nil, depth: depth + 1)
                if runs.count == before { warn("an empty block quote is left out: a run cannot be empty", at: at) }
            case .callout(let callout):
                let marker = Block(.paragraph(Self.calloutMarker(callout)), at: at)
                guard let quotePath = container(.blockQuote) else {
                    self.blocks([marker] + callout.blocks, containers: containers, task: task, depth: depth)
                    continue
                }
                self.blocks([marker] + callout.blocks, containers: quotePath, task: nil, depth: depth + 1)
            case .table(let table):
                self.table(table, containers: containers, task: task, at: at)
            case .footnoteDefinition(let definition):
                warn("the footnote definition [^\(definition.label)] is left out: JSON has no footnotes", at: at)
            }
        }
    }

    /// The first paragraph of a callout's block quote, which `Callout.detect` reads back.
    private static func calloutMarker(_ callout: Callout) -> [Inline] {
        let marker = "[!\(callout.kind)]" + callout.folding.rawValue
        return callout.title.isEmpty ? [.text(marker)] : [.text(marker + " ")] + callout.title
    }

    private static func isEmpty(_ block: Block) -> Bool {
        switch block.kind {
        case .paragraph(let inlines), .heading(_, let inlines): InlineRuns.flatten(inlines).allSatisfy { $0.text.isEmpty }
        case .codeBlock(let code): code.code.isEmpty
        case .html(let html): html.isEmpty
        case .footnoteDefinition: true
        default: false
        }
    }

    private mutating func table(_ table: Table, containers: [IntentComponent], task: Bool?, at: SourceLocation?) {
        if table.alignments.contains(.none) {
            warn("table columns without alignment are written as left-aligned: Apple's columns are left, center or right", at: at)
        }
        let columns = table.alignments.map { $0 == .none ? .left : $0 }
        let tablePath = containers + [IntentComponent(kind: .table(columns: columns), identity: identity())]
        for (index, cells) in ([table.header] + table.rows).enumerated() {
            let kind: IntentComponent.Kind = index == 0 ? .tableHeaderRow : .tableRow(index: index)
            let rowIdentity = nextIdentity
            let rowPath = tablePath + [IntentComponent(kind: kind, identity: identity())]
            let before = runs.count
            for (column, cell) in cells.enumerated() {
                let cellIdentity = nextIdentity
                let cellStart = runs.count
                let intent = Self.intent(rowPath + [IntentComponent(kind: .tableCell(column: column), identity: identity())])
                inlines(cell.content, intent: intent, task: task, at: cell.location ?? at)
                // An empty cell comes back from its column; it needs no identity.
                if runs.count == cellStart { nextIdentity = cellIdentity }
            }
            if runs.count == before {
                nextIdentity = rowIdentity
                if index > 0 { warn("an empty table row is left out: a run cannot be empty", at: cells.first?.location ?? at) }
            }
        }
    }

    /// `NSPresentationIntent` for a block inside `path` (outermost first): components innermost first.
    private static func intent(_ path: [IntentComponent]) -> JSONOutput {
        let components = path.reversed().map { component in
            JSONOutput.object(sorting: [
                (JSONKeys.identity, .integer(component.identity)), (JSONKeys.kind, .array(kind(component.kind))),
            ] + (component.isTight.map { [(JSONKeys.isTight, .bool($0))] } ?? []))
        }
        return .object(sorting: [(JSONKeys.components, .array(components))])
    }

    private static func kind(_ kind: IntentComponent.Kind) -> [JSONOutput] {
        let name = JSONOutput.string(kind.name)
        switch kind {
        case .header(let level): return [name, .integer(level)]
        case .listItem(let ordinal): return [name, .integer(ordinal)]
        case .codeBlock(let language): return language.map { [name, .string($0)] } ?? [name]
        case .table(let columns):
            let alignments = columns.map { alignment -> JSONOutput in
                let code = alignment == .center ? 1 : alignment == .right ? 2 : 0
                return .object(sorting: [(JSONKeys.alignment, .integer(code))])
            }
            return [name, .array(alignments)]
        case .tableRow(let index): return [name, .integer(index)]
        case .tableCell(let column): return [name, .integer(column)]
        case .paragraph, .orderedList, .unorderedList, .blockQuote, .thematicBreak, .tableHeaderRow: return [name]
        }
    }

    // MARK: Runs

    private func attributes(_ members: [(String, JSONOutput)] = [], intent: JSONOutput?, task: Bool?) -> JSONOutput {
        var members = members
        if let intent { members.append((JSONKeys.presentationIntent, intent)) }
        if let task { members.append((JSONKeys.task, .bool(task))) }
        return .object(sorting: members)
    }

    private mutating func append(_ text: String, _ attributes: JSONOutput, isText: Bool = true, at location: SourceLocation?) {
        runs.append(EncodedRun(text: text, attributes: attributes, isText: isText, location: location))
    }

    /// The runs of one paragraph's or heading's inlines, each with `intent` (none: typed text).
    mutating func encodeInlines(_ inlines: [Inline], intent: JSONOutput?, task: Bool?) {
        self.inlines(inlines, intent: intent, task: task, at: nil)
    }

    private mutating func inlines(_ inlines: [Inline], intent: JSONOutput?, task: Bool?, at location: SourceLocation?) {
        var checker = InlineExpressibility()
        checker.check(inlines, at: location)
        for (message, at) in checker.findings { warn(message, at: at) }
        for run in InlineRuns.flatten(inlines) {
            let at = run.location ?? location
            var members = inlineMembers(run.formatting, at: at)
            var isText = true
            var text = run.text
            switch run.kind {
            case .text(let value):
                if value.isEmpty {
                    // A footnote reference is reported with the other inline findings.
                    if run.formatting.footnote == nil {
                        warn("\(Self.describe(run.formatting)) with no text is left out: a run cannot be empty", at: at)
                    }
                    continue
                }
            case .softBreak:
                members = members.addingBits(InlineIntent.softBreak)
                isText = false
            case .lineBreak:
                members = members.addingBits(InlineIntent.lineBreak)
                isText = false
            case .image(let image, let alternative):
                isText = false
                members.append((JSONKeys.imageURL, .object(sorting: [(JSONKeys.relative, .string(image.source))])))
                if let size = image.size { members.append((JSONKeys.imageSize, .string(size.description))) }
                if let title = image.title {
                    if run.formatting.link != nil {
                        warn("the title of an image inside a link is left out: one title key serves both", at: at)
                    } else {
                        members.append((JSONKeys.linkTitle, .string(title)))
                    }
                }
                if alternative.isEmpty {
                    text = Self.emptyImageText
                    members.append((JSONKeys.alternateDescription, .string("")))
                }
            }
            append(text, attributes(members, intent: intent, task: task), isText: isText, at: at)
        }
    }

    /// The attribute members for inline formatting, not counting breaks and images.
    private mutating func inlineMembers(_ formatting: Formatting, at location: SourceLocation?) -> [(String, JSONOutput)] {
        var members: [(String, JSONOutput)] = []
        var bits = 0
        if formatting.italic == true { bits |= InlineIntent.emphasized }
        if formatting.bold == true { bits |= InlineIntent.stronglyEmphasized }
        if formatting.code { bits |= InlineIntent.code }
        if formatting.strikethrough == .single { bits |= InlineIntent.strikethrough }
        if formatting.rawHTML { bits |= InlineIntent.inlineHTML }
        if bits != 0 { members.append((JSONKeys.inlineIntent, .integer(bits))) }
        if formatting.italic == false { members.append((JSONKeys.italic, .bool(false))) }
        if formatting.bold == false { members.append((JSONKeys.bold, .bool(false))) }
        if let style = formatting.strikethrough, style != .single {
            members.append((JSONKeys.strikethrough, .string(style.rawValue)))
        }
        if let style = formatting.underline { members.append((JSONKeys.underline, .string(style.rawValue))) }
        if let color = formatting.highlight { members.append((JSONKeys.highlight, .string(color.description))) }
        if let color = formatting.color { members.append((JSONKeys.color, .string(color.description))) }
        if let style = formatting.textStyle { members.append((JSONKeys.textStyle, .string(style.rawValue))) }
        if let scale = formatting.scale {
            if FormattingAttribute.scaleRange.contains(scale) {
                members.append((JSONKeys.scale, .number(scale)))
            } else {
                warn("scale \(scale) is left out: a scale is \(FormattingAttribute.scaleRangeText)", at: location)
            }
        }
        if let link = formatting.link {
            members.append((JSONKeys.link, .object(sorting: [(JSONKeys.relative, .string(link.destination))])))
            if let title = link.title { members.append((JSONKeys.linkTitle, .string(title))) }
        }
        if let math = formatting.math { members.append((JSONKeys.math, .string(math.rawValue))) }
        if let wikilink = formatting.wikilink {
            members.append((JSONKeys.wikilink, .string(wikilink.target + (wikilink.heading.map { "#" + $0 } ?? ""))))
            if wikilink.isEmbed { members.append((JSONKeys.embed, .bool(true))) }
        }
        return members
    }

    /// How a span is named in warnings: `a link to x`, `a footnote reference [^1]`, `a span`.
    static func describe(_ formatting: Formatting) -> String {
        if let link = formatting.link { return "a link to '\(link.destination)'" }
        if let wikilink = formatting.wikilink { return "a wikilink to '\(wikilink.target)'" }
        if formatting.code { return "a code span" }
        if formatting.math != nil { return "a formula" }
        if formatting.rawHTML { return "raw HTML" }
        return "a formatted span"
    }
}

extension [(String, JSONOutput)] {
    /// These members with `bits` added to `NSInlinePresentationIntent`.
    fileprivate func addingBits(_ bits: Int) -> [(String, JSONOutput)] {
        var members = self
        if let index = members.firstIndex(where: { $0.0 == JSONKeys.inlineIntent }), case .integer(let old) = members[index].1 {
            members[index].1 = .integer(old | bits)
        } else {
            members.append((JSONKeys.inlineIntent, .integer(bits)))
        }
        return members
    }
}
