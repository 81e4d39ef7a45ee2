import NotebookModel
import Parallel
import ScriptEngine
import Synchronization
import Foundation

/// Fenced code highlighted, and math typeset, on a thread of its own while a site's notes are
/// read: the readers hand each block and formula over and go on, and one thread runs the scripts
/// on them as they come, each different one once. Run apart from the reading, the script's engine
/// keeps its code and data at hand; called from each reader between notes, it took about twice
/// as long. KaTeX is loaded only when a formula comes.
public final class ScriptQueue: Sendable {
    /// A block or formula as its script sees it: what the script makes is the same for the same two.
    struct Key: Hashable, Sendable {
        enum Script: Hashable, Sendable {
            /// Code in this language, for highlight.js.
            case highlight(String)
            /// TeX in this style, for KaTeX.
            case math(MathStyle)
        }

        var script: Script
        var source: String

        /// The key of a code block: a ```` ```math ```` block is display math.
        init?(_ code: CodeBlock) {
            guard let language = code.language, !language.isEmpty else { return nil }
            self.init(language == "math" ? .math(.display) : .highlight(language), code.code)
        }

        init(_ script: Script, _ source: String) {
            self.script = script
            self.source = source
        }
    }

    /// What a script made of a block or formula: its checked HTML (nil to show it as it is
    /// written) and what it warned of.
    struct Made: Sendable {
        var html: String?
        var warnings: [ScriptFinding] = []
    }

    /// The scripts a thread runs, each with a context of its own made when first needed.
    struct Engines: Sendable {
        let highlighter: CodeHighlighter
        let typesetter: MathTypesetter

        func sibling() -> Engines { Engines(highlighter: highlighter.sibling(), typesetter: typesetter.sibling()) }

        /// How long a block or formula may take before its thread is left to it: the engine stops a
        /// script at its time limit between its steps, but not inside one regular expression
        /// (highlight.js's C++ on `a<>` forty times ran for 12 s past a 2 s limit). Past the
        /// limit and a quarter of it, the contexts are left to the script, and new ones take the
        /// rest.
        func bound(of key: Key) -> Duration {
            .seconds(limit(of: key) * 1.25)
        }

        /// The time limit of the script that runs on `key`.
        func limit(of key: Key) -> Double {
            if case .math = key.script { typesetter.timeLimit } else { highlighter.timeLimit }
        }
    }

    /// Where a block was handed over from, for its warning.
    struct Place: Sendable {
        var path: String
        var location: SourceLocation?
        /// The note's text as read, when the reader gave it: a finding inside a formula is placed
        /// by it exactly (JSON's escapes, a block quote's `>` on each line).
        var source: String? = nil

        /// Whether the note is JSON: its text is a JSON string, escaped, from its opening quote.
        var isJSON: Bool { path.hasSuffix(".json") }
    }

    private struct State {
        /// The blocks to highlight, in the order they came; those before `taken` are being or
        /// have been highlighted.
        var pending: [Key] = []
        var taken = 0
        var seen: Set<Key> = []
        var places: [Key: [Place]] = [:]
        var closed = false
        /// How many blocks the script was stopped on so far, by any thread, and by the note that
        /// handed each over first.
        var stops = 0
        var stopsByNote: [String: Int] = [:]
        /// Warnings made as blocks came (a note's formulas past its budget).
        var notices: [Diagnostic] = []

        var waiting: Int { pending.count - taken }
    }

    /// What the readers and the threads share.
    private final class Shared: Sendable {
        let state = Mutex(State())
        let wake = DispatchSemaphore(value: 0)
        /// The threads with the scripts each runs, the first started when the first block comes.
        let work = Mutex<[(engines: Engines, thread: Background<[Key: Result<Made, ScriptError>]>)]>([])
    }

    /// The caches of each script's results.
    struct Caches: Sendable {
        var code: HighlightCache?
        var math: HighlightCache?
    }

    private let shared = Shared()
    private let engines: Engines
    private let caches: Caches

