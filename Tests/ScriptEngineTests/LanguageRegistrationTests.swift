import Foundation
import Testing

@testable import NotebookScripts
@testable import ScriptEngine

/// highlight.js's languages are read when a block first names them: every language and alias
/// Debian's script knows highlights as it does with the whole script read at once.
@Suite struct LanguageRegistrationTests {
    /// Every name the script knows, its languages' and their aliases, read from it whole.
    private static func names(of script: String) throws -> [String] {
        let context = try ScriptContext(timeLimit: 10)
        try context.evaluate("var window = this, self = this; var console = { log() {}, info() {}, warn() {}, error() {} };", name: "page")
        try context.evaluate(String(decoding: try Data(contentsOf: URL(fileURLWithPath: script)), as: UTF8.self), name: script)
        try context.evaluate(
            """
            function notebookNames() {
                var names = [];
                hljs.listLanguages().forEach(function(name) { names.push(name); (hljs.getLanguage(name).aliases || []).forEach(function(a) { names.push(a); }); });
                return names.join("\\n");
            }
            """, name: "names")
        return try context.call("notebookNames", []).split(separator: "\n").map(String.init)
    }

    @Test func everyLanguageAndAliasAsWithTheWholeScript() throws {
        let script = CodeHighlighter.debianScript
        let names = try Self.names(of: script)
        #expect(names.count > 300)
        // The same script with no registration found: read whole, as before.
        let whole = FileManager.default.temporaryDirectory.appendingPathComponent("highlight-whole-\(UUID().uuidString).js")
        defer { try? FileManager.default.removeItem(at: whole) }
        let source = String(decoding: try Data(contentsOf: URL(fileURLWithPath: script)), as: UTF8.self)
        #expect(CodeHighlighter.split(Array(source.utf8)).registrations.utf8.count > source.utf8.count / 2)
        try source.replacingOccurrences(of: CodeHighlighter.registrationMarker, with: "hljs.registerLanguage (\"").write(to: whole, atomically: true, encoding: .utf8)
        #expect(CodeHighlighter.split(Array(try String(contentsOf: whole, encoding: .utf8).utf8)).registrations.isEmpty)
        let kept = CodeHighlighter()
        let read = CodeHighlighter(script: whole.path)
        let code = "let a = 1 // note <b>\nfunction f(x) { return \"s\" + x; }\n<div class=\"c\">#x</div>\n"
        for name in names where HighlightedHTML.isLanguageName(name) {
            #expect(try kept.highlight(code, language: name) == read.highlight(code, language: name), "\(name)")
        }
        // An alias asked first, of a script of which nothing was read yet.
        for alias in ["js", "sh", "yml", "py"] where names.contains(alias) {
            #expect(try CodeHighlighter().highlight(code, language: alias) == CodeHighlighter(script: whole.path).highlight(code, language: alias), "\(alias)")
        }
    }
}

/// Where each registration is, counted as the script's text counts (UTF-16 units).
@Suite struct RegistrationTableTests {
    @Test func placesEachRegistrationPastWideCharacters() {
        let first = "hljs.registerLanguage(\"a\",function(h){return {k:\"é🍮\"}});"
        let second = "hljs.registerLanguage(\"b-c\",function(h){return {}});\n"
        let library = "var hljs = {}; var s = \"é\";\n"
        let (kept, registrations, table) = CodeHighlighter.split(Array((library + first + second).utf8))
        let a = first.utf16.count
        #expect(kept == library && registrations == first + second)
        #expect(table == "a 0 \(a)\nb-c \(a) \(a + second.utf16.count)")
        let plain = CodeHighlighter.split(Array("var x = 1;".utf8))
        #expect(plain.library == "var x = 1;" && plain.registrations.isEmpty && plain.table.isEmpty)
    }
}
