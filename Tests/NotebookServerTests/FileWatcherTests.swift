#if os(Linux)
import Foundation
import Synchronization
import Testing

@testable import NotebookServer

/// A fresh temporary folder holding a `root` to watch, removed on deinit.
final class WatchedFolder {
    let base: String
    let root: String

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-watch-\(UUID().uuidString)").path
        root = base + "/root"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: base)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Creates or truncates a file and writes `parts` one `write()` each.
    func write(_ relative: String, _ parts: [String] = ["text"]) throws {
        let descriptor = open(path(relative), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        for part in parts {
            let bytes = Array(part.utf8)
            guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
        }
    }
}

/// The batches a watcher delivered, in order.
final class Batches: Sendable {
    private let batches = Mutex<[FileChanges]>([])

    var all: [FileChanges] { batches.withLock { $0 } }

    func append(_ changes: FileChanges) {
        batches.withLock { $0.append(changes) }
    }

    /// Waits (at most 10 s) until `condition` holds for the batches so far; false when it never did.
    func wait(until condition: ([FileChanges]) -> Bool) async throws -> Bool {
        for _ in 0..<1000 {
            if condition(all) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition(all)
    }

    /// Waits until some batch contains `path`.
    func wait(for path: String) async throws -> Bool {
        try await wait { $0.contains { $0.paths.contains(path) } }
    }
}

@Suite struct FileWatcherTests {
    let folder: WatchedFolder
    let batches = Batches()

    init() throws {
        folder = try WatchedFolder()
    }

    func watch(ignoring: @escaping @Sendable (String) -> Bool = { _ in false }) throws -> FileWatcher {
        let batches = batches
        return try FileWatcher(roots: [folder.root], ignoring: ignoring, quietPeriod: .milliseconds(50)) {
            batches.append($0)
        }
    }

    /// Runs `save` against an existing note and expects exactly one batch, containing the note.
    func expectOneBatch(_ save: () throws -> Void) async throws {
        try folder.write("note.md", ["old"])
        let watcher = try watch()
        defer { watcher.stop() }
        try save()
        #expect(try await batches.wait { !$0.isEmpty })
        try await Task.sleep(for: .milliseconds(300))
        let all = batches.all
        #expect(all.count == 1)
        #expect(all.first?.paths.contains(folder.path("note.md")) == true)
        #expect(all.first?.overflowed == false)
    }

    @Test func writeInPlaceIsOneBatch() async throws {
        try await expectOneBatch { try folder.write("note.md", ["# Title\n", "Some ", "text.\n"]) }
    }

    @Test func temporaryFileRenamedOverIsOneBatch() async throws {
        try await expectOneBatch {
            try folder.write(".note.md.swp", ["# Title\n", "text\n"])
            #expect(rename(folder.path(".note.md.swp"), folder.path("note.md")) == 0)
        }
    }

    @Test func deleteThenCreateIsOneBatch() async throws {
        try await expectOneBatch {
            #expect(unlink(folder.path("note.md")) == 0)
            try folder.write("note.md", ["new"])
        }
    }

    @Test func fileInNewNestedFolderIsReported() async throws {
        let watcher = try watch()
        defer { watcher.stop() }
        try FileManager.default.createDirectory(atPath: folder.path("a/b/c"), withIntermediateDirectories: true)
        try folder.write("a/b/c/deep.md")
        #expect(try await batches.wait(for: folder.path("a/b/c/deep.md")))
        // The new folders are watched too.
        try folder.write("a/b/later.md")
        #expect(try await batches.wait(for: folder.path("a/b/later.md")))
    }

    @Test func filesInFolderMovedInAreReported() async throws {
        let outside = folder.base + "/outside"
        try FileManager.default.createDirectory(atPath: outside + "/inner", withIntermediateDirectories: true)
        try Data("a".utf8).write(to: URL(fileURLWithPath: outside + "/one.md"))
        try Data("b".utf8).write(to: URL(fileURLWithPath: outside + "/inner/two.md"))
        let watcher = try watch()
        defer { watcher.stop() }
        #expect(rename(outside, folder.path("moved")) == 0)
        let expected = [folder.path("moved"), folder.path("moved/one.md"), folder.path("moved/inner/two.md")]
        #expect(try await batches.wait { batches in expected.allSatisfy { path in batches.contains { $0.paths.contains(path) } } })
        try folder.write("moved/inner/three.md")
        #expect(try await batches.wait(for: folder.path("moved/inner/three.md")))
    }