    /// A queue whose thread, started when the first block comes, runs `highlighter` on the code
    /// blocks and `typesetter` on the formulas that `cache` and `mathCache` hold nothing for, and
    /// keeps what they make there. When blocks come faster than one thread runs them, a second
    /// thread runs contexts of its own.
    public init(
        highlighter: CodeHighlighter, typesetter: MathTypesetter = MathTypesetter(), cache: HighlightCache? = nil,
        mathCache: HighlightCache? = nil
    ) {
        engines = Engines(highlighter: highlighter, typesetter: typesetter)
        caches = Caches(code: cache, math: mathCache)
    }

    /// How many blocks a thread takes at once, and how many wait before it is woken for them:
    /// woken for each, the thread took turns with the readers so often that neither kept its data
    /// at hand.
    static let batch = 64
    /// How many blocks wait, untaken, when a second thread starts: a site whose code is mostly
    /// different blocks (2,000 notes, 5,552 different blocks: 1.1 s on one thread) keeps the first
    /// busy far longer than its notes take to read. The 5,000-note corpus's 977 blocks never wait
    /// as many, and the second context's memory (about 40 MB) is never taken.
    static let backlog = 4 * batch
    /// The most threads, each with a context of its own.
    static let maximumThreads = 2

    /// A thread's work: batches of blocks as they come, until the queue is closed and empty.
    private static func run(_ shared: Shared, _ first: Engines, _ caches: Caches) -> [Key: Result<Made, ScriptError>] {
        var results: [Key: Result<Made, ScriptError>] = [:]
        var runner = Runner(first, caches: caches, shared: shared)
        defer { runner.end() }
        while true {
            // A batch once enough blocks wait, the rest once the queue is closed.
            let (batch, closed) = shared.state.withLock { state in
                guard state.waiting >= Self.batch || (state.closed && state.waiting > 0) else { return ([Key](), state.closed) }
                let end = min(state.pending.count, state.taken + Self.batch)
                defer { state.taken = end }
                return (Array(state.pending[state.taken..<end]), state.closed)
            }
            var rest = batch[...]
            while !rest.isEmpty {
                let (made, stuck) = watched(rest, by: runner)
                results.merge(made) { _, new in new }
                guard let stuck else { break }
                // The block its contexts were left to: a stop, as one the engine stopped is.
                let key = rest[stuck]
                results[key] = .failure(.timedOut(runner.engines.limit(of: key)))
                count(stopOf: key, shared: shared)
                runner = Runner(runner.engines.sibling(), caches: caches, shared: shared)
                rest = rest[(stuck + 1)...]
            }
            if batch.isEmpty {
                if closed { return results }
                shared.wake.wait()
            }
        }
    }

    /// What a watched run of a batch shares with the thread that runs it.
    private final class Progress: Sendable {
        struct State {
            var results: [Key: Result<Made, ScriptError>] = [:]
            /// The position of the block being made, and when it began.
            var current = 0
            var began = ContinuousClock.now
            /// Whether the watcher left the thread to its block: what it makes after is dropped.
            var left = false
        }
        let state: Mutex<State>
        let done = DispatchSemaphore(value: 0)

        init(start: Int) { state = Mutex(State(current: start)) }
    }

    /// A thread of its own that runs one set of contexts on the batches handed to it, while the
    /// thread that hands them over watches (``watched(_:by:)``): run apart from the reading, the
    /// script's engine keeps its code and data at hand, and a new thread for each batch cost more.
    private final class Runner: Sendable {
        let engines: Engines
        /// The batch to run and its progress; nil to end the thread.
        private let handed = Mutex<(keys: ArraySlice<Key>, progress: Progress)?>(nil)
        private let start = DispatchSemaphore(value: 0)

        init(_ engines: Engines, caches: Caches, shared: Shared) {
            self.engines = engines
            Thread.detachNewThread { [self] in
                while true {
                    start.wait()
                    guard let (keys, progress) = handed.withLock({ $0 }) else { return }
                    for position in keys.indices {
                        // What a thread left to its block makes is kept nowhere, in the cache neither.
                        let result = make(keys[position], with: engines, caches: caches, shared: shared) {
                            !progress.state.withLock { $0.left }
                        }
                        let goesOn = progress.state.withLock { state -> Bool in
                            guard !state.left else { return false }
                            state.results[keys[position]] = result
                            (state.current, state.began) = (position + 1, .now)
                            return true
                        }
                        // Left to its block, the thread ends with it.
                        guard goesOn else { return }
                    }
                    progress.done.signal()
                }
            }
        }

