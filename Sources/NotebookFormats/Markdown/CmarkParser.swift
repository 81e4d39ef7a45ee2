import CCmarkArena
import CCmarkGFM
import CCmarkTables
import Foundation
import Synchronization

/// Runs libcmark-gfm with GitHub's extensions; the only code that parses with the C library.
enum CmarkParser {
    /// libcmark-gfm 0.29 switches a process-wide table of special characters on and off around
    /// the inline phase of every parse that uses extensions (`cmark_parser_finish`), so two such
    /// phases at once corrupt each other: unless ``phasesOverlap``, they take turns. Feeding (the
    /// block phase) runs on every thread at once.
    private static let inlinePhase = Mutex(())

    /// Whether inline phases may run at once: the tables are switched on once for good, and the
    /// library's own switching, which it calls through its PLT, reaches the no-op that
    /// `CCmarkTables` defines in the executable (checked on a first parse, which is also checked
    /// to have read strikethrough). The tables then hold the characters of every extension: a
    /// parse that leaves some out (``Needs``) reads the same, since a character that no attached
    /// extension claims stays in its text.
    static let phasesOverlap: Bool = {
        let parser = newParser()
        defer { cmark_parser_free(parser) }
        guard notebook_cmark_tables_hold(UnsafeMutableRawPointer(parser)) != 0 else { return false }
        let probe = newParser()
        defer { cmark_parser_free(probe) }
        let text = "~~x~~"
        cmark_parser_feed(probe, text, text.utf8.count)
        var finished: OpaquePointer?
        inlinePhase.withLock { _ in finished = cmark_parser_finish(probe) }
        guard let document = finished else { return false }
        defer { cmark_node_free(document) }
        let struck = cmark_node_first_child(cmark_node_first_child(document)).flatMap(cmark_node_get_type_string)
        return notebook_cmark_tables_called() != 0 && struck.map { String(cString: $0) } == "strikethrough"
    }()

    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// The extensions by name, registered once for the process before any parse: registration
    /// is an unsynchronised check-then-set over a global list (see LIBRARIES.md), and a Swift
    /// global is initialised exactly once. The library never changes an extension once registered.
    nonisolated(unsafe) private static let registered: [String: OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return Dictionary(uniqueKeysWithValues: extensionNames.compactMap { name in cmark_find_syntax_extension(name).map { (name, $0) } })
    }()

    /// Every extension, in order.
    nonisolated(unsafe) private static let extensions = extensionNames.compactMap { registered[$0] }
    /// The extensions but tables and autolinks, which a parse leaves out when they cannot change
    /// its tree (``Needs``): they cost about a tenth and a twentieth of a parse of every note.
    nonisolated(unsafe) private static let lightExtensions = extensionNames.filter { $0 != "table" && $0 != "autolink" }.compactMap {
        registered[$0]
    }
    nonisolated(unsafe) private static let table = registered["table"]
    nonisolated(unsafe) private static let autolink = registered["autolink"]

    /// `CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES`.
    static let options: Int32 = (1 << 1) | (1 << 13)

    /// Parses `bytes` and hands the document's root node to `body`; the tree is freed after.
    ///
    /// A note of up to ``arenaLimit`` bytes is parsed in an arena (`CCmarkArena`), given back
    /// whole after `body`: such a note's parse made about 170 allocations and as many frees
    /// through `malloc`, and its tree was walked to be freed. A larger note is parsed with the
    /// library's own allocator: on the largest inputs an arena kept a third more memory (blocks
    /// freed by one kind of node, not reused by another). `body` must not keep anything of the tree.
    ///
    /// The tree is the one every extension gives: the table and autolink extensions are attached
    /// only to text that may hold what they find (``Needs``). When it is parsed without autolinks
    /// on the chance that its text has nothing for them (``Needs/Autolinks/unlessTextHasNone``),
    /// `body` is told to check (its second argument, ``mayAutolink(_:count:)`` of each text
    /// node) and returns nil if the text has something: the bytes are parsed again with the
    /// extension, and `body` called again on that tree, told not to check.
    static func withDocument<T>(_ bytes: [UInt8], _ body: (OpaquePointer, _ checkAutolinks: Bool) throws -> T?) rethrows -> T {
        let needs = Needs(bytes)
        let checks = needs.autolinks == .unlessTextHasNone
        // One arena at a time on a thread: a parse inside `body` uses the library's allocator.
        guard bytes.count <= arenaLimit, let memory = notebook_cmark_arena_begin() else {
            func attempt(_ attached: (tables: Bool, autolinks: Bool), checking: Bool) throws -> T? {
                let (document, parser) = parse(bytes, needs: attached)
                defer {
                    cmark_node_free(document)
                    cmark_parser_free(parser)
                }
                return try body(document, checking)
            }
            if let made = try attempt(needs.attached, checking: checks) { return made }
            return try attempt(needs.withAutolinks, checking: false)!
        }
        defer { notebook_cmark_arena_end() }
        // The arena's owner frees the parsers and the trees: freeing them here would be no use.
        if let made = try body(parse(bytes, needs: needs.attached, memory: memory).document, checks) { return made }
        return try body(parse(bytes, needs: needs.withAutolinks, memory: memory).document, false)!
    }

