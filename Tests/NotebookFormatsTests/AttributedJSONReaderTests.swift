import Foundation
import NotebookModel
import NotebookRender
import Testing

@testable import NotebookFormats

/// Where the tests' files are: fixtures beside the tests, and `../shared` beside the package.
enum AttributedJSONFiles {
    private static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// A file under the shared folder, `/work/shared` (`../shared` from the package root).
    static func shared(_ path: String) -> URL {
        tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared").appendingPathComponent(path)
    }

    /// The text of a fixture under `Fixtures/AttributedJSON/`.
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: tests.appendingPathComponent("Fixtures/AttributedJSON/\(name)"), encoding: .utf8)
    }
}
