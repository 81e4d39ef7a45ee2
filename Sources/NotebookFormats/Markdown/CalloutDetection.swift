import NotebookModel

extension Callout {
    /// The callout a block quote's blocks make when they open with `[!KIND]`, or nil.
    ///
    /// The rest of the marker's line is the title; what follows it is the callout's body.
    static func detect(in blocks: [Block]) -> Block.Kind? {
        guard let first = blocks.first, case .paragraph(let inlines) = first.kind,
            let lead = inlines.first, case .text(let text) = lead.kind,
            let (kind, folding, rest) = marker(in: text)
        else { return nil }
        var title: [Inline] = []
        let trimmed = rest.drop { $0 == " " || $0 == "\t" }
        if !trimmed.isEmpty { title.append(.text(String(trimmed), at: lead.location)) }
        var remaining = inlines.dropFirst()
        while let next = remaining.first {
            if next.kind == .softBreak || next.kind == .lineBreak {
                remaining = remaining.dropFirst()
                break
            }
            title.append(next)
            remaining = remaining.dropFirst()
        }
        var body = Array(blocks.dropFirst())
        if !remaining.isEmpty {
            body.insert(Block(.paragraph(Array(remaining)), at: remaining.first?.location), at: 0)
        }
        return .callout(Callout(kind: kind, title: title, blocks: body, folding: folding))
    }

    /// `[!WORD]` (with Obsidian's optional `+` or `-`) at the start of `text`: the word lowercased,
    /// the folding, and the text after the marker.
    private static func marker(in text: String) -> (String, Folding, Substring)? {
        guard text.hasPrefix("[!"), let close = text.firstIndex(of: "]") else { return nil }
        let word = text[text.index(text.startIndex, offsetBy: 2)..<close]
        guard !word.isEmpty, word.count <= 64,
            word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        var rest = text[text.index(after: close)...]
        var folding = Folding.none
        if let sign = rest.first, let folded = Folding(rawValue: String(sign)), folded != .none {
            folding = folded
            rest = rest.dropFirst()
        }
        return (word.lowercased(), folding, rest)
    }
}
