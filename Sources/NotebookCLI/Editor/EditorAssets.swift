/// The editor's script and style sheet, as built into the binary from `editor.js` and `editor.css`.
enum EditorAssets {
    static var script: [UInt8] { PackageResources.editor_js }
    static var style: [UInt8] { PackageResources.editor_css }
}
