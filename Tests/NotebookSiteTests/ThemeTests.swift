import Foundation
import NotebookFiles
import Testing

@testable import NotebookSite

/// What the built-in themes promise: readable highlights, no other host, swappable by one line.
@Suite struct ThemeTests {
    static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Themes")
        .standardized.path

    /// Built-in themes are looked for where the binary is installed or built, never further up
    /// nor where it was built: a binary under `/tmp/x/bin` read a theme a misspelled name found in
    /// `/tmp/Themes`, one not in a `bin` folder `../share` beside it, and every binary the
    /// repository it was built from.
    @Test func builtInThemesAreLookedForOnlyWhereTheBinaryIsInstalledOrBuilt() {
        #expect(ThemeLoader.builtInDirectories(custom: nil, executable: "/tmp/x/bin/notebook") == ["/tmp/x/share/notebook/Themes", "/tmp/x/bin/Themes"])
        #expect(ThemeLoader.builtInDirectories(custom: nil, executable: "/tmp/x/notebook") == ["/tmp/x/Themes"])
        let built = ThemeLoader.builtInDirectories(custom: "/mine", executable: "/r/.build/x86_64/release/notebook")
        #expect(built == ["/mine", "/r/.build/x86_64/release/Themes", "/r/Themes"])
    }

    /// WCAG relative luminance of `#rrggbb`.
    static func luminance(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        let channels = stride(from: 0, to: 6, by: 2).map { Double(Int(String(digits[$0..<$0 + 2]), radix: 16)!) / 255 }
        let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// The value a stylesheet first gives a custom property, in light mode and in dark mode
    /// (`light-dark(LIGHT, DARK)`, or one value for both).
    static func property(_ name: String, in css: String) -> (light: String?, dark: String?) {
        guard let range = css.range(of: name + ":"),
            let value = css[range.upperBound...].split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces) })
        else { return (nil, nil) }
        guard value.hasPrefix("light-dark("), value.hasSuffix(")") else { return (value, value) }
        let both = value.dropFirst("light-dark(".count).dropLast().split(separator: ",", maxSplits: 1)
        return (both.first.map { $0.trimmingCharacters(in: .whitespaces) }, both.last.map { $0.trimmingCharacters(in: .whitespaces) })
    }

    @Test(arguments: ["default", "plain"])
    func highlightTextKeepsContrastInLightAndDarkMode(theme: String) throws {
        let css = try String(contentsOfFile: "\(Self.themes)/\(theme)/assets/style.css", encoding: .utf8)
        let text = Self.property("--mark-text", in: css)
        let light = try #require(text.light ?? Self.property("--highlight-text", in: css).light, "the theme names its highlight text color")
        let dark = text.dark ?? light
        for color in PaletteColor.defaults {
            #expect(Self.contrast(light, color.css) >= 4.5, "\(theme) light: \(color.name)")
            #expect(Self.contrast(dark, color.css) >= 4.5, "\(theme) dark: \(color.name)")
        }
    }

    @Test(arguments: ["default", "plain"])
    func makesNoRequestToAnotherHost(theme: String) throws {
        for file in try FileTree("\(Self.themes)/\(theme)").walk().files.map(\.relative) {
            let text = try String(contentsOfFile: "\(Self.themes)/\(theme)/\(file)", encoding: .utf8)
            #expect(!text.contains("http://") && !text.contains("https://") && !text.contains("//fonts."), "\(theme)/\(file)")
            #expect(!text.contains("@import url"), "\(theme)/\(file)")
        }
    }

    @Test func oneLineSwapsTheTheme() throws {
        let plain = try TemporarySite(["notebook.yml": "title: T\ntheme: plain\n", "notes/a.md": "Hello ==there==.\n"])
        let standard = try TemporarySite(["notebook.yml": "title: T\n", "notes/a.md": "Hello ==there==.\n"])
        #expect(SitePipeline().build(plain.path).succeeded)
        #expect(SitePipeline().build(standard.path).succeeded)
        let a = try plain.output("assets/style.css")
        let b = try standard.output("assets/style.css")
        #expect(a != b)
        let page = try plain.output("a/index.html")
        #expect(page.contains("<mark id=\"highlight-1\" class=\"highlight highlight-yellow\">there</mark>"))
    }

    @Test func aSiteTemplateOverridesTheTheme() throws {
        let site = try TemporarySite([
            "notes/a.md": "Hello.\n",
            "templates/footer.mustache": "<footer class=\"mine\">{{site.title}}, my footer</footer>\n",
        ])
        #expect(SitePipeline().build(site.path).succeeded)
        let page = try site.output("a/index.html")
        #expect(page.contains("<footer class=\"mine\">Notebook, my footer</footer>"))
    }

    @Test func aTemplateErrorNamesTheTemplateLineAndColumn() throws {
        let site = try TemporarySite(["notes/a.md": "Hello.\n", "templates/footer.mustache": "<footer>\n{{#site.title}}\n</footer>\n"])
        let report = SitePipeline().build(site.path)
        #expect(!report.succeeded)
        let error = try #require(report.diagnostics.first { $0.code == "template.syntax" })
        #expect(error.path.hasSuffix("templates/footer.mustache"))
        #expect(error.location?.line == 2)
    }
}

/// Data nested past its limit in every file a site reads is flattened with a warning, and the
/// build still publishes every note's text.
@Suite struct DeepDataTests {
    static func nested(_ open: String, _ middle: String, _ close: String, _ levels: Int = 100_000) -> String {
        String(repeating: open, count: levels) + middle + String(repeating: close, count: levels)
    }

    @Test func aSiteWithDataNestedPastEveryLimitBuildsWithWarnings() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: Deep\nextra: " + Self.nested("[", "1", "]") + "\n",
            "notes/front.md": "---\nextra: " + Self.nested("[", "a", "]") + "\n---\nfrontword\n",
            "notes/run.json": #"{"body": ["runword", {"custom": "# + Self.nested("[", "1", "]") + "}]}",
            "notes/note.md": "^[annotationword](k: " + Self.nested("[", "1", "]", 400) + ")\n",
            "templates/footer.mustache": "<footer>" + Self.nested("{{#site}}", "deepfooter", "{{/site}}", 200) + "</footer>\n",
        ])
        let report = SitePipeline().build(site.path)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(report.succeeded && errors.isEmpty, "\(errors)")
        let warnings = Set(report.diagnostics.filter { $0.severity == .warning && $0.message.contains("kept as text") }.map(\.path))
        for file in ["notebook.yml", "notes/front.md", "notes/run.json", "notes/note.md", "templates/footer.mustache"] {
            #expect(warnings.contains { $0.hasSuffix(file) }, "\(file): \(warnings)")
        }
        for (page, word) in [("front", "frontword"), ("run", "runword"), ("note", "annotationword"), ("note", "deepfooter")] {
            let html = try site.output("\(page)/index.html")
            #expect(html.contains(word), "\(page)")
        }
    }
}
