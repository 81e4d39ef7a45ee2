import Foundation
import Synchronization
import TestSupport
import Testing

@testable import NotebookCLI
@testable import NotebookServer

/// The note editor's endpoints of `notebook serve --edit`, over HTTP: who may save, what a save
/// writes, and what is refused.
@Suite struct EditorEndpointTests {
    static let files = [
        "notebook.yml": "title: Editing\n",
        "formatting.yml": "highlight: { values: [yellow, green, pink], default: yellow }\n",
        "notes/a.md": "---\ntitle: A\n---\nFirst words here.\n\nSecond [[B]] paragraph.\n",
        "notes/b.md": "---\ntitle: B\n---\nB is short.\n",
        "notes/j.json": "{\"title\": \"J\", \"body\": [\"A JSON note.\", {}]}",
    ]

    /// A preview with the editor over a copy of `files`.
    final class Editing {
        let base: String
        let site: String
        let preview: Preview
        var port: UInt16 { preview.server.port }

        init(token: String? = nil, files: [String: String] = EditorEndpointTests.files, links: [String: String] = [:]) throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-edit-\(UUID().uuidString)").path
            site = base + "/site"
            for (name, contents) in files { try PreviewTests.Running.put(contents, at: site + "/" + name) }
            for (name, target) in links { try FileManager.default.createSymbolicLink(atPath: site + "/" + name, withDestinationPath: target) }
            preview = try Preview(site: site, port: 0, quietPeriod: .milliseconds(40), edit: true, editToken: token)
            try preview.start()
        }

        deinit {
            preview.stop()
            ScratchFolder.remove(base)
        }

        func get(_ path: String, headers: String = "") throws -> HTTPReply {
            try HTTPClient.request("GET", path, port: port, headers: "Host: 127.0.0.1:\(port)\r\n" + headers)
        }

        /// The editor page's document and token.
        func open(_ page: String, headers: String = "") throws -> (document: [String: Any], token: String) {
            let reply = try get("/_notebook/edit" + page, headers: headers)
            #expect(reply.status == 200, "\(reply.text)")
            let html = reply.text
            let token = try #require(html.range(of: #"name="notebook-token" content="([0-9a-f]+)""#, options: .regularExpression).map {
                String(html[$0].dropFirst(#"name="notebook-token" content=""#.count).dropLast())
            })
            let start = try #require(html.range(of: #"<script type="application/json" id="notebook-document">"#))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let json = html[start.upperBound..<end.lowerBound].replacingOccurrences(of: "<\\/", with: "</")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return (document, token)
        }

        /// A POST of `body` to the save endpoint of `page`.
        func save(_ page: String, body: String, token: String?, origin: String? = "own", type: String = "application/json", extra: String = "")
            throws -> HTTPReply
        {
            try EditorEndpointTests.post(port: port, page: page, body: body, token: token, origin: origin, type: type, extra: extra)
        }