    @Test func ignoredFolderIsNotReported() async throws {
        try FileManager.default.createDirectory(atPath: folder.path("build"), withIntermediateDirectories: true)
        let ignored = folder.path("build")
        let watcher = try watch(ignoring: { $0 == ignored })
        defer { watcher.stop() }
        try folder.write("build/page.html")
        try folder.write("note.md")
        #expect(try await batches.wait(for: folder.path("note.md")))
        try await Task.sleep(for: .milliseconds(300))
        #expect(!batches.all.contains { $0.paths.contains { $0.hasPrefix(ignored) } })
    }

    @Test func deletionIsReported() async throws {
        try FileManager.default.createDirectory(atPath: folder.path("folder"), withIntermediateDirectories: true)
        try folder.write("gone.md")
        try folder.write("folder/inside.md")
        let watcher = try watch()
        defer { watcher.stop() }
        #expect(unlink(folder.path("gone.md")) == 0)
        #expect(try await batches.wait(for: folder.path("gone.md")))
        try FileManager.default.removeItem(atPath: folder.path("folder"))
        #expect(try await batches.wait(for: folder.path("folder")))
    }

    @Test func movedFoldersAreFollowed() async throws {
        try FileManager.default.createDirectory(atPath: folder.path("old/sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("leaving"), withIntermediateDirectories: true)
        let watcher = try watch()
        defer { watcher.stop() }
        #expect(rename(folder.path("old"), folder.path("new")) == 0)
        #expect(rename(folder.path("leaving"), folder.base + "/left") == 0)
        let moved = [folder.path("old"), folder.path("new"), folder.path("new/sub"), folder.path("leaving")]
        #expect(try await batches.wait { batches in moved.allSatisfy { path in batches.contains { $0.paths.contains(path) } } })
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.base + "/left/ghost.md"))
        try folder.write("new/sub/note.md")
        #expect(try await batches.wait(for: folder.path("new/sub/note.md")))
        try await Task.sleep(for: .milliseconds(300))
        #expect(!batches.all.contains { $0.paths.contains { $0.hasSuffix("ghost.md") || $0.hasPrefix(folder.path("old/")) } })
    }

    @Test func overflowIsReported() async throws {
        // Block the first batch's callback while more events are queued than the kernel keeps.
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16384
        guard limit <= 100_000 else { return }
        let gate = DispatchSemaphore(value: 0)
        let batches = batches
        let watcher = try FileWatcher(roots: [folder.root], quietPeriod: .milliseconds(50)) { changes in
            let first = batches.all.isEmpty
            batches.append(changes)
            if first { gate.wait() }
        }
        defer { watcher.stop() }
        try folder.write("first.md")
        #expect(try await batches.wait { !$0.isEmpty })
        // Writes to two files in turn, so that the kernel cannot merge consecutive events.
        let files = [open(folder.path("a"), O_WRONLY | O_CREAT, 0o644), open(folder.path("b"), O_WRONLY | O_CREAT, 0o644)]
        defer { files.forEach { close($0) } }
        for index in 0...limit {
            #expect(pwrite(files[index % 2], "x", 1, 0) == 1)
        }
        gate.signal()
        #expect(try await batches.wait { $0.contains(where: \.overflowed) })
    }

    @Test func noBatchAfterStop() async throws {
        let watcher = try watch()
        try folder.write("before.md")
        #expect(try await batches.wait(for: folder.path("before.md")))
        watcher.stop()
        watcher.stop()
        let count = batches.all.count
        try folder.write("after.md")
        try await Task.sleep(for: .milliseconds(300))
        #expect(batches.all.count == count)
    }

    @Test func unwatchableRootThrows() {
        let missing = folder.path("missing")
        #expect(throws: FileWatcherError.cannotWatch(path: missing, errno: ENOENT)) {
            try FileWatcher(roots: [missing]) { _ in }
        }
    }
}
#endif
