import Dispatch
import Synchronization

/// The latest build status and the open event streams: `publish` replaces the one and wakes the
/// others, `close` ends them all. Shared by the app and every connection thread.
final class LiveReloadHub: Sendable {
    private struct State {
        var status = BuildStatus(generation: 0)
        var streams: [ObjectIdentifier: EventStream] = [:]
        var closed = false
    }

    private let state = Mutex(State())
    /// The longest a stream stays silent before a ping.
    let pingInterval: Duration

    init(pingInterval: Duration) {
        self.pingInterval = pingInterval
    }

    /// The latest status published (generation 0 before the first).
    var status: BuildStatus {
        state.withLock { $0.status }
    }

    /// The number of streams libmicrohttpd has not released yet.
    var streamCount: Int {
        state.withLock { $0.streams.count }
    }

    /// Stores `status` and wakes every stream so that it sends the new generation.
    func publish(_ status: BuildStatus) {
        state.withLock { state in
            state.status = status
            for stream in state.streams.values { stream.wake() }
        }
    }

    /// Ends every stream, open or still to come, at its next read: their readers return end of
    /// stream instead of blocking, so that the daemon can stop.
    func close() {
        state.withLock { state in
            state.closed = true
            for stream in state.streams.values { stream.wake() }
        }
    }

    /// A new stream, registered so that `publish` and `close` wake it until `remove`.
    func openStream() -> EventStream {
        let stream = EventStream(hub: self)
        state.withLock { $0.streams[ObjectIdentifier(stream)] = stream }
        return stream
    }

    /// Forgets a stream libmicrohttpd has released.
    func remove(_ stream: EventStream) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// The generation to announce; nil once closed.
    fileprivate var liveGeneration: Int? {
        state.withLock { $0.closed ? nil : $0.status.generation }
    }
}

/// One client's Server-Sent Events stream. Its reader runs on the connection's thread and blocks
/// on a semaphore until a publish, the next ping, or the hub's closing; a wake that comes while
/// it is not waiting is kept by the semaphore, so none is lost.
final class EventStream: Sendable {
    private struct State {
        /// The generation last announced; nil before the first message.
        var sent: Int?
        /// Bytes of a message that did not fit in the last buffer.
        var pending: [UInt8] = []
        var lastWrite = ContinuousClock.now
    }

    private enum Step {
        case wrote(Int)
        case wait(until: ContinuousClock.Instant)
    }

    private let hub: LiveReloadHub
    private let signal = DispatchSemaphore(value: 0)
    private let state = Mutex(State())

    fileprivate init(hub: LiveReloadHub) {
        self.hub = hub
    }

    /// Makes the reader look again at the hub.
    func wake() {
        signal.signal()
    }

    /// Unregisters the stream once libmicrohttpd is done with it.
    func unregister() {
        hub.remove(self)
    }

    /// Fills `buffer` with the next bytes of the stream, blocking until there are some; nil at
    /// the end of the stream (the hub closed).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard buffer.count > 0 else { return 0 }
        while true {
            guard let generation = hub.liveGeneration else { return nil }
            switch step(generation: generation, into: buffer) {
            case .wrote(let count):
                return count
            case .wait(let deadline):
                let remaining = ContinuousClock.now.duration(to: deadline)
                let (seconds, attoseconds) = remaining.components
                let nanoseconds = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
                _ = signal.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
            }
        }
    }

    /// Writes what is due (the rest of a message, a new generation, or a ping), or says until
    /// when to wait.
    private func step(generation: Int, into buffer: UnsafeMutableRawBufferPointer) -> Step {
        let interval = hub.pingInterval
        return state.withLock { state in
            let now = ContinuousClock.now
            if state.pending.isEmpty {
                if state.sent != generation {
                    let retry = state.sent == nil ? "retry: 1000\n\n" : ""
                    state.pending = Array("\(retry)data: \(generation)\n\n".utf8)
                    state.sent = generation
                } else if now >= state.lastWrite + interval {
                    state.pending = Array(": ping\n\n".utf8)
                } else {
                    return .wait(until: state.lastWrite + interval)
                }
            }
            let count = min(buffer.count, state.pending.count)
            state.pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            state.pending.removeFirst(count)
            state.lastWrite = now
            return .wrote(count)
        }
    }
}
