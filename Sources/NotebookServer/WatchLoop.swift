#if os(Linux)
import Glibc
import NotebookFiles

/// A file watcher's inotify descriptor, its watches and the batch being gathered; used only by the
/// watcher's thread once started.
final class WatchLoop {
    private static let mask = UInt32(
        IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
            | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)
    private static let bufferSize = 64 * 1024

    private let inotify: Int32
    private let wake: Int32
    private let roots: [String]
    private let ignoring: @Sendable (String) -> Bool
    private let quietPeriod: Duration
    private let maxDelay: Duration
    private let onChange: @Sendable (FileChanges) -> Void
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 8)
    /// The folder of each watch descriptor.
    private var folders: [Int32: String] = [:]
    private var batch = FileChanges()
    private var firstEvent: ContinuousClock.Instant?
    private var lastEvent: ContinuousClock.Instant?

    /// Takes ownership of both descriptors.
    init(
        inotify: Int32, wake: Int32, roots: [String], ignoring: @escaping @Sendable (String) -> Bool,
        quietPeriod: Duration, maxDelay: Duration, onChange: @escaping @Sendable (FileChanges) -> Void
    ) {
        self.inotify = inotify
        self.wake = wake
        // "notes/" joins like "notes".
        self.roots = roots.map { root in
            var root = Substring(root)
            while root.count > 1 && root.hasSuffix("/") { root = root.dropLast() }
            return String(root)
        }
        self.ignoring = ignoring
        self.quietPeriod = quietPeriod
        self.maxDelay = maxDelay
        self.onChange = onChange
    }

    deinit {
        close(inotify)
        close(wake)
        buffer.deallocate()
    }

    /// Watches every root and the folders under it; throws when a root cannot be watched, or when
    /// the kernel has no watches or memory left for a folder under it.
    func watchRoots() throws {
        for root in roots { try watchTree(root, report: false, strict: true) }
    }

    /// Waits for events and hands out batches until the wake pipe becomes readable or is closed.
    func run() {
        var descriptors = [inotify, wake].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            var timeout: Int32 = -1
            if let firstEvent, let lastEvent {
                let remaining = ContinuousClock.now.duration(to: min(lastEvent + quietPeriod, firstEvent + maxDelay))
                guard remaining > .zero else {
                    deliver()
                    continue
                }
                timeout = Self.milliseconds(remaining)
            }
            guard poll(&descriptors, 2, timeout) >= 0 else {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 || descriptors[0].revents & Int16(POLLERR | POLLNVAL) != 0 { return }
            if descriptors[0].revents & Int16(POLLIN) != 0 { readEvents() }
        }
    }

    private func deliver() {
        let changes = batch
        batch = FileChanges()
        firstEvent = nil
        lastEvent = nil
        onChange(changes)
    }

    /// Reads and handles every queued event.
    private func readEvents() {
        while true {
            let count = read(inotify, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            let header = 16  // wd, mask, cookie, len; then len bytes of name, NUL-padded
            while offset + header <= count {
                let descriptor = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let bytes = buffer[(offset + header)..<min(offset + header + length, count)]
                handle(descriptor: descriptor, mask: mask, name: String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
                offset += header + length
            }
        }
    }

    private func handle(descriptor: Int32, mask: UInt32, name: String) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            batch.overflowed = true
            noteEvent()
            // Folders created while events were lost are watched from now on.
            for root in roots { try? watchTree(root, report: false, strict: false) }
            return
        }
        guard let folder = folders[descriptor] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[descriptor] = nil
            return
        }
        guard !name.isEmpty else {
            // The folder itself went away; its parent reports it, unless it is a root.
            guard roots.contains(folder) else { return }
            record(folder)
            if mask & UInt32(IN_MOVE_SELF) != 0 { unwatchTree(folder) }
            return
        }
        let path = Self.join(folder, name)
        guard !ignoring(path) else { return }
        record(path)
        guard mask & UInt32(IN_ISDIR) != 0 else { return }
        if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            try? watchTree(path, report: true, strict: false)
        } else if mask & UInt32(IN_MOVED_FROM) != 0 {
            unwatchTree(path)
        }
    }

    private func record(_ path: String) {
        batch.paths.insert(path)
        noteEvent()
    }

    private func noteEvent() {
        let now = ContinuousClock.now
        if firstEvent == nil { firstEvent = now }
        lastEvent = now
    }

    /// Watches `top` and every folder under it, then lists each (so that nothing created before its
    /// watch is missed), adding what it finds to the batch when `report`. When `strict`, throws when
    /// a root cannot be watched or the kernel runs out of watches; otherwise skips such folders.
    private func watchTree(_ top: String, report: Bool, strict: Bool) throws {
        var pending = [top]
        while let folder = pending.popLast() {
            let isRoot = folder == top && roots.contains(folder)
            let descriptor = inotify_add_watch(inotify, folder, Self.mask | (isRoot ? 0 : UInt32(IN_DONT_FOLLOW)))
            guard descriptor >= 0 else {
                let code = errno
                if strict && (isRoot || code == ENOSPC || code == ENOMEM) {
                    throw FileWatcherError.cannotWatch(path: folder, errno: code)
                }
                continue
            }
            folders[descriptor] = folder
            for (name, isFolder) in Self.entries(of: folder) {
                let path = Self.join(folder, name)
                if ignoring(path) { continue }
                if report { batch.paths.insert(path) }
                if isFolder { pending.append(path) }
            }
        }
    }

    /// Stops watching `folder` and every folder under it (it was moved away).
    private func unwatchTree(_ folder: String) {
        let prefix = folder + "/"
        for (descriptor, path) in folders where path == folder || path.hasPrefix(prefix) {
            inotify_rm_watch(inotify, descriptor)
            folders[descriptor] = nil
        }
    }

    /// The names in a folder but `.` and `..`, each with whether it is a folder (not a link to one).
    private static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        ((try? FileSystem.entries(folder)) ?? []).map { ($0.name, $0.kind == .folder) }
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// A poll timeout in milliseconds, rounded up.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
#endif
