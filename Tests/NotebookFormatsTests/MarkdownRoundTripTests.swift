import Foundation
import NotebookModel
import NotebookRender
import Testing

@testable import NotebookFormats

/// Markdown → JSON → Markdown gives the same page as the Markdown itself, for real notes (the
/// ExampleSite, the Quartz docs vault, Apple's sample) and a generated corpus. A note may
/// differ only for something JSON cannot say, and the JSON writer warns about each such thing.
@Suite struct MarkdownRoundTripTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func markdownFiles(under folder: URL) -> [URL] {
        (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "md" && $0.lastPathComponent != "README.md" }
            .sorted { $0.path < $1.path }
    }

    static func page(_ note: Note) -> String {
        HTMLRenderer().render(TextStyleHeadings.apply(note.blocks))
    }

    /// Whether the page of `file` survives md → json → md; nil when it does, else the warnings
    /// that explain the difference (empty when nothing does).
    static func difference(_ file: URL) throws -> [Diagnostic]? {
        let source = try String(contentsOf: file, encoding: .utf8)
        let read = MarkdownReader().read(source, path: file.lastPathComponent)
        let (json, warnings) = AttributedJSONWriter().write(read.note)
        let back = AttributedJSONReader().read(json, path: "note.json")
        let markdown = MarkdownWriter().write(back.note)
        let again = MarkdownReader().read(markdown, path: "again.md")
        guard page(again.note) != page(read.note) || again.note.metadata != read.note.metadata else { return nil }
        return warnings.filter { $0.code == "json.unexpressible" }
    }

    @Test func realNotesComeBackThroughJSONAndMarkdown() throws {
        let files = Self.markdownFiles(under: Self.repository.appendingPathComponent("ExampleSite/notes"))
            + Self.markdownFiles(under: JSONTestSupport.shared("corpora/quartz-docs"))
            + [JSONTestSupport.shared("corpora/apple-encoded/markdown-sample.md")]
        #expect(files.count >= 90)
        var differing = 0
        for file in files {
            guard let explained = try Self.difference(file) else { continue }
            differing += 1
            #expect(!explained.isEmpty, "\(file.path) changes through JSON and Markdown without a warning saying why")
        }
        print("md → json → md: \(files.count - differing) of \(files.count) real notes give the same page; \(differing) differ, each for what JSON cannot say")
    }

    @Test func aBarInACodeSpanInATableCellStaysInItsCell() throws {
        let source = "| a | b |\n|:--|:--|\n| `x\\|y` | z [[w]] |\n"
        let read = MarkdownReader().read(source, path: "t.md")
        let (json, _) = AttributedJSONWriter().write(read.note)
        let back = MarkdownWriter().write(AttributedJSONReader().read(json, path: "t.json").note)
        #expect(Self.page(MarkdownReader().read(back, path: "b.md").note) == Self.page(read.note), "\(back)")
    }

    @Test func generatedNotesComeBackThroughJSONAndMarkdown() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-md-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", JSONTestSupport.shared("bench/gen_corpus.py").path, directory.path, "--notes", "1000", "--seed", "11"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let files = Self.markdownFiles(under: directory)
        #expect(files.count == 1000)
        var unexplained = 0
        for file in files {
            guard let explained = try Self.difference(file) else { continue }
            if explained.isEmpty { unexplained += 1 }
        }
        #expect(unexplained == 0)
    }
}
