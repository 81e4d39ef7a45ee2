import NotebookSource
import NotebookFiles
import NotebookFormats
import NotebookModel

/// The texts diagnostics point into, for printing their source lines.
public enum SourceTexts {
    /// `known` with the text of every other file that a diagnostic with a location names, read now.
    public static func completing(_ known: [String: String], for diagnostics: [Diagnostic]) -> [String: String] {
        var texts = known
        for diagnostic in diagnostics where diagnostic.location != nil && texts[diagnostic.path] == nil {
            guard let bytes = try? FileSystem.read(diagnostic.path) else { continue }
            texts[diagnostic.path] = SourceText.decode(bytes, path: diagnostic.path).text
        }
        return texts
    }
}
