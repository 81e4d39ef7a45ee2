import NotebookFiles
import NotebookModel
import ScriptEngine
import Synchronization

/// TeX formulas typeset as MathML at build time by Debian's KaTeX, run in one JavaScriptCore
/// context made on first use (so that a site without math never loads it), one formula at a time.
public final class MathTypesetter: Sendable {
    /// Where Debian's `libjs-katex` installs the script.
    public static let debianScript = "/usr/share/javascript/katex/katex.min.js"
    /// The longest formula typeset, in UTF-8 bytes.
    public static let maximumTeX = 16 * 1024
    /// How many tokens a formula's macros may put in place of their parameters.
    public static let expansionBudget = 100_000
    /// How deep a formula's groups (`{…}`, `\\left…\\right`) may nest: KaTeX recurses into each,
    /// and how deep the engine's stack lets it go changes as its compiler warms up (7,000 braces
    /// typeset in one build and overflowed in the next).
    public static let maximumDepth = 100

    private let script: String
    /// How long, in seconds, the script may run on one input.
    public let timeLimit: Double
    /// nil until first used; then the context, or why there is none.
    private let state = Mutex<Result<ScriptContext, ScriptError>?>(nil)
    /// Why the context could not be made, kept apart from it: read while a formula holds it.
    private let failure = Mutex<ScriptError?>(nil)

    /// A typesetter running the script at `script` (Debian's by default).
    public init(script: String = MathTypesetter.debianScript, timeLimit: Double = CodeHighlighter.defaultTimeLimit) {
        self.script = script
        self.timeLimit = timeLimit
    }

    /// A typesetter of the same script and time limit, with a context of its own.
    public func sibling() -> MathTypesetter {
        MathTypesetter(script: script, timeLimit: timeLimit)
    }

    /// Why no formula can be typeset, once the typesetter has been asked to; nil while it can,
    /// or before it was asked.
    public var unavailable: ScriptError? {
        failure.withLock { $0 }
    }

    /// What KaTeX made of a formula: its MathML, checked (``MathML``), and what it warned of.
    public struct Typeset: Hashable, Sendable {
        public var html: String
        public var warnings: [ScriptFinding]
    }

