import Foundation
import NotebookModel
import Testing

@testable import NotebookScripts

/// Highlighted code kept in a file between builds: found again by language and code, used only
/// when it passes the check fresh output passes, and read as far as the file is whole.
@Suite struct HighlightCacheTests {
    /// A folder of its own, removed after the test.
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-cache-\(UUID().uuidString)").path
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static let script = CodeHighlightingTests.spinning
    static let html = "<span class=\"hljs-keyword\">let</span> x = 1"

    @Test func entriesKeptAreFoundByANewCacheOnTheSameFile() throws {
        let folder = Folder()
        let cache = try #require(HighlightCache(folder: folder.path, script: Self.script))
        #expect(cache.entry(language: "swift", code: "let x = 1") == nil)
        cache.keep(.highlighted(Self.html), language: "swift", code: "let x = 1")
        cache.keep(.plain, language: "text", code: "let x = 1")
        cache.save()
        let again = try #require(HighlightCache(folder: folder.path, script: Self.script))
        #expect(again.path == cache.path && again.path.hasPrefix(folder.path + "/highlight-"))
        #expect(again.entry(language: "swift", code: "let x = 1") == .highlighted(Self.html))
        #expect(again.entry(language: "text", code: "let x = 1") == .plain)
        #expect(again.entry(language: "python", code: "let x = 1") == nil)
        #expect(again.entry(language: "swift", code: "let x = 2") == nil)
    }