        func run(_ keys: ArraySlice<Key>, _ progress: Progress) {
            handed.withLock { $0 = (keys, progress) }
            start.signal()
        }

        /// Ends the thread once it has nothing to run.
        func end() {
            handed.withLock { $0 = nil }
            start.signal()
        }
    }

    /// `keys` made by `runner`, watched: their results, and the position of the block that ran
    /// past its bound (``Engines/bound(of:)``), if one did. The runner is then left to that block (and its
    /// contexts with it, which no one uses again); it makes nothing more.
    private static func watched(_ keys: ArraySlice<Key>, by runner: Runner) -> (results: [Key: Result<Made, ScriptError>], stuck: Int?) {
        let progress = Progress(start: keys.startIndex)
        runner.run(keys, progress)
        // Looked at four times in the shortest bound: a block is left at most a quarter of it late.
        let shortest = min(runner.engines.highlighter.timeLimit, runner.engines.typesetter.timeLimit) * 1.25
        let look = DispatchTimeInterval.milliseconds(max(1, Int(shortest * 250)))
        while progress.done.wait(timeout: .now() + look) == .timedOut {
            let stuck = progress.state.withLock { state -> Int? in
                guard state.current < keys.endIndex, ContinuousClock.now - state.began > runner.engines.bound(of: keys[state.current]) else {
                    return nil
                }
                state.left = true
                return state.current
            }
            if let stuck { return (progress.state.withLock { $0.results }, stuck) }
        }
        return (progress.state.withLock { $0.results }, nil)
    }

    /// Counts a stop of the scripts on `key`, for the note that handed it over first.
    private static func count(stopOf key: Key, shared: Shared) {
        shared.state.withLock { state in
            let note = state.places[key]?.first?.path ?? ""
            state.stops += 1
            state.stopsByNote[note, default: 0] += 1
        }
    }

    /// How many blocks of one note the script may be stopped on before it is run on no more of
    /// that note's, and how many in a whole run before it is run on no more at all: each can cost
    /// twice the time limit (``CodeHighlighter/defaultTimeLimit``), and hostile notes can hold
    /// many. A note's own limit keeps the other notes' blocks as they are, whatever order the
    /// blocks come in, unless the site holds more than a few such notes.
    static let maximumStopsInNote = 3
    static let maximumStops = 10

    /// What the cache holds for `key`, or what its script makes of it, kept in the cache (what it
    /// failed or warned on is not kept, nor what no script could look at); counts the blocks the
    /// scripts were stopped on, and runs them on none once there were ``maximumStops``.
    private static func make(
        _ key: Key, with engines: Engines, caches: Caches, shared: Shared, wanted: () -> Bool = { true }
    ) -> Result<Made, ScriptError> {
        let (cache, language) = switch key.script {
        case .highlight(let language): (caches.code, language)
        case .math(let style): (caches.math, style.rawValue)
        }
        switch cache?.entry(language: language, code: key.source) {
        case .highlighted(let html)?: return .success(Made(html: html))
        case .plain?: return .success(Made(html: nil))
        case nil: break
        }
        let (stops, stopsInNote) = shared.state.withLock { state in
            (state.stops, state.stopsByNote[state.places[key]?.first?.path ?? "", default: 0])
        }
        guard stops < maximumStops else { return .failure(.tooOftenStopped(stops)) }
        guard stopsInNote < maximumStopsInNote else { return .failure(.tooOftenStoppedHere(stopsInNote)) }
        let result: Result<Made, ScriptError>
        let available: Bool
        switch key.script {
        case .highlight(let language):
            result = Result { () throws(ScriptError) -> Made in Made(html: try engines.highlighter.highlight(key.source, language: language)) }
            available = engines.highlighter.unavailable == nil && HighlightedHTML.isLanguageName(language)
        case .math(let style):
            result = Result { () throws(ScriptError) -> Made in
                let typeset = try engines.typesetter.typeset(key.source, style)
                return Made(html: typeset?.html, warnings: typeset?.warnings ?? [])
            }
            available = engines.typesetter.unavailable == nil
        }
        guard wanted() else { return result }
        if case .failure(.timedOut) = result { count(stopOf: key, shared: shared) }
        if let cache, available, case .success(let made) = result, made.warnings.isEmpty {
            cache.keep(made.html.map(HighlightCache.Entry.highlighted) ?? .plain, language: language, code: key.source)
        }
        return result
    }