    /// Which of the costly extensions a parse attaches: each is left out of text in which it
    /// can find nothing, where the tree is the same without it.
    struct Needs: Equatable {
        var tables: Bool
        var autolinks: Autolinks

        /// When the autolink extension is attached.
        enum Autolinks: Equatable {
            /// Never: the text has no `://`, `www.`, `@` or character reference.
            case no
            /// Always: the text has what the extension may find.
            case yes
            /// Only when the tree parsed without it has what the extension may find in its text
            /// (``CmarkParser/mayAutolink(_:count:)``): every `://` of the text follows a link's
            /// `](`, a `<` or a reference definition's `]:`, where the parser takes it for a
            /// destination, never for text, but the tree says for sure. A note's links then cost
            /// no parse with the extension, which looks at every `:` and `w` of its text.
            case unlessTextHasNone
        }

        /// What a first parse attaches.
        var attached: (tables: Bool, autolinks: Bool) { (tables, autolinks == .yes) }
        /// What a parse that must have autolinks attaches.
        var withAutolinks: (tables: Bool, autolinks: Bool) { (tables, true) }
    }

    /// Whether the `count` bytes of a text node hold what the autolink extension looks for:
    /// `://` (a URL after its scheme), `www.` in either case, or `@` (an address). The extension
    /// changes nothing else: it reads only what the parser would otherwise leave as text, the
    /// same characters at the same places, since the parse before them is the same.
    static func mayAutolink(_ text: UnsafePointer<UInt8>, count: Int) -> Bool {
        if memchr(text, Int32(UInt8(ascii: "@")), count) != nil { return true }
        func any(_ byte: UInt8, where matches: (Int) -> Bool) -> Bool { occurs(byte, in: text, count: count, where: matches) }
        func isW(_ index: Int) -> Bool { index >= 0 && text[index] | 0x20 == UInt8(ascii: "w") }
        return any(UInt8(ascii: ":")) { $0 + 2 < count && text[$0 + 1] == UInt8(ascii: "/") && text[$0 + 2] == UInt8(ascii: "/") }
            || any(UInt8(ascii: ".")) { isW($0 - 1) && isW($0 - 2) && isW($0 - 3) }
    }

    /// Whether `byte` occurs in the `count` bytes at `text` at an index where `matches` holds.
    static func occurs(_ byte: UInt8, in text: UnsafePointer<UInt8>, count: Int, where matches: (Int) -> Bool) -> Bool {
        var from = 0
        while from < count, let found = memchr(text + from, Int32(byte), count - from) {
            let index = text.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if matches(index) { return true }
            from = index + 1
        }
        return false
    }

    /// The largest note parsed in an arena, in bytes.
    static let arenaLimit = 256 * 1024

    /// The HTML libcmark-gfm's own renderer writes for `markdown`, with raw HTML allowed and
    /// every extension attached: the reference that conformance tests hold the model to.
    static func referenceHTML(_ markdown: String) -> String {
        let (document, parser) = parse(Array(markdown.utf8), needs: nil)
        defer {
            cmark_node_free(document)
            cmark_parser_free(parser)
        }
        let unsafe: Int32 = 1 << 17
        let render = {
            guard let html = cmark_render_html(document, (options & ~(1 << 1)) | unsafe, cmark_parser_get_syntax_extensions(parser))
            else { return "" }
            defer { free(html) }
            return String(cString: html)
        }
        return phasesOverlap ? render() : inlinePhase.withLock { _ in render() }
    }

