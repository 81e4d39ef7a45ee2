import NotebookModel
import ScriptEngine

/// Highlights a note's fenced code that names a language, as a step of loading it.
public enum CodeHighlighting {
    /// Highlights every code block of `note` with a language `highlighter` knows; a block the
    /// script fails on stays plain, and is a warning at the block.
    public static func apply(to note: inout Note, with highlighter: CodeHighlighter) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var stops = 0
        let path = note.path
        Block.rewriteCodeBlocks(in: &note.blocks) { code, at in
            guard let language = code.language, code.highlighted == nil else { return nil }
            do throws(ScriptError) {
                // As a build: once the script was stopped on a few blocks of the note, it runs on no more.
                guard stops < CodeHighlightQueue.maximumStopsInNote else { throw .tooOftenStoppedHere(stops) }
                guard let html = try highlighter.highlight(code.code, language: language) else { return nil }
                var highlighted = code
                highlighted.highlighted = html
                return highlighted
            } catch {
                if case .timedOut = error { stops += 1 }
                diagnostics.append(warning(language: language, error, path: path, at: at))
                return nil
            }
        }
        return diagnostics
    }

    /// The warning for a block of `language` that the script failed on, at `at` in `path`.
    static func warning(language: String, _ error: ScriptError, path: String, at: SourceLocation?) -> Diagnostic {
        Diagnostic(.warning, "this \(language) block is shown plain: highlight.js \(error.message)", path: path, at: at, code: "highlight.script")
    }
}
