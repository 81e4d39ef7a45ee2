import Bytes
import Glibc

/// A Markdown body with notebook syntax replaced by token markers and `%%comments%%` taken out,
/// ready for libcmark-gfm.
struct MarkupScan: Sendable {
    /// The text to parse.
    var prepared: [UInt8]
    var tokens: [MarkupToken]
    var annotations: [AnnotationSyntax]
    var markers: TokenMarkers?
    /// Where each `%%` comment taken out starts in the original text.
    var comments: [Int]
    /// The offset of a `%%` that no other closes: the rest of the note is a comment.
    var unclosedComment: Int?
    /// `[[…]]` whose target no name may hold, in order: left in the text to parse.
    var refusedWikilinks: [RefusedWikilink]
    /// Whether `<!--` opens anywhere outside code: only then may a text hold a comment never closed.
    var holdsCommentOpening: Bool
    /// Where each replaced or removed stretch starts in the prepared and the original text.
    private(set) var replacements: [(prepared: Int, original: Int, preparedLength: Int, originalLength: Int)]

    /// Scans `source`; with `enabled` false the text is left as it is, and when no markers are
    /// free only comments are taken out; with `math` false dollars are text.
    init(_ source: [UInt8], enabled: Bool = true, math: Bool = true) {
        let markers = enabled ? source.withUnsafeBufferPointer(TokenMarkers.init(absentFrom:)) : nil
        var finder = TokenFinder(source, math: math)
        if enabled { finder.run() }
        self.markers = markers
        self.tokens = []
        self.annotations = finder.annotations
        self.comments = finder.comments.map(\.mark)
        self.unclosedComment = finder.unclosedComment
        self.refusedWikilinks = finder.refused
        self.holdsCommentOpening = finder.sawCommentOpening
        self.replacements = []
        self.prepared = []
        if markers == nil { finder.found.removeAll() }
        guard !finder.found.isEmpty || !finder.comments.isEmpty else {
            prepared = source
            return
        }
        // Comments are found in order, and no token lies inside one.
        let found = finder.found.sorted { $0.offset < $1.offset }
        prepared.reserveCapacity(source.count + found.count * 8)
        tokens.reserveCapacity(found.count)
        replacements.reserveCapacity(found.count + finder.comments.count)
        var cursor = 0
        var nextFound = 0
        var nextComment = 0
        while nextFound < found.count || nextComment < finder.comments.count {
            if nextComment < finder.comments.count,
                nextFound == found.count || finder.comments[nextComment].offset < found[nextFound].offset
            {
                let comment = finder.comments[nextComment]
                nextComment += 1
                guard comment.offset >= cursor else { continue }
                prepared.append(contentsOf: source[cursor..<comment.offset])
                replacements.append((prepared.count, comment.offset, 0, comment.length))
                cursor = comment.offset + comment.length
                continue
            }
            let item = found[nextFound]
            nextFound += 1
            guard let markers, item.offset >= cursor else { continue }
            prepared.append(contentsOf: source[cursor..<item.offset])
            let start = prepared.count
            markers.append(tokens.count, to: &prepared)
            replacements.append((start, item.offset, prepared.count - start, item.length))
            tokens.append(
                MarkupToken(
                    kind: item.kind,
                    original: String(decoding: source[item.offset..<item.offset + item.length], as: UTF8.self),
                    offset: item.offset))
            cursor = item.offset + item.length
        }
        prepared.append(contentsOf: source[cursor...])
    }

    /// The original byte offset of a prepared one; inside a marker, the token's start.
    ///
    /// `passed` is how many stretches start at or before the offset asked for last: the
    /// converter asks in nearly the order of the text, so the search steps from there.
    func originalOffset(of prepared: Int, passed: inout Int) -> Int {
        replacements.withUnsafeBufferPointer { replacements in
            // The number of stretches that start at or before `prepared` (they are in order).
            var count = min(max(passed, 0), replacements.count)
            while count < replacements.count && replacements[count].prepared <= prepared { count += 1 }
            while count > 0 && replacements[count - 1].prepared > prepared { count -= 1 }
            passed = count
            guard count > 0 else { return prepared }
            let r = replacements[count - 1]
            if prepared < r.prepared + r.preparedLength { return r.original }
            return r.original + r.originalLength + (prepared - r.prepared - r.preparedLength)
        }
    }

