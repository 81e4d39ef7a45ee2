import Foundation
import Synchronization
import Testing

@testable import NotebookServer

/// A server of published sites: pages from memory, copied files from disk, builds swapped whole.
@Suite struct ServedSiteTests {
    /// Build `generation`'s page: 64 KB of its number, so that bytes of two builds in one answer show.
    static func page(_ generation: Int) -> [UInt8] {
        Array(("<html><body>" + String(repeating: "\(generation);", count: 65_536 / 4) + "</body></html>").utf8)
    }

    /// The build a page answer is from, when the whole body is one build's; nil otherwise.
    static func generation(of body: String) -> Int? {
        guard body.hasPrefix("<html><body>"), let end = body.range(of: "<script") else { return nil }
        let numbers = Set(body[body.index(body.startIndex, offsetBy: 12)..<end.lowerBound].split(separator: ";"))
        guard numbers.count == 1, let number = Int(numbers.first!) else { return nil }
        guard body.hasSuffix("data-generation=\"\(number)\"></script></body></html>") else { return nil }
        return number
    }

    static func site(_ generation: Int) -> SiteFiles {
        var files = SiteFiles(pages: ["index.html": page(generation), "404.html": Array("<p>none</p>".utf8)])
        // Every other build has one more page: the set of paths changes too.
        if generation % 2 == 0 { files.pages["even/index.html"] = page(generation) }
        return files
    }

    @Test func answersArriveWholeFromOneBuildWhileBuildsArePublished() throws {
        let server = try StaticServer(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        server.publish(BuildStatus(generation: 0), files: Self.site(0))
        let port = server.port
        let shared = Hammering()
        // Threads, not tasks: the clients block in their sockets.
        let finished = DispatchGroup()
        for client in 0..<4 {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                var answers = 0
                while !shared.done.withLock({ $0 }) || answers < 20 {
                    let target = client % 2 == 0 ? "/" : "/even/"
                    guard let reply = try? HTTPClient.request("GET", target, port: port) else {
                        shared.problems.withLock { $0.append("\(target): no answer") }
                        return
                    }
                    answers += 1
                    let header = reply.headers["x-notebook-generation"].flatMap { Int($0) }
                    if reply.status == 404 && target == "/even/" {
                        // Only a build without the page says it is not there.
                        if let header, header % 2 == 0 { shared.problems.withLock { $0.append("/even/ missing in build \(header)") } }
                        continue
                    }
                    let body = Self.generation(of: reply.text)
                    if reply.status != 200 || body == nil || body != header || reply.headers["content-length"] != String(reply.body.count) {
                        shared.problems.withLock { $0.append("\(target): status \(reply.status), header \(header ?? -1), body \(body ?? -1)") }
                    }
                }
                shared.answers.withLock { $0 += answers }
            }
        }
        for generation in 1...120 {
            server.publish(BuildStatus(generation: generation), files: Self.site(generation))
            usleep(2_000)
        }
        shared.done.withLock { $0 = true }
        #expect(finished.wait(timeout: .now() + 60) == .success)
        #expect(shared.problems.withLock { Array($0.prefix(10)) } == [])
        #expect(shared.answers.withLock { $0 } >= 80)
    }

