import Foundation
import TestSupport
import Testing

/// The real `notebook` binary, run as a person runs it: in a folder, with arguments, maybe as
/// another user or under limits, maybe killed.
struct NotebookProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var all: String { stdout + stderr }
    }

    /// The binary `swift build` made beside the test bundle.
    static func binary() throws -> String {
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("notebook").path }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "build the notebook product first")
    }

    /// Runs `notebook ARGUMENTS` in `folder`, through `/bin/sh -c PREFIX` when `prefix` is given
    /// (`ulimit -f 8; exec`), with `environment` added; waits for it.
    static func run(
        _ arguments: [String], in folder: String? = nil, prefix: String? = nil, environment: [String: String] = [:]
    ) throws -> Outcome {
        let process = try start(arguments, in: folder, prefix: prefix, environment: environment)
        let out = process.stdout.fileHandleForReading.readDataToEndOfFile()
        let err = process.stderr.fileHandleForReading.readDataToEndOfFile()
        process.process.waitUntilExit()
        return Outcome(
            status: process.process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// A started process and its pipes.
    struct Running {
        var process: Process
        var stdout: Pipe
        var stderr: Pipe

        /// Reads standard error until it holds `text` (or the process ends); what was read.
        func waitForError(_ text: String) -> String {
            var printed = ""
            while !printed.contains(text) {
                let data = stderr.fileHandleForReading.availableData
                guard !data.isEmpty else { break }
                printed += String(decoding: data, as: UTF8.self)
            }
            return printed
        }

        func kill() {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    static func start(
        _ arguments: [String], in folder: String? = nil, prefix: String? = nil, environment: [String: String] = [:]
    ) throws -> Running {
        let process = Process()
        let binary = try binary()
        if let prefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", prefix + " \"$0\" \"$@\"", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, stdout: out, stderr: err)
    }

    /// Whether the tests run as root (CI does), so that they can act as an unprivileged user.
    static var isRoot: Bool { getuid() == 0 }
}

/// A folder of files made for one test, removed afterwards (permissions restored first).
final class Scratch {
    let path: String

    init(_ files: [String: String] = [:]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-safety-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, contents) in files { try write(name, contents) }
    }

    func write(_ name: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func link(_ name: String, to target: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(path + "/" + name, &info) == 0
    }

    deinit {
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwX", path]).waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Every file under a folder with a digest of its bytes, dot-files included.
func digest(_ root: String) -> [String: UInt64] {
    FolderDigest.of(root)
}

/// A small site with a template of its own, a Markdown note and a JSON note, and a broken link.
func smallSite() throws -> Scratch {
    try Scratch([
        "site/notebook.yml": "title: Safety\nbaseURL: https://example.org/\n",
        "site/notes/a.md": "---\ntitle: A\ndate: 2026-01-02\ntags: [x]\n---\nA links to [[B]] and [[Nowhere]].\n",
        "site/notes/b.json": #"{"title": "B", "date": "2026-01-01", "body": "B is JSON."}"#,
        "site/notes/pic.txt": "a file beside the notes\n",
        "site/assets/extra.css": "body { color: black; }\n",
        "site/templates/footer.mustache": "<footer>SITE-OWN-FOOTER</footer>\n",
    ])
}
