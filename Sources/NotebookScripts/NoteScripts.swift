import NotebookModel
import NotebookRender

/// One note rendered with its code highlighted and its math typeset as a site's pages show them:
/// what `notebook render` writes. The same queue runs the scripts, with the same bounds.
public enum NoteScripts {
    /// `note` as HTML by `options`, its code highlighted by `highlighter` and its math typeset by
    /// `typesetter` (each nil to leave them as written), and the warnings of both: one at each
    /// block or formula a script failed or warned on, and one when a script cannot run.
    public static func render(
        _ note: Note, options: RenderOptions, highlighter: CodeHighlighter?, typesetter: MathTypesetter?
    ) -> (html: String, diagnostics: [Diagnostic]) {
        guard highlighter != nil || typesetter != nil else { return (HTMLRenderer(options: options).render(note.blocks), []) }
        var deferring = options
        deferring.deferCode = true
        let renderer = HTMLRenderer(options: deferring)
        let rendered = renderer.renderNote(note.blocks)
        let queue = ScriptQueue(highlighter: highlighter ?? CodeHighlighter(), typesetter: typesetter ?? MathTypesetter())
        queue.submit(note.blocks, path: note.path, code: highlighter != nil, math: typesetter != nil)
        if typesetter != nil {
            queue.submit(formulas: rendered.slots.compactMap { if case .math(let tex, let style, let at) = $0.piece { (tex, style, at) } else { nil } }, path: note.path)
        }
        let results = queue.finish()
        var diagnostics = results.diagnostics
        if let unavailable = results.unavailable {
            diagnostics.append(Diagnostic(.warning, "fenced code is shown plain: \(unavailable.message)", path: note.path, code: "highlight.unavailable"))
        }
        if let unavailable = results.mathUnavailable {
            diagnostics.append(Diagnostic(.warning, "math is shown as its source: \(unavailable.message)", path: note.path, code: "math.unavailable"))
        }
        let html = renderer.fill(rendered, nil, code: results.html(for:), math: results.html(forFormula:_:)).html
        return (html, diagnostics)
    }
}
