import Bytes
import Foundation
import NotebookFiles
import NotebookModel
import Synchronization

/// What highlight.js made of code, or KaTeX of formulas, kept between builds in one file per
/// script under the user's cache folder (`$XDG_CACHE_HOME/notebook`, else `~/.cache/notebook`),
/// so that a second build, or a preview's rebuild, does not run the script again.
///
/// The file is named by notebook's version, the code notebook runs around the script, and the
/// script's identity (its path, size and time of change: a new package of it is another file);
/// an entry by its language (for math, `inline` or `display`) and source. An entry is used only
/// if it passes the check fresh output passes (``HighlightedHTML``, ``MathML``), for its own source.
/// The file holds at most ``limit`` bytes: the entries a build used first, then the others. It is
/// written whole beside itself and renamed over the old one, so that two builds at once never mix
/// their writes (the later one's stays).
public final class HighlightCache: Sendable {
    /// What the cache says of a block.
    public enum Entry: Equatable, Sendable {
        /// Its checked spans.
        case highlighted(String)
        /// The script does not know its language: it stays plain.
        case plain
    }

    /// What a cache holds: highlighted code, or typeset math.
    public enum Kind: Sendable {
        case code, math

        /// How its files' names start.
        var prefix: String { self == .code ? "highlight-" : "math-" }

        /// The code notebook runs around the script.
        var revision: String { self == .code ? CodeHighlighter.revision : MathTypesetter.revision }

        /// Whether `html` passes the check fresh output of `source` in `language` passes.
        func isValid(_ html: String, language: String, source: String) -> Bool {
            switch self {
            case .code: HighlightedHTML.isValid(html, of: source)
            case .math: MathStyle(rawValue: language).map { MathML.isValid(html, of: source, style: $0) } ?? false
            }
        }
    }

    /// The file.
    public let path: String
    public let kind: Kind
    /// The most bytes the file holds.
    public let limit: Int
    /// Whether ``save()`` writes the file: not for a command that creates no file (`check`).
    public let writes: Bool

    private struct Stored {
        var language: String
        var entry: Entry
    }

    private struct State {
        var loaded = false
        var entries: [UInt64: Stored] = [:]
        /// Every entry's key, in the file's order, then those added since.
        var order: [UInt64] = []
        /// Entries found or added since the file was last read or written, in order, and whether
        /// any was added.
        var used: [UInt64] = []
        var usedSet: Set<UInt64> = []
        var added = false
    }

    private let state = Mutex(State())

    /// The header every cache file starts with.
    static let magic = Array("notebook highlight cache 2\n".utf8)

    /// A cache in `folder` for the script at `script`; nil when the script cannot be read (no cache
    /// is needed where nothing can be highlighted). Without `writes`, it is only read.
    public init?(folder: String, script: String, kind: Kind = .code, limit: Int = 8 << 20, writes: Bool = true) {
        guard let status = FileSystem.status(script, followingLinks: true), status.kind == .file else { return nil }
        var key = FNV1a.hash(NotebookVersion.current)
        for part in ["\0", kind.revision, "\0", script, "\0\(status.size)\0\(status.modified)"] { key = FNV1a.hash(part, from: key) }
        path = Self.realFolder(folder) + "/" + kind.prefix + String(key, radix: 16) + ".cache"
        self.kind = kind
        self.limit = limit
        self.writes = writes
    }

