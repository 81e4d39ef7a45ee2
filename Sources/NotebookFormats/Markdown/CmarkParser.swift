import CCmarkGFM
import Foundation
import Synchronization

/// Runs libcmark-gfm with GitHub's extensions; the only code that parses with the C library.
enum CmarkParser {
    /// libcmark-gfm 0.29 switches a process-wide table of special characters on and off around
    /// the inline phase of every parse that uses extensions (`cmark_parser_finish`), so two such
    /// phases at once corrupt each other: they take turns. Feeding (the block phase) runs on
    /// every thread at once.
    private static let inlinePhase = Mutex(())

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
    static func withDocument<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws -> T) rethrows -> T {
        let document = parse(bytes) { document, _ in document }
        defer { cmark_node_free(document) }
        return try body(document)
    }

    /// The HTML libcmark-gfm's own renderer writes for `markdown`, with raw HTML allowed: the
    /// reference that conformance tests hold the model to.
    static func referenceHTML(_ markdown: String) -> String {
        parse(Array(markdown.utf8)) { document, parser in
            defer { cmark_node_free(document) }
            let unsafe: Int32 = 1 << 17
            return inlinePhase.withLock { _ in
                guard let html = cmark_render_html(document, (options & ~(1 << 1)) | unsafe, cmark_parser_get_syntax_extensions(parser))
                else { return "" }
                defer { free(html) }
                return String(cString: html)
            }
        }
    }

    /// Parses with a fresh parser, which lives as long as `body` runs.
    private static func parse<T>(_ bytes: [UInt8], _ body: (OpaquePointer, OpaquePointer) -> T) -> T {
        let extensions = Self.extensions
        let parser = cmark_parser_new(options)!
        defer { cmark_parser_free(parser) }
        for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        var document: OpaquePointer?
        inlinePhase.withLock { _ in document = cmark_parser_finish(parser) }
        return body(document!, parser)
    }
}
