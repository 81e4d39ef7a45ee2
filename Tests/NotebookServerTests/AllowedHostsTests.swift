import Foundation
import Testing

@testable import NotebookServer

/// Which Host values a server answers, against DNS rebinding.
@Suite struct AllowedHostsTests {
    static let loopback = AllowedHosts.serving(host: "127.0.0.1", machineAddresses: { ["192.168.1.5"] })
    static let everywhere = AllowedHosts.serving(
        host: "0.0.0.0", extra: ["Notebook.Test.", ".example.test"], machineAddresses: { ["192.168.1.5", "fe80::1"] })

    @Test(arguments: [
        "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LocalHost:8000", "localhost.:8000", "[0:0:0:0:0:0:0:1]:8000",
        " localhost:8000 ", "localhost:08000",
    ])
    func loopbackAnswersItsNames(host: String) {
        #expect(Self.loopback.check(host, port: 8000) == .allowed)
    }

    @Test(arguments: [
        "evil.example:8000", "localhost:8001", "localhost", "127.0.0.1", "[::1]", "localhost:", "192.168.1.5:8000",
        "127.0.0.1.evil.example:8000", "localhost.evil.example:8000", "::1:8000", "[::1:8000", "[::1]x:8000",
        "localhost:80a0", "user@localhost:8000", "localhost:8000/x", "localhost:99999", "0.0.0.0:8000", "[::1]:8000:1",
    ])
    func loopbackRefusesEverythingElse(host: String) {
        #expect(Self.loopback.check(host, port: 8000) == .refused)
    }

    @Test func aHostWithoutPortMeansPort80() {
        #expect(Self.loopback.check("localhost", port: 80) == .allowed)
        #expect(Self.loopback.check("[::1]", port: 80) == .allowed)
        #expect(Self.loopback.check("localhost:80", port: 80) == .allowed)
        #expect(Self.loopback.check("localhost:8000", port: 80) == .refused)
    }

    @Test func noHostIsMissing() {
        #expect(Self.loopback.check(nil, port: 8000) == .missing)
        #expect(Self.loopback.check("", port: 8000) == .missing)
        #expect(Self.loopback.check("  ", port: 8000) == .missing)
    }

    @Test func boundElsewhereAnswersTheMachinesAddressesAndTheAllowedNames() {
        for host in [
            "0.0.0.0:8000", "192.168.1.5:8000", "[fe80::1]:8000", "[FE80:0::1]:8000", "localhost:8000", "127.0.0.1:8000",
            "notebook.test:8000", "NOTEBOOK.TEST.:8000", "example.test:8000", "a.b.example.test:8000",
        ] {
            #expect(Self.everywhere.check(host, port: 8000) == .allowed, "\(host)")
        }
        for host in ["evil.example:8000", "badexample.test:8000", "notebook.test.evil:8000", "192.168.1.6:8000", "notebook.test:80"] {
            #expect(Self.everywhere.check(host, port: 8000) == .refused, "\(host)")
        }
    }

    @Test func loopbackBindingsDoNotAddTheMachinesAddresses() {
        #expect(AllowedHosts.isLoopback("127.0.0.1"))
        #expect(AllowedHosts.isLoopback("127.0.0.2"))
        #expect(AllowedHosts.isLoopback("::1"))
        #expect(AllowedHosts.isLoopback("[::1]"))
        #expect(AllowedHosts.isLoopback("localhost"))
        #expect(!AllowedHosts.isLoopback("0.0.0.0"))
        #expect(!AllowedHosts.isLoopback("127.example"))
        #expect(AllowedHosts.serving(host: "::1", machineAddresses: { ["10.0.0.1"] }).names == ["localhost", "127.0.0.1", "::1"])
    }

    @Test func allowedNamesAreChecked() {
        for name in ["notebook.test", "Notebook.Test.", ".example.test", "::1", "[::1]", "192.168.1.5", "my-pc"] {
            #expect(AllowedHosts.isValidName(name), "\(name)")
        }
        for name in ["", ".", "notebook.test:8000", "a b", "http://x", "[::1]:80", "user@host"] {
            #expect(!AllowedHosts.isValidName(name), "\(name)")
        }
    }