    /// `tex` typeset in `style`; nil when no script can run (see ``unavailable``). A formula KaTeX
    /// refuses is ``ScriptError/refused(_:at:)`` with its message and where in `tex`; one that
    /// runs too long, or whose markup fails the check, is an error too.
    public func typeset(_ tex: String, _ style: MathStyle) throws(ScriptError) -> Typeset? {
        let result: Result<String?, ScriptError> = state.withLock { state in
            if state == nil {
                state = Self.start(script, timeLimit: timeLimit)
                if case .failure(let error)? = state { failure.withLock { $0 = error } }
            }
            guard case .success(let context)? = state else { return .success(nil) }
            return Result { () throws(ScriptError) -> String? in
                guard tex.utf8.count <= Self.maximumTeX else { throw .tooLong(Self.maximumTeX) }
                if let deep = Self.tooDeep(tex) { throw .refused("it nests more than \(Self.maximumDepth) groups", at: deep) }
                return try context.call("notebookMath", [tex, style.rawValue])
            }
        }
        guard let reply = try result.get() else { return nil }
        var fields = reply.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)[...]
        switch fields.popFirst() {
        case "refused":
            guard fields.count == 2 else { throw .rejected("a reply notebook does not know") }
            throw .refused(fields.last!, at: Int(fields.first!))
        case "typeset":
            guard let html = fields.popFirst() else { throw .rejected("a reply notebook does not know") }
            guard MathML.isValid(html, of: tex, style: style) else { throw .rejected("markup other than MathML") }
            let warnings = fields.map { field in
                let parts = field.split(separator: "\u{1}", maxSplits: 1, omittingEmptySubsequences: false)
                return ScriptFinding(message: String(parts.last!), offset: parts.count == 2 ? Int(parts[0]) : nil)
            }
            return Typeset(html: html, warnings: warnings)
        default:
            throw .rejected("a reply notebook does not know")
        }
    }

    /// The offset (in UTF-16 code units) of the first group of `tex` deeper than
    /// ``maximumDepth``; nil when none is.
    static func tooDeep(_ tex: String) -> Int? {
        var depth = 0
        var offset = 0
        var escaped = false
        var scalars = tex.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            defer { offset += scalar.utf16.count }
            if escaped {
                escaped = false
                // `\left` and `\right` open and close a group too.
                if scalar == "l" && scalars.starts(with: "eft".unicodeScalars) { depth += 1 }
                if scalar == "r" && scalars.starts(with: "ight".unicodeScalars) { depth -= 1 }
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "{" {
                depth += 1
            } else if scalar == "}" {
                depth -= 1
            }
            if depth > maximumDepth { return offset }
        }
        return nil
    }

    /// What runs before the script: KaTeX attaches itself to `self`.
    private static let prelude = """
        var window = this, self = this;
        var console = { log() {}, info() {}, warn() {}, error() {} };
        """

    /// notebook's function: the formula as MathML (`output: "mathml"`), with no command that
    /// reaches outside the formula (`trust: false`: `\\href`, `\\includegraphics`, `\\htmlClass`…
    /// are shown as their names, and said), KaTeX's warnings of what LaTeX would not accept
    /// gathered, and a refused formula's message and offset. Fields are apart by NUL, a warning's
    /// offset and message by U+0001.
    ///
    /// KaTeX 0.16.4 bounds how many macros it expands, not what they expand to: a 2 KB formula
    /// whose macro repeats its argument a thousand times, given itself, made 20 MB of MathML in
    /// 4 s and 1.3 GB, past the time limit (the copying is the engine's own, which is not
    /// stopped); one whose macro holds 7 KB, used a thousand times, took 1.3 GB before it was
    /// stopped. So a formula's own macros may put at most ``expansionBudget`` tokens in its
    /// place, counted as they are looked up (the formula's definitions are kept in an object
    /// of notebook's, which sees each use) and as their arguments are put in place (through
    /// `Array.prototype.splice`); and its MathML may be at most 64 times its length, or 64 KB.
    /// KaTeX's own count of expansions (`maxExpand`) is raised to the same budget: at its default,
    /// 1,000, it refused a formula of 300 `\neq` (each a macro of KaTeX's), with a message that
    /// names a setting no note can reach; the budget, the 16 KB bound on a formula and the time
    /// limit bound what expansions make.
    private static let functions = """
        var notebookBudget = Infinity;
        (function () {
            var splice = Array.prototype.splice;
            Array.prototype.splice = function () {
                if (arguments.length > 2) notebookSpend(arguments.length - 2);
                return splice.apply(this, arguments);
            };
        })();
        function notebookSpend(tokens) {
            notebookBudget -= tokens;
            if (notebookBudget < 0) {
                notebookBudget = Infinity;
                throw new katex.ParseError("its macros expand to more than \(expansionBudget) tokens");
            }
        }
        var notebookMacroUses = {
            get: function (macros, name) {
                var macro = macros[name];
                if (macro && typeof macro === "object" && macro.tokens) notebookSpend(macro.tokens.length);
                return macro;
            }
        };
        function notebookMath(tex, style) {
            var warnings = [], trusted = 0;
            function clean(text) { return String(text).replace(/[\\u0000\\u0001]/g, "\\ufffd"); }
            var options = {
                displayMode: style === "display", output: "mathml", throwOnError: true, maxExpand: \(expansionBudget), maxSize: 100,
                macros: new Proxy({}, notebookMacroUses),
                trust: function (context) {
                    // KaTeX says which command, not where: the next place the formula writes it.
                    var at = tex.indexOf(context.command, trusted);
                    if (at >= 0) trusted = at + context.command.length;
                    warnings.push((at >= 0 ? at : "") + "\\u0001" + clean(context.command + " is not allowed here: it is shown as its name"));
                    return false;
                },
                strict: function (code, message, token) {
                    // The untrusted command is said once, by trust.
                    if (code === "htmlExtension") return "ignore";
                    var at = token && token.loc ? token.loc.start : "";
                    warnings.push(at + "\\u0001" + clean(message));
                    return "ignore";
                }
            };
            try {
                notebookBudget = \(expansionBudget);
                var html = katex.renderToString(tex, options);
                var limit = Math.max(65536, 64 * tex.length);
                if (html.length > limit) {
                    return ["refused", "", "its MathML would take " + Math.round(html.length / 1024) + " KB, more than " + Math.round(limit / 1024) + " KB"].join("\\u0000");
                }
                return ["typeset", clean(html)].concat(warnings).join("\\u0000");
            } catch (error) {
                // Past the engine's stack: how deep that is changes as it warms up (see maximumDepth).
                if (error instanceof RangeError) return ["refused", "", "it nests too deeply"].join("\\u0000");
                if (!(error instanceof katex.ParseError)) throw error;
                var at = typeof error.position === "number" ? error.position : "";
                // KaTeX 0.16.4 has no rawMessage: its message without the prefix and the excerpt.
                var message = error.rawMessage || String(error.message).replace(/^KaTeX parse error: /, "")
                    .replace(/ at (position \\d+|end of input): [\\s\\S]*$/, "");
                // KaTeX's count of expansions, past the budget: said as the budget is, without the
                // setting KaTeX names, which no note can reach.
                if (/^Too many expansions/.test(message)) { at = ""; message = "its macros expand to more than \(expansionBudget) tokens"; }
                return ["refused", at, clean(message)].join("\\u0000");
            } finally {
                notebookBudget = Infinity;
            }
        }
        """

    /// What notebook runs around the script: what it makes of a formula changes with it.
    static let revision = prelude + functions

    /// A context with the script and notebook's function loaded.
    private static func start(_ script: String, timeLimit: Double) -> Result<ScriptContext, ScriptError> {
        Result { () throws(ScriptError) -> ScriptContext in
            // The tool's own file, as named (Debian's may be a link), not a site's.
            guard let bytes = try? FileSystem.read(script, links: .asNamed) else {
                throw .unavailable("\(script) cannot be read; install libjs-katex")
            }
            let context = try ScriptContext(timeLimit: timeLimit)
            try context.evaluate(prelude, name: "notebook")
            try context.evaluate(String(decoding: bytes, as: UTF8.self), name: script)
            // KaTeX's chemistry (`\\ce`, `\\pu`), as Obsidian has it, when Debian ships it beside.
            let chemistry = String(script[..<(script.lastIndex(of: "/") ?? script.startIndex)]) + "/contrib/mhchem.js"
            if let chemistryScript = try? FileSystem.read(chemistry, links: .asNamed) {
                try context.evaluate(String(decoding: chemistryScript, as: UTF8.self), name: chemistry)
            }
            try context.evaluate(functions, name: "notebook")
            return context
        }
    }
}

/// Something a script said of its input without refusing it, at an offset of the input in
/// UTF-16 code units when it says where.
public struct ScriptFinding: Hashable, Sendable {
    public var message: String
    public var offset: Int?

    public init(message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }
}
