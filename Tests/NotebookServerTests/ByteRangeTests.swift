import Foundation
import Testing

@testable import NotebookServer

/// One range of bytes, as a player seeking in audio or video asks for it; anything else is the
/// whole file.
@Suite struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=1-3", 10, ByteRange.Asked.range(ByteRange(offset: 1, length: 3))),
        ("bytes=4-", 10, .range(ByteRange(offset: 4, length: 6))),
        ("bytes=-3", 10, .range(ByteRange(offset: 7, length: 3))),
        ("bytes=-30", 10, .range(ByteRange(offset: 0, length: 10))),
        ("bytes=0-99", 10, .range(ByteRange(offset: 0, length: 10))),
        ("bytes= 2-2 ", 10, .range(ByteRange(offset: 2, length: 1))),
        ("bytes=10-", 10, .unsatisfiable),
        ("bytes=-0", 10, .unsatisfiable),
        ("bytes=0-", 0, .unsatisfiable),
        ("Bytes=0-1", 10, .range(ByteRange(offset: 0, length: 2))),
        ("bytes=0-99999999999999999999", 10, .range(ByteRange(offset: 0, length: 10))),
        ("bytes=99999999999999999999-", 10, .unsatisfiable),
    ] as [(String, UInt64, ByteRange.Asked)])
    func rangesAsked(header: String, size: UInt64, asked: ByteRange.Asked) {
        #expect(ByteRange.asked(by: header, size: size) == asked)
    }

    @Test func headersThatAreNoRangeAskForTheWholeFile() {
        for header in [nil, "", "bytes=", "bytes=-", "bytes=3-1", "bytes=0-1,3-4", "items=0-1", "bytes=a-b", "bytes=1-2-3", "bytes"] {
            #expect(ByteRange.asked(by: header, size: 10) == nil, "\(header ?? "nil")")
        }
    }

    /// Both ways the server answers files: from a folder, and from a preview's site.
    @Test(arguments: [false, true])
    func aPartOfAFileIsSentWithItsPlace(fromMemory: Bool) throws {
        let fixture = try Fixture()
        let server = fromMemory ? try StaticServer(host: "127.0.0.1", port: 0) : try StaticServer(root: fixture.root.path, host: "127.0.0.1", port: 0)
        defer { server.stop() }
        if fromMemory { server.publish(BuildStatus(generation: 0), files: fixture.siteFiles) }
        func get(_ range: String?) throws -> HTTPReply {
            try HTTPClient.request(
                "GET", "/blob.bin", port: server.port, headers: "Host: 127.0.0.1:\(server.port)\r\n" + (range.map { "Range: \($0)\r\n" } ?? ""))
        }
        let whole = try get(nil)
        #expect(whole.status == 200 && whole.text == "bytes" && whole.headers["accept-ranges"] == "bytes")
        let part = try get("bytes=1-3")
        #expect(part.status == 206 && part.text == "yte")
        #expect(part.headers["content-range"] == "bytes 1-3/5" && part.headers["content-length"] == "3")
        #expect(try get("bytes=-2").text == "es")
        let past = try get("bytes=9-")
        #expect(past.status == 416 && past.headers["content-range"] == "bytes */5")
        let several = try get("bytes=0-1,3-4")
        #expect(several.status == 200 && several.text == "bytes")
        // A part asked for only if the file is as it was: files here have no version to tell.
        let ifRange = try HTTPClient.request(
            "GET", "/blob.bin", port: server.port, headers: "Host: 127.0.0.1:\(server.port)\r\nRange: bytes=0-1\r\nIf-Range: \"v1\"\r\n")
        #expect(ifRange.status == 200 && ifRange.text == "bytes")
    }
}