    /// A parser with the extensions `needs` asks for attached (every one when nil), allocating
    /// from `memory` (the library's own allocator when nil); the caller frees it.
    private static func newParser(
        needs: (tables: Bool, autolinks: Bool)? = nil, memory: UnsafeMutablePointer<cmark_mem>? = nil
    ) -> OpaquePointer {
        let parser = memory.map { cmark_parser_new_with_mem(options, $0)! } ?? cmark_parser_new(options)!
        guard let needs else {
            for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
            return parser
        }
        for syntax in lightExtensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        if needs.tables, let table { cmark_parser_attach_syntax_extension(parser, table) }
        if needs.autolinks, let autolink { cmark_parser_attach_syntax_extension(parser, autolink) }
        return parser
    }

    /// `bytes` parsed with a fresh parser and the extensions `needs` asks for: the document and
    /// the parser, which the caller frees unless they were allocated from `memory`.
    private static func parse(
        _ bytes: [UInt8], needs: (tables: Bool, autolinks: Bool)?, memory: UnsafeMutablePointer<cmark_mem>? = nil
    ) -> (document: OpaquePointer, parser: OpaquePointer) {
        let overlap = phasesOverlap
        let parser = newParser(needs: needs, memory: memory)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        var document: OpaquePointer?
        if overlap {
            document = cmark_parser_finish(parser)
        } else {
            inlinePhase.withLock { _ in document = cmark_parser_finish(parser) }
        }
        return (document!, parser)
    }
}

extension CmarkParser.Needs {
    /// What `bytes` may need: tables where a delimiter row may be, which has a pipe, a colon
    /// beside a hyphen (`abc` over `:---:` is a table of one column) or a vertical tab or form
    /// feed (without any, a row of hyphens under text is a heading's underline or a thematic
    /// break, which the parser reads first); autolinks where a URL's `://` (the extension looks
    /// at every `:` followed by `//`), `www.` or an address's `@` is, and where a character
    /// reference may stand for one of them or a `://` is a link's destination, autolinks unless
    /// the tree's text has none (``Autolinks/unlessTextHasNone``).
    init(_ bytes: [UInt8]) {
        (tables, autolinks) = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return (false, .no) }
            let count = buffer.count
            func any(_ byte: UInt8, where matches: (Int) -> Bool = { _ in true }) -> Bool {
                CmarkParser.occurs(byte, in: base, count: count, where: matches)
            }
            func at(_ index: Int, _ byte: UInt8) -> Bool { index >= 0 && index < count && base[index] == byte }
            /// Whether the `:` at `index`, past a scheme, follows what makes it a destination: a
            /// link's `](` or a reference definition's `]:` (with spaces between), or a `<`.
            func isDestination(_ index: Int) -> Bool {
                var before = index - 1
                while before >= 0, Self.isSchemeByte(base[before]) { before -= 1 }
                if at(before, UInt8(ascii: "<")) { return true }
                while before >= 0, base[before] == UInt8(ascii: " ") || base[before] == UInt8(ascii: "\t") { before -= 1 }
                return (at(before, UInt8(ascii: "(")) || at(before, UInt8(ascii: ":"))) && at(before - 1, UInt8(ascii: "]"))
            }
            let (colon, slash, hyphen, w) = (UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "w"))
            var url = false
            var bareURL = false
            var delimiter = false
            _ = any(colon) { index in
                if at(index + 1, slash) && at(index + 2, slash) {
                    url = true
                    bareURL = bareURL || !isDestination(index)
                }
                delimiter = delimiter || at(index - 1, hyphen) || at(index + 1, hyphen)
                return bareURL && delimiter
            }
            let autolinks: Autolinks =
                if bareURL || any(UInt8(ascii: "@")) || any(UInt8(ascii: "."), where: { at($0 - 1, w) && at($0 - 2, w) && at($0 - 3, w) }) {
                    .yes
                } else if url || any(UInt8(ascii: "&")) {
                    .unlessTextHasNone
                } else {
                    .no
                }
            // The delimiter row's scanner takes a vertical tab or a form feed for a space, where a
            // heading's underline and a thematic break do not: `abc` over `---\u{0C}` is a table.
            return (delimiter || any(UInt8(ascii: "|")) || any(0x0B) || any(0x0C), autolinks)
        }
    }

    /// Whether `byte` may be in a URL's scheme.
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
