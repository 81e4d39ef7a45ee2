import Foundation
import NotebookFormats
import Testing

@testable import NotebookSite

/// A site's fenced code is highlighted at build time, in Markdown and JSON notes alike, unless
/// `highlight: false`; the preview highlights what it rebuilds the same way.
@Suite struct CodeHighlightingSiteTests {
    static let markdown = """
        # Code

        ```swift title="Two.swift" {2}
        let a = "x"
        let b = 2
        ```

        > [!tip] In a callout
        > ```python
        > def f(): pass
        > ```

        ```text
        let plain = 1
        ```

        ```
        let bare = 1
        ```
        """

    /// The same note as attributed-string JSON, as `convert` writes it.
    static var json: String {
        let read = MarkdownReader().read("```swift\nlet fromJSON = 1\n```\n", path: "j.md")
        return AttributedJSONWriter().write(read.note).json
    }

    @Test func markdownAndJSONNotesShowTheirCodeHighlighted() throws {
        let site = try TemporarySite(["notes/code.md": Self.markdown, "notes/json.json": Self.json])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(!report.diagnostics.contains { $0.code.hasPrefix("highlight") }, "\(report.diagnostics)")
        let page = try site.output("code/index.html")
        #expect(page.contains(
            "<figure class=\"code-block\"><figcaption>Two.swift</figcaption><pre><code class=\"language-swift hljs\"><span class=\"hljs-keyword\">let</span> a = <span class=\"hljs-string\">\"x\"</span>\n<span class=\"marked-line\"><span class=\"hljs-keyword\">let</span> b = <span class=\"hljs-number\">2</span></span>\n</code></pre></figure>"),
            "\(page)")
        #expect(page.contains("<code class=\"language-python hljs\"><span class=\"hljs-function\"><span class=\"hljs-keyword\">def</span>"))
        // No guessing: a language highlight.js does not know, and none, stay plain.
        #expect(page.contains("<pre><code class=\"language-text\">let plain = 1\n</code></pre>"))
        #expect(page.contains("<pre><code>let bare = 1\n</code></pre>"))
        let json = try site.output("json/index.html")
        #expect(json.contains("<code class=\"language-swift hljs\"><span class=\"hljs-keyword\">let</span> fromJSON = <span class=\"hljs-number\">1</span>"), "\(json)")
    }

    @Test func aSecondBuildTakesTheCodeFromTheCacheAndWritesTheSamePages() throws {
        let site = try TemporarySite(["notes/code.md": Self.markdown, "notes/json.json": Self.json])
        let cache = site.path + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        func build(_ output: String) throws -> String {
            let report = SitePipeline(options: BuildOptions(output: site.path + "/" + output, cacheFolder: cache)).build(site.path)
            #expect(report.succeeded, "\(report.diagnostics)")
            return try String(contentsOfFile: site.path + "/" + output + "/code/index.html", encoding: .utf8)
        }
        let first = try build("first")
        let files = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(files.count == 1 && files[0].hasPrefix("highlight-") && files[0].hasSuffix(".cache"), "\(files)")
        let second = try build("second")
        #expect(second == first && second.contains("language-swift hljs"))
    }

    @Test func aDraftsCodeIsNeitherHighlightedNorCachedUnlessDraftsArePublished() throws {
        let site = try TemporarySite([
            "notes/draft.md": "---\ndraft: true\n---\n```swift\nlet secret = \"sk-draft-only\"\n```\n",
            "notes/shown.md": "```swift\nlet shown = 1\n```\n",
        ])
        let cache = site.path + "-cache"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let report = SitePipeline(options: BuildOptions(cacheFolder: cache)).build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: cache).first)
        let held = try String(decoding: Data(contentsOf: URL(fileURLWithPath: cache + "/" + file)), as: UTF8.self)
        #expect(held.contains("shown") && !held.contains("sk-draft-only"))
        let drafts = SitePipeline(options: BuildOptions(output: site.path + "/with-drafts", includeDrafts: true, cacheFolder: cache)).build(site.path)
        #expect(drafts.succeeded)
        #expect(try String(contentsOfFile: site.path + "/with-drafts/draft/index.html", encoding: .utf8).contains("hljs"))
    }

    @Test func highlightFalseLeavesCodePlain() throws {
        let site = try TemporarySite(["notebook.yml": "highlight: false\n", "notes/code.md": Self.markdown])
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded, "\(report.diagnostics)")
        let page = try site.output("code/index.html")
        #expect(!page.contains("hljs"))
        #expect(page.contains("<pre><code class=\"language-swift\">let a = &quot;x&quot;\n<span class=\"marked-line\">let b = 2</span>\n</code></pre>"))
    }

    @Test func highlightMustBeTrueOrFalse() throws {
        let site = try TemporarySite(["notebook.yml": "highlight: 3\n", "notes/code.md": Self.markdown])
        let report = SitePipeline().check(site.path)
        #expect(report.diagnostics.contains { $0.message.hasPrefix("'highlight' must be true or false") && $0.location?.line == 1 }, "\(report.diagnostics.map(\.message))")
    }

    @Test func thePreviewHighlightsWhatItRebuilds() throws {
        let fixture = try SiteSessionTests.Fixture(["notes/code.md": "```swift\nlet a = 1\n```\n"])
        var page = try String(contentsOfFile: fixture.output + "/code/index.html", encoding: .utf8)
        #expect(page.contains("<span class=\"hljs-keyword\">let</span> a"))
        let report = try fixture.write("notes/code.md", "```swift\nvar b = 2\n```\n")
        #expect(report.succeeded, "\(report.diagnostics)")
        page = try String(contentsOfFile: fixture.output + "/code/index.html", encoding: .utf8)
        #expect(page.contains("<span class=\"hljs-keyword\">var</span> b"))
        #expect(fixture.matchesAFullBuild())
    }
}
