import NotebookFiles
import ScriptEngine
import Synchronization

/// Fenced code highlighted at build time by Debian's highlight.js, run in one JavaScriptCore
/// context made on first use and shared by every thread, one block at a time.
public final class CodeHighlighter: Sendable {
    /// Where Debian's `libjs-highlight.js` installs the script.
    public static let debianScript = "/usr/share/javascript/highlight.js/highlight.min.js"
    /// How long one block may take; a block past it is shown plain, with a warning. The engine
    /// stops a script between its steps, not inside one regular expression: highlight.js 9's
    /// slowest expressions have run for about 4.5 s on a block past a 2 s limit.
    public static let defaultTimeLimit = 2.0
    /// The longest code highlighted, in UTF-8 bytes: a 1 MB block took 1.4 s and 337 MB.
    public static let maximumCode = 64 * 1024

    private let script: String
    private let timeLimit: Double
    private let state = Mutex<State>(State())

    private struct State {
        /// nil until first used; then the context, or why there is none.
        var engine: Result<Engine, ScriptError>?
    }

    /// The context with the script loaded, and the languages it was asked about.
    private struct Engine {
        let context: ScriptContext
        var known: [String: Bool] = [:]
    }

    /// A highlighter running the script at `script` (Debian's by default).
    public init(script: String = CodeHighlighter.debianScript, timeLimit: Double = CodeHighlighter.defaultTimeLimit) {
        self.script = script
        self.timeLimit = timeLimit
    }

    /// A highlighter of the same script and time limit, with a context of its own.
    public func sibling() -> CodeHighlighter {
        CodeHighlighter(script: script, timeLimit: timeLimit)
    }

    /// Why no code can be highlighted (the engine or the script is missing or broken), once the
    /// highlighter has been asked to; nil while it can, or before it was asked.
    public var unavailable: ScriptError? {
        state.withLock { state in
            if case .failure(let error)? = state.engine { error } else { nil }
        }
    }

    /// `code` highlighted as `language`, checked (``HighlightedHTML``): nil when the script does
    /// not know the language, or no script can run (see ``unavailable``). A script that throws,
    /// runs too long or gives markup that fails the check is an error.
    public func highlight(_ code: String, language: String) throws(ScriptError) -> String? {
        guard HighlightedHTML.isLanguageName(language) else { return nil }
        let result: Result<String?, ScriptError> = state.withLock { state in
            if state.engine == nil { state.engine = Self.start(script, timeLimit: timeLimit) }
            guard case .success(var engine) = state.engine else { return .success(nil) }
            defer { state.engine = .success(engine) }
            return Result { () throws(ScriptError) -> String? in
                if engine.known[language] == nil {
                    engine.known[language] = try !engine.context.call("notebookKnows", [language]).isEmpty
                }
                guard engine.known[language] == true else { return nil }
                guard code.utf8.count <= Self.maximumCode else { throw .tooLong(Self.maximumCode) }
                return try engine.context.call("notebookHighlight", [language, code])
            }
        }
        guard let html = try result.get() else { return nil }
        guard HighlightedHTML.isValid(html, of: code) else {
            throw .rejected("markup other than its spans")
        }
        return html
    }

    /// What runs before the script: highlight.js attaches itself to `window` and reports to
    /// `console`, which a page has. It registers its 185 languages as it loads, and making each
    /// costs more than highlighting the code of most sites: the languages are kept as they come,
    /// and each is made when a block first names it.
    private static let prelude = """
        var window = this, self = this;
        var console = { log() {}, info() {}, warn() {}, error() {} };
        var notebookDefinitions = Object.create(null), notebookHljs, notebookRegister;
        Object.defineProperty(this, "hljs", { configurable: true, get() { return notebookHljs; }, set(hljs) {
            if (hljs === notebookHljs) return;
            notebookHljs = hljs;
            notebookRegister = hljs.registerLanguage;
            hljs.registerLanguage = function(name, definition) { notebookDefinitions[name] = definition; };
            var require = hljs.requireLanguage;
            hljs.requireLanguage = function(name) {
                if (!hljs.getLanguage(name)) notebookMake(name);
                return require(name);
            };
        } });
        """

    /// notebook's functions. A language is made with those whose code it holds (`subLanguage`:
    /// HTML's scripts and styles, say) and those its definition requires (Arduino's C++), so that
    /// what a block shows never depends on the languages made before it. A language that guesses
    /// among all (`subLanguage: []`, HTTP's body) has every language made first. A name that is
    /// no language's own may be another's alias, which only its definition says: then every
    /// language is made, once.
    private static let functions = """
        function notebookMake(name) {
            var definition = notebookDefinitions[name];
            if (!definition) return;
            delete notebookDefinitions[name];
            notebookRegister(name, definition);
            var seen = new Set();
            (function visit(mode) {
                if (!mode || typeof mode !== "object" || seen.has(mode)) return;
                seen.add(mode);
                if (Array.isArray(mode.subLanguage) && mode.subLanguage.length === 0) {
                    for (var other in notebookDefinitions) notebookMake(other);
                }
                [].concat(mode.subLanguage || []).forEach(notebookMake);
                [].concat(mode.contains || [], mode.variants || [], mode.starts || []).forEach(visit);
            })(hljs.getLanguage(name));
        }
        function notebookKnows(name) {
            if (!hljs.getLanguage(name)) {
                if (notebookDefinitions[name]) {
                    notebookMake(name);
                } else {
                    for (var other in notebookDefinitions) notebookMake(other);
                }
            }
            return hljs.getLanguage(name) ? "yes" : "";
        }
        function notebookHighlight(name, code) { return hljs.highlight(name, code, true).value; }
        """

    /// What notebook runs around the script: what it makes of a block changes with it.
    static let revision = prelude + functions

    /// A context with the script and notebook's two functions loaded.
    private static func start(_ script: String, timeLimit: Double) -> Result<Engine, ScriptError> {
        Result { () throws(ScriptError) -> Engine in
            // The tool's own file, as named (Debian's may be a link), not a site's.
            guard let bytes = try? FileSystem.read(script, links: .asNamed) else {
                throw .unavailable("\(script) cannot be read; install libjs-highlight.js")
            }
            let source = String(decoding: bytes, as: UTF8.self)
            let context = try ScriptContext(timeLimit: timeLimit)
            try context.evaluate(prelude, name: "notebook")
            try context.evaluate(source, name: script)
            try context.evaluate(functions, name: "notebook")
            return Engine(context: context)
        }
    }
}
