import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import NotebookSite

/// Whatever the notes hold, the feed and the sitemap are XML a parser reads, and no page carries a NUL.
@Suite struct WellFormedOutputTests {
    /// Every C0 control, U+FFFE, U+FFFF and XML's special characters, as YAML double-quoted escapes.
    static let yamlHostile = (0..<32).map { String(format: "\\x%02X", $0) }.joined() + "\\uFFFE\\uFFFF]]>&<'\\\"x"
    /// The same as JSON escapes.
    static let jsonHostile = (0..<32).map { String(format: "\\u%04X", $0) }.joined() + "\\uFFFE\\uFFFF]]>&<'\\\"x"

    /// Builds the site into a folder beside it and gives that folder.
    func build(_ site: String) -> String {
        let output = site + "-out"
        let report = SitePipeline(options: BuildOptions(output: output, baseURL: "https://example.org/a&b<c]]>/")).build(site)
        #expect(report.succeeded, "\(report.diagnostics)")
        return output
    }

    /// Whether Foundation's XML parser (libxml2) and Python's (expat, stricter about U+FFFE and
    /// U+FFFF) both read the file to its end.
    func parses(_ path: String) throws -> Bool {
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        let parsed = parser.parse()
        if !parsed { Issue.record("\(path): \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)") }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])", path]
        try python.run()
        python.waitUntilExit()
        return parsed && python.terminationStatus == 0
    }

    @Test func theFeedAndTheSitemapParseWhateverTheNotesHold() throws {
        let hostile = Self.yamlHostile
        let site = try TemporarySite([
            "notebook.yml": "title: \"Site \(hostile)\"\nauthor: \"Me \(hostile)\"\n",
            "notes/a&b<c]]>d\u{1}\u{7F}.md": """
                ---
                title: "Title \(hostile)"
                summary: "Summary \(hostile)"
                tags: ["tag \(hostile)", "plain"]
                date: 2026-01-02
                ---
                Body &amp; <b> ]]>

                """,
            "notes/j.json": """
                {"title": "J \(Self.jsonHostile)", "summary": "S \(Self.jsonHostile)", "tags": ["t \(Self.jsonHostile)"],
                 "body": {"runs": ["text \(Self.jsonHostile)", 0],
                  "attributeTable": [{"NSPresentationIntent": {"components": [{"kind": ["paragraph"], "identity": 1}]}}]}}
                """,
        ])
        let output = build(site.path)
        defer { try? FileManager.default.removeItem(atPath: output) }
        #expect(try parses(output + "/feed.xml"))
        #expect(try parses(output + "/sitemap.xml"))
        let feed = try String(contentsOfFile: output + "/feed.xml", encoding: .utf8)
        #expect(feed.contains("Title \u{FFFD}"))
        #expect(!feed.unicodeScalars.contains { $0.value == 0xFFFF || $0.value == 0xFFFE || $0.value == 1 })
    }

    /// The sitemaps protocol asks URLs escaped: a page whose path holds more than ASCII is
    /// listed percent-encoded, as a browser sends it.
    @Test func theSitemapPercentEncodesWhatIsNotASCII() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n", "notes/café.md": "a\n", "notes/数字/花园.md": "b\n",
            "notes/plain.md": "c\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let sitemap = try site.output("sitemap.xml")
        for url in ["https://example.org/caf%C3%A9/", "https://example.org/%E6%95%B0%E5%AD%97/%E8%8A%B1%E5%9B%AD/", "https://example.org/plain/"] {
            #expect(sitemap.contains("<loc>\(url)</loc>"), "\(url): \(sitemap)")
        }
        #expect(!sitemap.unicodeScalars.contains { !$0.isASCII })
        // The base URL's own path too.
        #expect(SitePipeline(options: BuildOptions(output: site.path + "/sub", baseURL: "https://example.org/ü]/")).build(site.path).succeeded)
        let sub = try String(contentsOfFile: site.path + "/sub/sitemap.xml", encoding: .utf8)
        #expect(sub.contains("<loc>https://example.org/%C3%BC%5D/caf%C3%A9/</loc>"), "\(sub)")
    }

    @Test func escapingLeavesAllowedCharactersAndReplacesTheOthers() {
        func text(_ values: [UInt32]) -> String { String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! })) }
        // XML 1.0 allows U+FDD0 and U+1FFFF, not U+FFFE or U+FFFF.
        #expect(XMLText.escape(text([0x61, 0x1, 0xFFFE, 0xFFFF, 0x1FFFF, 0x9, 0xA, 0xD, 0xFDD0]))
            == text([0x61, 0xFFFD, 0xFFFD, 0xFFFD, 0x1FFFF, 0x9, 0xA, 0xD, 0xFDD0]))
        #expect(XMLText.escape("]]>&<") == "]]&gt;&amp;&lt;")
    }

    @Test func noPageCarriesANULWhereverTheNotesHoldOne() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: \"Site \\0 raw \0\"\n",
            "notes/raw\0.md": "",
            "notes/a.md": "---\ntitle: \"Ti\\0tle \0raw\"\ntags: [\"t\\0ag\", \"r\0aw\"]\nsummary: \"su\\0m\"\ndate: 2026-01-01\n---\n"
                + "Bo\0dy ^[x](what: \"pi\\u0000nk\", and: 'x\\0y') `co\0de` ^[high](highlight: 'pink')\n\n```\nfen\0ced\n```\n\n# He\0ad\n",
            "notes/j.json": """
                {"title": "J\\u0000son \u{0}", "tags": ["j\\u0000t", "r\u{0}"], "summary": "s\\u0000",
                 "body": {"runs": ["te\\u0000xt \u{0} raw", 0],
                  "attributeTable": [{"NSPresentationIntent": {"components": [{"kind": ["paragraph"], "identity": 1}]}}]}}
                """,
            "templates/404.mustache": "<p>nul in the template: \0 {{page.title}}</p>\n",
        ])
        let output = build(site.path)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let enumerator = try #require(FileManager.default.enumerator(atPath: output))
        var pages = 0
        while let file = enumerator.nextObject() as? String {
            guard file.hasSuffix(".html") || file.hasSuffix(".xml") || file.hasSuffix(".json") else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: output + "/" + file))
            #expect(!data.contains(0), "\(file) holds a NUL byte")
            pages += 1
        }
        #expect(pages > 8)
        let page = try String(contentsOfFile: output + "/a/index.html", encoding: .utf8)
        #expect(page.contains("Bo\u{FFFD}dy") && page.contains("Ti\u{FFFD}tle"))
        let json = try String(contentsOfFile: output + "/j/index.html", encoding: .utf8)
        #expect(json.contains("te\u{FFFD}xt"))
    }
}