    @Test func theMachineHasAddresses() {
        #expect(AllowedHosts.localAddresses().contains("127.0.0.1"))
    }
}

/// A running server refuses requests for other names on every path, live-reload endpoints too.
@Suite(.serialized) struct HostCheckTests {
    let fixture: Fixture
    let server: StaticServer

    init() throws {
        fixture = try Fixture()
        server = try StaticServer(host: "127.0.0.1", port: 0, allowedHosts: ["notebook.test"])
        server.publish(BuildStatus(generation: 0), files: fixture.siteFiles)
    }

    func get(_ target: String, host: String?, version: String = "HTTP/1.0") throws -> HTTPReply {
        try HTTPClient.request("GET", target, port: server.port, headers: host.map { "Host: \($0)\r\n" } ?? "", version: version)
    }

    @Test func answersItsOwnNames() throws {
        defer { server.stop() }
        let port = server.port
        for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "LOCALHOST.:\(port)", "notebook.test:\(port)"] {
            let reply = try get("/", host: host)
            #expect(reply.status == 200, "\(host)")
            #expect(reply.text.contains("<h1>home</h1>"), "\(host)")
            #expect(try get("/_notebook/build", host: host).status == 200, "\(host)")
        }
        let events = try EventStreamClient(port: port, host: "notebook.test:\(port)")
        #expect(events.head.status == 200)
        #expect(try events.nextData() == "0")
    }

    @Test func refusesOtherNamesOnEveryPath() throws {
        defer { server.stop() }
        let port = server.port
        server.publish(BuildStatus(generation: 1, reportJSON: #"{"secret":1}"#))
        for target in ["/", "/style.css", "/missing", "/_notebook/build", "/_notebook/live-reload.js", "/_notebook/events"] {
            for host in ["evil.example:\(port)", "localhost:\(port &+ 1)", "localhost", "notebook.test.evil.example:\(port)"] {
                let reply = try get(target, host: host)
                #expect(reply.status == 403, "\(target) for \(host)")
                #expect(!reply.text.contains("secret") && !reply.text.contains("home"))
                #expect(reply.headers["x-notebook-generation"] == nil)
            }
        }
        let reply = try get("/_notebook/build", host: "evil.example:\(port)")
        #expect(reply.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(reply.text.contains("\"evil.example:\(port)\""))
        #expect(reply.text.contains("--allowed-host evil.example"))
        let events = try EventStreamClient(port: port, host: "evil.example:\(port)")
        #expect(events.head.status == 403)
        #expect(server.eventStreamCount == 0)
    }

    @Test func aRequestWithoutHostIsBad() throws {
        defer { server.stop() }
        for target in ["/", "/_notebook/build", "/_notebook/events"] {
            #expect(try get(target, host: nil).status == 400, "\(target)")
            #expect(try get(target, host: nil, version: "HTTP/1.1").status == 400, "\(target)")
        }
    }

    @Test func twoHostHeadersAreBad() throws {
        defer { server.stop() }
        let port = server.port
        for target in ["/", "/_notebook/build"] {
            let headers = "Host: localhost:\(port)\r\nHost: evil.example\r\n"
            let reply = try HTTPClient.request("GET", target, port: port, headers: headers, version: "HTTP/1.0")
            #expect(reply.status == 400, "\(target)")
            #expect(!reply.text.contains("<h1>home</h1>"))
        }
    }

    @Test func aPlainServerChecksHostsToo() throws {
        defer { server.stop() }
        let plain = try StaticServer(root: fixture.root.path, host: "127.0.0.1", port: 0)
        defer { plain.stop() }
        let port = plain.port
        #expect(try HTTPClient.request("GET", "/style.css", port: port, headers: "Host: localhost:\(port)\r\n").status == 200)
        #expect(try HTTPClient.request("GET", "/style.css", port: port, headers: "Host: evil.example:\(port)\r\n").status == 403)
        #expect(try HTTPClient.request("GET", "/style.css", port: port, headers: "Host: notebook.test:\(port)\r\n").status == 403)
    }
}
