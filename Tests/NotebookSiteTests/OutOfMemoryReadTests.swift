import Foundation
import NotebookFiles
import Testing

@testable import NotebookSite

/// Notes whose bytes are not in memory (a site not read for a while) are asked for and read in a
/// second pass; the site reads the same either way.
@Suite struct OutOfMemoryReadTests {
    /// Writes `path` to the disk and asks the kernel to drop it from memory: it does where the file
    /// lives on a disk (ext4, as /tmp is on Debian), not on tmpfs, which is memory.
    static func evict(_ path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return }
        fsync(fd)
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
        close(fd)
    }

    static func files(count: Int) -> [String: String] {
        var files = ["notebook.yml": "title: Cold\n"]
        for index in 0..<count {
            let link = index > 0 ? " See [[Note \(index - 1)]]." : ""
            files["notes/part-\(index % 3)/note \(index).md"] =
                "---\ntitle: Note \(index)\ntags: [t\(index % 4)]\n---\n# Note \(index)\n\nWords of note \(index), ==marked==.\(link)\n"
        }
        // One note with a finding, so that its source is kept.
        files["notes/bad.md"] = "^[text](bold: maybe)\n"
        return files
    }

    @Test func aSiteOutOfMemoryReadsAsOneInMemory() throws {
        let site = try TemporarySite(Self.files(count: 60))
        let warm = SiteLoader().load(site.path)
        let paths = warm.notes.map { site.path + "/notes/" + $0.relativePath }
        for path in paths { Self.evict(path) }
        let cold = SiteLoader().load(site.path)
        #expect(cold.notes.map(\.relativePath) == warm.notes.map(\.relativePath))
        #expect(cold.notes.map(\.title) == warm.notes.map(\.title))
        #expect(cold.notes.map(\.wordCount) == warm.notes.map(\.wordCount))
        #expect(cold.notes.map(\.body.rendered.html) == warm.notes.map(\.body.rendered.html))
        #expect(cold.diagnostics == warm.diagnostics)
        #expect(cold.sources == warm.sources)
        #expect(!warm.diagnostics.isEmpty, "the bad note is reported")
    }

    @Test func aFileOutOfMemoryIsNotWaitedForButAskedFor() throws {
        let site = try TemporarySite(["a.md": String(repeating: "Text of a note. ", count: 2_000)])
        let path = site.path + "/a.md"
        let whole = try FileSystem.read(path)
        Self.evict(path)
        // nil where the kernel dropped it (a disk), the bytes where it could not (tmpfs).
        if let bytes = try FileSystem.readIfInMemory(path) {
            let same = bytes == whole
            #expect(same)
        }
        let read = try FileSystem.read(path) == whole
        #expect(read)
        let inMemory = try FileSystem.readIfInMemory(path) == whole
        #expect(inMemory, "read once, it is in memory")
    }

    @Test func aFilePartlyInMemoryIsReadWhole() throws {
        // Lines that each say where they are, so that a piece read twice or left out shows.
        let text = (0..<20_000).map { "Line \($0) of a long note.\n" }.joined()
        let site = try TemporarySite(["long.md": text])
        let path = site.path + "/long.md"
        let whole = try FileSystem.read(path)
        // Out of memory, then its first 64 KB back in alone (no read-ahead past them).
        Self.evict(path)
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        _ = posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM)
        var start = [UInt8](repeating: 0, count: 65_536)
        _ = pread(fd, &start, start.count, 0)
        close(fd)
        // Compared apart, so that a failure names no megabyte of bytes.
        if let bytes = try FileSystem.readIfInMemory(path) {
            let same = bytes == whole
            #expect(same, "the bytes of a file partly in memory are the file's, in order")
        }
        let again = try FileSystem.read(path) == whole
        #expect(again)
    }

    @Test func aFileThatCannotBeReadIsStillAnError() throws {
        let site = try TemporarySite(["a.md": "x"])
        #expect(throws: FileError.self) { try FileSystem.readIfInMemory(site.path + "/missing.md") }
        #expect(throws: FileError.self) { try FileSystem.readIfInMemory(site.path) }
    }
}