    /// Text from the parser with every marker turned back into the source text it replaced.
    func restore(_ text: String) -> String {
        guard let markers else { return text }
        return markers.restore(text) { index in
            index < tokens.count ? tokens[index].original : ""
        }
    }
}

/// Finds notebook syntax in Markdown source in one pass: annotations, `==`, wikilinks, comments,
/// math.
///
/// It skips what libcmark-gfm would not read as text (escapes, code spans, fenced code,
/// autolinks) and never pairs brackets across a blank line. What it misses or finds wrongly is
/// harmless: markers that do not end up in text are restored to their source.
private struct TokenFinder {
    struct Found {
        var offset: Int
        var length: Int
        var kind: MarkupToken.Kind
    }

    let bytes: [UInt8]
    var found: [Found] = []
    var annotations: [AnnotationSyntax] = []
    /// `%%…%%` comments, in order, with the spaces before one that ends its line.
    var comments: [(offset: Int, length: Int, mark: Int)] = []
    var unclosedComment: Int?
    /// `[[…]]` that cannot be wikilinks, in order.
    var refused: [RefusedWikilink] = []
    /// Whether an HTML comment's `<!--` was met outside code.
    var sawCommentOpening = false
    /// The end of the line where the last HTML block a comment opened ends: the rest of that
    /// line is raw HTML of the block.
    private var commentBlockLineEnd = 0
    /// Open brackets: offset, and whether it is `^[`.
    private var brackets: [(offset: Int, isAnnotation: Bool)] = []
    private var codeSpans = BacktickRuns()
    /// Finds formulas; nil when math is not read.
    private var math: MathDelimiters?
    /// Where the line being scanned starts.
    private var lineStart = 0
    /// Whether the line being scanned is indented code, where dollars are code.
    private var indentedCode = IndentedCode()

    init(_ bytes: [UInt8], math: Bool) {
        self.bytes = bytes
        self.math = math ? MathDelimiters(bytes) : nil
    }

    /// The bytes `run` looks at; every other byte of a line is passed over.
    private static let special = ByteSet("\n\\`<^![]=%$".utf8)

