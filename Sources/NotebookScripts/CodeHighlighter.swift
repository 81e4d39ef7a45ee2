import Bytes
import Glibc
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
    /// How long, in seconds, the script may run on one input.
    public let timeLimit: Double
    private let state = Mutex<State>(State())
    /// Why the context could not be made, kept apart from it: read while a block holds it.
    private let failure = Mutex<ScriptError?>(nil)

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
        failure.withLock { $0 }
    }

    /// `code` highlighted as `language`, checked (``HighlightedHTML``): nil when the script does
    /// not know the language, or no script can run (see ``unavailable``). A script that throws,
    /// runs too long or gives markup that fails the check is an error.
    public func highlight(_ code: String, language written: String) throws(ScriptError) -> String? {
        guard HighlightedHTML.isLanguageName(written) else { return nil }
        let language = Self.laterAliases[written.lowercased()] ?? written
        let result: Result<String?, ScriptError> = state.withLock { state in
            if state.engine == nil {
                state.engine = Self.start(script, timeLimit: timeLimit)
                if case .failure(let error)? = state.engine { failure.withLock { $0 = error } }
            }
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

    /// Names that later versions of highlight.js give a language Debian's 9.18 knows by another
    /// (TypeScript's `tsx`, which the Quartz vault's code uses; `latex`, 9.18's `tex`): the same
    /// language, no guess.
    static let laterAliases = ["tsx": "typescript", "mts": "typescript", "cts": "typescript", "latex": "tex"]

    /// What runs before the script: highlight.js attaches itself to `window` and reports to
    /// `console`, which a page has. It registers its 185 languages as it loads, and making each
    /// costs more than highlighting the code of most sites: the languages are kept as they come
    /// (read when a block first names them, ``functions``), and each is made when a block first
    /// names it.
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

    /// notebook's functions. The script's registrations of its languages are kept as text, with
    /// where each is (`notebookKeep`), and run when a block first names their language: reading
    /// them all took longer than all the rest of loading the script. A language is made with
    /// those whose code it holds (`subLanguage`: HTML's scripts and styles, say) and those its
    /// definition requires (Arduino's C++), so that what a block shows never depends on the
    /// languages made before it.
    /// A language that guesses among all (`subLanguage: []`, HTTP's body) has every language made
    /// first. A name that is no language's own may be another's alias, which only its definition
    /// says: then every language is made, once.
    private static let functions = """
        var notebookChunks = Object.create(null), notebookRegistrations = "", notebookLoaded = 0;
        function notebookKeep(registrations, table) {
            notebookRegistrations = registrations;
            table.split("\\n").forEach(function(line) {
                var fields = line.split(" ");
                if (fields.length === 3) notebookChunks[fields[0]] = [+fields[1], +fields[2]];
            });
            return "";
        }
        function notebookLoad(name) {
            var chunk = notebookChunks[name];
            if (chunk === undefined) return;
            delete notebookChunks[name];
            notebookLoaded += 1;
            (0, eval)(notebookRegistrations.substring(chunk[0], chunk[1]));
        }
        function notebookMakeAll() {
            if (notebookLoaded === 0) {
                // Read whole, the registrations are not copied for the engine.
                notebookChunks = Object.create(null);
                (0, eval)(notebookRegistrations);
            }
            for (var name in notebookChunks) notebookLoad(name);
            notebookRegistrations = "";
            for (var other in notebookDefinitions) notebookMake(other);
        }
        function notebookMake(name) {
            notebookLoad(name);
            var definition = notebookDefinitions[name];
            if (!definition) return;
            delete notebookDefinitions[name];
            notebookRegister(name, definition);
            var seen = new Set();
            (function visit(mode) {
                if (!mode || typeof mode !== "object" || seen.has(mode)) return;
                seen.add(mode);
                if (Array.isArray(mode.subLanguage) && mode.subLanguage.length === 0) notebookMakeAll();
                [].concat(mode.subLanguage || []).forEach(notebookMake);
                [].concat(mode.contains || [], mode.variants || [], mode.starts || []).forEach(visit);
            })(hljs.getLanguage(name));
        }
        function notebookKnows(name) {
            if (!hljs.getLanguage(name)) {
                if (notebookDefinitions[name] || notebookChunks[name] !== undefined) {
                    notebookMake(name);
                } else {
                    notebookMakeAll();
                }
            }
            return hljs.getLanguage(name) ? "yes" : "";
        }
        function notebookHighlight(name, code) { return hljs.highlight(name, code, true).value; }
        """

    /// Where the script's registrations of its languages begin: `hljs.registerLanguage("…"`,
    /// each a statement of its own in Debian's script after the library.
    static let registrationMarker = "hljs.registerLanguage(\""

    /// `source` (UTF-8) split where its first registration begins: the library, then the
    /// registrations (empty when it has none, as a script that only defines functions), with
    /// where each registration is in them as the script's own text counts: one line each,
    /// `name start end`, in UTF-16 units from the registrations' start.
    static func split(_ source: [UInt8]) -> (library: String, registrations: String, table: String) {
        source.withUnsafeBufferPointer { bytes in
            let marker = Array(registrationMarker.utf8)
            var first: Int?
            var lines: [String] = []
            var open: (name: String, start: Int)?
            var units = 0
            var index = 0
            while index < bytes.count {
                // Eight ASCII bytes none of which may start the marker (most of them), at once.
                if index + 8 <= bytes.count {
                    let eight = EightBytes(at: bytes.baseAddress! + index)
                    if eight.isASCII && !eight.contains(marker[0]) {
                        units += 8
                        index += 8
                        continue
                    }
                }
                let byte = bytes[index]
                if byte == marker[0], index + marker.count <= bytes.count, memcmp(bytes.baseAddress! + index, marker, marker.count) == 0 {
                    if first == nil { (first, units) = (index, 0) }
                    if let open { lines.append("\(open.name) \(open.start) \(units)") }
                    var end = index + marker.count
                    while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
                    open = (String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + marker.count)..<end]), as: UTF8.self), units)
                }
                // A character's first byte counts one unit, four bytes' two (a surrogate pair).
                if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
                index += 1
            }
            guard let first else { return (String(decoding: bytes, as: UTF8.self), "", "") }
            if let open { lines.append("\(open.name) \(open.start) \(units)") }
            return (
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<first]), as: UTF8.self),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[first...]), as: UTF8.self), lines.joined(separator: "\n")
            )
        }
    }

    /// What notebook runs around the script: what it makes of a block changes with it.
    static let revision = prelude + functions

    /// A context with the script and notebook's two functions loaded.
    private static func start(_ script: String, timeLimit: Double) -> Result<Engine, ScriptError> {
        Result { () throws(ScriptError) -> Engine in
            // The tool's own file, as named (Debian's may be a link), not a site's.
            guard let bytes = try? FileSystem.read(script, links: .asNamed) else {
                throw .unavailable("\(script) cannot be read; install libjs-highlight.js")
            }
            let (library, registrations, table) = split(bytes)
            let context = try ScriptContext(timeLimit: timeLimit)
            try context.evaluate(prelude, name: "notebook")
            try context.evaluate(library, name: script)
            try context.evaluate(functions, name: "notebook")
            if !registrations.isEmpty { _ = try context.call("notebookKeep", [registrations, table]) }
            return Engine(context: context)
        }
    }
}
