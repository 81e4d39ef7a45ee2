import NotebookModel
import Testing

@Suite struct DiagnosticFoldingTests {
    @Test func repeatedWarningsPastTheLimitAreCountedInOne() {
        let warnings = (0..<250).map { Diagnostic(.warning, "unknown key \($0)", path: "a.md", code: "annotation.unknown-key") }
        let errors = (0..<150).map { Diagnostic(.error, "bad value \($0)", path: "a.md", code: "annotation.value") }
        let other = Diagnostic(.warning, "broken link", path: "a.md", code: "link.broken")
        let folded = (warnings + errors + [other]).foldingRepeatedWarnings(limit: 100)
        #expect(folded.filter { $0.code == "annotation.unknown-key" }.count == 101)
        #expect(folded.filter { $0.severity == .error }.count == 150)
        #expect(folded.contains(other))
        #expect(folded.last?.message == "150 more warnings like the 100 above (annotation.unknown-key) are not shown")
        #expect(Array(warnings.prefix(100)).foldingRepeatedWarnings(limit: 100) == Array(warnings.prefix(100)))
    }
}
