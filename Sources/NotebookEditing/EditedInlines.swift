import NotebookModel

/// What a save makes of an edited block, whatever the note's format: the units its pieces
/// stand for, the texts of its text inlines after a change of words, the note's blocks with it.
enum EditedInlines {
    /// The units of `pieces`: as meant, and with each literal piece a token that no writer
    /// escapes (put back by `MarkdownSaving.untokened`).
    static func units(_ pieces: [EditorPiece], opaque: [OpaquePiece]) -> (meant: [InlineBuilding.Unit], tokened: [InlineBuilding.Unit]) {
        var meant: [InlineBuilding.Unit] = []
        var tokened: [InlineBuilding.Unit] = []
        for piece in pieces {
            switch piece {
            case .text(let text, let formatting):
                meant.append(.text(text, formatting))
                tokened.append(.text(text, formatting))
            case .softBreak:
                meant.append(.softBreak)
                tokened.append(.softBreak)
            case .lineBreak:
                meant.append(.lineBreak)
                tokened.append(.lineBreak)
            case .opaque(let number):
                switch opaque[number].content {
                case .inline(let inline, let context):
                    meant.append(.node(inline, context))
                    tokened.append(.node(inline, context))
                case .literal(let text, let context):
                    meant.append(.text(text, context))
                    tokened.append(.text(token(number), context))
                case .comment(_, let context):
                    tokened.append(.text(token(number), context))
                }
            }
        }
        return (meant, tokened)
    }

    /// The texts of a block's text inlines after an edit that changed only words: nil unless
    /// the pieces match those opened one for one, in kind and formatting.
    static func wordsOnly(
        _ opened: [EditorPiece], _ edited: [EditorPiece], place: EditableNote.Place, opaque: [OpaquePiece]
    ) -> (plain: [[Int]: String], tokened: [[Int]: String])? {
        guard opened.count == edited.count else { return nil }
        var plain: [[Int]: String] = [:]
        var tokened: [[Int]: String] = [:]
        for index in opened.indices {
            switch (opened[index], edited[index]) {
            case (.text(_, let a), .text(let text, let b)) where a == b:
                if let leaf = place.leaves[index] {
                    plain[leaf, default: ""] += text
                    tokened[leaf, default: ""] += text
                }
            case (.opaque(let a), .opaque(let b)) where a == b:
                if let leaf = place.leaves[index] {
                    switch opaque[a].content {
                    case .literal(let text, _):
                        plain[leaf, default: ""] += text
                        tokened[leaf, default: ""] += token(a)
                    case .comment:
                        plain[leaf, default: ""] += ""  // the text as read has no comment
                        tokened[leaf, default: ""] += token(a)
                    case .inline:
                        break
                    }
                }
            case (.softBreak, .softBreak), (.lineBreak, .lineBreak):
                break
            default:
                return nil
            }
        }
        return (plain, tokened)
    }

    /// Replaces the inlines of the paragraph or heading at `path`.
    static func replace(_ blocks: inout [Block], at path: [Int], with inlines: [Inline]) {
        guard let first = path.first, first < blocks.count else { return }
        let rest = Array(path.dropFirst())
        switch blocks[first].kind {
        case .paragraph where rest.isEmpty:
            blocks[first].kind = .paragraph(inlines)
        case .heading(let level, _) where rest.isEmpty:
            blocks[first].kind = .heading(level: level, inlines)
        case .list(var list) where rest.count >= 2 && rest[0] < list.items.count:
            replace(&list.items[rest[0]].blocks, at: Array(rest.dropFirst()), with: inlines)
            blocks[first].kind = .list(list)
        case .blockQuote(var children) where !rest.isEmpty:
            replace(&children, at: rest, with: inlines)
            blocks[first].kind = .blockQuote(children)
        default:
            break
        }
    }

    /// `inlines` with the text at each path of `texts` replaced.
    static func replacingLeaves(_ inlines: [Inline], with texts: [[Int]: String], path: [Int] = []) -> [Inline] {
        inlines.enumerated().map { index, inline in
            let here = path + [index]
            switch inline.kind {
            case .text: return texts[here].map { Inline(.text($0), at: inline.location) } ?? inline
            case .span(let formatting, let children):
                return Inline(.span(formatting, replacingLeaves(children, with: texts, path: here)), at: inline.location)
            default: return inline
            }
        }
    }

    /// A character no note is expected to hold and no writer escapes, standing for opaque
    /// piece `number` while a block is written.
    static func token(_ number: Int) -> String {
        String(Unicode.Scalar(0xF0000 + number % 0xFFFD)!)
    }
}
