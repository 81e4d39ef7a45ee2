import Foundation
import Testing

@testable import NotebookServer

/// A temporary site: files, a folder with an index, a 404 page, and a link to a file outside.
final class Fixture {
    let base: URL
    let root: URL

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-server-\(UUID().uuidString)")
        root = base.appendingPathComponent("site")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
        }
        try write("index.html", "<h1>home</h1>")
        try write("style.css", "body {}")
        try write("app.js", "let x = 1")
        try write("data.json", "{}")
        try write("image.png", "png")
        try write("photo.JPEG", "jpeg")
        try write("notes.txt", "plain")
        try write("blob.bin", "bytes")
        try write("sub/index.html", "<h1>sub</h1>")
        try write("404.html", "<h1>nothing here</h1>")
        try Data("top secret".utf8).write(to: base.appendingPathComponent("secret"))
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("link").path, withDestinationPath: base.appendingPathComponent("secret").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("uplink").path, withDestinationPath: base.path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("alias.css").path, withDestinationPath: "style.css")
    }

    /// The fixture's files as a site the server holds in memory: text files as pages, the rest
    /// as files read from disk.
    var siteFiles: SiteFiles {
        var site = SiteFiles()
        let names = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? []
        for name in names {
            let path = root.appendingPathComponent(name).path
            var isFolder: ObjCBool = false
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil,
                FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            if ["html", "css", "js", "json", "txt"].contains((name as NSString).pathExtension) {
                site.pages[name] = Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
            } else {
                site.files[name] = path
            }
        }
        return site
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }
}

@Suite(.serialized) struct StaticServerTests {
    let fixture: Fixture
    let server: StaticServer

    init() throws {
        fixture = try Fixture()
        server = try StaticServer(root: fixture.root.path, host: "127.0.0.1", port: 0)
    }

    func get(_ target: String, method: String = "GET") throws -> HTTPReply {
        try HTTPClient.request(method, target, port: server.port)
    }

    @Test func choosesAPort() {
        #expect(server.port != 0)
        #expect(server.isRunning)
        server.stop()
    }

