import NotebookModel

/// Inlines made from an editor's pieces: runs that share an attribute are held by one span, the
/// attribute that runs longest outermost, so that `**a *b***` edited comes back as it was written.
struct InlineBuilding {
    /// A piece with the formatting it shows in.
    enum Unit {
        case text(String, Formatting)
        case softBreak
        case lineBreak
        /// An inline put back whole, in the formatting that held it.
        case node(Inline, Formatting)

        var formatting: Formatting {
            switch self {
            case .text(_, let formatting), .node(_, let formatting): formatting
            case .softBreak, .lineBreak: .plain
            }
        }
    }

    /// The attributes a span of built inlines sets, one at a time: a link, the table's
    /// attributes, code.
    enum Attribute: Equatable {
        case link
        case attribute(FormattingAttribute)
        case code

        static let all: [Attribute] = [.link] + FormattingAttribute.allCases.map(Attribute.attribute) + [.code]

        func value(in formatting: Formatting) -> AnyHashable? {
            switch self {
            case .link: formatting.link.map(AnyHashable.init)
            case .attribute(let attribute): attribute.value(in: formatting).map(AnyHashable.init)
            case .code: formatting.code ? AnyHashable(true) : nil
            }
        }

        /// `formatting` with this attribute set as `source` sets it.
        func copy(from source: Formatting, into formatting: inout Formatting) {
            switch self {
            case .link: formatting.link = source.link
            case .attribute(let attribute): if let value = attribute.value(in: source) { attribute.set(value, in: &formatting) }
            case .code: formatting.code = source.code
            }
        }
    }

    /// The inlines of `units`, inside spans that already set `base`. A break takes the
    /// formatting around it: it is inside a span when the units on both sides are.
    static func inlines(_ units: [Unit], base: Formatting = .plain) -> [Inline] {
        var out: [Inline] = []
        var index = 0
        while index < units.count {
            if isBreak(units[index]) {
                out.append(Inline(units[index].isSoftBreak ? .softBreak : .lineBreak))
                index += 1
                continue
            }
            let formatting = units[index].formatting
            let extra = Attribute.all.filter { $0.value(in: formatting) != $0.value(in: base) }
            guard !extra.isEmpty else {
                switch units[index] {
                case .text(let text, _):
                    // Neighbouring text in the same formatting is one text.
                    if case .text(let before)? = out.last?.kind {
                        out[out.count - 1] = .text(before + text)
                    } else if !text.isEmpty {
                        out.append(.text(text))
                    }
                case .node(let inline, _): out.append(inline)
                case .softBreak, .lineBreak: break
                }
                index += 1
                continue
            }
            // Code holds only text as the writers see it: it is innermost.
            let candidates = extra.count > 1 ? extra.filter { $0 != .code } : extra
            var best = candidates[0]
            var bestEnd = index
            for attribute in candidates {
                let end = stretch(units, from: index, attribute, attribute.value(in: formatting))
                if end > bestEnd {
                    best = attribute
                    bestEnd = end
                }
            }
            var span = Formatting.plain
            best.copy(from: formatting, into: &span)
            var inner = base
            best.copy(from: formatting, into: &inner)
            out.append(.span(span, inlines(Array(units[index..<bestEnd]), base: inner)))
            index = bestEnd
        }
        return out
    }

    /// Where the run of units from `start` that set `attribute` to `value` ends: breaks between
    /// two such units are part of it.
    private static func stretch(_ units: [Unit], from start: Int, _ attribute: Attribute, _ value: AnyHashable?) -> Int {
        var end = start
        var probe = start
        while probe < units.count {
            if isBreak(units[probe]) {
                probe += 1
                continue
            }
            guard attribute.value(in: units[probe].formatting) == value else { break }
            probe += 1
            end = probe
        }
        return end
    }

    private static func isBreak(_ unit: Unit) -> Bool {
        switch unit {
        case .softBreak, .lineBreak: true
        default: false
        }
    }
}

extension InlineBuilding.Unit {
    var isSoftBreak: Bool {
        if case .softBreak = self { true } else { false }
    }
}
