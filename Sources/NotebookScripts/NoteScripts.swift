import NotebookModel
import NotebookRender

/// One note rendered with its code highlighted and its math typeset as a site's pages show them:
/// what `notebook render` writes. The same queue runs the scripts, with the same bounds.
public enum NoteScripts {
    /// `note` as HTML by `options`, its code highlighted by `highlighter` and its math typeset by
    /// `typesetter` (each nil to leave them as written), and the warnings of both: one at each
    /// block or formula a script failed or warned on (placed in `source`, the note's text, when
    /// given), and one when a script cannot run.
    public static func render(
        _ note: Note, options: RenderOptions, highlighter: CodeHighlighter?, typesetter: MathTypesetter?, source: String? = nil
    ) -> (html: String, diagnostics: [Diagnostic]) {
        guard highlighter != nil || typesetter != nil else { return (HTMLRenderer(options: options).render(note.blocks), []) }
        var deferring = options
        deferring.deferCode = true
        let renderer = HTMLRenderer(options: deferring)
        let rendered = renderer.renderNote(note.blocks)
        let queue = ScriptQueue(highlighter: highlighter ?? CodeHighlighter(), typesetter: typesetter ?? MathTypesetter())
        queue.submit(note.blocks, path: note.path, code: highlighter != nil, math: typesetter != nil, source: source)
        if typesetter != nil { queue.submit(formulas: rendered.formulas, path: note.path, source: source) }
        let results = queue.finish()
        let diagnostics = results.diagnostics
            + results.unavailableWarnings(at: note.path, codeOff: "give --no-highlight", mathOff: "give --no-math")
        let html = renderer.fill(rendered, nil, code: results.html(for:), math: results.formulasOfOneNote()).html
        return (html, diagnostics)
    }
}