    /// Hands over every code block of `blocks` that names a language, from the note at `path`:
    /// with `code`, those to highlight; with `math`, ```` ```math ```` blocks to typeset.
    public func submit(_ blocks: [Block], path: String, code highlights: Bool = true, math typesets: Bool = true, source: String? = nil) {
        var found: [(Key, Place)] = []
        Block.forEachCodeBlock(in: blocks) { code, at in
            guard let key = Key(code), code.highlighted == nil else { return }
            if case .math = key.script { guard typesets else { return } } else { guard highlights else { return } }
            // A math block's TeX starts on the line after its fence.
            let start = key.script == .math(.display) ? at.map { SourceLocation(line: $0.line + 1, column: $0.column) } : at
            // The text only where a finding can be inside (a formula's): a note's is kept until the end.
            found.append((key, Place(path: path, location: start, source: key.script == .math(.display) ? source : nil)))
        }
        submit(found)
    }

    /// How much TeX of one note's formulas is typeset, in UTF-8 bytes, each formula counted as
    /// often as it occurs (each occurrence is MathML in the page and the feed, however often the
    /// script runs): a formula of 16 KB can take 0.2 s and give 1 MB of MathML, and a note can
    /// hold thousands (a 1 MB note of them gave a 52 MB page and an 87 MB feed; a 3.3 MB note of
    /// one short formula 300,000 times, counted once, a 46 MB page and a 77 MB feed).
    public static let maximumTeXInNote = 128 * 1024

    /// Hands over formulas of the note at `path`, in its order: each TeX, its style, and where
    /// the TeX starts. Past ``maximumTeXInNote``, the rest are not (a warning at the first).
    public func submit(formulas: [(tex: String, style: MathStyle, at: SourceLocation?)], path: String, source: String? = nil) {
        var found: [(Key, Place)] = []
        var budget = TeXBudget()
        for formula in formulas {
            let key = Key(.math(formula.style), formula.tex)
            if !budget.admits(formula.tex) {
                let notice = Diagnostic(
                    .warning, "this note's formulas pass \(Self.maximumTeXInNote / 1024) KB of TeX: this one and those after it are shown as their source",
                    path: path, at: formula.at, code: "math.budget")
                shared.state.withLock { $0.notices.append(notice) }
                break
            }
            found.append((key, Place(path: path, location: formula.at, source: source)))
        }
        submit(found)
    }

    private func submit(_ found: [(Key, Place)]) {
        guard !found.isEmpty else { return }
        let (added, waiting, before) = shared.state.withLock { state in
            let before = state.waiting
            for (key, place) in found {
                state.places[key, default: []].append(place)
                if state.seen.insert(key).inserted { state.pending.append(key) }
            }
            return (state.waiting > before, state.waiting, before)
        }
        guard added else { return }
        shared.work.withLock { work in
            let wanted = waiting >= Self.backlog ? Self.maximumThreads : 1
            while work.count < wanted {
                let runs = work.isEmpty ? engines : engines.sibling()
                work.append((runs, Background { [shared, caches] in Self.run(shared, runs, caches) }))
            }
        }
        // Woken when a batch's worth waits (a thread that finds less goes back to waiting).
        if waiting / Self.batch > before / Self.batch { shared.wake.signal() }
    }

    /// How many threads have been started so far.
    var threadCount: Int { shared.work.withLock { $0.count } }

