#if os(Linux)
import Glibc
import Synchronization

/// One batch of changes: every path touched since the previous batch.
public struct FileChanges: Sendable, Equatable {
    /// Absolute-or-as-given paths (root joined with the relative path) of files and folders created,
    /// written, deleted or moved in or out. A path may no longer exist when reported.
    public var paths: Set<String>
    /// True when the kernel's event queue overflowed: the consumer must rescan everything.
    public var overflowed: Bool

    /// A batch of `paths`, with or without an overflow.
    public init(paths: Set<String> = [], overflowed: Bool = false) {
        self.paths = paths
        self.overflowed = overflowed
    }
}

/// Why a watcher could not start.
public enum FileWatcherError: Error, Equatable, Sendable, CustomStringConvertible {
    /// inotify, the wake pipe or the thread could not be created (`errno` says why).
    case cannotStart(errno: Int32)
    /// A folder could not be watched (`errno` says why).
    case cannotWatch(path: String, errno: Int32)

    /// The reason, with the system's text for the error number.
    public var description: String {
        switch self {
        case .cannotStart(let code): "cannot start watching files: \(String(cString: strerror(code)))"
        case .cannotWatch(let path, let code): "cannot watch '\(path)': \(String(cString: strerror(code)))"
        }
    }
}

/// Watches folders recursively with inotify and reports debounced batches of changed paths from its
/// own thread until `stop()`.
public final class FileWatcher: Sendable {
    /// The thread and the write end of its wake pipe, until stopped.
    private struct Running {
        let thread: pthread_t
        let wake: Int32
    }

    private let running: Mutex<Running?>

    /// Starts watching every folder under each root (recursively, new folders included).
    /// `ignoring` is called with a path (root joined with relative path) of a file or folder; when it
    /// returns true that path is not reported and, for a folder, not watched. After the first event of
    /// a batch, `onChange` is called once no event came for `quietPeriod`, and at the latest `maxDelay`
    /// after that first event. `onChange` is called on the watcher's own thread, one batch at a time.
    public init(
        roots: [String], ignoring: @escaping @Sendable (String) -> Bool = { _ in false },
        quietPeriod: Duration = .milliseconds(20), maxDelay: Duration = .milliseconds(500),
        onChange: @escaping @Sendable (FileChanges) -> Void
    ) throws {
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw FileWatcherError.cannotStart(errno: errno) }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            close(inotify)
            throw FileWatcherError.cannotStart(errno: code)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The loop owns the inotify descriptor and the read end from here on.
        let loop = WatchLoop(
            inotify: inotify, wake: ends[0], roots: roots, ignoring: ignoring, quietPeriod: quietPeriod,
            maxDelay: maxDelay, onChange: onChange)
        do {
            try loop.watchRoots()
        } catch {
            close(ends[1])
            throw error
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(loop).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            Unmanaged<WatchLoop>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<WatchLoop>.fromOpaque(context).release()
            close(ends[1])
            throw FileWatcherError.cannotStart(errno: result)
        }
        running = Mutex(Running(thread: thread, wake: ends[1]))
    }

    deinit {
        stop()
    }

    /// Stops watching: wakes the watcher's thread, waits for it to end. Calling it again does nothing.
    public func stop() {
        guard let running = running.withLock({ $0.take() }) else { return }
        var byte: UInt8 = 1
        _ = write(running.wake, &byte, 1)
        close(running.wake)
        // From `onChange` itself the thread cannot wait for itself; it ends once the callback returns.
        if pthread_equal(running.thread, pthread_self()) != 0 {
            pthread_detach(running.thread)
        } else {
            pthread_join(running.thread, nil)
        }
    }
}
#endif
