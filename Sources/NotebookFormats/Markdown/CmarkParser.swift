import CCmarkGFM
import Foundation
import Synchronization

/// Runs libcmark-gfm with GitHub's extensions; the only code that parses with the C library.
enum CmarkParser {
    /// libcmark-gfm 0.29 switches a process-wide table of special characters around every parse
    /// that uses extensions, so two parses at once corrupt each other: parses take turns.
    private static let parseLock = Mutex(())

    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// `CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES`.
    static let options: Int32 = (1 << 1) | (1 << 13)

    /// Parses `bytes` and hands the document's root node to `body`; the tree is freed after.
    static func withDocument<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws -> T) rethrows -> T {
        let document = parseLock.withLock { _ in
            parse(bytes) { document, _ in document }
        }
        defer { cmark_node_free(document) }
        return try body(document)
    }

    /// The HTML libcmark-gfm's own renderer writes for `markdown`, with raw HTML allowed: the
    /// reference that conformance tests hold the model to.
    static func referenceHTML(_ markdown: String) -> String {
        parseLock.withLock { _ in
            parse(Array(markdown.utf8)) { document, parser in
                defer { cmark_node_free(document) }
                let unsafe: Int32 = 1 << 17
                guard let html = cmark_render_html(document, (options & ~(1 << 1)) | unsafe, cmark_parser_get_syntax_extensions(parser))
                else { return "" }
                defer { free(html) }
                return String(cString: html)
            }
        }
    }

    /// Parses with a fresh parser, which lives as long as `body` runs; call with the lock held.
    private static func parse<T>(_ bytes: [UInt8], _ body: (OpaquePointer, OpaquePointer) -> T) -> T {
        cmark_gfm_core_extensions_ensure_registered()
        let parser = cmark_parser_new(options)!
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        return body(cmark_parser_finish(parser)!, parser)
    }
}
