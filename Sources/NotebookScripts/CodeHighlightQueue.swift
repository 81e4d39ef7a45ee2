import NotebookModel
import Parallel
import ScriptEngine
import Synchronization
import Foundation

/// Fenced code highlighted on a thread of its own while a site's notes are read: the readers
/// hand each block over and go on, and one thread runs the script on the blocks as they come,
/// each different block once. Run apart from the reading, the script's engine keeps its code and
/// data at hand; called from each reader between notes, it took about twice as long.
public final class CodeHighlightQueue: Sendable {
    /// A block as the script sees it: what it highlights is the same for the same two.
    struct Key: Hashable, Sendable {
        var language: String
        var code: String
    }

    /// Where a block was handed over from, for its warning.
    struct Place: Sendable {
        var path: String
        var location: SourceLocation?
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

        var waiting: Int { pending.count - taken }
    }

    /// What the readers and the threads share.
    private final class Shared: Sendable {
        let state = Mutex(State())
        let wake = DispatchSemaphore(value: 0)
        /// The threads with the highlighter each runs, the first started when the first block comes.
        let work = Mutex<[(highlighter: CodeHighlighter, thread: Background<[Key: Result<String?, ScriptError>]>)]>([])
    }

    private let shared = Shared()
    private let highlighter: CodeHighlighter
    private let cache: HighlightCache?

    /// A queue whose thread, started when the first block comes, runs `highlighter` on the blocks
    /// that `cache` holds nothing for, and keeps what it makes there. When blocks come faster than
    /// one thread highlights them, a second thread runs a context of its own.
    public init(highlighter: CodeHighlighter, cache: HighlightCache? = nil) {
        self.highlighter = highlighter
        self.cache = cache
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
    private static func run(_ shared: Shared, _ highlighter: CodeHighlighter, _ cache: HighlightCache?) -> [Key: Result<String?, ScriptError>] {
        var results: [Key: Result<String?, ScriptError>] = [:]
        while true {
            // A batch once enough blocks wait, the rest once the queue is closed.
            let (batch, closed) = shared.state.withLock { state in
                guard state.waiting >= Self.batch || (state.closed && state.waiting > 0) else { return ([Key](), state.closed) }
                let end = min(state.pending.count, state.taken + Self.batch)
                defer { state.taken = end }
                return (Array(state.pending[state.taken..<end]), state.closed)
            }
            for key in batch { results[key] = highlight(key, with: highlighter, cache: cache, shared: shared) }
            if batch.isEmpty {
                if closed { return results }
                shared.wake.wait()
            }
        }
    }

    /// How many blocks of one note the script may be stopped on before it is run on no more of
    /// that note's, and how many in a whole run before it is run on no more at all: each can cost
    /// twice the time limit (``CodeHighlighter/defaultTimeLimit``), and hostile notes can hold
    /// many. A note's own limit keeps the other notes' blocks as they are, whatever order the
    /// blocks come in, unless the site holds more than a few such notes.
    static let maximumStopsInNote = 3
    static let maximumStops = 10

    /// What `cache` holds for `key`, or what the script makes of it, kept in `cache` (what it failed
    /// on is not kept, nor what no script could look at); counts the blocks the script was stopped
    /// on, and runs it on none once there were ``maximumStops``.
    private static func highlight(
        _ key: Key, with highlighter: CodeHighlighter, cache: HighlightCache?, shared: Shared
    ) -> Result<String?, ScriptError> {
        switch cache?.entry(language: key.language, code: key.code) {
        case .highlighted(let html)?: return .success(html)
        case .plain?: return .success(nil)
        case nil: break
        }
        let (note, stops, stopsInNote) = shared.state.withLock { state in
            let note = state.places[key]?.first?.path ?? ""
            return (note, state.stops, state.stopsByNote[note, default: 0])
        }
        guard stops < maximumStops else { return .failure(.tooOftenStopped(stops)) }
        guard stopsInNote < maximumStopsInNote else { return .failure(.tooOftenStoppedHere(stopsInNote)) }
        let result = Result { () throws(ScriptError) -> String? in try highlighter.highlight(key.code, language: key.language) }
        if case .failure(.timedOut) = result {
            shared.state.withLock { state in
                state.stops += 1
                state.stopsByNote[note, default: 0] += 1
            }
        }
        if let cache, case .success(let html) = result, highlighter.unavailable == nil, HighlightedHTML.isLanguageName(key.language) {
            cache.keep(html.map(HighlightCache.Entry.highlighted) ?? .plain, language: key.language, code: key.code)
        }
        return result
    }

    /// Hands over every code block of `blocks` that names a language, from the note at `path`.
    public func submit(_ blocks: [Block], path: String) {
        var found: [(Key, Place)] = []
        Block.forEachCodeBlock(in: blocks) { code, at in
            guard let language = code.language, !language.isEmpty, code.highlighted == nil else { return }
            found.append((Key(language: language, code: code.code), Place(path: path, location: at)))
        }
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
                let runs = work.isEmpty ? highlighter : highlighter.sibling()
                work.append((runs, Background { [shared, cache] in Self.run(shared, runs, cache) }))
            }
        }
        // Woken when a batch's worth waits (a thread that finds less goes back to waiting).
        if waiting / Self.batch > before / Self.batch { shared.wake.signal() }
    }

    /// How many threads have been started so far.
    var threadCount: Int { shared.work.withLock { $0.count } }

    /// Waits for every block handed over, and gives what the script made of them.
    public func finish() -> CodeHighlights {
        shared.state.withLock { $0.closed = true }
        let threads = shared.work.withLock { $0 }
        for _ in threads { shared.wake.signal() }
        var results: [Key: Result<String?, ScriptError>] = [:]
        for (_, thread) in threads { results.merge(thread.value) { first, _ in first } }
        cache?.save()
        let places = shared.state.withLock { $0.places }
        var html: [Key: String] = [:]
        var diagnostics: [Diagnostic] = []
        for (key, result) in results {
            switch result {
            case .success(let made?): html[key] = made
            case .success(nil): break
            case .failure(let error):
                for place in places[key] ?? [] {
                    diagnostics.append(CodeHighlighting.warning(language: key.language, error, path: place.path, at: place.location))
                }
            }
        }
        diagnostics.sort { ($0.path, $0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.path, $1.location?.line ?? 0, $1.location?.column ?? 0) }
        return CodeHighlights(html: html, diagnostics: diagnostics, unavailable: threads.lazy.compactMap(\.highlighter.unavailable).first)
    }
}

/// What a ``CodeHighlightQueue`` made of a site's code.
public struct CodeHighlights: Sendable {
    var html: [CodeHighlightQueue.Key: String] = [:]
    /// A warning at each block the script failed on, by path and place.
    public var diagnostics: [Diagnostic] = []
    /// Why no code could be highlighted, if so.
    public var unavailable: ScriptError?

    /// Nothing highlighted.
    public init() {}

    init(html: [CodeHighlightQueue.Key: String], diagnostics: [Diagnostic], unavailable: ScriptError?) {
        self.html = html
        self.diagnostics = diagnostics
        self.unavailable = unavailable
    }

    /// The highlighted HTML of `code`, checked; nil to show it plain.
    public func html(for code: CodeBlock) -> String? {
        guard let language = code.language else { return nil }
        return html[CodeHighlightQueue.Key(language: language, code: code.code)]
    }
}
