import Foundation
import Testing

/// The built-in themes ship their scripts and stylesheets minified: each file of a theme's
/// `assets/` that has a source in its `src/` is that source as esbuild minifies it
/// (`scripts/minify-themes` writes them), so no edit to a source is left out of what pages load.
@Suite struct ThemeAssetsTests {
    static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Themes")

    /// Every source of every built-in theme: `Themes/NAME/src/FILE`.
    static func sources() throws -> [URL] {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: themes.path).sorted().flatMap { theme -> [URL] in
            let folder = themes.appendingPathComponent(theme).appendingPathComponent("src")
            guard manager.fileExists(atPath: folder.path) else { return [] }
            return try manager.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0) }
        }
    }

    /// `source` minified by esbuild, as the script writes it (with a final newline).
    static func minified(_ source: URL) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["esbuild", "--minify", "--log-level=warning", source.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text + "\n"
    }

    /// The esbuild that minified the shipped assets (Debian 12's): another version may write
    /// other bytes from the same source.
    static let esbuildVersion = "0.17.0"

    /// What `esbuild --version` says here; nil when there is none.
    static func installedVersion() throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["esbuild", "--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    @Test func everyAssetIsItsSourceMinified() throws {
        let version = try Self.installedVersion()
        try #require(
            version == Self.esbuildVersion,
            "the themes' assets are minified by esbuild \(Self.esbuildVersion) (Debian 12's, which scripts/dependencies.sh installs); this machine has \(version ?? "none")")
        let sources = try Self.sources()
        #expect(sources.count >= 4, "\(sources)")
        // Every asset of a built-in theme is made from a source.
        for theme in try FileManager.default.contentsOfDirectory(atPath: Self.themes.path) {
            let assets = Self.themes.appendingPathComponent(theme).appendingPathComponent("assets")
            for asset in (try? FileManager.default.contentsOfDirectory(atPath: assets.path)) ?? [] {
                #expect(sources.contains { $0.lastPathComponent == asset && $0.path.contains("/\(theme)/") }, "\(theme)/assets/\(asset) has no source in src/")
            }
        }
        for source in sources {
            let asset = source.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets")
                .appendingPathComponent(source.lastPathComponent)
            guard let minified = try Self.minified(source) else {
                Issue.record("esbuild did not minify \(source.path) (scripts/dependencies.sh installs it)")
                continue
            }
            let shipped = try? String(contentsOf: asset, encoding: .utf8)
            #expect(shipped == minified, "\(asset.path) is not \(source.lastPathComponent) minified: run bash scripts/minify-themes")
            // Smaller than its source by a tenth at least.
            let original = try String(contentsOf: source, encoding: .utf8)
            #expect(minified.utf8.count < original.utf8.count * 9 / 10, "\(source.path)")
        }
    }
}
