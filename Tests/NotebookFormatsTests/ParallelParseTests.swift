import Foundation
import Synchronization
import Testing

@testable import NotebookFormats

/// Parses on many threads at once read exactly what one thread reads: the extensions' special
/// characters (`~` for strikethrough, `:` and `w` for autolinks) stay switched on for every parse.
@Suite struct ParallelParseTests {
    /// A note that uses every character the extensions switch on, in and out of their syntax.
    static let source = """
        ~~struck~~ and ~single~ and a~b, www.example.com and https://example.org/x: see (www.a.b).
        | a | b |
        |---|---|
        | ~~c~~ | www.d.e |

        - [x] done with ~~it~~ https://f.g
        - plain: text w w
        """

    @Test func theExtensionsTablesAreHeldSoParsesOverlap() {
        // The executable's no-op takes the place of the library's own switching: were it not so,
        // parses would still be correct but take turns (and this would say why it got slower).
        #expect(CmarkParser.phasesOverlap)
    }

    @Test func parsesOnEightThreadsReadWhatOneThreadReads() {
        let reader = MarkdownReader()
        let expected = reader.read(Self.source, path: "a.md").note.blocks
        let rounds = 400
        let results = Mutex([Bool](repeating: false, count: rounds))
        DispatchQueue.concurrentPerform(iterations: rounds) { index in
            let blocks = reader.read(Self.source, path: "a.md").note.blocks
            results.withLock { $0[index] = blocks == expected }
        }
        #expect(results.withLock { $0.allSatisfy { $0 } })
        // And the reference renderer, which the conformance suite runs, gives one answer too.
        let html = CmarkParser.referenceHTML(Self.source)
        #expect(html.contains("<del>struck</del>") && html.contains("href=\"http://www.example.com\""))
        let same = Mutex(true)
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            if CmarkParser.referenceHTML(Self.source) != html { same.withLock { $0 = false } }
        }
        #expect(same.withLock { $0 })
    }
}