    @Test func copiedFilesAreReadFromDiskAtEachRequestAndNeverThroughALink() throws {
        let fixture = try Fixture()
        let server = try StaticServer(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let image = fixture.root.appendingPathComponent("image.png").path
        server.publish(BuildStatus(generation: 1), files: SiteFiles(pages: [:], files: ["photos/image.png": image]))
        let first = try HTTPClient.request("GET", "/photos/image.png", port: server.port)
        #expect(first.status == 200)
        #expect(first.text == "png")
        #expect(first.headers["content-type"] == "image/png")
        // Not kept in memory: a file changed on disk is served as it is now.
        try Data("new png".utf8).write(to: URL(fileURLWithPath: image))
        #expect(try HTTPClient.request("GET", "/photos/image.png", port: server.port).text == "new png")
        // A file swapped for a link to something outside the site is not followed.
        try FileManager.default.removeItem(atPath: image)
        try FileManager.default.createSymbolicLink(atPath: image, withDestinationPath: fixture.base.appendingPathComponent("secret").path)
        let linked = try HTTPClient.request("GET", "/photos/image.png", port: server.port)
        #expect(linked.status == 404)
        #expect(!linked.text.contains("top secret"))
        #expect(try HTTPClient.request("GET", "/photos", port: server.port).status == 301)
        #expect(try HTTPClient.request("GET", "/photos/", port: server.port).status == 404)
    }

    @Test func aNamedPipeInAFilesPlaceIsNotWaitedFor() throws {
        let fixture = try Fixture()
        let server = try StaticServer(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let pipe = fixture.root.appendingPathComponent("pipe.png").path
        #expect(mkfifo(pipe, 0o644) == 0)
        server.publish(BuildStatus(generation: 1), files: SiteFiles(pages: ["index.html": Array("<p>home</p>".utf8)], files: ["pipe.png": pipe]))
        // More requests than the server has threads: none may be left waiting for a writer.
        for _ in 0..<(ProcessInfo.processInfo.activeProcessorCount + 2) {
            #expect(try HTTPClient.request("GET", "/pipe.png", port: server.port).status == 404)
        }
        #expect(try HTTPClient.request("GET", "/", port: server.port).status == 200)
    }

    @Test func pathsAreDecodedAndCheckedOnce() throws {
        let server = try StaticServer(host: "127.0.0.1", port: 0, liveReload: false)
        defer { server.stop() }
        server.publish(
            BuildStatus(generation: 1),
            files: SiteFiles(pages: [
                "a b/index.html": Array("<p>space</p>".utf8), "index.html": Array("<p>home</p>".utf8),
                "back\\slash.txt": Array("a file's own name".utf8),
            ]))
        // A backslash is a character of a name here, never a separator: nothing is looked up on disk.
        #expect(try HTTPClient.request("GET", "/back%5Cslash.txt", port: server.port).text == "a file's own name")
        #expect(try HTTPClient.request("GET", "/index.html/", port: server.port).status == 404)
        #expect(try HTTPClient.request("GET", "/a%20b/", port: server.port).text == "<p>space</p>")
        #expect(try HTTPClient.request("GET", "/./a%20b//index.html?x=1", port: server.port).text == "<p>space</p>")
        #expect(try HTTPClient.request("GET", "/?query", port: server.port).text == "<p>home</p>")
        let redirect = try HTTPClient.request("GET", "/a%20b", port: server.port)
        #expect(redirect.status == 301)
        #expect(redirect.headers["location"] == "/a%20b/")
        for target in ["/a%20b/../index.html", "/%2e%2e/etc/passwd", "/a%00", "/a%5cb", "/%ff", "/a%2", "/a%20b/index.html/"] {
            #expect(try HTTPClient.request("GET", target, port: server.port).status == 404, "\(target)")
        }
        // Without live reload: no script, no generation, no /_notebook/.
        let home = try HTTPClient.request("GET", "/", port: server.port)
        #expect(home.headers["x-notebook-generation"] == nil)
        #expect(try HTTPClient.request("GET", "/_notebook/build", port: server.port).status == 404)
        #expect(try HTTPClient.request("POST", "/", port: server.port).status == 405)
    }
}

/// What the clients of the hammering test share.
private final class Hammering: Sendable {
    let done = Mutex(false)
    let problems = Mutex([String]())
    let answers = Mutex(0)
}

@Test func requestPaths() {
    #expect(RequestPath("/")?.path == "")
    #expect(RequestPath("/")?.endsWithSlash == true)
    #expect(RequestPath("/a/b%20c/") == RequestPath(path: "a/b c", endsWithSlash: true))
    #expect(RequestPath("/a/b?x=/") == RequestPath(path: "a/b", endsWithSlash: false))
    #expect(RequestPath("/a/#frag") == RequestPath(path: "a", endsWithSlash: true))
    #expect(RequestPath("/a%2fb")?.segments == ["a", "b"])
    #expect(RequestPath("/...")?.path == "...")
    #expect(RequestPath("/a/..") == nil)
    #expect(RequestPath("") == nil)
    #expect(RequestPath("?x") == nil)
}
