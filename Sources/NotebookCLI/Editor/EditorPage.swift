import NotebookRender

/// The page of the note editor: a header with the way back to the note's page, the file, the
/// word count and Save; the formatting bar; the text; the document as JSON for the script.
enum EditorPage {
    static func html(title: String, url: String, file: String, documentJSON: String, token: String) -> String {
        let shownTitle = HTMLEscaping.escape(title.isEmpty ? file : title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="notebook-token" content="\(token)">
            <title>Edit: \(shownTitle)</title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="/_notebook/editor.css">
            </head>
            <body>
            <header class="nb-editor-header">
            <div class="nb-editor-top">
            <a href="\(HTMLEscaping.escape(url))">← \(shownTitle)</a>
            <span class="nb-file">\(HTMLEscaping.escape(file))</span>
            <span id="words" aria-live="polite"></span>
            <button type="button" id="save" aria-label="Save" title="Save (Ctrl-S)">Save</button>
            </div>
            <div id="bar" role="toolbar" aria-label="Formatting"></div>
            <div id="status" class="nb-status" role="status" aria-live="polite"></div>
            </header>
            <main>
            <div id="editor" role="textbox" aria-multiline="true" aria-label="The note's text" spellcheck="true"></div>
            </main>
            <script type="application/json" id="notebook-document">\(documentJSON)</script>
            <script src="/_notebook/editor.js"></script>
            </body>
            </html>

            """
    }
}