    mutating func run() {
        var i = 0
        var fence: (byte: UInt8, count: Int)? = nil
        var atLineStart = true
        let special = Self.special
        while i < bytes.count {
            if !atLineStart {
                i = Self.skipPlain(bytes, from: i, special)
                guard i < bytes.count else { break }
            }
            if atLineStart {
                atLineStart = false
                lineStart = i
                let lineEnd = endOfLine(from: i)
                if let open = fence {
                    if let close = fenceMarker(i, lineEnd), close.byte == open.byte, close.count >= open.count,
                        isBlank(close.after, lineEnd)
                    {
                        fence = nil
                    }
                    i = lineEnd + 1
                    atLineStart = true
                    continue
                }
                indentedCode.read(bytes[i..<lineEnd])
                if isBlank(i, lineEnd) {
                    brackets.removeAll()
                } else if let marker = fenceMarker(i, lineEnd),
                    marker.byte == UInt8(ascii: "~") || !bytes[marker.after..<lineEnd].contains(UInt8(ascii: "`"))
                {
                    fence = (marker.byte, marker.count)
                    brackets.removeAll()
                    i = lineEnd + 1
                    atLineStart = true
                    continue
                } else if isSetextUnderline(i, lineEnd) {
                    i = lineEnd + 1
                    atLineStart = true
                    continue
                }
            }
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\n"):
                atLineStart = true
                i += 1
            case UInt8(ascii: "\\"):
                i += (i + 1 < bytes.count && isASCIIPunctuation(bytes[i + 1])) ? 2 : 1
            case UInt8(ascii: "`"):
                i = skipCodeSpan(i)
            case UInt8(ascii: "<") where bytes[i...].starts(with: "<!--".utf8):
                sawCommentOpening = true
                i = skipHTMLComment(i)
            case UInt8(ascii: "<"):
                i = skipAutolink(i)
            case UInt8(ascii: "^") where next(i) == UInt8(ascii: "["):
                brackets.append((i, true))
                i += 2
            case UInt8(ascii: "!") where next(i) == UInt8(ascii: "[") && next(i + 1) == UInt8(ascii: "["):
                i = wikilink(at: i, embed: true) ?? i + 1
            case UInt8(ascii: "[") where next(i) == UInt8(ascii: "["):
                if let after = wikilink(at: i, embed: false) {
                    i = after
                } else {
                    brackets.append((i, false))
                    i += 1
                }
            case UInt8(ascii: "[") where next(i) == UInt8(ascii: "^"):
                // A footnote reference, `[^label]`, holds no syntax.
                if let end = footnoteReferenceEnd(i) {
                    i = end
                } else {
                    brackets.append((i, false))
                    i += 1
                }
            case UInt8(ascii: "["):
                brackets.append((i, false))
                i += 1
            case UInt8(ascii: "]"):
                i = closeBracket(at: i)
            case UInt8(ascii: "%") where next(i) == UInt8(ascii: "%"):
                i = comment(at: i)
            case UInt8(ascii: "$") where math != nil && !indentedCode.isCode:
                i = formula(at: i) ?? i + (next(i) == UInt8(ascii: "$") ? 2 : 1)
            case UInt8(ascii: "="):
                var run = i
                while run < bytes.count && bytes[run] == UInt8(ascii: "=") { run += 1 }
                if run - i == 2 { found.append(Found(offset: i, length: 2, kind: .highlight)) }
                i = run
            default:
                i += 1
            }
        }
    }

    /// Records the comment that opens at `i` and returns the offset after it: Obsidian's `%%`
    /// hides everything up to the next `%%`, code and blank lines included, or to the end.
    private mutating func comment(at i: Int) -> Int {
        let close: Int? = bytes.withUnsafeBufferPointer { bytes in
            var j = i + 2
            while j + 1 < bytes.count {
                guard let found = memchr(bytes.baseAddress! + j, Int32(UInt8(ascii: "%")), bytes.count - j - 1) else { return nil }
                j = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if bytes[j + 1] == UInt8(ascii: "%") { return j + 2 }
                j += 1
            }
            return nil
        }
        if close == nil { unclosedComment = i }
        let end = close ?? bytes.count
        // A comment that ends its line takes the spaces before it, which would end the line too.
        var start = i
        if end == bytes.count || bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r") {
            while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
        }
        comments.append((start, end - start, i))
        return end
    }

    /// Records the formula whose dollars open at `i` (``MathDelimiters``) and returns the offset
    /// after it, or nil when there is none.
    private mutating func formula(at i: Int) -> Int? {
        guard let (length, syntax) = math?.formula(at: i, lineStart: lineStart) else { return nil }
        found.append(Found(offset: i, length: length, kind: .math(syntax)))
        // A display formula may end on a later line.
        if let lastBreak = bytes[i..<(i + length)].lastIndex(of: 0x0A) { lineStart = lastBreak + 1 }
        return i + length
    }

    private func next(_ i: Int) -> UInt8? { i + 1 < bytes.count ? bytes[i + 1] : nil }

    /// The index of the first byte at or after `i` that `special` holds, or the end.
    private static func skipPlain(_ bytes: [UInt8], from i: Int, _ special: ByteSet) -> Int {
        bytes.withUnsafeBufferPointer { special.firstIndex(in: $0, from: i) }
    }

    private func endOfLine(from i: Int) -> Int {
        bytes.withUnsafeBufferPointer { bytes in
            guard i < bytes.count, let found = memchr(bytes.baseAddress! + i, 0x0A, bytes.count - i) else { return bytes.count }
            return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private func isBlank(_ from: Int, _ to: Int) -> Bool {
        bytes[from..<to].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// Skips up to three spaces and block-quote markers; the first byte of the line's content.
    private func contentStart(_ i: Int, _ lineEnd: Int) -> Int {
        var j = i
        var spaces = 0
        while j < lineEnd {
            if bytes[j] == UInt8(ascii: ">") {
                spaces = 0
            } else if bytes[j] == 0x20 && spaces < 3 {
                spaces += 1
            } else {
                break
            }
            j += 1
        }
        return j
    }

    private func fenceMarker(_ i: Int, _ lineEnd: Int) -> (byte: UInt8, count: Int, after: Int)? {
        let j = contentStart(i, lineEnd)
        guard j < lineEnd, bytes[j] == UInt8(ascii: "`") || bytes[j] == UInt8(ascii: "~") else { return nil }
        var k = j
        while k < lineEnd && bytes[k] == bytes[j] { k += 1 }
        return k - j >= 3 ? (bytes[j], k - j, k) : nil
    }

    private func isSetextUnderline(_ i: Int, _ lineEnd: Int) -> Bool {
        let j = contentStart(i, lineEnd)
        guard j < lineEnd, bytes[j] == UInt8(ascii: "=") else { return false }
        var k = j
        while k < lineEnd && bytes[k] == UInt8(ascii: "=") { k += 1 }
        return isBlank(k, lineEnd)
    }

    /// After a code span starting at `i`, or after the backtick run when it opens none.
    ///
    /// A span ends at the next run of as many backticks before a blank line; both are looked up
    /// in `codeSpans`, which reads each byte once, so that a long text of unmatched runs stays linear.
    private mutating func skipCodeSpan(_ i: Int) -> Int {
        var j = i
        while j < bytes.count && bytes[j] == UInt8(ascii: "`") { j += 1 }
        let limit = codeSpans.blankLine(after: j, in: bytes)
        if let closer = codeSpans.run(of: j - i, from: j, before: limit, in: bytes) { return closer + j - i }
        return j
    }

    /// After an HTML comment `<!-- … -->` starting at `i`, whose inside is HTML, not text; after
    /// its `<!--` when it is not closed where it could be (a comment within a paragraph ends at
    /// the paragraph: a blank line, a `<!--` in indented code, is not one).
    ///
    /// A comment within a line of text that libcmark-gfm reads as text (it follows CommonMark
    /// 0.29: `<!-->`, `<!--->`, and one whose text holds `--` or ends with `-`, all of them
    /// comments for CommonMark 0.31, browsers and Obsidian) is taken out as a `%%` comment is,
    /// so that `<!-- TODO -- later -->` is never published.
    private mutating func skipHTMLComment(_ i: Int) -> Int {
        // Within the line where a block that a comment opened ends, the rest is that block's.
        let opensBlock = i < commentBlockLineEnd || opensHTMLBlock(i)
        let body = i + 4
        // A comment within a paragraph ends with it: not past a blank line.
        let end = HTMLComments.end(ofCommentAt: i, in: bytes, before: opensBlock ? nil : blankLine(after: i))
        guard let end else {
            // Unclosed, the scan goes on after `<!--`: within a paragraph it is text; one that
            // opens an HTML block runs to the end of the note, hidden whatever is found in it
            // (markers in raw HTML are restored, `%%` comments there are hidden twice).
            return body
        }
        if opensBlock { commentBlockLineEnd = endOfLine(from: end - 1) }
        if !opensBlock && !indentedCode.isCode {
            let text = bytes[body..<max(body, end - 3)]
            let readAsText = end - i <= 6 || text.last == UInt8(ascii: "-")
                || text.indices.dropLast().contains { text[$0] == UInt8(ascii: "-") && text[$0 + 1] == UInt8(ascii: "-") }
            if readAsText { comments.append((i, end - i, i)) }
        }
        return end
    }

    /// Where the first blank line (spaces and tabs at most) after the line holding `i` starts:
    /// where a paragraph holding `i` ends at the latest; the end when none follows.
    private func blankLine(after i: Int) -> Int {
        var lineEnd = endOfLine(from: i)
        while lineEnd < bytes.count {
            let next = lineEnd + 1
            lineEnd = endOfLine(from: next)
            if isBlank(next, lineEnd) { return next }
        }
        return bytes.count
    }

    /// Whether a `<!--` at `i` opens an HTML block: only a quote's `>` marks and at most three
    /// spaces of indentation stand before it on its line, and the line is no indented code.
    private func opensHTMLBlock(_ i: Int) -> Bool {
        guard !indentedCode.isCode else { return false }
        var start = i
        var spaces = 0
        while start > lineStart {
            let byte = bytes[start - 1]
            if byte == 0x20 {
                spaces += 1
            } else if byte == 0x09 {
                spaces += 4
            } else if byte == UInt8(ascii: ">") {
                spaces = 0
            } else {
                return false
            }
            start -= 1
            if spaces > 3 { return false }
        }
        return true
    }

    /// After a footnote reference `[^label]` starting at `i` (no space, bracket or line break in
    /// the label), or nil.
    private func footnoteReferenceEnd(_ i: Int) -> Int? {
        var j = i + 2
        while j < bytes.count && j - i < 1000 {
            switch bytes[j] {
            case UInt8(ascii: "]"): return j > i + 2 ? j + 1 : nil
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["): return nil
            default: j += 1
            }
        }
        return nil
    }

    /// After an autolink `<scheme:…>` or `<a@b.c>` starting at `i`, or `i + 1`.
    private func skipAutolink(_ i: Int) -> Int {
        var j = i + 1
        var sawColonOrAt = false
        while j < bytes.count, j - i < 2048 {
            let byte = bytes[j]
            if byte == UInt8(ascii: ">") { return sawColonOrAt ? j + 1 : i + 1 }
            if byte <= 0x20 || byte == UInt8(ascii: "<") { return i + 1 }
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") { sawColonOrAt = true }
            j += 1
        }
        return i + 1
    }

    /// Records a wikilink at `i` and returns the offset after it, or nil when there is none.
    ///
    /// Not one: `[[[x]]]` (a bracket just before or after), or `[[x]]:` opening a line, which
    /// CommonMark reads as a link reference definition.
    private mutating func wikilink(at i: Int, embed: Bool) -> Int? {
        let open = i + (embed ? 3 : 2)
        let bracketStart = embed ? i + 1 : i
        // `^[[[T]]](…)` annotates a wikilink; any other bracket around it makes `[[[x]]]`.
        let annotated = bracketStart >= 2 && bytes[bracketStart - 1] == UInt8(ascii: "[") && bytes[bracketStart - 2] == UInt8(ascii: "^")
        if !annotated && bracketStart > 0 && bytes[bracketStart - 1] == UInt8(ascii: "[") { return nil }
        var j = open
        while j + 1 < bytes.count {
            let byte = bytes[j]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "[") { return nil }
            if byte == UInt8(ascii: "]") {
                guard bytes[j + 1] == UInt8(ascii: "]") else { return nil }
                break
            }
            j += 1
        }
        guard j + 1 < bytes.count, j > open else { return nil }
        let after = j + 2
        if !annotated && after < bytes.count && bytes[after] == UInt8(ascii: "]") { return nil }
        // A refused one is no definition either (its label would hold brackets): it is still noted.
        let definitionLike = !embed && after < bytes.count && bytes[after] == UInt8(ascii: ":") && isLineStart(i)
        let inner = String(decoding: bytes[open..<j], as: UTF8.self)
        switch WikiLinkParser.parse(inner, embed: embed) {
        case .link(let syntax)?:
            guard !definitionLike else { return nil }
            found.append(Found(offset: i, length: j + 2 - i, kind: .wikilink(syntax)))
            return j + 2
        case .refused(let syntax, let character)?:
            // Left to the parser as any brackets are; `![[` is tried as `[[` next: kept once.
            if refused.last.map({ $0.end != j + 2 }) ?? true {
                found.append(Found(offset: i, length: 0, kind: .refusedWikilink(refused.count)))
                refused.append(RefusedWikilink(offset: i, end: j + 2, inner: inner, syntax: syntax, character: character))
            }
            return nil
        case nil:
            return nil
        }
    }

    /// Whether only up to three spaces stand between the line's start and `i`.
    private func isLineStart(_ i: Int) -> Bool {
        var j = i
        while j > 0 && bytes[j - 1] == 0x20 && i - j < 3 { j -= 1 }
        return j == 0 || bytes[j - 1] == UInt8(ascii: "\n")
    }

    /// Handles `]` at `i`: closes an annotation when its opener was `^[` and `(…)` follows.
    private mutating func closeBracket(at i: Int) -> Int {
        guard let opener = brackets.popLast() else { return i + 1 }
        guard opener.isAnnotation, next(i) == UInt8(ascii: "("), let close = closingParenthesis(from: i + 2)
        else { return i + 1 }
        let index = annotations.count
        annotations.append(
            AnnotationSyntax(
                attributes: String(decoding: bytes[(i + 2)..<close], as: UTF8.self), attributesOffset: i + 2))
        found.append(Found(offset: opener.offset, length: 2, kind: .annotationOpen(index)))
        found.append(Found(offset: i, length: close + 1 - i, kind: .annotationClose(index)))
        return close + 1
    }

    /// The longest attribute list looked for, so that a line of unclosed `^[a](` stays linear.
    static let maximumAttributesLength = 1024

    /// The `)` that ends attributes starting at `from`, on the same line, skipping quoted strings;
    /// when a quote is not closed on the line, the first `)` outside brackets (so that the
    /// reader reports the unterminated string instead of the markup passing for text).
    private func closingParenthesis(from: Int) -> Int? {
        var depth = 0
        var quote: UInt8? = nil
        var unquoted: (depth: Int, close: Int?) = (0, nil)
        var j = from
        let limit = min(bytes.count, from + Self.maximumAttributesLength)
        while j < limit {
            let byte = bytes[j]
            if byte == UInt8(ascii: "\n") { break }
            if unquoted.close == nil {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    unquoted.depth += 1
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    unquoted.depth -= 1
                } else if byte == UInt8(ascii: ")") {
                    if unquoted.depth == 0 { unquoted.close = j } else { unquoted.depth -= 1 }
                }
            }
            if let q = quote {
                if byte == UInt8(ascii: "\\") {
                    j += 1
                } else if byte == q {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            } else if byte == UInt8(ascii: ")") {
                if depth == 0 { return j }
                depth -= 1
            }
            j += 1
        }
        return quote != nil ? unquoted.close : nil
    }
}

func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60)
        || (byte >= 0x7B && byte <= 0x7E)
}

