import NotebookModel

/// The pieces of a paragraph's or a heading's inlines, and where each piece's text is in them.
struct BlockPieces: Sendable {
    var pieces: [EditorPiece] = []
    /// For each piece, the text inline it is part of (its path of child indices), when it is
    /// text or literal text of the note; the text it takes there is in `spans`.
    var leaves: [[Int]?] = []
    /// The opaque pieces met, numbered from `firstOpaque`.
    var opaque: [OpaquePiece] = []
    let firstOpaque: Int
    /// How the label of an inline kept whole is written.
    let label: @Sendable (Inline) -> String

    /// Comments the reader left out of text inlines: for each inline's path, where in its text
    /// (UTF-8 offsets, in order) and the comment as written.
    let comments: [[Int]: [(offset: Int, text: String)]]

    /// The pieces of `inlines`; opaque ones are numbered from `firstOpaque`; `comments` are put
    /// back in their text inlines as placeholders.
    init(
        _ inlines: [Inline], firstOpaque: Int, comments: [[Int]: [(offset: Int, text: String)]] = [:],
        label: @escaping @Sendable (Inline) -> String
    ) {
        self.firstOpaque = firstOpaque
        self.label = label
        self.comments = comments
        // A block identifier ends the block's last text, after a space or alone on its last line.
        var idLength = 0
        var idPath: [Int]?
        if BlockID.trailing(in: inlines) != nil, let last = inlines.indices.last, case .text(let text) = inlines[last].kind {
            let kept: Int
            if let (_, rest) = BlockID.trailing(in: inlines), let tail = rest.last, rest.count == inlines.count, case .text(let keptText) = tail.kind {
                kept = keptText.utf8.count
            } else {
                kept = 0
            }
            idLength = text.utf8.count - kept
            idPath = [last]
        }
        walk(inlines, context: .plain, path: [], tags: true, idPath: idPath, idLength: idLength)
    }

    private mutating func walk(_ inlines: [Inline], context: Formatting, path: [Int], tags: Bool, idPath: [Int]?, idLength: Int) {
        for index in inlines.indices {
            let here = path + [index]
            switch inlines[index].kind {
            case .text(let text):
                var body = text
                var id: String?
                if here == idPath, idLength > 0 {
                    let utf8 = text.utf8
                    let cut = utf8.index(utf8.endIndex, offsetBy: -idLength)
                    body = String(text[..<cut])
                    id = String(text[cut...])
                }
                var start = body.utf8.startIndex
                for comment in comments[here] ?? [] {
                    let at = body.utf8.index(body.utf8.startIndex, offsetBy: min(comment.offset, body.utf8.count))
                    addText(String(body[start..<at]), context: context, leaf: here, tags: tags)
                    addOpaque(OpaquePiece(label: comment.text, text: "", content: .comment(comment.text, context: context)), leaf: here)
                    start = at
                }
                addText(String(body[start...]), context: context, leaf: here, tags: tags)
                if let id { addOpaque(OpaquePiece(label: id, text: "", content: .literal(id, context: context)), leaf: here) }
            case .softBreak:
                add(.softBreak, leaf: nil)
            case .lineBreak:
                add(.lineBreak, leaf: nil)
            case .image:
                addOpaque(
                    OpaquePiece(label: label(inlines[index]), text: PlainText.of([inlines[index]], softBreak: " "), content: .inline(inlines[index], context: context)),
                    leaf: nil)
            case .span(let formatting, let children):
                if EditorPiece.isEditorFormatting(formatting) {
                    // Code and links hold no tags, as the renderer reads them.
                    walk(
                        children, context: context.merged(with: formatting), path: here, tags: tags && !formatting.code && !formatting.isLink,
                        idPath: idPath, idLength: idLength)
                } else {
                    addOpaque(
                    OpaquePiece(label: label(inlines[index]), text: PlainText.of([inlines[index]], softBreak: " "), content: .inline(inlines[index], context: context)),
                    leaf: nil)
                }
            }
        }
    }

    /// Text, with its inline tags as literal pieces.
    private mutating func addText(_ text: String, context: Formatting, leaf: [Int], tags: Bool) {
        let found = tags ? InlineTags.find(in: text, afterBoundary: true) : []
        var start = text.unicodeScalars.startIndex
        for tag in found {
            if start < tag.range.lowerBound { add(.text(String(text.unicodeScalars[start..<tag.range.lowerBound]), context), leaf: leaf) }
            let written = String(text.unicodeScalars[tag.range])
            addOpaque(OpaquePiece(label: written, text: written, content: .literal(written, context: context)), leaf: leaf)
            start = tag.range.upperBound
        }
        if start < text.unicodeScalars.endIndex {
            add(.text(String(text.unicodeScalars[start...]), context), leaf: leaf)
        }
    }

    private mutating func add(_ piece: EditorPiece, leaf: [Int]?) {
        pieces.append(piece)
        leaves.append(leaf)
    }

    private mutating func addOpaque(_ piece: OpaquePiece, leaf: [Int]?) {
        add(.opaque(firstOpaque + opaque.count), leaf: leaf)
        opaque.append(piece)
    }
}
