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
        var pending: [Key] = []
        var seen: Set<Key> = []
        var places: [Key: [Place]] = [:]
        var closed = false
    }

    /// What the readers and the thread share.
    private final class Shared: Sendable {
        let state = Mutex(State())
        let wake = DispatchSemaphore(value: 0)
        /// The thread, started when the first block comes.
        let work = Mutex<Background<[Key: Result<String?, ScriptError>]>?>(nil)
    }

    private let shared = Shared()
    private let highlighter: CodeHighlighter
    private let cache: HighlightCache?

    /// A queue whose thread, started when the first block comes, runs `highlighter` on the blocks
    /// that `cache` holds nothing for, and keeps what it makes there.
    public init(highlighter: CodeHighlighter, cache: HighlightCache? = nil) {
        self.highlighter = highlighter
        self.cache = cache
    }

    /// How many blocks wait before the thread is woken for them: woken for each, the thread took
    /// turns with the readers so often that neither kept its data at hand.
    static let batch = 64

    /// The thread's work: the blocks as they come, until the queue is closed and empty.
    private static func run(_ shared: Shared, _ highlighter: CodeHighlighter, _ cache: HighlightCache?) -> [Key: Result<String?, ScriptError>] {
        var results: [Key: Result<String?, ScriptError>] = [:]
        var stops = 0
        while true {
            // A batch once enough blocks wait, the rest once the queue is closed.
            let (batch, closed) = shared.state.withLock { state in
                guard state.pending.count >= Self.batch || state.closed else { return ([Key](), false) }
                defer { state.pending.removeAll(keepingCapacity: true) }
                return (state.pending, state.closed)
            }
            for key in batch { results[key] = highlight(key, with: highlighter, cache: cache, stops: &stops) }
            if batch.isEmpty {
                if closed {
                    cache?.save()
                    return results
                }
                shared.wake.wait()
            }
        }
    }

    /// How many blocks the script may be stopped on in one run before it is run on no more: each
    /// can cost twice the time limit (``CodeHighlighter/defaultTimeLimit``), and hostile notes
    /// can hold many.
    static let maximumStops = 3

    /// What `cache` holds for `key`, or what the script makes of it, kept in `cache` (what it failed
    /// on is not kept, nor what no script could look at); counts in `stops` the blocks it was
    /// stopped on, and runs on none once there were ``maximumStops``.
    private static func highlight(
        _ key: Key, with highlighter: CodeHighlighter, cache: HighlightCache?, stops: inout Int
    ) -> Result<String?, ScriptError> {
        switch cache?.entry(language: key.language, code: key.code) {
        case .highlighted(let html)?: return .success(html)
        case .plain?: return .success(nil)
        case nil: break
        }
        guard stops < maximumStops else { return .failure(.tooOftenStopped(stops)) }
        let result = Result { () throws(ScriptError) -> String? in try highlighter.highlight(key.code, language: key.language) }
        if case .failure(.timedOut) = result { stops += 1 }
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
        let (added, due) = shared.state.withLock { state in
            let before = state.pending.count
            for (key, place) in found {
                state.places[key, default: []].append(place)
                if state.seen.insert(key).inserted { state.pending.append(key) }
            }
            return (state.pending.count > before, before < Self.batch && state.pending.count >= Self.batch)
        }
        guard added else { return }
        shared.work.withLock { work in
            if work == nil { work = Background { [shared, highlighter, cache] in Self.run(shared, highlighter, cache) } }
        }
        if due { shared.wake.signal() }
    }

    /// Waits for every block handed over, and gives what the script made of them.
    public func finish() -> CodeHighlights {
        shared.state.withLock { $0.closed = true }
        shared.wake.signal()
        let results = shared.work.withLock { $0 }?.value ?? [:]
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
        return CodeHighlights(html: html, diagnostics: diagnostics, unavailable: highlighter.unavailable)
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