    /// A folder above the cache that is a link (`~/.cache` on another disk) is followed: the user
    /// chose it. The folders the cache makes below are made where it leads.
    @Test func aLinkAboveTheCacheFolderIsFollowed() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: folder.path + "/real")
        let cache = try #require(HighlightCache(folder: folder.path + "/link/deeper/notebook", script: Self.script))
        cache.keep(.highlighted(Self.html), language: "swift", code: "let x = 1")
        cache.save()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/real/deeper/notebook")
        #expect(files.count == 1 && files.first?.hasPrefix("highlight-") == true, "\(files)")
        let again = try #require(HighlightCache(folder: folder.path + "/link/deeper/notebook", script: Self.script))
        #expect(again.entry(language: "swift", code: "let x = 1") == .highlighted(Self.html))
    }

    @Test func anEntryThatFailsTheCheckIsNotUsed() throws {
        let folder = Folder()
        let cache = try #require(HighlightCache(folder: folder.path, script: Self.script))
        cache.keep(.highlighted("<img src=x onerror=alert(1)>"), language: "swift", code: "<img src=x onerror=alert(1)>")
        cache.keep(.highlighted(Self.html), language: "swift", code: "let y = 1")
        cache.save()
        let again = try #require(HighlightCache(folder: folder.path, script: Self.script))
        #expect(again.entry(language: "swift", code: "<img src=x onerror=alert(1)>") == nil)
        #expect(again.entry(language: "swift", code: "let y = 1") == nil)
    }

    @Test func aFileCutShortIsReadAsFarAsItIsWhole() throws {
        let folder = Folder()
        let cache = try #require(HighlightCache(folder: folder.path, script: Self.script))
        cache.keep(.highlighted(Self.html), language: "swift", code: "let x = 1")
        cache.keep(.highlighted("<span class=\"hljs-keyword\">var</span>"), language: "swift", code: "var")
        cache.save()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cache.path))
        bytes.removeLast(3)
        try bytes.write(to: URL(fileURLWithPath: cache.path))
        let again = try #require(HighlightCache(folder: folder.path, script: Self.script))
        #expect(again.entry(language: "swift", code: "let x = 1") == .highlighted(Self.html))
        #expect(again.entry(language: "swift", code: "var") == nil)
        // Not a cache file at all.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cache.path))
        #expect(try #require(HighlightCache(folder: folder.path, script: Self.script)).entry(language: "swift", code: "let x = 1") == nil)
    }

    /// A change on the disk that leaves well-formed HTML (another class, another letter) passes
    /// the check of the HTML: each entry's hash finds it, and nothing from it on is used.
    @Test func anEntryChangedOnTheDiskIsNotUsed() throws {
        let folder = Folder()
        let cache = try #require(HighlightCache(folder: folder.path, script: Self.script))
        cache.keep(.highlighted(Self.html), language: "swift", code: "let x = 1")
        cache.keep(.highlighted("<span class=\"hljs-keyword\">var</span>"), language: "swift", code: "var")
        cache.save()
        let original = try Data(contentsOf: URL(fileURLWithPath: cache.path))
        for (from, to) in [("hljs-keyword\">var", "hljs-section\">var"), ("hljs-keyword\">let", "hljs-section\">let")] {
            var changed = original
            let range = try #require(changed.range(of: Data(from.utf8)))
            changed.replaceSubrange(range, with: Data(to.utf8))
            try changed.write(to: URL(fileURLWithPath: cache.path))
            let again = try #require(HighlightCache(folder: folder.path, script: Self.script))
            #expect(again.entry(language: "swift", code: "var") == nil)
            #expect((again.entry(language: "swift", code: "let x = 1") == nil) == from.hasSuffix("let"))
        }
        // Any one byte flipped anywhere past the header: no entry is used that was not written so.
        for index in HighlightCache.magic.count..<original.count {
            var flipped = original
            flipped[index] ^= 0x20
            try flipped.write(to: URL(fileURLWithPath: cache.path))
            let again = try #require(HighlightCache(folder: folder.path, script: Self.script))
            for (code, html) in [("let x = 1", Self.html), ("var", "<span class=\"hljs-keyword\">var</span>")] {
                let found = again.entry(language: "swift", code: code)
                #expect(found == nil || found == .highlighted(html), "byte \(index)")
            }
        }
    }

    @Test func theFileKeepsWhatTheLastBuildUsedFirstWithinItsLimit() throws {
        let folder = Folder()
        let first = try #require(HighlightCache(folder: folder.path, script: Self.script))
        for index in 0..<20 { first.keep(.highlighted("<span class=\"a\">\(index)</span>"), language: "toy", code: "\(index)") }
        first.save()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: first.path)[.size] as? Int)
        // A build that used two of them, and room for a few entries only.
        let second = try #require(HighlightCache(folder: folder.path, script: Self.script, limit: size / 5))
        #expect(second.entry(language: "toy", code: "17") != nil && second.entry(language: "toy", code: "3") != nil)
        second.keep(.plain, language: "other", code: "new")
        second.save()
        let third = try #require(HighlightCache(folder: folder.path, script: Self.script))
        #expect(third.entry(language: "toy", code: "17") != nil && third.entry(language: "toy", code: "3") != nil)
        #expect(third.entry(language: "other", code: "new") == .plain)
        let kept = (0..<20).filter { third.entry(language: "toy", code: "\($0)") != nil }.count
        #expect(kept < 20)
        #expect(try #require(try FileManager.default.attributesOfItem(atPath: first.path)[.size] as? Int) <= size / 5)
    }

    @Test func aCacheSavedAfterEveryRebuildKeepsTheNewestAndHoldsNoMoreThanItsFile() throws {
        let folder = Folder()
        let entry = { (index: Int) in HighlightCache.Entry.highlighted("<span class=\"a\">\(index)</span>") }
        let probe = try #require(HighlightCache(folder: folder.path, script: Self.script))
        probe.keep(entry(99), language: "toy", code: "99")
        probe.save()
        let oneEntry = try #require(try FileManager.default.attributesOfItem(atPath: probe.path)[.size] as? Int) - HighlightCache.magic.count
        // A preview's session: one cache, saved after each of three rebuilds that each change every block.
        let session = try #require(HighlightCache(folder: folder.path, script: Self.script, limit: HighlightCache.magic.count + 5 * oneEntry + 2))
        for rebuild in 1...3 {
            for index in (rebuild * 10)..<(rebuild * 10 + 5) { session.keep(entry(index), language: "toy", code: "\(index)") }
            session.save()
        }
        let file = try #require(HighlightCache(folder: folder.path, script: Self.script))
        #expect((30..<35).allSatisfy { file.entry(language: "toy", code: "\($0)") == entry($0) })
        #expect((10..<25).allSatisfy { file.entry(language: "toy", code: "\($0)") == nil })
        // What the file let go of, the session let go of too.
        #expect(session.entry(language: "toy", code: "10") == nil && session.entry(language: "toy", code: "32") == entry(32))
    }

    @Test func cachesSavingOneFileAtOnceLeaveAWholeFileAndNoTemporaryOne() throws {
        let folder = Folder()
        let path = folder.path
        // Eight builds at once, each with entries of its own, sharing one folder.
        DispatchQueue.concurrentPerform(iterations: 8) { build in
            guard let cache = HighlightCache(folder: path, script: Self.script) else { return }
            for index in 0..<200 { cache.keep(.highlighted("<span class=\"a\">\(build)-\(index)</span>"), language: "toy", code: "\(build)-\(index)") }
            cache.save()
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1 && names[0].hasSuffix(".cache"), "\(names)")
        // The file is whole: the last build to rename it kept every entry it held (those of the
        // builds it read the file after, too).
        let file = try #require(HighlightCache(folder: folder.path, script: Self.script))
        let whole = (0..<8).filter { build in (0..<200).allSatisfy { file.entry(language: "toy", code: "\(build)-\($0)") != nil } }
        #expect(!whole.isEmpty)
    }

    @Test func savingRemovesOldFilesOfTheFolderButNotNewOnes() throws {
        let folder = Folder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let old = Date(timeIntervalSinceNow: -Double(HighlightCache.staleAge) - 60)
        // Only the names a cache makes: a user's `highlight-reel.txt` or `math-homework.md` in a
        // folder XDG_CACHE_HOME names is never one of them.
        let users = ["highlight-reel.txt", "math-homework.md", "highlight-0123.cache.bak", "highlight-12345678901234567.cache"]
        for name in ["highlight-0123.cache", "highlight-0123.cache.42.7", "highlight-fresh.cache.43.8", "other.txt"] + users {
            _ = FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data("x".utf8))
            if name != "highlight-fresh.cache.43.8" {
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path + "/" + name)
            }
        }
        let cache = try #require(HighlightCache(folder: folder.path, script: Self.script))
        cache.keep(.plain, language: "toy", code: "x")
        cache.save()
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names == Set(["highlight-fresh.cache.43.8", "other.txt", (cache.path as NSString).lastPathComponent] + users))
        #expect(HighlightCache.isCacheFile("math-ab12.cache", of: .math) && !HighlightCache.isCacheFile("math-ab12.cache", of: .code))
    }

    @Test func anotherScriptHasAFileOfItsOwnAndNoScriptNoCache() throws {
        let folder = Folder()
        let copy = folder.path + "-script.js"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        try (String(contentsOfFile: Self.script, encoding: .utf8) + "\n// another version\n").write(toFile: copy, atomically: false, encoding: .utf8)
        let one = try #require(HighlightCache(folder: folder.path, script: Self.script))
        let other = try #require(HighlightCache(folder: folder.path, script: copy))
        #expect(one.path != other.path)
        #expect(HighlightCache(folder: folder.path, script: folder.path + "/missing.js") == nil)
    }

    @Test func theFolderFollowsXDGThenHome() {
        #expect(HighlightCache.folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/notebook")
        #expect(HighlightCache.folder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/notebook")
        #expect(HighlightCache.folder(environment: ["HOME": "/h"]) == "/h/.cache/notebook")
        #expect(HighlightCache.folder(environment: [:]) == nil)
    }

    @Test func aQueueWithEverythingCachedRunsNoScript() throws {
        let folder = Folder()
        let cache = try #require(HighlightCache(folder: folder.path, script: Self.script))
        let first = ScriptQueue(highlighter: CodeHighlighter(script: Self.script), cache: cache)
        first.submit(ScriptQueueTests.blocks(["one", "two"]), path: "notes/a.md")
        #expect(first.finish().html(for: CodeBlock(language: "toy", code: "one")) == "<span class=\"hljs-keyword\">one</span>")
        // A script that cannot run: only the cache can give the spans.
        let missing = CodeHighlighter(script: "/nonexistent/highlight.js")
        let reopened = try #require(HighlightCache(folder: folder.path, script: Self.script))
        let second = ScriptQueue(highlighter: missing, cache: reopened)
        second.submit(ScriptQueueTests.blocks(["two", "one"]), path: "notes/a.md")
        let highlights = second.finish()
        #expect(highlights.html(for: CodeBlock(language: "toy", code: "two")) == "<span class=\"hljs-keyword\">two</span>")
        #expect(highlights.unavailable == nil && missing.unavailable == nil)
    }
}
