import NotebookModel
import Testing

/// The check that a note's 150 warnings of `code` (in `many.md`) are 100 and one that counts the
/// other 50, and that another note's one (in `few.md`) is its own.
func expectFoldedFindings(_ diagnostics: [Diagnostic], code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let found = diagnostics.filter { $0.code == code }
    #expect(found.filter { $0.path.hasSuffix("many.md") }.count == 101, sourceLocation: sourceLocation)
    #expect(
        found.contains { $0.path.hasSuffix("many.md") && $0.message == "50 more warnings like the 100 above (\(code)) are not shown" },
        sourceLocation: sourceLocation)
    #expect(found.filter { $0.path.hasSuffix("few.md") }.count == 1, sourceLocation: sourceLocation)
}