        func read(_ name: String) throws -> String {
            try String(contentsOfFile: site + "/" + name, encoding: .utf8)
        }
    }

    /// A POST of `body` to the save endpoint of `page`.
    static func post(
        port: UInt16, page: String, body: String, token: String?, origin: String? = "own", type: String = "application/json", extra: String = ""
    ) throws -> HTTPReply {
        var headers = "Host: 127.0.0.1:\(port)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n" + extra
        if let token { headers += "X-Notebook-Token: \(token)\r\n" }
        if let origin { headers += "Origin: \(origin == "own" ? "http://127.0.0.1:\(port)" : origin)\r\n" }
        let descriptor = try HTTPClient.connectSocket(port: port)
        defer { close(descriptor) }
        try HTTPClient.send(descriptor, "POST /_notebook/save\(page) HTTP/1.0\r\n\(headers)\r\n" + body)
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        return try HTTPClient.parse(data)
    }

    /// The submission that sends `document` back with block `index`'s first text made `text`.
    static func body(_ document: [String: Any], changing index: Int? = nil, to text: String = "", highlight: String? = nil, hash: String? = nil)
        -> String
    {
        let blocks = (document["blocks"] as? [[String: Any]] ?? []).enumerated().map { number, block -> [String: Any] in
            guard block["kind"] as? String != "fixed" else { return ["id": number] }
            var pieces = block["pieces"] as? [[String: Any]] ?? []
            if number == index, let first = pieces.firstIndex(where: { $0["text"] != nil }) {
                pieces[first]["text"] = text
                if let highlight { pieces[first]["highlight"] = highlight }
            }
            return ["id": number, "pieces": pieces]
        }
        let object: [String: Any] = ["hash": hash ?? document["hash"] as? String ?? "", "blocks": blocks]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func aSaveWritesTheChangedBlockAndThePageFollows() throws {
        let editing = try Editing()
        let page = try editing.get("/a/")
        #expect(page.text.contains("data-edit"), "a note page has no Edit button")
        #expect(try !editing.get("/").text.contains("data-edit"), "the notes' list has an Edit button")
        let (document, token) = try editing.open("/a/")
        let reply = try editing.save("/a/", body: Self.body(document, changing: 0, to: "First words changed here."), token: token)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(try editing.read("notes/a.md") == "---\ntitle: A\n---\nFirst words changed here.\n\nSecond [[B]] paragraph.\n")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        #expect(answer["hash"] as? String != document["hash"] as? String)
        // The watcher rebuilds the page.
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline, try !editing.get("/a/").text.contains("First words changed here.") { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try editing.get("/a/").text.contains("First words changed here."))
    }

    @Test func whoMaySave() throws {
        let editing = try Editing()
        let (document, token) = try editing.open("/a/")
        let before = try editing.read("notes/a.md")
        let body = Self.body(document, changing: 0, to: "Changed.")
        #expect(try editing.save("/a/", body: body, token: nil).status == 403)
        #expect(try editing.save("/a/", body: body, token: String(repeating: "0", count: token.count)).status == 403)
        #expect(try editing.save("/a/", body: body, token: token, origin: nil).status == 403)
        #expect(try editing.save("/a/", body: body, token: token, origin: "http://evil.example").status == 403)
        #expect(try editing.save("/a/", body: body, token: token, extra: "Sec-Fetch-Site: cross-site\r\n").status == 403)
        #expect(try editing.save("/a/", body: body, token: token, type: "text/plain").status == 415)
        #expect(try editing.save("/nothing/", body: body, token: token).status == 404)
        #expect(try editing.get("/_notebook/save/a/").status == 405)
        #expect(try editing.read("notes/a.md") == before)
    }

    @Test func aBodyOverTheLimitIsRefused() throws {
        let editing = try Editing()
        let (_, token) = try editing.open("/a/")
        let reply = try editing.save("/a/", body: String(repeating: " ", count: (16 << 20) + 1), token: token)
        #expect(reply.status == 413)
    }

    @Test func conflictsAndInvalidValues() throws {
        let editing = try Editing()
        let (document, token) = try editing.open("/a/")
        try PreviewTests.Running.put("---\ntitle: A\n---\nChanged on disk.\n", at: editing.site + "/notes/a.md")
        let conflict = try editing.save("/a/", body: Self.body(document, changing: 0, to: "Mine."), token: token)
        #expect(conflict.status == 409, "\(conflict.text)")
        #expect(conflict.text.contains("currentHash"))
        #expect(try editing.read("notes/a.md") == "---\ntitle: A\n---\nChanged on disk.\n")
        let (fresh, _) = try editing.open("/a/")
        let invalid = try editing.save("/a/", body: Self.body(fresh, changing: 0, to: "Marked.", highlight: "chartreuse"), token: token)
        #expect(invalid.status == 422, "\(invalid.text)")
        #expect(invalid.text.contains("highlight"))
        #expect(try editing.save("/a/", body: "{\"hash\": 1}", token: token).status == 422)
        #expect(try editing.save("/a/", body: "not json", token: token).status == 422)
        let corrected = try editing.save("/a/", body: Self.body(fresh, changing: 0, to: "Marked.", highlight: "blue"), token: token)
        #expect(corrected.status == 200, "\(corrected.text)")
        #expect(corrected.text.contains("blue"))
        #expect(try editing.read("notes/a.md") == "---\ntitle: A\n---\n^[Marked.](highlight: 'yellow')\n")
    }

    @Test func aLinkedNoteIsNotWrittenAndAJSONNoteIsWrittenAsJSON() throws {
        let editing = try Editing(links: ["notes/l.md": "b.md"])
        let (linked, token) = try editing.open("/l/")
        #expect(linked["readOnly"] as? Bool == true)
        #expect(try editing.save("/l/", body: Self.body(linked, changing: 0, to: "Through the link."), token: token).status == 403)
        #expect(try editing.read("notes/b.md") == "---\ntitle: B\n---\nB is short.\n")
        let (json, _) = try editing.open("/j/")
        #expect(json["readOnly"] as? Bool == false)
        #expect(json["format"] as? String == "json")
        let reply = try editing.save("/j/", body: Self.body(json, changing: 0, to: "A JSON note, edited."), token: token)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(try editing.read("notes/j.json") == "{\"title\": \"J\", \"body\": [\"A JSON note, edited.\", {}]}")
    }

    @Test func anEditTokenIsAskedOnceThenKeptInACookie() throws {
        let secret = "a-long-enough-edit-token"
        let editing = try Editing(token: secret)
        #expect(try editing.get("/_notebook/edit/a/").status == 403)
        #expect(try editing.get("/_notebook/edit/a/?token=wrong-token-of-some-length").status == 403)
        let entry = try editing.get("/_notebook/edit/a/?token=\(secret)")
        #expect(entry.status == 303)
        #expect(entry.headers["location"] == "/_notebook/edit/a/")
        let cookie = try #require(entry.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.hasPrefix("notebook-edit=\(secret)"))
        let (document, token) = try editing.open("/a/", headers: "Cookie: notebook-edit=\(secret)\r\n")
        let body = Self.body(document, changing: 0, to: "With the cookie.")
        #expect(try editing.save("/a/", body: body, token: token).status == 403)
        #expect(try editing.save("/a/", body: body, token: token, extra: "Cookie: notebook-edit=\(secret)\r\n").status == 200)
    }

    @Test func ofTwoSavesOfTheSameBytesAtOnceOneIsAConflict() throws {
        let editing = try Editing()
        for round in 0..<40 {
            let (document, token) = try editing.open("/b/")
            let bodies = (0..<2).map { Self.body(document, changing: 0, to: "Side \($0) of round \(round).") }
            let replies = Mutex<[Int]>([])
            let port = editing.port
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                let status = (try? Self.post(port: port, page: "/b/", body: bodies[side], token: token).status) ?? 0
                replies.withLock { $0.append(status) }
            }
            #expect(replies.withLock { $0.sorted() } == [200, 409], "round \(round)")
        }
    }

    @Test func anOverwriteAppliesOnlyToTheNoteItOpened() throws {
        let editing = try Editing()
        let (a, token) = try editing.open("/a/")
        let (b, _) = try editing.open("/b/")
        let current = try #require(b["hash"] as? String)
        // The bytes of a, opened, offered as the base of an overwrite of b.
        let body = Self.body(a, changing: 0, to: "Not b.").dropLast() + ", \"overwrite\": \"\(current)\"}"
        let reply = try editing.save("/b/", body: String(body), token: token)
        #expect(reply.status == 409 || reply.status == 422, "\(reply.text)")
        #expect(try editing.read("notes/b.md") == "---\ntitle: B\n---\nB is short.\n")
    }

    @Test func theEditorPageHoldsTheNoteWhateverItsText() throws {
        let editing = try Editing(files: ["notes/s.md": "Code `<!-- <script>` and </script> here.\n"])
        let page = try editing.get("/_notebook/edit/s/").text
        let start = try #require(page.range(of: #"id="notebook-document">"#))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        #expect(!page[start.upperBound..<end.lowerBound].contains("<"))
        #expect(page.contains(#"<script src="/_notebook/editor.js"></script>"#))
    }

    @Test func aLinkWithALineBreakIsRefused() throws {
        let editing = try Editing()
        let (document, token) = try editing.open("/b/")
        let body = Self.body(document).replacingOccurrences(of: #""text":"B is short.""#, with: #""text":"B is short.","link":"https://a\nb""#)
        #expect(body.contains("link"))
        #expect(try editing.save("/b/", body: body, token: token).status == 422)
    }

    @Test func manyRequestsFindNotesAsTheFirstDid() throws {
        // The function that finds notes was once wrapped anew at every request, until calling
        // it overflowed the stack a few thousand requests on.
        let editor = NoteEditor(accessToken: nil)
        editor.find { url in url == "/a/" ? nil : nil }
        for _ in 0..<20_000 {
            let answer = editor.respond(to: AppRequest(method: "GET", segments: ["edit", "nope"], origin: "http://127.0.0.1:1"))
            #expect(answer.status == 404)
        }
    }

    @Test func withoutEditNothingIsMarkedAndPostIsNotAllowed() throws {
        let running = try PreviewTests.Running(["notes/a.md": "A.\n"])
        #expect(try !running.get("/a/").text.contains("data-edit"))
        let reply = try HTTPClient.request(
            "POST", "/_notebook/save/a/", port: running.preview.server.port,
            headers: "Host: 127.0.0.1:\(running.preview.server.port)\r\nContent-Length: 0\r\n")
        #expect(reply.status == 405)
        #expect(try running.get("/_notebook/edit/a/").status == 404)
    }
}
