import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// `Fixtures/Vault`, a vault that holds every construct of Obsidian's that notebook publishes
/// (home page, folder pages, note, section and block embeds, block links, aliases, nested and
/// inline tags, comments, every callout kind, image sizes, coloured highlights), built and
/// checked page by page: each page's `<main>` against `Fixtures/VaultPages/PATH`.
///
/// With `NOTEBOOK_RECORD_GOLDEN=1` the pages are written instead, and the test fails so that a
/// run that records is never a passing run.
@Suite struct FixtureVaultTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The vault copied and built; its output folder.
    static func built() throws -> (site: String, report: BuildReport) {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-vault-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("Vault").path, toPath: site)
        return (site, SitePipeline().build(site))
    }

    /// Every HTML page of an output folder, by path, as its `<main>` element.
    static func pages(_ output: String) throws -> [String: String] {
        var pages: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: output)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".html") else { continue }
            let html = try String(contentsOfFile: output + "/" + path, encoding: .utf8)
            guard let start = html.range(of: "<main"), let end = html.range(of: "</main>", range: start.upperBound..<html.endIndex)
            else {
                pages[path] = html
                continue
            }
            pages[path] = String(html[start.lowerBound..<end.upperBound]) + "\n"
        }
        return pages
    }

    @Test func everyPageIsTheRecordedOne() throws {
        let (site, report) = try Self.built()
        defer { try? FileManager.default.removeItem(atPath: site) }
        #expect(report.succeeded)
        // Everything in it is found: no finding at all.
        let findings = report.diagnostics.map { "\($0.path.dropFirst(site.count + 1)):\($0.location?.line ?? 0) \($0.code)" }
        #expect(findings == [], "\(findings)")
        let pages = try Self.pages(site + "/public")
        let folder = Self.fixtures.appendingPathComponent("VaultPages")
        if ProcessInfo.processInfo.environment["NOTEBOOK_RECORD_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: folder)
            for (path, main) in pages {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(main.utf8).write(to: url)
            }
            Issue.record("recorded \(pages.count) pages into Fixtures/VaultPages: rerun without NOTEBOOK_RECORD_GOLDEN")
            return
        }
        let recorded = try Self.pages(folder.path)
        #expect(Set(pages.keys) == Set(recorded.keys), "pages added: \(Set(pages.keys).subtracting(recorded.keys).sorted()), gone: \(Set(recorded.keys).subtracting(pages.keys).sorted())")
        for (path, main) in pages.sorted(by: { $0.key < $1.key }) where recorded[path] != nil {
            #expect(main == recorded[path], "\(path) differs from Fixtures/VaultPages/\(path)")
        }
    }

    @Test func theVaultShowsWhatEachConstructPromises() throws {
        let (site, report) = try Self.built()
        defer { try? FileManager.default.removeItem(atPath: site) }
        #expect(report.succeeded)
        let pages = try Self.pages(site + "/public")
        let home = try #require(pages["index.html"])
        #expect(home.contains("<h1>A vault with everything</h1>") && !home.contains("private reminder"))
        #expect(home.contains("href=\"/guides/\"") && home.contains("<a class=\"wikilink\" href=\"/aliases/\">what changed</a>"))
        let embeds = try #require(pages["guides/embeds/index.html"])
        #expect(embeds.components(separatedBy: "<figure class=\"embed\"").count == 5)
        #expect(embeds.contains("<a class=\"wikilink\" href=\"/guides/source/#^detail\">the detail</a>")
            || embeds.contains("<a class=\"wikilink\" href=\"/guides/source/#%5Edetail\">the detail</a>"))
        #expect(try #require(pages["guides/index.html"]).contains(">Source</a>"))
        #expect(FileManager.default.fileExists(atPath: site + "/public/guides/changelog/index.html") == false)
        #expect(FileManager.default.fileExists(atPath: site + "/public/changelog/index.html"))
        #expect(FileManager.default.fileExists(atPath: site + "/public/old/news/index.html"))
        let tagging = try #require(pages["tagging/index.html"])
        #expect(tagging.contains("href=\"/tags/travel/\">#travel</a>") && tagging.contains("#2026") && !tagging.contains("/tags/2026/"))
        #expect(try #require(pages["tags/plugin/index.html"]).contains("#plugin/emitter"))
        #expect(try #require(pages["tags/plugin/emitter/index.html"]).contains("Plugins that write files."))
        let comments = try #require(pages["comments/index.html"])
        #expect(!comments.contains("hidden") && comments.contains("<code>%%shown in code%%</code>"))
        let callouts = try #require(pages["callouts/index.html"])
        #expect(callouts.components(separatedBy: "<svg class=\"callout-icon\"").count == 31)
        #expect(callouts.contains("<details class=\"callout callout-tip\" data-callout=\"tip\">"))
        #expect(callouts.contains("<details class=\"callout callout-question\" data-callout=\"faq\" open>"))
        let images = try #require(pages["images/index.html"])
        #expect(images.contains("<img src=\"/media/pic.png\" alt=\"pic.png\" width=\"120\" />"))
        #expect(images.contains("<img src=\"/assets/logo.svg\" alt=\"logo.svg\" />"))
        let coloured = try #require(pages["coloured/index.html"])
        for color in ["red", "orange", "green", "blue", "purple", "yellow"] { #expect(coloured.contains("highlight-\(color)\"")) }
        #expect(!coloured.contains("🔴"))
    }
}
