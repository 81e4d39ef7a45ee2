import Foundation
import Testing

/// The `notebook serve` binary: it tells where it serves, answers the names `--allowed-host`
/// gives, and SIGTERM stops it cleanly while pages listen for reloads.
@Suite struct ServeProcessTests {
    /// Given the site's path, and run inside it with none (`cd SITE && notebook serve`).
    @Test(arguments: [false, true]) func sigtermStopsItWithEventStreamsOpen(fromInside: Bool) throws {
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("notebook").path }
        let binary = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "build the notebook product first")
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-serve-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: site) }
        try FileManager.default.createDirectory(atPath: site + "/notes", withIntermediateDirectories: true)
        try Data("# Hello\n\nA note.\n".utf8).write(to: URL(fileURLWithPath: site + "/notes/hello.md"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = (fromInside ? ["serve"] : ["serve", site]) + ["--port", "0", "--allowed-host", "notebook.test", "--allowed-host=second.test"]
        if fromInside { process.currentDirectoryURL = URL(fileURLWithPath: site) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var printed = ""
        while !printed.contains("Ctrl-C to stop") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        let port = try #require(
            printed.split(separator: "http://127.0.0.1:").dropFirst().first.flatMap { UInt16($0.prefix { $0.isNumber }) },
            "no address in \(printed)")
        #expect(try HTTPClient.request("GET", "/hello/", port: port).text.contains("A note."))
        for (host, status) in [("notebook.test", 200), ("second.test", 200), ("evil.example", 403)] {
            let reply = try HTTPClient.request("GET", "/hello/", port: port, headers: "Host: \(host):\(port)\r\n")
            #expect(reply.status == status, "\(host)")
        }
        let streams = try (0..<3).map { _ in try EventStreamClient(port: port) }
        for stream in streams { #expect(try stream.nextData() == "1") }

        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<500 where process.isRunning { usleep(20_000) }
        #expect(!process.isRunning, "still running after SIGTERM")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.contains("stopped serving"))
        // Built in memory: the site holds what it held, and no `public/`.
        #expect(try FileManager.default.contentsOfDirectory(atPath: site) == ["notes"])
    }
}