    /// The cache folder of the environment `environment`: `$XDG_CACHE_HOME/notebook` when that is
    /// an absolute path, else `$HOME/.cache/notebook`; nil without either.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/notebook" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/notebook" }
        return nil
    }

    /// `folder` with the links of the folders above it that exist resolved: the user's own
    /// setting (`~/.cache` a link to another disk, say), which the cache follows, while the files
    /// it makes below are made without following any.
    static func realFolder(_ folder: String) -> String {
        var above = folder
        var below: [Substring] = []
        while let slash = above.lastIndex(of: "/"), slash != above.startIndex {
            if let real = FileSystem.resolve(above) { return ([real] + below.reversed().map(String.init)).joined(separator: "/") }
            below.append(above[above.index(after: slash)...])
            above = String(above[..<slash])
        }
        return folder
    }

    /// The key of a block: its language and its code.
    static func key(language: String, code: String) -> UInt64 {
        FNV1a.hash(code, from: FNV1a.hash("\0", from: FNV1a.hash(language)))
    }

    /// What the cache holds for `code` in `language`, checked; nil when it holds nothing usable.
    public func entry(language: String, code: String) -> Entry? {
        let key = Self.key(language: language, code: code)
        let stored = state.withLock { state -> Stored? in
            if !state.loaded { load(into: &state) }
            guard let stored = state.entries[key], stored.language == language else { return nil }
            if state.usedSet.insert(key).inserted { state.used.append(key) }
            return stored
        }
        guard let stored else { return nil }
        switch stored.entry {
        case .highlighted(let html): return kind.isValid(html, language: language, source: code) ? stored.entry : nil
        // A formula is never plain: such an entry is not the cache's own.
        case .plain: return kind == .code ? stored.entry : nil
        }
    }

    /// Keeps `entry` for `code` in `language`.
    public func keep(_ entry: Entry, language: String, code: String) {
        let key = Self.key(language: language, code: code)
        state.withLock { state in
            if !state.loaded { load(into: &state) }
            if state.entries.updateValue(Stored(language: language, entry: entry), forKey: key) == nil { state.order.append(key) }
            if state.usedSet.insert(key).inserted { state.used.append(key) }
            state.added = true
        }
    }

    /// Writes the file if anything was added since it was read or written: the entries used since
    /// first, then the others in the file's order, as many as ``limit`` allows; what does not fit
    /// is let go here too, so that a preview that saves after every rebuild holds no more than
    /// the file. A cache that cannot be written is no cache, and says nothing.
    public func save() {
        let bytes: [UInt8]? = state.withLock { state in
            guard state.added, writes else { return nil }
            var out = Self.magic
            var kept: [UInt64] = []
            for key in state.used + state.order.filter({ !state.usedSet.contains($0) }) {
                guard let stored = state.entries[key] else { continue }
                let before = out.count
                Self.append(key: key, stored, to: &out)
                if out.count > limit {
                    // One too large for what is left; a smaller one after it may fit.
                    out.removeSubrange(before...)
                    continue
                }
                kept.append(key)
            }
            if kept.count < state.entries.count {
                let keptSet = Set(kept)
                state.entries = state.entries.filter { keptSet.contains($0.key) }
            }
            state.order = kept
            state.used = []
            state.usedSet = []
            state.added = false
            return out
        }
        guard let bytes else { return }
        let folder = String(path[..<path.lastIndex(of: "/")!])
        removeStaleFiles(in: folder)
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max))"
        do throws(FileError) {
            try FileSystem.makeFolder(folder)
            try bytes.withUnsafeBufferPointer { bytes throws(FileError) in try FileSystem.write(bytes, to: temporary, exclusive: true, linkedFolders: true) }
            try FileSystem.rename(temporary, to: path)
        } catch {
            _ = FileSystem.removeFile(temporary)
        }
    }

    /// How old another file of the folder (another version's cache, a temporary file a killed
    /// build left) must be to be removed: a build under way writes its temporary file in far less.
    static let staleAge = 3600

    /// Removes the folder's other cache files of its kind not changed for ``staleAge`` seconds:
    /// only names notebook makes (``isCacheFile(_:of:)``), never another file that starts alike.
    private func removeStaleFiles(in folder: String) {
        guard let names = try? FileSystem.list(folder) else { return }
        let now = Int(Date().timeIntervalSince1970)
        let own = String(path[path.index(after: path.lastIndex(of: "/")!)...])
        for name in names where Self.isCacheFile(name, of: kind) && name != own {
            let file = folder + "/" + name
            guard let status = FileSystem.status(file), status.kind == .file, now - status.modified / 1_000_000_000 > Self.staleAge else { continue }
            _ = FileSystem.removeFile(file)
        }
    }

    /// Whether `name` is one a cache of `kind` makes: `highlight-` or `math-`, 1 to 16 lowercase
    /// hexadecimal digits and `.cache`, and for its temporary file `.PID.NUMBER` after that.
    static func isCacheFile(_ name: String, of kind: Kind) -> Bool {
        guard name.hasPrefix(kind.prefix) else { return false }
        let parts = name.dropFirst(kind.prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        func digits(_ text: Substring, hex: Bool) -> Bool {
            !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || (hex && $0 >= 0x61 && $0 <= 0x66) }
        }
        guard parts.count == 2 || parts.count == 4, parts[0].count <= 16, digits(parts[0], hex: true), parts[1] == "cache" else { return false }
        return parts.count == 2 || (digits(parts[2], hex: false) && digits(parts[3], hex: false))
    }

    /// Reads the file into `state`, as far as it is whole.
    private func load(into state: inout State) {
        state.loaded = true
        guard let bytes = try? FileSystem.read(path, limit: limit + (1 << 20), links: .asNamed), bytes.starts(with: Self.magic) else { return }
        var reader = Reader(bytes: bytes, offset: Self.magic.count)
        while let (key, stored) = reader.next() {
            if state.entries.updateValue(stored, forKey: key) == nil { state.order.append(key) }
        }
    }

    /// An entry: its key (8 bytes), its language (length in 1 byte), whether it is highlighted
    /// (1 byte) and its HTML (length in 4 bytes), then the FNV-1a hash of all of these (8 bytes):
    /// an entry changed on the disk (a flipped bit, an edit) is not read, where the check of its
    /// HTML would take any well-formed change (`<mi>z</mi>` for `<mi>a</mi>`). Lengths, key and
    /// hash little-endian.
    private static func append(key: UInt64, _ stored: Stored, to out: inout [UInt8]) {
        let start = out.count
        defer {
            let sum = out[start...].reduce(FNV1a.seed, FNV1a.step)
            withUnsafeBytes(of: sum.littleEndian) { out += $0 }
        }
        let language = Array(stored.language.utf8.prefix(255))
        withUnsafeBytes(of: key.littleEndian) { out += $0 }
        out.append(UInt8(language.count))
        out += language
        switch stored.entry {
        case .plain:
            out.append(0)
        case .highlighted(let html):
            out.append(1)
            let bytes = Array(html.utf8)
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { out += $0 }
            out += bytes
        }
    }

    /// Reads entries one after another; stops at the first that is not whole or not as written.
    private struct Reader {
        let bytes: [UInt8]
        var offset: Int

        mutating func next() -> (UInt64, Stored)? {
            let start = offset
            guard let key = integer(UInt64.self), let length = take(1)?.first, let language = take(Int(length)),
                let kind = take(1)?.first
            else { return nil }
            let name = String(decoding: language, as: UTF8.self)
            let entry: Entry
            switch kind {
            case 0: entry = .plain
            case 1:
                guard let count = integer(UInt32.self), let html = take(Int(count)) else { return nil }
                entry = .highlighted(String(decoding: html, as: UTF8.self))
            default: return nil
            }
            let end = offset
            // Its place in the file may be wrong too: nothing after it is read.
            guard let sum = integer(UInt64.self), sum == bytes[start..<end].reduce(FNV1a.seed, FNV1a.step) else { return nil }
            return (key, Stored(language: name, entry: entry))
        }

        private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T? {
            guard let part = take(MemoryLayout<T>.size) else { return nil }
            return part.reversed().reduce(T(0)) { ($0 << 8) | T($1) }
        }

        private mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }
    }
}
