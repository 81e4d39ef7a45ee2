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
    /// to have read strikethrough). Every parse uses the same extensions, so the tables they
    /// want are always the same.
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

    /// The extensions, registered once for the process before any parse: registration is an
    /// unsynchronised check-then-set over a global list (see LIBRARIES.md), and a Swift global
    /// is initialised exactly once. The library never changes an extension once registered.
    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return extensionNames.compactMap { cmark_find_syntax_extension($0) }
    }()

    /// `CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES`.
    static let options: Int32 = (1 << 1) | (1 << 13)

    /// Parses `bytes` and hands the document's root node to `body`; the tree is freed after.
    ///
    /// A note of up to ``arenaLimit`` bytes is parsed in an arena (`CCmarkArena`), given back
    /// whole after `body`: such a note's parse made about 170 allocations and as many frees
    /// through `malloc`, and its tree was walked to be freed. A larger note is parsed with the
    /// library's own allocator: on the largest inputs an arena kept a third more memory (blocks
    /// freed by one kind of node, not reused by another). `body` must not keep anything of the tree.
    static func withDocument<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws -> T) rethrows -> T {
        // One arena at a time on a thread: a parse inside `body` uses the library's allocator.
        guard bytes.count <= arenaLimit, let memory = notebook_cmark_arena_begin() else {
            return try parse(bytes) { document, _ in
                defer { cmark_node_free(document) }
                return try body(document)
            }
        }
        defer { notebook_cmark_arena_end() }
        return try parse(bytes, memory: memory) { document, _ in try body(document) }
    }

    /// The largest note parsed in an arena, in bytes.
    static let arenaLimit = 256 * 1024

    /// The HTML libcmark-gfm's own renderer writes for `markdown`, with raw HTML allowed: the
    /// reference that conformance tests hold the model to.
    static func referenceHTML(_ markdown: String) -> String {
        parse(Array(markdown.utf8)) { document, parser in
            defer { cmark_node_free(document) }
            let unsafe: Int32 = 1 << 17
            let render = {
                guard let html = cmark_render_html(document, (options & ~(1 << 1)) | unsafe, cmark_parser_get_syntax_extensions(parser))
                else { return "" }
                defer { free(html) }
                return String(cString: html)
            }
            return phasesOverlap ? render() : inlinePhase.withLock { _ in render() }
        }
    }

    /// A parser with the extensions attached, allocating from `memory` (the library's own
    /// allocator when nil); the caller frees it.
    private static func newParser(memory: UnsafeMutablePointer<cmark_mem>? = nil) -> OpaquePointer {
        let parser = memory.map { cmark_parser_new_with_mem(options, $0)! } ?? cmark_parser_new(options)!
        for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        return parser
    }

    /// Parses with a fresh parser, which lives as long as `body` runs; from `memory`, when given,
    /// whose owner frees the parser and the tree (freeing them here would be no use).
    private static func parse<T>(
        _ bytes: [UInt8], memory: UnsafeMutablePointer<cmark_mem>? = nil, _ body: (OpaquePointer, OpaquePointer) throws -> T
    ) rethrows -> T {
        let overlap = phasesOverlap
        let parser = newParser(memory: memory)
        defer { if memory == nil { cmark_parser_free(parser) } }
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
        return try body(document!, parser)
    }
}
