import Foundation

/// One example of a CommonMark-style spec file: Markdown and the HTML it must give.
struct SpecExample: Sendable, CustomStringConvertible {
    var file: String
    /// 1-based number within its file, as the spec numbers them.
    var number: Int
    var line: Int
    var section: String
    var markdown: String
    var html: String
    /// Words after `example` on the fence line, such as `table` or `disabled`.
    var tags: [String]

    var description: String { "\(file) example \(number) (line \(line), \(section))" }

    /// Where the shared conformance suites are: `../shared/conformance/` beside the package.
    static let conformanceDirectory: URL = {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    }()

    /// The examples of a spec file under `commonmark-gfm/`.
    static func load(_ name: String) throws -> [SpecExample] {
        let url = conformanceDirectory.appendingPathComponent("commonmark-gfm/\(name)")
        return parse(try String(contentsOf: url, encoding: .utf8), file: name)
    }

    static func parse(_ text: String, file: String) -> [SpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        var state = 0  // 0 outside, 1 in Markdown, 2 in HTML
        var markdown = ""
        var html = ""
        var tags: [String] = []
        var start = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            switch state {
            case 0:
                if line.hasPrefix(fence + " example") {
                    tags = line.dropFirst(fence.count + " example".count).split(separator: " ").map(String.init)
                    state = 1
                    markdown = ""
                    html = ""
                    start = index + 1
                } else if line.hasPrefix("#") {
                    section = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                }
            case 1:
                if line == "." { state = 2 } else { markdown += line + "\n" }
            default:
                if line == fence {
                    examples.append(
                        SpecExample(
                            file: file, number: examples.count + 1, line: start, section: section,
                            markdown: markdown.replacingOccurrences(of: "→", with: "\t"),
                            html: html.replacingOccurrences(of: "→", with: "\t"), tags: tags))
                    state = 0
                } else {
                    html += line + "\n"
                }
            }
        }
        return examples
    }
}
