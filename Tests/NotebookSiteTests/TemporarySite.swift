import Foundation
import TestSupport

/// A site folder written from an inline list of files, removed when the test is done.
struct TemporarySite: ~Copyable {
    let path: String

    init(_ files: [String: String]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-site-\(UUID().uuidString)").path
        for (name, contents) in files {
            let url = URL(fileURLWithPath: path).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The text of a file the build wrote under `public/`, such as `a/index.html`.
    func output(_ path: String) throws -> String {
        try String(contentsOfFile: self.path + "/public/" + path, encoding: .utf8)
    }

    /// The `<main>` element of an output page: what the page shows of its own, without the
    /// header, the explorer and the footer that every page has.
    func main(_ path: String) throws -> String {
        mainElement(of: try output(path))
    }

    deinit {
        ScratchFolder.remove(path)
    }
}

/// The URLs a page's backlinks list, in order (none when the page has no backlinks).
func backlinkURLs(in html: String) -> [String] {
    guard let start = html.range(of: "<aside class=\"backlinks\""),
        let end = html.range(of: "</aside>", range: start.upperBound..<html.endIndex)
    else { return [] }
    return html[start.upperBound..<end.lowerBound].components(separatedBy: "<li><a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
}

/// The `<main>` element of a page (the whole page when it has none).
func mainElement(of html: String) -> String {
    guard let start = html.range(of: "<main"), let end = html.range(of: "</main>", range: start.upperBound..<html.endIndex) else { return html }
    return String(html[start.lowerBound..<end.upperBound])
}
