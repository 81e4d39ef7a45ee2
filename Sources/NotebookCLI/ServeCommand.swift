import Dispatch
import Foundation
import NotebookModel
import NotebookServer
import NotebookSite

/// `notebook serve`: builds the site in memory and serves it until interrupted.
enum ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Build a site and serve it locally."
    static let operands = "[SITE]"
    static let options: [CommandOption] = [
        .value("--port", value: "PORT", help: "The port to listen on (default: 8000; 0 picks a free one)."),
        .value("--host", value: "HOST", help: "The address to listen on (default: 127.0.0.1, this computer only)."),
        .value("--allowed-host", value: "NAME", help: "Also answer requests for NAME (a host name or address, without a port; .NAME also admits every name under NAME).", repeatable: true),
        .flag("--drafts", help: "Include draft notes."),
        .flag("--edit", help: "Let note pages be edited in the browser and saved to their files (an Edit button on each)."),
        .value("--edit-token", value: "TOKEN", help: "With --edit on a --host other than this computer: the token the browser must present once (…?token=TOKEN)."),
    ]
    static let discussion = """
        Builds SITE (default: the current folder) in memory, writing nothing (not SITE/public), with
        its base URL set to http://HOST:PORT/, and serves it until Ctrl-C (or SIGTERM). The
        notes, assets, notebook.yml, the formatting definition, the site's templates and the theme are
        watched: a change rebuilds only the pages that depend on it, and open pages reload. When a
        build fails, pages show its errors until the next good save. Pages are sent with
        Cache-Control: no-store; /_notebook/build tells what the last build rebuilt.

        Only requests whose Host header names this server with its port are answered (others get
        403, so that a web page cannot read the preview through DNS rebinding): localhost,
        127.0.0.1 and [::1]; with --host, also that address and this computer's own addresses;
        and every name given with --allowed-host.

        The server answers GET and HEAD only, unless --edit is given: then each note page has an
        Edit button that opens the note in the browser's editor (/_notebook/edit/PAGE), and the
        editor's Save writes the note's file, in its own format, through POST /_notebook/save/PAGE.
        A save must come from the editor's page (its token, and an Origin that is this server's);
        only existing note files of the site are written, never a symbolic link. With a --host
        other than this computer's loopback address, --edit also needs --edit-token TOKEN, which
        the browser presents once as /_notebook/edit/PAGE?token=TOKEN (then in a cookie).
        """
    static let exitStatus = """
        Exit status: 0 stopped, 1 the server could not start (a port in use), 2 a command line not
        understood.
        """

    static func run(_ arguments: [String], terminal: inout Terminal) throws(UsageError) -> Int32 {
        let parsed = try parse(arguments)
        let directory = try parsed.siteFolder(command: name)
        let portText = parsed.options["--port"] ?? "8000"
        guard let requestedPort = UInt16(portText) else {
            throw UsageError("'\(portText)' is not a port (0 to 65535)", command: name)
        }
        let host = parsed.options["--host"] ?? "127.0.0.1"
        guard !host.isEmpty else { throw UsageError("the host is empty", command: name) }
        let allowedHosts = parsed.repeated["--allowed-host"] ?? []
        let edit = parsed.flags.contains("--edit")
        let editToken = parsed.options["--edit-token"]
        if let editToken {
            guard edit else { throw UsageError("--edit-token is for --edit", command: name) }
            guard editToken.utf8.count >= 16, editToken.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ",") }) else {
                throw UsageError("the edit token must be at least 16 printable ASCII characters, without spaces, ';' or ','", command: name)
            }
        }
        if edit && editToken == nil && !AllowedHosts.isLoopback(host) {
            throw UsageError("--edit on \(host), which other computers can reach, needs --edit-token TOKEN", command: name)
        }
        if let bad = allowedHosts.first(where: { !AllowedHosts.isValidName($0) }) {
            throw UsageError("'\(bad)' is not a host name or address (give it without a port)", command: name)
        }

        // Before any thread starts, so that every thread of the server inherits the blocked signals
        // and none can take a SIGTERM meant for `waitForTermination`.
        var termination = holdTerminationSignals()
        defer { pthread_sigmask(SIG_UNBLOCK, &termination, nil) }

        // Listen first: a port in use is found before the build, and port 0 is known for the base URL.
        let preview: Preview
        do {
            preview = try Preview(
                site: directory, host: host, port: requestedPort, allowedHosts: allowedHosts,
                drafts: parsed.flags.contains("--drafts"),
                color: terminal.usesColor, edit: edit, editToken: editToken,
                log: { out, err in
                    if !err.isEmpty { FileHandle.standardError.write(Data(err.utf8)) }
                    if !out.isEmpty { FileHandle.standardOutput.write(Data(out.utf8)) }
                })
        } catch {
            terminal.stderr += "notebook serve: error: \(error)\n"
            return ExitStatus.inputErrors
        }
        defer { preview.stop() }
        do {
            try preview.start()
        } catch {
            terminal.stderr += "notebook serve: error: cannot watch \(directory): \(error)\n"
            return ExitStatus.inputErrors
        }
        terminal.stdout += "serving \(directory) at \(preview.url), rebuilding on every change (Ctrl-C to stop)\n"
        if edit { terminal.stdout += "editing on: each note page has an Edit button\(editToken == nil ? "" : " (open one with ?token=TOKEN first)")\n" }

        // The command blocks from here on: what it has to say must be seen now.
        FileHandle.standardError.write(Data(terminal.stderr.utf8))
        FileHandle.standardOutput.write(Data(terminal.stdout.utf8))
        terminal.stderr = ""
        terminal.stdout = ""

        waitForTermination(termination)
        preview.stop()
        terminal.stdout += "stopped serving \(directory)\n"
        return ExitStatus.success
    }

    /// Blocks SIGINT and SIGTERM in the calling thread and so in every thread it starts from now
    /// on; the set blocked. A signal sent while blocked stays pending until `waitForTermination`.
    private static func holdTerminationSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        return signals
    }

    /// Blocks until one of `signals` (held by `holdTerminationSignals`) arrives, then unblocks them
    /// in this thread, so that a second Ctrl-C while stopping ends the process at once.
    private static func waitForTermination(_ signals: sigset_t) {
        var signals = signals
        var number: Int32 = 0
        while sigwait(&signals, &number) != 0 {}
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