    @Test(arguments: [
        ("/index.html", "text/html; charset=utf-8", "<h1>home</h1>"),
        ("/style.css", "text/css; charset=utf-8", "body {}"),
        ("/app.js", "text/javascript; charset=utf-8", "let x = 1"),
        ("/data.json", "application/json", "{}"),
        ("/image.png", "image/png", "png"),
        ("/photo.JPEG", "image/jpeg", "jpeg"),
        ("/notes.txt", "text/plain; charset=utf-8", "plain"),
        ("/blob.bin", "application/octet-stream", "bytes"),
        ("/alias.css", "text/css; charset=utf-8", "body {}"),
        ("/style.css?v=2", "text/css; charset=utf-8", "body {}"),
        ("/%73tyle.css", "text/css; charset=utf-8", "body {}"),
    ])
    func servesFiles(target: String, type: String, body: String) throws {
        defer { server.stop() }
        let reply = try get(target)
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == type)
        #expect(reply.headers["cache-control"] == "no-store")
        #expect(reply.text == body)
    }

    @Test func servesFolderIndexes() throws {
        defer { server.stop() }
        let home = try get("/")
        #expect(home.status == 200)
        #expect(home.text == "<h1>home</h1>")
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        let sub = try get("/sub/")
        #expect(sub.status == 200)
        #expect(sub.text == "<h1>sub</h1>")
        #expect(sub.headers["cache-control"] == "no-store")
    }

    @Test func redirectsFoldersWithoutSlash() throws {
        defer { server.stop() }
        let reply = try get("/sub")
        #expect(reply.status == 301)
        #expect(reply.headers["location"] == "/sub/")
    }

    @Test func folderWithoutIndexIsNotFound() throws {
        defer { server.stop() }
        let reply = try get("/empty/")
        #expect(reply.status == 404)
        #expect(reply.text == "<h1>nothing here</h1>")
    }

    @Test func missingFileGetsThe404Page() throws {
        defer { server.stop() }
        let reply = try get("/missing.html")
        #expect(reply.status == 404)
        #expect(reply.text == "<h1>nothing here</h1>")
        #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
        #expect(reply.headers["cache-control"] == "no-store")
    }

    @Test func missingFileWithout404PageGetsText() throws {
        defer { server.stop() }
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("404.html"))
        let reply = try get("/missing.html")
        #expect(reply.status == 404)
        #expect(reply.text == "Not Found\n")
    }

    @Test(arguments: [
        "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/sub/%2E%2E/%2E%2E/secret", "/link", "/uplink/secret",
        "/..%2f..%2fetc/passwd", "/..%5c..%5csecret", "/sub\\..\\..\\secret", "/index.html%00.png", "//etc/passwd",
        "/%2Fetc%2Fpasswd", "http://127.0.0.1/../secret", "/sub/../../secret", "/%zz", "/..",
    ])
    func neverLeavesTheRoot(target: String) throws {
        defer { server.stop() }
        let reply = try get(target)
        #expect(reply.status == 404, "\(target): \(reply.status)")
        #expect(reply.text == "<h1>nothing here</h1>")
        #expect(!reply.text.contains("top secret"))
        #expect(!reply.text.contains("root:"))
    }

    @Test func rejectsOtherMethods() throws {
        defer { server.stop() }
        for method in ["POST", "DELETE", "PUT"] {
            let reply = try get("/index.html", method: method)
            #expect(reply.status == 405, "\(method)")
            #expect(reply.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func headHasNoBody() throws {
        defer { server.stop() }
        let reply = try get("/style.css", method: "HEAD")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/css; charset=utf-8")
        #expect(reply.headers["content-length"] == "7")
        #expect(reply.headers["cache-control"] == "no-store")
        #expect(reply.body.isEmpty)
    }

    @Test func keepsConnectionsAlive() throws {
        defer { server.stop() }
        let descriptor = try HTTPClient.connectSocket(port: server.port)
        defer { close(descriptor) }
        try HTTPClient.send(descriptor, "GET /style.css HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        #expect(count > 0)
        let reply = try HTTPClient.parse(Array(buffer[0..<max(count, 0)]))
        #expect(reply.status == 200)
        #expect(reply.headers["connection"]?.lowercased() != "close")
    }

    @Test func portInUseIsAClearError() throws {
        defer { server.stop() }
        #expect(throws: StaticServerError.portInUse(host: "127.0.0.1", port: server.port)) {
            _ = try StaticServer(root: fixture.root.path, host: "127.0.0.1", port: server.port)
        }
        #expect(StaticServerError.portInUse(host: "127.0.0.1", port: 8000).description == "port 8000 is in use on 127.0.0.1")
    }

    @Test func rejectsBadHostsAndRoots() {
        defer { server.stop() }
        #expect(throws: StaticServerError.invalidHost("nowhere")) {
            _ = try StaticServer(root: fixture.root.path, host: "nowhere", port: 0)
        }
        let missing = fixture.base.appendingPathComponent("missing").path
        #expect(throws: StaticServerError.invalidRoot(missing)) {
            _ = try StaticServer(root: missing, host: "127.0.0.1", port: 0)
        }
    }

    @Test func stopsPromptlyWithAConnectionOpen() throws {
        let idle = try HTTPClient.connectSocket(port: server.port)
        defer { close(idle) }
        let busy = try HTTPClient.connectSocket(port: server.port)
        defer { close(busy) }
        try HTTPClient.send(busy, "GET /style.css HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = buffer.withUnsafeMutableBytes { recv(busy, $0.baseAddress, $0.count, 0) }
        let start = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(!server.isRunning)
        server.stop()
        #expect(throws: ClientError.self) { _ = try HTTPClient.request("GET", "/", port: server.port) }
    }

    @Test func servesConcurrentRequests() async throws {
        defer { server.stop() }
        let port = server.port
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<32 {
                group.addTask { try HTTPClient.request("GET", "/style.css", port: port).status }
            }
            var statuses: [Int] = []
            for try await status in group { statuses.append(status) }
            return statuses
        }
        #expect(statuses == Array(repeating: 200, count: 32))
    }
}

@Test func contentTypes() {
    #expect(RequestHandler.contentType(for: "/a/b.SVG") == "image/svg+xml")
    #expect(RequestHandler.contentType(for: "/a/b.webp") == "image/webp")
    #expect(RequestHandler.contentType(for: "/a/b.pdf") == "application/pdf")
    #expect(RequestHandler.contentType(for: "/a/b.MP4") == "video/mp4")
    #expect(RequestHandler.contentType(for: "/a/b.mp3") == "audio/mpeg")
    #expect(RequestHandler.contentType(for: "/a/b.webm") == "video/webm")
    #expect(RequestHandler.contentType(for: "/a/b.xml") == "application/xml")
    #expect(RequestHandler.contentType(for: "/a/b.gif") == "image/gif")
    #expect(RequestHandler.contentType(for: "/a/b.jpg") == "image/jpeg")
    #expect(RequestHandler.contentType(for: "/a.b/c") == "application/octet-stream")
    #expect(RequestHandler.contentType(for: "/a/README") == "application/octet-stream")
}

@Test func segments() {
    #expect(RequestHandler.segments(of: "/a/b%20c/") == ["a", "b c"])
    #expect(RequestHandler.segments(of: "/./a//b") == ["a", "b"])
    #expect(RequestHandler.segments(of: "/a/%2e%2E/b") == nil)
    #expect(RequestHandler.segments(of: "/a%00") == nil)
    #expect(RequestHandler.segments(of: "/a%5cb") == nil)
    #expect(RequestHandler.segments(of: "/%ff") == nil)
    #expect(RequestHandler.segments(of: "a") == nil)
    #expect(RequestHandler.percentEncode("b c/é") == "b%20c%2F%C3%A9")
}
