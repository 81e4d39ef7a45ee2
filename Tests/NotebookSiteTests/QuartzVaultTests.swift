import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// Quartz's own documentation vault (`../shared/corpora/quartz-docs`, its README and licence
/// left out) built as a new user would: its home page, its folders, and exactly the findings
/// below, each a real defect of the vault.
@Suite struct QuartzVaultTests {
    static let vault = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora/quartz-docs")

    /// (file, line, code) of every finding, and why.
    static let expected: [(file: String, line: Int?, code: String, why: String)] = [
        ("notebook.yml", nil, "config.missing", "a vault has no notebook.yml: default settings"),
        ("notebook.yml", nil, "config.base-url", "without notebook.yml there is no baseURL for the feed and the sitemap"),
        ("authoring content.md", 5, "link.broken", "[[docs/index#…]] names the vault by its place in Quartz's repository"),
        ("build.md", 5, "link.broken", "the same [[docs/index#…]]"),
        ("features/comments.md", 9, "link.broken", "giscus-example.png is not in the corpus"),
        ("features/comments.md", 25, "link.broken", "giscus-repo.png is not in the corpus"),
        ("features/comments.md", 27, "link.broken", "giscus-discussion.png is not in the corpus"),
        ("features/comments.md", 31, "link.broken", "giscus-results.png is not in the corpus"),
        ("community.md", 12, "link.broken", "[[cli/plugin]]: no such note"),
        ("configuration.md", 56, "link.broken", "quartz transform pipeline.png is not in the corpus"),
        ("configuration.md", 75, "link.ambiguous", "[[Latex]]: features/Latex.md and plugins/Latex.md"),
        ("advanced/creating components.md", 212, "link.broken", "configuration.md has no heading 'Layout'"),
        ("getting-started/index.md", 34, "link.broken", "[[migrating]]: no such note"),
        ("hosting.md", 115, "link.broken", "dns records.png is not in the corpus"),
        ("getting-started/installation.md", 61, "link.broken", "[[create#Templates]]: no such note"),
        ("getting-started/installation.md", 69, "link.broken", "[[create]]: no such note"),
        ("getting-started/installation.md", 113, "link.broken", "github-init-repo-options.png is not in the corpus"),
        ("getting-started/installation.md", 117, "link.broken", "github-quick-setup.png is not in the corpus"),
        ("layout.md", 24, "link.broken", "quartz layout.png is not in the corpus"),
        ("advanced/making plugins.md", 10, "link.broken", "quartz transform pipeline.png is not in the corpus"),
        ("advanced/making plugins.md", 56, "link.ambiguous", "[[Latex]]: features/Latex.md and plugins/Latex.md"),
        ("setting up your GitHub repository.md", 9, "link.broken", "github-init-repo-options.png is not in the corpus"),
        ("setting up your GitHub repository.md", 13, "link.broken", "github-quick-setup.png is not in the corpus"),
        ("features/social images.md", 5, "link.broken", "[[#Properties]]: the note has no such heading"),
        ("features/social images.md", 15, "link.broken", "social-image-preview-light.png is not in the corpus"),
        ("features/social images.md", 15, "link.broken", "social-image-preview-dark.png is not in the corpus"),
        ("getting-started/whats-new.md", 8, "link.broken", "[[migrating]]: no such note"),
        ("getting-started/whats-new.md", 93, "link.broken", "layout.md has no heading 'Page Frames'"),
        ("features/quartz plugin.md", 35, "link.broken", "making plugins.md has no heading 'quartz-plugin'"),
        ("getting-started/installation.md", 4, "alias.ambiguous", "its alias is the title of 'setting up your GitHub repository.md'"),
    ]

    /// A copy of the vault without its README and licence, built.
    static func copy() throws -> TemporarySite {
        let site = try TemporarySite([:])
        try FileManager.default.removeItem(atPath: site.path)
        try FileManager.default.copyItem(atPath: vault.path, toPath: site.path)
        for file in ["README.md", "LICENSE.txt"] { try FileManager.default.removeItem(atPath: site.path + "/" + file) }
        return site
    }

    @Test func theVaultBuildsWithExactlyItsOwnDefects() throws {
        let site = try Self.copy()
        let report = SitePipeline().build(site.path)
        #expect(report.succeeded)
        let found = report.diagnostics.map { diagnostic in
            "\(diagnostic.path.dropFirst(site.path.count + 1)):\(diagnostic.location.map { String($0.line) } ?? "-") \(diagnostic.code)"
        }
        let expected = Self.expected.map { "\($0.file):\($0.line.map(String.init) ?? "-") \($0.code)" }
        #expect(found.sorted() == expected.sorted(), "unexpected: \(Set(found).subtracting(expected).sorted()); missing: \(Set(expected).subtracting(found).sorted())")
        #expect(Self.expected.filter { $0.why.hasSuffix("is not in the corpus") }.count == 14)
    }

    @Test func itsIndexIsTheHomePageAndEveryFolderHasAPage() throws {
        let site = try Self.copy()
        #expect(SitePipeline().build(site.path).succeeded)
        let home = try site.output("index.html")
        #expect(home.contains("<h1>Welcome to Quartz 4</h1>"))
        #expect(home.contains("href=\"/features/\"") && home.contains("<a href=\"/features/\">features page</a>"))
        #expect(!FileManager.default.fileExists(atPath: site.path + "/public/index/index.html"))
        for folder in ["advanced", "features", "getting-started", "plugins"] {
            #expect(FileManager.default.fileExists(atPath: site.path + "/public/\(folder)/index.html"), "\(folder)")
        }
        #expect(try site.output("tags/plugin/index.html").contains("#plugin/emitter"))
        #expect(try site.output("tags/component/index.html").contains("Want to create your own custom component?"))
        // `[a list of all the components](component.md)`, as Quartz's shortest-path links find it:
        // the page that tags/component.md introduces.
        #expect(try site.output("layout/index.html").contains("<a href=\"/tags/component/\">a list of all the components</a>"))
    }
}
