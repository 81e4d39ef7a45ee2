import Dispatch
import Foundation
import Synchronization
import Testing

@testable import NotebookServer

@Suite struct LiveReloadTests {
    let fixture: Fixture
    let server: StaticServer

    init() throws {
        fixture = try Fixture()
        try Data("<html><BODY><p>a</p></body>\n<!-- </Body> --></html>".utf8)
            .write(to: fixture.root.appendingPathComponent("page.html"))
        server = try StaticServer(host: "127.0.0.1", port: 0)
        server.publish(BuildStatus(generation: 0), files: fixture.siteFiles)
    }

    func get(_ target: String, method: String = "GET") throws -> HTTPReply {
        try HTTPClient.request(method, target, port: server.port)
    }

    func tag(_ generation: Int) -> String {
        "<script src=\"/_notebook/live-reload.js\" data-generation=\"\(generation)\"></script>"
    }

    @Test func injectsTheScriptIntoPages() throws {
        defer { server.stop() }
        let home = try get("/index.html")
        #expect(home.status == 200)
        #expect(home.text == "<h1>home</h1>" + tag(0))
        #expect(home.headers["content-length"] == String(home.body.count))
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.headers["cache-control"] == "no-store")
        let page = try get("/page.html")
        #expect(page.text == "<html><BODY><p>a</p></body>\n<!-- " + tag(0) + "</Body> --></html>")
        #expect(page.headers["content-length"] == String(page.body.count))
        let head = try get("/page.html", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(page.body.count))
        let index = try get("/sub/")
        #expect(index.text == "<h1>sub</h1>" + tag(0))
        let missing = try get("/missing.html")
        #expect(missing.status == 404)
        #expect(missing.text == "<h1>nothing here</h1>" + tag(0))
    }

    @Test func leavesOtherFilesAlone() throws {
        defer { server.stop() }
        let css = try get("/style.css")
        #expect(css.status == 200)
        #expect(css.text == "body {}")
        #expect(css.headers["content-length"] == "7")
        let script = try get("/app.js")
        #expect(script.text == "let x = 1")
        let redirect = try get("/sub")
        #expect(redirect.status == 301)
        #expect(redirect.text == "Moved Permanently\n")
    }

    @Test func everyResponseCarriesTheGeneration() throws {
        defer { server.stop() }
        for target in ["/", "/style.css", "/sub", "/missing", "/_notebook/build", "/_notebook/live-reload.js"] {
            #expect(try get(target).headers["x-notebook-generation"] == "0", "\(target)")
        }
        #expect(try get("/", method: "POST").headers["x-notebook-generation"] == "0")
        server.publish(BuildStatus(generation: 7))
        #expect(try get("/style.css").headers["x-notebook-generation"] == "7")
        let home = try get("/")
        #expect(home.headers["x-notebook-generation"] == "7")
        #expect(home.text == "<h1>home</h1>" + tag(7))
        let events = try EventStreamClient(port: server.port)
        #expect(events.head.headers["x-notebook-generation"] == "7")
    }

    @Test func nothingChangesWithoutLiveReload() throws {
        server.stop()
        let plain = try StaticServer(root: fixture.root.path, host: "127.0.0.1", port: 0)
        defer { plain.stop() }
        plain.publish(BuildStatus(generation: 1, failurePage: "<p>broken</p>"))
        let home = try HTTPClient.request("GET", "/index.html", port: plain.port)
        #expect(home.status == 200)
        #expect(home.text == "<h1>home</h1>")
        #expect(home.headers["x-notebook-generation"] == nil)
        #expect(try HTTPClient.request("GET", "/_notebook/live-reload.js", port: plain.port).status == 404)
        #expect(try HTTPClient.request("GET", "/_notebook/build", port: plain.port).status == 404)
    }

    @Test func servesTheScript() throws {
        defer { server.stop() }
        let reply = try get("/_notebook/live-reload.js")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(reply.text.contains("new EventSource('/_notebook/events')"))
        #expect(reply.text.contains("document.currentScript"))
        #expect(reply.text.contains("data-generation"))
        #expect(reply.text.contains("location.reload()"))
        #expect(!reply.text.contains("<script"))
    }

    @Test func eventsAnnounceEveryGeneration() throws {
        defer { server.stop() }
        let events = try EventStreamClient(port: server.port)
        #expect(events.head.status == 200)
        #expect(events.head.headers["content-type"] == "text/event-stream")
        #expect(events.head.headers["cache-control"] == "no-store")
        #expect(try events.nextEvent() == "retry: 1000")
        #expect(try events.nextEvent() == "data: 0")
        server.publish(BuildStatus(generation: 1))
        #expect(try events.nextEvent() == "data: 1")
        server.publish(BuildStatus(generation: 2, failurePage: "<p>broken</p>"))
        #expect(try events.nextEvent() == "data: 2")
        let late = try EventStreamClient(port: server.port)
        #expect(try late.nextEvent() == "retry: 1000")
        #expect(try late.nextEvent() == "data: 2")
    }

    @Test func everyOpenStreamHearsOfAPublish() async throws {
        defer { server.stop() }
        let clients = try (0..<8).map { _ in try EventStreamClient(port: server.port) }
        for client in clients { #expect(try client.nextData() == "0") }
        server.publish(BuildStatus(generation: 1))
        for client in clients { #expect(try client.nextData() == "1") }
        server.publish(BuildStatus(generation: 2))
        for client in clients { #expect(try client.nextData() == "2") }
    }

    @Test func aFailedBuildReplacesPagesUntilAGoodOne() throws {
        defer { server.stop() }
        let failure = "<html><body><h1>Build failed</h1><pre>index.md:3: bad</pre></body></html>"
        server.publish(BuildStatus(generation: 1, failurePage: failure))
        let failed = "<html><body><h1>Build failed</h1><pre>index.md:3: bad</pre>" + tag(1) + "</body></html>"
        for target in ["/", "/index.html", "/sub/", "/page.html", "/missing.html", "/_notebook/nothing"] {
            let reply = try get(target)
            #expect(reply.status == 500, "\(target)")
            #expect(reply.text == failed, "\(target)")
            #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
            #expect(reply.headers["content-length"] == String(reply.body.count))
        }
        let head = try get("/", method: "HEAD")
        #expect(head.status == 500)
        #expect(head.headers["content-length"] == String(failed.utf8.count))
        let css = try get("/style.css")
        #expect(css.status == 200)
        #expect(css.text == "body {}")
        #expect(try get("/image.png").text == "png")
        #expect(try get("/_notebook/live-reload.js").status == 200)
        server.publish(BuildStatus(generation: 2))
        let home = try get("/")
        #expect(home.status == 200)
        #expect(home.text == "<h1>home</h1>" + tag(2))
        #expect(try get("/missing.html").status == 404)
    }

    @Test func servesTheBuildReport() throws {
        defer { server.stop() }
        let empty = try get("/_notebook/build")
        #expect(empty.status == 200)
        #expect(empty.headers["content-type"] == "application/json")
        #expect(empty.text == "{}")
        let report = #"{"generation":3,"rebuilt":["index.html","notes/a.html"]}"#
        server.publish(BuildStatus(generation: 3, failurePage: "<p>broken</p>", reportJSON: report))
        let reply = try get("/_notebook/build")
        #expect(reply.status == 200)
        #expect(reply.text == report)
        #expect(reply.headers["content-length"] == String(report.utf8.count))
    }

    @Test func otherNotebookPathsAreNotFound() throws {
        defer { server.stop() }
        try FileManager.default.createDirectory(
            at: fixture.root.appendingPathComponent("_notebook"), withIntermediateDirectories: true)
        try Data("shadow".utf8).write(to: fixture.root.appendingPathComponent("_notebook/file.txt"))
        for target in ["/_notebook/", "/_notebook/file.txt", "/_notebook/events/more", "/_notebook/build.json"] {
            let reply = try get(target)
            #expect(reply.status == 404, "\(target)")
            #expect(reply.text == "<h1>nothing here</h1>" + tag(0), "\(target)")
        }
        for method in ["POST", "PUT"] {
            #expect(try get("/_notebook/events", method: method).status == 405)
        }
        let head = try get("/_notebook/events", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.headers["content-type"] == "text/event-stream")
        #expect(head.body.isEmpty)
    }

    @Test func stopEndsOpenStreams() throws {
        let clients = try (0..<3).map { _ in try EventStreamClient(port: server.port) }
        for client in clients { #expect(try client.nextData() == "0") }
        #expect(server.eventStreamCount == 3)
        let stopped = DispatchSemaphore(value: 0)
        let stopping = server
        DispatchQueue.global().async {
            stopping.stop()
            stopped.signal()
        }
        #expect(stopped.wait(timeout: .now() + 60) == .success, "stop() did not return")
        #expect(!server.isRunning)
        #expect(server.eventStreamCount == 0)
        for client in clients { try client.readToEnd() }
        server.publish(BuildStatus(generation: 1))
    }

    @Test func pingsKeepAStreamPastTheConnectionTimeout() throws {
        server.stop()
        let quick = try StaticServer(host: "127.0.0.1", port: 0, connectionTimeout: 1, pingInterval: .milliseconds(100))
        defer { quick.stop() }
        let events = try EventStreamClient(port: quick.port)
        #expect(try events.nextData() == "0")
        // 20 pings at 100 ms or more apart outlast the 1 s timeout several times.
        var pings = 0
        while pings < 20 {
            let event = try events.nextEvent()
            #expect(event == ": ping")
            pings += 1
        }
        quick.publish(BuildStatus(generation: 1))
        #expect(try events.nextData() == "1")
    }

    @Test func publishesRacingWithDisconnectsAreSafe() async throws {
        server.stop()
        let busy = try StaticServer(host: "127.0.0.1", port: 0, pingInterval: .milliseconds(20))
        defer { busy.stop() }
        let port = busy.port
        let published = Published()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while true {
                    let generation = published.state.withLock { state -> Int? in
                        if state.done { return nil }
                        state.generation += 1
                        return state.generation
                    }
                    guard let generation else { return }
                    busy.publish(BuildStatus(generation: generation))
                    await Task.yield()
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { clients in
                for _ in 0..<4 {
                    clients.addTask {
                        for _ in 0..<10 {
                            let client = try EventStreamClient(port: port)
                            _ = try client.nextData()
                            // Leaves by closing the socket (deinit), possibly mid-publish.
                        }
                    }
                }
                try await clients.waitForAll()
            }
            published.state.withLock { $0.done = true }
            try await group.waitForAll()
        }
        // Every stream is released once its client is noticed gone (at a ping, at the latest).
        var attempts = 0
        while busy.eventStreamCount > 0 && attempts < 600 {
            try await Task.sleep(for: .milliseconds(50))
            attempts += 1
        }
        #expect(busy.eventStreamCount == 0)
        let events = try EventStreamClient(port: port)
        #expect(try events.nextData() == String(published.state.withLock { $0.generation }))
    }
}

@Test func insertsBeforeTheLastBodyEnd() {
    let tag = LiveReloadScript.tag(generation: 4)
    func inject(_ html: String) -> String {
        String(decoding: LiveReloadScript.inject(generation: 4, into: Array(html.utf8)), as: UTF8.self)
    }
    #expect(inject("<body>x</body>") == "<body>x" + tag + "</body>")
    #expect(inject("<body>x</BODY>\n") == "<body>x" + tag + "</BODY>\n")
    #expect(inject("a</body>b</bOdY>c") == "a</body>b" + tag + "</bOdY>c")
    #expect(inject("<p>no end") == "<p>no end" + tag)
    #expect(inject("") == tag)
    #expect(inject("</body") == "</body" + tag)
    #expect(inject("é</body>") == "é" + tag + "</body>")
}

/// The last generation a racing publisher published, and whether it should stop.
private final class Published: Sendable {
    let state = Mutex((generation: 0, done: false))
}
