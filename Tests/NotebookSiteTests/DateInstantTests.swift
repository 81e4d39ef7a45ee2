import Foundation
@testable import NotebookSite
import Testing

/// Dates written in different time zones compared as the instants they name.
@Suite struct DateInstantTests {
    @Test(arguments: [
        ("2024-01-05", "2024-01-05T00:00:00"), ("2024-01-05 10:30", "2024-01-05T10:30"), ("2024-01-05T10:30:00Z", "2024-01-05T10:30:00"),
        ("2024-01-05T23:30:00-05:00", "2024-01-06T04:30:00"), ("2024-01-06T01:00:00+0200", "2024-01-05T23:00:00"),
        ("2024-03-01T00:30+01", "2024-02-29T23:30"), ("2023-12-31T23:00:00.250-01:30", "2024-01-01T00:30:00.250"),
        ("1969-12-31T23:00:00-02:00", "1970-01-01T01:00:00"),
    ])
    func theSameInstantInUTC(date: String, sortable: String) {
        #expect(DateInstant.sortable(date) == sortable)
    }

    @Test func notesAndTheFeedGoByTheInstant() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n",
            "notes/east.md": "---\ntitle: East\ndate: 2024-01-06T01:00:00Z\n---\nE.\n",
            "notes/west.md": "---\ntitle: West\ndate: 2024-01-05T23:30:00-05:00\n---\nW.\n",
            "notes/day.md": "---\ntitle: Day\ndate: 2024-01-05\n---\nD.\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let feed = try site.output("feed.xml")
        // West is 04:30 UTC on the 6th: the newest, first, and the feed's time.
        let titles = feed.components(separatedBy: "<entry>\n<title>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(titles == ["West", "East", "Day"], "\(feed)")
        #expect(feed.contains("<id>https://example.org/</id>\n<updated>2024-01-05T23:30:00-05:00</updated>"))
    }
}
