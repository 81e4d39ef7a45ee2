import Glibc
import Testing

@testable import ScriptEngine

/// The engine's machine code is let go when no context is left, and read again when one is made.
@Suite struct LibraryCodeTests {
    @Test func readsALineOfTheMaps() throws {
        let code = try #require(LibraryCode.Mapping(ArraySlice("7f10a0000000-7f10a1000000 r-xp 00400000 08:01 1234   /usr/lib/libx.so.0".utf8)))
        #expect(code.range == 0x7f10_a000_0000..<0x7f10_a100_0000)
        #expect(code.isCode && code.inode == 1234 && code.file == [8, 1, 1234])
        let data = try #require(LibraryCode.Mapping(ArraySlice("7f10a1000000-7f10a1010000 rw-p 01400000 08:01 1234 /usr/lib/libx.so.0".utf8)))
        #expect(!data.isCode)
        let relocated = try #require(LibraryCode.Mapping(ArraySlice("7f10a1010000-7f10a1020000 r--p 01410000 08:01 1234 /usr/lib/libx.so.0".utf8)))
        #expect(!relocated.isCode)
        let anonymous = try #require(LibraryCode.Mapping(ArraySlice("7ffd5e1f3000-7ffd5e214000 rw-p 00000000 00:00 0".utf8)))
        #expect(anonymous.inode == 0 && !anonymous.isCode)
        #expect(LibraryCode.Mapping(ArraySlice("not a mapping".utf8)) == nil)
        #expect(LibraryCode.Mapping(ArraySlice("7f10a1000000-7f10a0000000 r-xp 00400000 08:01 1234 /x".utf8)) == nil)
    }

    /// The library's code pages are dropped (megabytes of them), and scripts run as before after:
    /// the pages come back from the file.
    @Test func codeDroppedRunsAgain() throws {
        let first = try ScriptContext(timeLimit: 1)
        try first.evaluate("function twice(text) { return text + text; }", name: "twice.js")
        #expect(try first.call("twice", ["ab"]) == "abab")
        let api = try JavaScriptCore.shared.get()
        #expect(LibraryCode.drop(containing: api.codeAddress) > 1 << 20)
        #expect(try first.call("twice", ["cd"]) == "cdcd")
        let second = try ScriptContext(timeLimit: 1)
        try second.evaluate("function thrice(text) { return text + text + text; }", name: "thrice.js")
        #expect(try second.call("thrice", ["e"]) == "eee")
    }

    /// An address in no mapped file drops nothing.
    @Test func anAddressOutsideFilesDropsNothing() {
        var local = 0
        let address = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
        #expect(LibraryCode.drop(containing: address) == 0)
    }
}
