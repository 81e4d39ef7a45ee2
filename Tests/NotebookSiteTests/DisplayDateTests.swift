import Testing

@testable import NotebookSite

/// How lists and pages show a note's date: `12 June 2026`.
@Suite struct DisplayDateTests {
    @Test(arguments: [
        ("2026-06-12", "12 June 2026"),
        ("2026-06-05T10:00:00Z", "5 June 2026"),
        ("0001-01-01", "1 January 0001"),
        ("2026-12-31", "31 December 2026"),
        ("2026-06-12 à midi", "12 June 2026"),
        // Read by the general rule: parts that are not two digits.
        ("2026-6-5", "5 June 2026"),
        ("2026-06-1x", "2026-06-1x"),
        // Not a date: shown as written.
        ("2026-13-01", "2026-13-01"),
        ("2026-00-10", "2026-00-10"),
        ("someday", "someday"),
        ("", ""),
    ])
    func dates(_ date: String, _ shown: String) {
        #expect(PagePlan.displayDate(date) == shown)
    }
}
