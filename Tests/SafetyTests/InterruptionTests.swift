import Foundation
import Testing

/// A kill at any moment, or a write that fails, loses nothing: the output is the previous build's
/// or the new one's, and the next build works.
@Suite(.serialized) struct InterruptionTests {
    /// A generated notebook of `count` notes in `scratch/site`.
    private func generated(_ count: Int, in scratch: Scratch) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/bench/gen_corpus.py").standardized.path
        let process = try Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script, scratch.path + "/site", "--notes", String(count)])
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Every Markdown note of the site, by path, with its text.
    private func notes(_ scratch: Scratch) throws -> [String: String] {
        let folder = scratch.path + "/site/notes"
        var texts: [String: String] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder) where name.hasSuffix(".md") {
            texts[folder + "/" + name] = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
        return texts
    }

    private func write(_ texts: [String: String]) throws {
        for (path, text) in texts { try text.write(toFile: path, atomically: false, encoding: .utf8) }
    }

    @Test func aKillAtAnyMomentLeavesThePreviousOrTheNewOutput() throws {
        let scratch = try Scratch()
        try generated(300, in: scratch)
        let output = scratch.path + "/site/public"
        // Two versions of the notes, built in turn: each kill falls between one and the other.
        let first = try notes(scratch)
        let second = first.mapValues { $0 + "\nEdited.\n" }
        let start = ContinuousClock.now
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        let elapsed = ContinuousClock.now - start
        let full = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        let firstDigest = digest(output)
        try write(second)
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        let secondDigest = digest(output)
        #expect(firstDigest != secondDigest)
        var interrupted = 0
        let points = 24
        for point in 0..<points {
            let (texts, current, next) = point % 2 == 0 ? (first, secondDigest, firstDigest) : (second, firstDigest, secondDigest)
            try write(texts)
            let running = try NotebookProcess.start(["build", "site"], in: scratch.path)
            // Kill points spread over the time a full build takes (its start included).
            usleep(UInt32(full * Double(point) / Double(points)) + 1)
            running.kill()
            let after = digest(output)
            #expect(after == current || after == next, "killed at point \(point): the output is neither build")
            if after != next { interrupted += 1 }
            let again = try NotebookProcess.run(["build", "site"], in: scratch.path)
            #expect(again.status == 0, "the build after the kill at point \(point): \(again.all)")
            #expect(digest(output) == next)
        }
        #expect(interrupted > 0, "no kill landed before the build was put in place")
    }

    @Test(arguments: ["remove-stale", "mark-finished", "exchange", "after-exchange"])
    func aKillAtEachStepOfPuttingTheOutputInPlace(step: String) throws {
        let scratch = try smallSite()
        let output = scratch.path + "/site/public"
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        #expect(try NotebookProcess.run(["build", "site"], in: scratch.path).status == 0)
        let previous = digest(output)
        try scratch.write("site/notes/c.md", "# C\n\nA new note.\n")
        try FileManager.default.removeItem(atPath: scratch.path + "/site/notes/b.json")
        #expect(try NotebookProcess.run(["build", "site", "-o", "expected"], in: scratch.path).status == 0)
        let next = digest(scratch.path + "/expected")
        let running = try NotebookProcess.start(["build", "site"], in: scratch.path, environment: ["NOTEBOOK_TEST_HOLD": step])
        #expect(running.waitForError("held at \(step)").contains("held at \(step)"))
        running.kill()
        let after = digest(output)
        #expect(after == (step == "after-exchange" ? next : previous), "killed at \(step)")
        let again = try NotebookProcess.run(["build", "site"], in: scratch.path)
        #expect(again.status == 0, "\(again.all)")
        #expect(digest(output) == next)
    }

    /// Builds once, then builds a changed site under `prefix`; the failure names a file of the
    /// output, the output is the first build's, and the next build (without `prefix`) works.
    private func expectFailedWrite(prefix: String, output: String? = nil, reason: String, prepare: (Scratch) throws -> Void = { _ in }) throws {
        let scratch = try smallSite()
        let arguments = ["build", "site"] + (output.map { ["-o", $0] } ?? [])
        try prepare(scratch)
        let outputPath = output.map { scratch.path + "/" + $0 } ?? scratch.path + "/site/public"
        #expect(try NotebookProcess.run(arguments, in: scratch.path).status == 0)
        let previous = digest(outputPath)
        try scratch.write("site/notes/big.md", "# Big\n\n" + String(repeating: "A long note that takes room. ", count: 40_000))
        let failed = try NotebookProcess.run(arguments, in: scratch.path, prefix: prefix)
        #expect(failed.status == 1, "\(failed.all)")
        #expect(failed.stderr.contains(reason), "\(failed.stderr)")
        #expect(failed.stderr.contains("/big/index.html") || failed.stderr.contains("public: error:"), "the failure names the file: \(failed.stderr)")
        #expect(digest(outputPath) == previous)
        try FileManager.default.removeItem(atPath: scratch.path + "/site/notes/big.md")
        let next = try NotebookProcess.run(arguments, in: scratch.path)
        #expect(next.status == 0, "\(next.all)")
    }

    @Test func aFullDiskIsAnErrorAndTheNextBuildWorks() throws {
        guard NotebookProcess.isRoot else { return }
        var mount = ""
        try expectFailedWrite(prefix: "exec", output: "disk/out", reason: "no space left on device") { scratch in
            mount = scratch.path + "/disk"
            try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
            let process = try Process.run(URL(fileURLWithPath: "/bin/mount"), arguments: ["-t", "tmpfs", "-o", "size=1000k", "tmpfs", mount])
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "cannot mount a tmpfs")
        }
        _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [mount]).waitUntilExit()
        // The scratch folder, left while the disk was mounted in it.
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: mount).deletingLastPathComponent().path)
    }

    @Test func aFileTooLargeForTheLimitIsAnErrorAndTheNextBuildWorks() throws {
        // RLIMIT_FSIZE of 512 KB, with SIGXFSZ ignored so that write() fails with EFBIG.
        try expectFailedWrite(prefix: "trap '' XFSZ; ulimit -f 1024; exec", reason: "file too large")
    }

    @Test func aFolderTheUserMayNotWriteIsAnErrorAndTheNextBuildWorks() throws {
        guard NotebookProcess.isRoot else { return }
        // The first build runs as root, the failing one as nobody: the output's folders are not nobody's.
        try expectFailedWrite(
            prefix: "exec setpriv --reuid=65534 --regid=65534 --clear-groups", reason: "permission denied",
            prepare: { scratch in
                _ = try Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "a+rX", scratch.path]).waitUntilExit()
                chmod(scratch.path, 0o755)
            })
    }
}
