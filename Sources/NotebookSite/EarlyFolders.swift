import Bytes
import Foundation
import NotebookFiles
import Parallel
import Synchronization

/// The folders of the notes' pages, made in a new staging folder on a thread of its own while the
/// notes are read, so that writing the pages later makes none.
///
/// Into a new folder on ext4, making a folder allocates an inode and a block, and waits for the
/// disk whenever the inode table or the bitmaps it needs are not in memory: made among the
/// writes, those waits left a core idle. Made while the notes are read, the other threads run
/// meanwhile. Only the folders of notes that are published are made (a draft's is not), so every
/// folder made holds a page once the build succeeds; a build that fails before its store takes the
/// staging folder removes it (`SitePipeline`), and one killed leaves it marked unfinished, which
/// the next build makes anew.
final class EarlyFolders: Sendable {
    /// The staging folder, new and empty but for its markers.
    let staging: String

    private struct State {
        var pending: [String] = []
        var closed = false
    }

    /// What the readers and the thread share.
    private final class Shared: Sendable {
        let state = Mutex(State())
        let wake = DispatchSemaphore(value: 0)
        /// Set when the notes are read: the folders not made by then are the writes' to make.
        let stopped = Atomic<Bool>(false)
    }

    private let shared = Shared()
    private let maker: Background<Set<ExactPath>>

    /// How many folders wait before the thread is woken for them: woken for each, it would take
    /// turns with the readers at every note.
    static let batch = 64

    /// Starts the thread that makes folders in `staging`, about `capacity` of them.
    init(staging: String, capacity: Int = 0) {
        self.staging = staging
        let shared = self.shared
        maker = Background {
            var made = Made(staging: staging, capacity: capacity)
            while true {
                let (folders, closed) = shared.state.withLock { state in
                    defer { state.pending = [] }
                    return (state.pending, state.closed)
                }
                for folder in folders {
                    if shared.stopped.load(ordering: .relaxed) { return made.folders }
                    made.make(folder)
                }
                if folders.isEmpty {
                    if closed { return made.folders }
                    shared.wake.wait()
                }
            }
        }
    }

    /// Makes the folder at `relative` (`/`-separated, not empty) and those above it, soon.
    func make(_ relative: String) {
        let count = shared.state.withLock { state in
            state.pending.append(relative)
            return state.pending.count
        }
        if count == Self.batch { shared.wake.signal() }
    }

    /// Stops the making once the folder being made is made, and returns every folder made, by
    /// relative path. Those still waiting are left to the writes, which make folders on every
    /// core: on a disk whose folders' metadata must be read first, one thread making them all
    /// kept the build waiting for it.
    func finish() -> Set<ExactPath> {
        shared.stopped.store(true, ordering: .relaxed)
        shared.state.withLock { $0.closed = true }
        shared.wake.signal()
        return maker.value
    }

    /// The folders made so far, and those above them held open to make more in.
    private struct Made {
        let staging: String
        var folders: Set<ExactPath> = []
        /// By exact path: two names of the same text in two Unicode forms are two folders.
        var held: [ExactPath: FolderDescriptor] = [:]
        /// The folder the last one was made in: the notes of a folder come one after another.
        var lastParent: (path: String, folder: FolderDescriptor)?
        var broken = false

        init(staging: String, capacity: Int) {
            self.staging = staging
            folders.reserveCapacity(capacity)
        }

        /// Makes `relative` and the folders above it; after a failure, nothing more (the pages'
        /// writes then make their folders and say what fails).
        mutating func make(_ relative: String) {
            guard !broken else { return }
            // Split at the last slash over the bytes; the folder above is the last one's when
            // its bytes are the same (then no text of it is made).
            let (name, above) = relative.withBorrowedUTF8 { bytes -> (String, FolderDescriptor?) in
                var slash = bytes.count - 1
                while slash >= 0 && bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
                let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                let name = String(joiningBytes: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), none)
                let parentBytes = UnsafeBufferPointer(rebasing: bytes[..<max(slash, 0)])
                if let last = lastParent, last.path.withBorrowedUTF8({ $0.hasSameBytes(as: parentBytes) }) { return (name, last.folder) }
                let parent = String(joiningBytes: parentBytes, none)
                if !parent.isEmpty && !folders.contains(ExactPath(parent)) { make(parent) }
                guard !broken, let opened = descriptor(parent) else { return (name, nil) }
                lastParent = (parent, opened)
                return (name, opened)
            }
            guard let above, above.makeFolderOrFindOne(name) else {
                broken = true
                return
            }
            folders.insert(ExactPath(relative))
        }

        /// The folder at `relative` (`""`: the staging folder) held open.
        private mutating func descriptor(_ relative: String) -> FolderDescriptor? {
            let key = ExactPath(relative)
            if let held = held[key] { return held }
            guard let opened = FolderDescriptor(opening: relative.isEmpty ? staging : staging + "/" + relative) else { return nil }
            // As many held as the pages' writes hold: a site of many folders opens the rest each time.
            if held.count < OutputStore.openFolderLimit { held[key] = opened }
            return opened
        }
    }
}