    /// Waits for every block and formula handed over, and gives what the scripts made of them.
    public func finish() -> ScriptResults {
        shared.state.withLock { $0.closed = true }
        let threads = shared.work.withLock { $0 }
        for _ in threads { shared.wake.signal() }
        var results: [Key: Result<Made, ScriptError>] = [:]
        for (_, thread) in threads { results.merge(thread.value) { first, _ in first } }
        caches.code?.save()
        caches.math?.save()
        let places = shared.state.withLock { $0.places }
        var html: [Key: String] = [:]
        var diagnostics = shared.state.withLock { $0.notices }
        // Each note's text prepared once, for the findings placed in it (`SourcePlaces`).
        var texts: [String: SourcePlaces.Text] = [:]
        func text(of place: Place) -> SourcePlaces.Text? {
            guard let source = place.source else { return nil }
            if let prepared = texts[place.path] { return prepared }
            let prepared = SourcePlaces.Text(source)
            texts[place.path] = prepared
            return prepared
        }
        for (key, result) in results {
            if case .success(let made) = result, let made = made.html { html[key] = made }
            for place in places[key] ?? [] {
                switch (key.script, result) {
                case (.highlight, .success): break
                case (.highlight(let language), .failure(let error)):
                    diagnostics.append(Self.warning(language: language, error, path: place.path, at: place.location))
                case (.math, .success(let made)):
                    for warning in made.warnings {
                        diagnostics.append(Diagnostic(
                            .warning, "KaTeX warns: \(warning.message)", path: place.path,
                            at: Self.location(of: warning.offset, in: key.source, at: place, text: text(of: place)), code: "math.warning"))
                    }
                case (.math, .failure(let error)):
                    var (offset, code): (Int?, String) = (nil, "math.script")
                    if case .refused(_, let at) = error { (offset, code) = (at, "math.refused") }
                    diagnostics.append(Diagnostic(
                        .warning, "this formula is shown as its source: KaTeX \(error.message)", path: place.path,
                        at: Self.location(of: offset, in: key.source, at: place, text: text(of: place)),
                        code: code))
                }
            }
        }
        diagnostics.sort { ($0.path, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.path, $1.location?.line ?? 0, $1.location?.column ?? 0) }
        return ScriptResults(
            html: html, diagnostics: Self.foldedByNote(diagnostics), unavailable: threads.lazy.compactMap(\.engines.highlighter.unavailable).first,
            mathUnavailable: threads.lazy.compactMap(\.engines.typesetter.unavailable).first)
    }

    /// `diagnostics` (in order of their paths) with each note's warnings of one kind past the
    /// first hundred folded into one, as a note's other findings are: a note of 150,000 formulas
    /// KaTeX warns about printed 150,000 warnings.
    static func foldedByNote(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var folded: [Diagnostic] = []
        folded.reserveCapacity(diagnostics.count)
        var start = 0
        while start < diagnostics.count {
            var end = start + 1
            while end < diagnostics.count && diagnostics[end].path == diagnostics[start].path { end += 1 }
            folded += Array(diagnostics[start..<end]).foldingRepeatedWarnings()
            start = end
        }
        return folded
    }

    /// The warning for a block of `language` that the script failed on, at `at` in `path`.
    static func warning(language: String, _ error: ScriptError, path: String, at: SourceLocation?) -> Diagnostic {
        Diagnostic(.warning, "this \(language) block is shown plain: highlight.js \(error.message)", path: path, at: at, code: "highlight.script")
    }

    /// Where the character at `offset` of `tex` is, `tex` standing at `place`: found in the note's
    /// text (`text`, prepared from the place's) when there is one (``SourcePlaces``), else counted
    /// from the place as written.
    static func location(of offset: Int?, in tex: String, at place: Place, text: SourcePlaces.Text?) -> SourceLocation? {
        if let offset, offset > 0, let start = place.location, let text,
            let found = place.isJSON
                ? SourcePlaces.inJSONString(text, from: start, offset: offset)
                : SourcePlaces.inLines(text, tex: tex, from: start, offset: offset)
        {
            return found
        }
        // Without the note's text, a JSON string's escapes are not known: its start, not a guess.
        return place.isJSON ? place.location : location(of: offset, in: tex, from: place.location)
    }

