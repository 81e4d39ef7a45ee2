import CMicroHTTPD
import Foundation
import Synchronization

/// The site published last, the latest build status and the open event streams: `publish`
/// replaces the first two and wakes the streams, `close` ends them all. Shared by the app and
/// every thread of the server.
final class LiveReloadHub: Sendable {
    private struct State {
        var status = BuildStatus(generation: 0)
        var site: ServedSite
        var streams: [ObjectIdentifier: EventStream] = [:]
        var closed = false
    }

    private let state: Mutex<State>
    /// One publish at a time makes its site, outside the lock that requests take.
    private let publishing = Mutex(())
    /// Whether pages get the reload script, and responses the generation.
    let liveReload: Bool
    /// The longest a stream stays silent before a ping.
    let pingInterval: Duration
    /// Signalled when the hub closes, to end the pinging thread.
    private let stopped = DispatchSemaphore(value: 0)

    /// An app's endpoints, which mark the pages that get its button.
    let endpoints: (any AppEndpoints)?

    init(liveReload: Bool, pingInterval: Duration, endpoints: (any AppEndpoints)? = nil) {
        self.liveReload = liveReload
        self.pingInterval = pingInterval
        self.endpoints = endpoints
        state = Mutex(State(site: ServedSite(SiteFiles(), generation: 0, liveReload: liveReload)))
        guard liveReload else { return }
        // Wakes the streams twice an interval: each sends a ping when it has been silent that long.
        let thread = Thread { [self] in
            let (seconds, attoseconds) = (pingInterval / 2).components
            let nanoseconds = max(1_000_000, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            while stopped.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
                for stream in state.withLock({ Array($0.streams.values) }) { stream.wake() }
            }
        }
        thread.name = "notebook live reload pings"
        thread.start()
    }

    /// The site published last, as requests see it now.
    var site: ServedSite {
        state.withLock { $0.site }
    }

    /// The latest status published (generation 0 before the first).
    var status: BuildStatus {
        state.withLock { $0.status }
    }

    /// The number of streams libmicrohttpd has not released yet.
    var streamCount: Int {
        state.withLock { $0.streams.count }
    }

    /// Makes `status` the latest build's, and `files` (when given; the last ones otherwise) the site
    /// served, in one step for every request; then wakes every stream so that it sends the new
    /// generation.
    func publish(_ status: BuildStatus, files: SiteFiles? = nil) {
        publishing.withLock { _ in
            let last = state.withLock { $0.site }
            let files = files ?? last.files
            let site = ServedSite(
                files, generation: status.generation, liveReload: liveReload, failurePage: status.failurePage, previous: last,
                endpoints: endpoints)
            let (previous, streams) = state.withLock { state in
                defer {
                    state.status = status
                    state.site = site
                }
                return (state.site, Array(state.streams.values))
            }
            // Freed (its responses with it, once no connection still sends one) outside the lock.
            _ = previous
            for stream in streams { stream.wake() }
        }
    }

    /// Ends every stream, open or still to come, at its next read, so that the daemon can stop.
    func close() {
        let streams = state.withLock { state in
            state.closed = true
            return Array(state.streams.values)
        }
        stopped.signal()
        for stream in streams { stream.wake() }
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

/// One client's Server-Sent Events stream. libmicrohttpd asks it for bytes on one of the server's
/// threads, which must not wait: with nothing to send, it suspends its connection, and a publish,
/// a ping due or the hub's closing resumes it. Deciding to suspend and resuming take the same
/// lock, so no wake is lost.
final class EventStream: Sendable {
    private struct State {
        /// The generation last announced; nil before the first message.
        var sent: Int?
        /// Bytes of a message that did not fit in the last buffer.
        var pending: [UInt8] = []
        var lastWrite = ContinuousClock.now
        /// The connection it is sent on, until libmicrohttpd releases the stream.
        var connection: Connection?
        var suspended = false
    }

    /// A connection of libmicrohttpd, touched only under the stream's lock.
    private struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let hub: LiveReloadHub
    private let state = Mutex(State())

    fileprivate init(hub: LiveReloadHub) {
        self.hub = hub
    }

    /// Ties the stream to the connection it is sent on.
    func attach(to connection: OpaquePointer) {
        state.withLock { $0.connection = Connection(pointer: connection) }
    }

    /// Makes the stream look again at the hub: resumes its connection if it is suspended.
    func wake() {
        state.withLock { state in
            guard state.suspended, let connection = state.connection else { return }
            state.suspended = false
            MHD_resume_connection(connection.pointer)
        }
    }

    /// Unregisters the stream once libmicrohttpd is done with it (and with its connection).
    func unregister() {
        state.withLock { $0.connection = nil }
        hub.remove(self)
    }

    /// Fills `buffer` with the next bytes of the stream: the rest of a message, a new generation,
    /// or a ping due; 0 with the connection suspended when nothing is due; nil at the end of the
    /// stream (the hub closed).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard buffer.count > 0 else { return 0 }
        let interval = hub.pingInterval
        return state.withLock { state -> Int? in
            // Read under the stream's lock, so that a close or publish after it wakes this stream.
            guard let generation = hub.liveGeneration else { return nil }
            let now = ContinuousClock.now
            if state.pending.isEmpty {
                if state.sent != generation {
                    let retry = state.sent == nil ? "retry: 1000\n\n" : ""
                    state.pending = Array("\(retry)data: \(generation)\n\n".utf8)
                    state.sent = generation
                } else if now >= state.lastWrite + interval {
                    state.pending = Array(": ping\n\n".utf8)
                } else {
                    guard let connection = state.connection else { return nil }
                    state.suspended = true
                    MHD_suspend_connection(connection.pointer)
                    return 0
                }
            }
            let count = min(buffer.count, state.pending.count)
            state.pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            state.pending.removeFirst(count)
            state.lastWrite = now
            return count
        }
    }
}
