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
/// folder made holds a page once the build succeeds; a build that fails leaves the staging folder
/// marked unfinished, as ever, and the next build makes it anew.
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
    }

    private let shared = Shared()
    private let maker: Background<Set<ExactPath>>

    /// How many folders wait before the thread is woken for them: woken for each, it would take
    /// turns with the readers at every note.
    static let batch = 64

    /// Starts the thread that makes folders in `staging`.
    init(staging: String) {
        self.staging = staging
        let shared = self.shared
        maker = Background {
            var made = Made(staging: staging)
            while true {
                let (folders, closed) = shared.state.withLock { state in
                    defer { state.pending = [] }
                    return (state.pending, state.closed)
                }
                for folder in folders { made.make(folder) }
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

    /// Makes what is left and returns every folder made, by relative path.
    func finish() -> Set<ExactPath> {
        shared.state.withLock { $0.closed = true }
        shared.wake.signal()
        return maker.value
    }

    /// The folder holding the page at the site path `url` (`/a/b/` → `a/b`), relative to the
    /// output; nil for a page at the top.
    static func folder(ofPage url: String) -> String? {
        let file = PagePlan.file(url)
        guard let slash = FileSystem.lastSlash(in: file), slash > file.startIndex else { return nil }
        return String(file[..<slash])
    }

    /// The folders made so far, and those above them held open to make more in.
    private struct Made {
        let staging: String
        var folders: Set<ExactPath> = []
        /// By exact path: two names of the same text in two Unicode forms are two folders.
        var held: [ExactPath: FolderDescriptor] = [:]
        var broken = false

        init(staging: String) {
            self.staging = staging
        }

        /// Makes `relative` and the folders above it; after a failure, nothing more (the pages'
        /// writes then make their folders and say what fails).
        mutating func make(_ relative: String) {
            guard !broken, !folders.contains(ExactPath(relative)) else { return }
            let slash = FileSystem.lastSlash(in: relative)
            let parent = slash.map { String(relative[..<$0]) } ?? ""
            let name = slash.map { String(relative[relative.utf8.index(after: $0)...]) } ?? relative
            if !parent.isEmpty { make(parent) }
            guard !broken, let above = descriptor(parent), above.makeFolderOrFindOne(name) else {
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
