import Bytes
import NotebookModel
import Parallel

/// The check that no two sources write one output file, and that no file stands where another
/// needs a folder: run once, on the planned list of files, before anything is written,
/// so every run reports the same errors whatever the order of the workers.
enum OutputCollisions {
    /// Errors for every clash, each naming both sources, at the later one's file. Claims are
    /// compared in the order of their kinds (the site's pages, assets, notes, aliases, files
    /// beside the notes), then as given. A note's page on a taken URL is left out: the note's URL
    /// check (`SiteLoader.checkURLs`) reports it.
    static func find(_ claims: [OutputClaim]) -> [Diagnostic] {
        let order = order(claims)
        let keys = PathKeys(order.map { claims[$0].path })
        // A file where another claim needs a folder: the folder's first claim names it. A claim's
        // folders are the parts of its path before each `/` byte, as the file system sees them.
        // They are found on a thread of their own while this one finds each path's owner.
        let folderTable = Background {
            var folders: [PathKeys.Key: Int] = [:]
            folders.reserveCapacity(order.count)
            for index in order.indices {
                keys.forEachFolder(of: index) { _ = folders.firstValue(index, for: $0) }
            }
            return folders
        }
        var owners: [PathKeys.Key: Int] = [:]
        owners.reserveCapacity(order.count)
        // Each claim's owner: the first claim of its path.
        var ownerOf = [Int](repeating: 0, count: order.count)
        var diagnostics: [Diagnostic] = []
        for index in order.indices {
            let owner = owners.firstValue(index, for: keys.path(index))
            ownerOf[index] = owner
            guard owner != index else { continue }
            let claim = claims[order[index]]
            if case .note = claim.source { continue }
            let first = claims[order[owner]]
            diagnostics.append(
                diagnostic("\(claim.path) would be written by both \(first.sourceDescription) and \(claim.sourceDescription)", first, claim))
        }
        let folders = folderTable.value
        for index in order.indices where ownerOf[index] == index {
            guard let inside = folders[keys.path(index)] else { continue }
            let (claim, other) = (claims[order[index]], claims[order[inside]])
            let (first, second) = index < inside ? (claim, other) : (other, claim)
            diagnostics.append(
                diagnostic(
                    "\(claim.path) would be a file of \(claim.sourceDescription) and a folder holding \(other.path) of "
                        + other.sourceDescription, first, second))
        }
        return diagnostics
    }

    private static func diagnostic(_ message: String, _ first: OutputClaim, _ second: OutputClaim) -> Diagnostic {
        let (path, at) = second.sourcePath.map { ($0, second.sourceLocation) } ?? first.sourcePath.map { ($0, first.sourceLocation) }
            ?? (second.path, nil)
        return Diagnostic(.error, message, path: path, at: at, code: "output.collision")
    }

    /// The positions of `claims` by kind, keeping their order within a kind.
    private static func order(_ claims: [OutputClaim]) -> [Int] {
        var kinds: [[Int]] = Array(repeating: [], count: 5)
        for index in claims.indices {
            let kind =
                switch claims[index].source {
                case .page: 0
                case .asset: 1
                case .note: 2
                case .alias: 3
                case .file: 4
                }
            kinds[kind].append(index)
        }
        return kinds.flatMap { $0 }
    }
}

/// The output paths of a check and their folders as keys that hash once: a path, or the part of
/// one before a `/` byte, with its hash worked out as the path's bytes are read (the check runs on
/// one thread over every file of a build, and hashing each path and folder as a string cost
/// about ten thousand instructions a claim). Keys are equal as strings are (canonically
/// equivalent text), so the hash is of the bytes only when every path is ASCII, where equal
/// bytes are equal strings; otherwise it is the string's own.
struct PathKeys {
    struct Key: Hashable {
        let text: Substring
        let hash: Int

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.text == b.text }
    }

    private let paths: [String]
    private let ascii: Bool
    /// Each path's key, made once: the check looks each path up twice.
    private let keys: [Key]

    init(_ paths: [String]) {
        self.paths = paths
        let ascii = paths.allSatisfy { path in Self.bytes(of: path) { $0.allSatisfy { $0 < 0x80 } } }
        self.ascii = ascii
        keys = paths.map { path in
            let hash = ascii ? Int(truncatingIfNeeded: Self.bytes(of: path, FNV1a.hash)) : Substring(path).hashValue
            return Key(text: Substring(path), hash: hash)
        }
    }

    /// The whole path of claim `index`.
    func path(_ index: Int) -> Key { keys[index] }

    /// Calls `body` with each folder of claim `index`'s path, outermost first: the non-empty
    /// parts before each `/` byte.
    func forEachFolder(of index: Int, _ body: (Key) -> Void) {
        let path = paths[index]
        Self.bytes(of: path) { bytes in
            var hash = FNV1a.seed
            for offset in bytes.indices {
                if bytes[offset] == UInt8(ascii: "/") && offset > 0 {
                    let folder = path[..<path.utf8.index(path.utf8.startIndex, offsetBy: offset)]
                    body(Key(text: folder, hash: ascii ? Int(truncatingIfNeeded: hash) : folder.hashValue))
                }
                hash = FNV1a.step(hash, bytes[offset])
            }
        }
    }

    /// `body` over the UTF-8 bytes of `path`, in place.
    private static func bytes<R>(of path: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        path.withBorrowedUTF8(body)
    }
}

extension Dictionary where Value == Int {
    /// The value of `key`, storing `value` first when there is none: one lookup.
    fileprivate mutating func firstValue(_ value: Int, for key: Key) -> Int {
        func read(_ stored: inout Int) -> Int { stored }
        return read(&self[key, default: value])
    }
}