    /// Where the character at `offset` (in UTF-16 code units) of `source` is, when `source` starts
    /// at `start` and its lines are whole lines of the note: lines counted from it, columns in
    /// UTF-8 bytes. `start` when no offset is given.
    static func location(of offset: Int?, in source: String, from start: SourceLocation?) -> SourceLocation? {
        guard let start, let offset, offset > 0 else { return start }
        var location = start
        var units = 0
        for scalar in source.unicodeScalars {
            guard units < offset else { break }
            units += scalar.utf16.count
            if scalar == "\n" {
                location = SourceLocation(line: location.line + 1, column: 1)
            } else {
                location.column += scalar.utf8.count
            }
        }
        return location
    }
}

/// What a ``ScriptQueue`` made of a site's code and math.
public struct ScriptResults: Sendable {
    var html: [ScriptQueue.Key: String] = [:]
    /// A warning at each block or formula a script failed or warned on, by path and place.
    public var diagnostics: [Diagnostic] = []
    /// Why no code could be highlighted, if so.
    public var unavailable: ScriptError?
    /// Why no math could be typeset, if so.
    public var mathUnavailable: ScriptError?

    /// Nothing highlighted.
    public init() {}

    init(html: [ScriptQueue.Key: String], diagnostics: [Diagnostic], unavailable: ScriptError?, mathUnavailable: ScriptError?) {
        self.html = html
        self.diagnostics = diagnostics
        self.unavailable = unavailable
        self.mathUnavailable = mathUnavailable
    }

    /// The highlighted HTML of `code` (or for a ```` ```math ```` block, its MathML), checked; nil to
    /// show it plain.
    public func html(for code: CodeBlock) -> String? {
        ScriptQueue.Key(code).flatMap { html[$0] }
    }

    /// The one warning for each script that could not run, at `path`: `codeOff` and `mathOff` say
    /// how to turn highlighting and math off instead (`set highlight: false`).
    public func unavailableWarnings(at path: String, codeOff: String, mathOff: String) -> [Diagnostic] {
        [unavailable.map { Self.codeUnavailable($0, at: path, off: codeOff) }, mathUnavailable.map { Self.mathUnavailable($0, at: path, off: mathOff) }]
            .compactMap { $0 }
    }

    /// The warning that no code can be highlighted, for `reason`.
    public static func codeUnavailable(_ reason: ScriptError, at path: String, off: String) -> Diagnostic {
        Diagnostic(.warning, "fenced code is shown plain: \(reason.message) (or \(off))", path: path, code: "highlight.unavailable")
    }

    /// The warning that no math can be typeset, for `reason`.
    public static func mathUnavailable(_ reason: ScriptError, at path: String, off: String) -> Diagnostic {
        Diagnostic(.warning, "math is shown as its source: \(reason.message) (or \(off))", path: path, code: "math.unavailable")
    }

    /// The MathML of the formula `tex` in `style`, checked; nil to show its source.
    public func html(forFormula tex: String, _ style: MathStyle) -> String? {
        html[ScriptQueue.Key(.math(style), tex)]
    }

    /// The MathML of one note's formulas, asked for in the note's order: as
    /// ``html(forFormula:_:)`` gives it up to the note's budget of TeX (``TeXBudget``, as the
    /// queue counted the formulas when they were handed over), none past it, so that the rest,
    /// even a formula typeset earlier in the note, show their source.
    public func formulasOfOneNote() -> (String, MathStyle) -> String? {
        var budget = TeXBudget()
        return { tex, style in budget.admits(tex) ? self.html(forFormula: tex, style) : nil }
    }
}

/// The TeX of one note's formulas typeset so far, against ``ScriptQueue/maximumTeXInNote``: each
/// formula counted, in the note's order, as often as it occurs.
public struct TeXBudget: Sendable {
    private var total = 0

    public init() {}

    /// Whether `tex`, the note's next formula, is typeset: no longer once the note's TeX, this
    /// formula's included, passes the budget.
    public mutating func admits(_ tex: String) -> Bool {
        total += tex.utf8.count
        return total <= ScriptQueue.maximumTeXInNote
    }
}