/// Follows, line by line, whether a line is an indented code block's (four columns in, after a
/// blank line or another such line, outside a list, inside block quotes too): its dollars are
/// code, not math. Other syntax there is restored to its source by the converter; a formula
/// could span its lines, so it is not read there at all.
struct IndentedCode {
    private(set) var isCode = false
    private var previousBlank = true
    private var inList = false

    mutating func read(_ line: ArraySlice<UInt8>) {
        var j = line.startIndex
        // Block quotes' markers, each with the one space after it.
        while true {
            var k = j
            while k < line.endIndex && k - j < 3 && line[k] == 0x20 { k += 1 }
            guard k < line.endIndex, line[k] == UInt8(ascii: ">") else { break }
            j = k + 1
            if j < line.endIndex && line[j] == 0x20 { j += 1 }
        }
        var column = 0
        while j < line.endIndex && (line[j] == 0x20 || line[j] == 0x09) {
            column = line[j] == 0x09 ? (column / 4 + 1) * 4 : column + 1
            j += 1
        }
        guard j < line.endIndex, line[j] != 0x0D else {
            previousBlank = true
            return
        }
        isCode = (previousBlank || isCode) && column >= 4 && !inList
        if !isCode {
            let byte = line[j]
            let after = j + 1 < line.endIndex ? line[j + 1] : 0x20
            let bullet = (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")) && (after == 0x20 || after == 0x09)
            let ordered = byte >= 0x30 && byte <= 0x39
                && line[j...].drop { $0 >= 0x30 && $0 <= 0x39 }.first.map { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ")") } == true
            if bullet || ordered { inList = true } else if column == 0 && previousBlank { inList = false }
        }
        previousBlank = false
    }
}
