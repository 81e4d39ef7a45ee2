import Foundation
import Testing

@testable import NotebookServer

/// A server holding more than a thousand idle connections (past select()'s 1,024 descriptors and
/// libmicrohttpd's default limit) still answers a new request, and closes the idle ones after its
/// timeout.
@Suite struct ConnectionLimitTests {
    static let idleCount = 1_100

    /// A server of a folder, and one of a published site with live reload, as the preview's.
    @Test(arguments: [false, true]) func answersPastAThousandIdleConnectionsAndClosesThemWhenIdle(fromMemory: Bool) throws {
        // Both ends of every connection live in this process.
        let descriptors = DescriptorLimit.raise()
        try #require(descriptors >= rlim_t(Self.idleCount * 2 + 200), "the hard limit on open files is too low")
        let fixture = try Fixture()
        let server = try fromMemory
            ? StaticServer(host: "127.0.0.1", port: 0, connectionTimeout: 2)
            : StaticServer(root: fixture.root.path, host: "127.0.0.1", port: 0, connectionTimeout: 2)
        defer { server.stop() }
        if fromMemory { server.publish(BuildStatus(generation: 1), files: fixture.siteFiles) }
        #expect(server.connectionLimit > UInt32(Self.idleCount))

        var idle: [Int32] = []
        defer { for descriptor in idle { close(descriptor) } }
        for _ in 0..<Self.idleCount { idle.append(try HTTPClient.connectSocket(port: server.port, timeoutSeconds: 10)) }
        for _ in 0..<1000 where server.connectionCount < Self.idleCount { usleep(10_000) }
        #expect(server.connectionCount == Self.idleCount)

        let reply = try HTTPClient.request("GET", "/", port: server.port)
        #expect(reply.status == 200)
        #expect(reply.text.hasPrefix("<h1>home</h1>"))

        for _ in 0..<1000 where server.connectionCount > 0 { usleep(20_000) }
        #expect(server.connectionCount == 0)
        var closed = 0
        var byte: UInt8 = 0
        for descriptor in idle where recv(descriptor, &byte, 1, 0) == 0 { closed += 1 }
        #expect(closed == Self.idleCount)
    }
}

@Test func connectionLimitsLeaveRoomForFilesAndTheRestOfTheProcess() {
    #expect(DescriptorLimit.connections(for: 1024) == 384)
    #expect(DescriptorLimit.connections(for: 65_536) == 10_000)
    #expect(DescriptorLimit.connections(for: 2_656) == 1_200)
    #expect(DescriptorLimit.connections(for: 100) == 25)
    #expect(DescriptorLimit.raise() >= 1024)
}
