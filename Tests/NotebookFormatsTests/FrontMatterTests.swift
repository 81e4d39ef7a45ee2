import NotebookModel
import Testing

@testable import NotebookFormats

@Suite struct FrontMatterTests {
    private let tripNotes = """
        ---
        title: Trip notes
        date: 2026-06-12
        tags: [travel]
        ---

        ^[Trip notes](textStyle: 'title2', bold: true)

        Book the night train before Friday.

        """

    private func at(_ line: Int, _ column: Int) -> NotebookModel.SourceLocation { .init(line: line, column: column) }

    private func read(
        _ source: String
    ) -> (metadata: NoteMetadata, body: Substring, bodyStartLine: Int, diagnostics: [Diagnostic], aliasLocations: [NotebookModel.SourceLocation]) {
        FrontMatter.read(source, path: "note.md")
    }

    @Test func eachAliasIsFoundWhereItIsWritten() {
        // A flow list, a block list after a skipped item, and one string: each alias's own place in the file.
        let flow = read("---\ntitle: T\naliases: [One, \"Two\"]\n---\nBody\n")
        #expect(flow.metadata.aliases == ["One", "Two"])
        #expect(flow.aliasLocations == [at(3, 11), at(3, 16)])
        let block = read("---\naliases:\n  - 7\n  -\n  - Three\n---\n")
        #expect(block.metadata.aliases == ["7", "Three"])
        #expect(block.aliasLocations == [at(3, 5), at(5, 5)])
        let one = read("---\naliases: Only one\n---\n")
        #expect(one.aliasLocations == [at(2, 10)])
    }

    // MARK: Splitting

    @Test func seedNote() {
        let result = read(tripNotes)
        #expect(result.metadata == NoteMetadata(title: "Trip notes", date: "2026-06-12", tags: ["travel"]))
        #expect(result.diagnostics.isEmpty)
        #expect(result.bodyStartLine == 6)
        #expect(result.body.hasPrefix("\n^[Trip notes]"))
    }

    @Test func splitReportsYAMLAndBodyLines() {
        let split = FrontMatter.split(tripNotes)
        #expect(split.yaml == "title: Trip notes\ndate: 2026-06-12\ntags: [travel]\n")
        #expect(split.yamlStartLine == 2)
        #expect(split.bodyStartLine == 6)
        #expect(!split.isUnclosed)
    }

    @Test func crlfLineEndings() {
        let source = "---\r\ntitle: Trip notes\r\ndraft: yes\r\n---\r\nBody\r\n"
        let result = read(source)
        #expect(result.metadata.title == "Trip notes")
        #expect(result.metadata.isDraft)
        #expect(result.body == "Body\r\n")
        #expect(result.bodyStartLine == 5)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func byteOrderMark() {
        let result = read("\u{FEFF}---\ntitle: T\n---\nBody")
        #expect(result.metadata.title == "T")
        #expect(result.body == "Body")
        #expect(result.bodyStartLine == 4)
        #expect(FrontMatter.split("\u{FEFF}# Just text").body == "# Just text")
    }

    @Test func dotsCloseAndTrailingBlanksAreAllowed() {
        let result = read("---  \ntitle: T\n...\t\nBody")
        #expect(result.metadata.title == "T")
        #expect(result.body == "Body")
        #expect(result.bodyStartLine == 4)
    }

    /// Lines end at LF, CRLF or a lone CR; the parts are cut at the right characters around text
    /// outside ASCII.
    @Test func lineBreaksAndTextOutsideASCII() {
        for (breakText, name) in [("\r\n", "CRLF"), ("\r", "CR"), ("\n", "LF")] {
            let source = ["---", "title: Crème brûlée 🍮", "---", "Étape 1 ==sucre==", "fin"].joined(separator: breakText)
            let split = FrontMatter.split("\u{FEFF}" + source)
            #expect(split.yaml == Substring("title: Crème brûlée 🍮" + breakText), "\(name)")
            #expect(split.body == Substring("Étape 1 ==sucre==" + breakText + "fin"), "\(name)")
            #expect(split.bodyStartLine == 4, "\(name)")
            #expect(read(source).metadata.title == "Crème brûlée 🍮", "\(name)")
        }
        #expect(FrontMatter.split("---\r\nx: é\r\n").isUnclosed)
        #expect(FrontMatter.split("é\n---\n---\n").yaml == nil)
    }

    @Test func closingFenceAtEndOfFile() {
        let result = read("---\ntitle: T\n---")
        #expect(result.metadata.title == "T")
        #expect(result.body.isEmpty)
        #expect(result.bodyStartLine == 4)
    }

    @Test func noFrontMatter() {
        for source in ["# Title\n\nText\n", "", " ---\ntitle: x\n---\n", "----\ntitle: x\n----\n", "--- x\n---\n"] {
            let result = read(source)
            #expect(result.metadata == NoteMetadata())
            #expect(result.body == Substring(source))
            #expect(result.bodyStartLine == 1)
            #expect(result.diagnostics.isEmpty)
        }
        #expect(FrontMatter.split("# Title").yaml == nil)
    }

    @Test func emptyFrontMatter() {
        let result = read("---\n---\nBody\n")
        #expect(result.metadata == NoteMetadata())
        #expect(result.diagnostics.isEmpty)
        #expect(result.body == "Body\n")
        #expect(result.bodyStartLine == 3)
        #expect(FrontMatter.split("---\n---\n").yaml == "")
        #expect(read("---\n# just a comment\n\n---\n").diagnostics.isEmpty)
    }

    @Test func unclosedFrontMatterIsAWarningAndAllBody() {
        for source in ["---\ntitle: T\n\nBody\n", "---", "---\n"] {
            let result = read(source)
            #expect(result.metadata == NoteMetadata())
            #expect(result.body == Substring(source))
            #expect(result.bodyStartLine == 1)
            #expect(result.diagnostics.count == 1)
            let diagnostic = result.diagnostics.first
            #expect(diagnostic?.severity == .warning)
            #expect(diagnostic?.code == "frontmatter.unclosed")
            #expect(diagnostic?.message.hasPrefix("front matter is not closed") == true)
            #expect(diagnostic?.location == at(1, 1))
            #expect(diagnostic?.path == "note.md")
        }
        #expect(FrontMatter.split("---\ntitle: T\n").isUnclosed)
    }

    // MARK: Keys

    @Test func allKeys() {
        let source = """
            ---
            id: 5A0C6B1E
            title: "Quoted: title"
            date: 2026-06-12T08:30:00+02:00
            tags:
              - travel
              - 'night train'
            draft: TRUE
            summary: >
              A folded
              summary.
            slug: trip
            aliases: [old/trip, /older]
            cssclasses: [wide]
            ---
            Body
            """
        let result = read(source)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.metadata
                == NoteMetadata(
                    id: "5A0C6B1E", title: "Quoted: title", date: "2026-06-12T08:30:00+02:00",
                    tags: ["travel", "night train"], isDraft: true, summary: "A folded summary.\n", slug: "trip",
                    aliases: ["old/trip", "/older"]))
        #expect(result.bodyStartLine == 16)
    }

    @Test func tagsAsOneStringOrCommaSeparated() {
        #expect(read("---\ntags: travel\n---\n").metadata.tags == ["travel"])
        let commas = read("---\ntags: travel, food ,, night train\n---\n")
        #expect(commas.metadata.tags == ["travel", "food", "night train"])
        #expect(read("---\ntags:\n---\n").metadata.tags == [])
        // Aliases too, as Quartz and Obsidian split them; a name with a comma is an item of a list.
        #expect(read("---\naliases: Old Name, Another\n---\n").metadata.aliases == ["Old Name", "Another"])
        #expect(read("---\nalias: \"Smith, John\"\n---\n").metadata.aliases == ["Smith", "John"])
        #expect(read("---\naliases: [\"Smith, John\"]\n---\n").metadata.aliases == ["Smith, John"])
        // Spaces and tabs go from either end; a space that carries a combining mark is no space.
        #expect(read("---\ntags: [\"\\ttab \", \" café \", \" \\u0301x\"]\n---\n").metadata.tags == ["tab", "café", " \u{301}x"])
    }

    /// A slug that slugs to nothing makes no URL: an error at the slug, which is not kept.
    @Test func aSlugWithoutALetterOrDigitIsAnErrorAtIt() {
        for slug in ["\"..\"", "\".\"", "\"-\"", "\"/\""] {
            let result = read("---\ntitle: T\nslug: \(slug)\n---\n")
            #expect(result.metadata.slug == nil)
            #expect(result.diagnostics.map(\.code) == ["url.empty"], "\(slug)")
            #expect(result.diagnostics.first?.location == SourceLocation(line: 3, column: 7))
            #expect(result.diagnostics.first?.message.contains("makes no URL") == true)
        }
        #expect(read("---\nslug: \"a.b\"\n---\n").metadata.slug == "a.b")
    }

    /// A tag with no letter or digit has no page: a warning at the tag, and the others kept.
    @Test func aTagWithoutALetterOrDigitIsAWarningAtIt() {
        let read = read("---\ntags: [\".\", ok, \"#\", \"../x\"]\n---\n")
        #expect(read.metadata.tags == [".", "ok", "#", "../x"])
        #expect(read.diagnostics.map(\.code) == ["tag.empty", "tag.empty"])
        #expect(read.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(read.diagnostics.compactMap(\.location) == [at(2, 8), at(2, 17)])
        #expect(read.diagnostics.first?.message == "the tag '.' has no letter or digit to name its page; it is left out")
    }

    @Test func datesAsWritten() {
        let valid = [
            "2026-06-12", "2024-02-29", "'2026-06-12'", "2026-06-12T08:30", "2026-06-12T08:30:15Z",
            "2026-06-12T08:30:15.250-05:00", "2026-06-12 08:30:15", "2026-06-12T08:30:15+0530", "2026-06-12T08:30+01",
        ]
        for date in valid {
            let result = read("---\ndate: \(date)\n---\n")
            #expect(result.diagnostics.isEmpty, "\(date)")
            #expect(result.metadata.date == date.filter { $0 != "'" })
        }
        let invalid = [
            "2026-6-12", "June 12, 2026", "2026-13-01", "2023-02-29", "2026-06-31", "2026-06-12T25:00",
            "2026-06-12T08", "2026-06-12T08:30Zulu", "2026", "2026-06-12T08:30:15.", "2026-06-12x",
        ]
        for date in invalid {
            let result = read("---\ntitle: T\ndate: \(date)\n---\n")
            #expect(result.metadata.date == nil)
            #expect(result.metadata.title == "T")
            #expect(result.diagnostics.count == 1, "\(date)")
            let diagnostic = result.diagnostics.first
            #expect(diagnostic?.severity == .error)
            #expect(diagnostic?.code == "frontmatter.date")
            #expect(diagnostic?.message == "date '\(date)' is not YYYY-MM-DD or ISO 8601")
            #expect(diagnostic?.location == at(3, 7))
        }
    }

    @Test(arguments: [
        ("title: [a, b]", "'title' should be a string, not a sequence", 8),
        ("draft: maybe", "'draft' should be true or false, not 'maybe'", 8),
        ("draft: 'true'", "'draft' should be true or false, not the text 'true': write it without quotes", 8),
        ("publish: \"false\"", "'publish' should be true or false, not the text 'false': write it without quotes", 10),
        ("publish: nope", "'publish' should be true or false, not 'nope'", 10),
        ("tags: {a: 1}", "'tags' should be a list of strings or a comma-separated string, not a mapping", 7),
        ("tags: [ok, [nested]]", "'tags' should list strings, not a sequence", 12),
        ("aliases: {a: 1}", "'aliases' should be a list of strings or a comma-separated string, not a mapping", 10),
        ("summary: {a: 1}", "'summary' should be a string, not a mapping", 10),
        ("slug: [a]", "'slug' should be a string, not a sequence", 7),
        ("id: [a]", "'id' should be a string, not a sequence", 5),
        ("date: [2026-06-12]", "'date' should be a string, not a sequence", 7),
    ])
    func typeErrors(line: String, message: String, column: Int) {
        let other = line.hasPrefix("title") ? "slug: kept" : "title: Keep"
        let result = read("---\nunknown: 1\n\(line)\n\(other)\n---\nBody")
        #expect(result.diagnostics.count == 1)
        let diagnostic = result.diagnostics.first
        #expect(diagnostic?.severity == .error)
        #expect(diagnostic?.code == "frontmatter.type")
        #expect(diagnostic?.message == message)
        #expect(diagnostic?.location == at(3, column))
        #expect(result.body == "Body")
        #expect(result.metadata.title == (line.hasPrefix("title") ? nil : "Keep"))
        #expect(result.metadata.slug == (line.hasPrefix("title") ? "kept" : nil))
    }

    @Test(arguments: [
        ("publish: false", true), ("publish: true", false), ("publish: false\ndraft: false", true),
        ("draft: false\npublish: false", true), ("draft: true\npublish: true", true), ("publish: true\ndraft: false", false),
    ])
    func obsidianPublishFalseIsADraft(keys: String, isDraft: Bool) {
        // Obsidian Publish's `publish: false` keeps a note unpublished; either key keeps it out.
        let result = read("---\ntitle: T\n\(keys)\n---\nBody")
        #expect(result.diagnostics.isEmpty)
        #expect(result.metadata.isPublished(explicitly: false) == !isDraft)
        // Where only the notes selected are published, `publish: true` selects one that is no draft.
        #expect(result.metadata.isPublished(explicitly: true) == (!isDraft && keys.contains("publish: true")))
    }

    @Test func publishIsKeptBothWays() throws {
        let note = Note(path: "n.md", metadata: NoteMetadata(title: "T", publish: false), blocks: [])
        let markdown = MarkdownWriter().write(note)
        #expect(markdown.contains("publish: false") && !markdown.contains("draft"))
        #expect(read(markdown).metadata.publish == false)
        let json = AttributedJSONWriter().write(note).json
        let back = AttributedJSONReader().read(json, path: "n.json")
        #expect(back.diagnostics.isEmpty && back.note.metadata.publish == false, "\(back.diagnostics)")
        // `null` is no value, in JSON as in YAML (`~`).
        let none = AttributedJSONReader().read(#"{"title": "T", "publish": null, "body": "x"}"#, path: "n.json")
        #expect(none.diagnostics.isEmpty && none.note.metadata.publish == nil, "\(none.diagnostics)")
        #expect(read("---\npublish: ~\n---\n").metadata.publish == nil)
    }

    /// The other names Obsidian and Quartz read: each stands for its key when the key is not
    /// given, in either order, and is read as that key is.
    @Test func obsidianAndQuartzOtherNamesOfKeys() {
        let others = read("---\ntag: [a, b]\nalias: Other\ndescription: Said.\ncreated: 2024-01-05 10:30\n---\nBody")
        #expect(others.diagnostics.isEmpty, "\(others.diagnostics)")
        #expect(others.metadata.tags == ["a", "b"] && others.metadata.aliases == ["Other"])
        #expect(others.metadata.summary == "Said." && others.metadata.date == "2024-01-05 10:30")
        #expect(others.aliasLocations == [at(3, 8)])
        for order in ["summary: Kept\ndescription: Not", "description: Not\nsummary: Kept"] {
            #expect(read("---\n\(order)\n---\n").metadata.summary == "Kept")
        }
        #expect(read("---\ndate: 2026-01-01\ncreated: 2020-01-01\ntags: x\ntag: y\n---\n").metadata.date == "2026-01-01")
        // Read only as other tools write them: a value notebook cannot read is a warning (Obsidian's
        // Linter writes `created` in words), and the note has none.
        let wrong = read("---\ndescription: [a]\ncreated: Friday, January 5th 2024, 10:30:00 am\n---\n")
        #expect(wrong.diagnostics.map(\.message) == [
            "'description' should be a string, not a sequence", "date 'Friday, January 5th 2024, 10:30:00 am' is not YYYY-MM-DD or ISO 8601",
        ])
        #expect(wrong.diagnostics.allSatisfy { $0.severity == .warning } && wrong.metadata.date == nil)
        #expect(read("---\ndate: soon\n---\n").diagnostics.map(\.severity) == [.error])
        // RFC 3339's small `t` and `z`, as the feed and the sitemap write them.
        #expect(read("---\ndate: 2024-01-04t10:00:00z\n---\n").metadata.date == "2024-01-04T10:00:00Z")
    }

    @Test func badItemsAreSkippedAndGoodOnesKept() {
        let result = read("---\ntags: [ok, [nested], fine]\n---\n")
        #expect(result.metadata.tags == ["ok", "fine"])
        #expect(result.diagnostics.count == 1)
    }

    @Test func frontMatterThatIsNotAMapping() {
        let result = read("---\n- a\n- b\n---\nBody")
        #expect(result.metadata == NoteMetadata())
        #expect(result.diagnostics.first?.code == "frontmatter.type")
        #expect(result.diagnostics.first?.message.contains("mapping") == true)
        #expect(result.diagnostics.first?.location == at(2, 1))
        #expect(read("---\njust text\n---\n").diagnostics.first?.code == "frontmatter.type")
    }

    @Test func nullValuesAndUnknownKeysAreIgnored() {
        let result = read("---\ntitle:\ndraft: ~\nfoo: [1, {b: c}]\nTitle: Other\n---\n")
        #expect(result.metadata == NoteMetadata())
        #expect(result.diagnostics.isEmpty)
    }

    // MARK: Bad YAML

    @Test func syntaxErrorIsLocatedInTheFile() {
        let source = "---\ntitle: Trip notes\ntags: [travel\ndraft: no\n---\nBody\n"
        let result = read(source)
        #expect(result.metadata == NoteMetadata())
        #expect(result.body == "Body\n")
        #expect(result.bodyStartLine == 6)
        #expect(result.diagnostics.count == 1)
        let diagnostic = result.diagnostics.first
        #expect(diagnostic?.severity == .error)
        #expect(diagnostic?.code == "frontmatter.syntax")
        #expect(diagnostic?.location == at(4, 6))
        #expect(diagnostic?.message.hasPrefix("front matter is not valid YAML: ") == true)
        #expect(diagnostic?.message.contains("at 3:7") == true)
    }

    @Test func syntaxErrorColumnIsInBytes() {
        let result = read("\u{FEFF}---\ntitle: Café\n  bad: indent\n---\n")
        #expect(result.diagnostics.first?.code == "frontmatter.syntax")
        #expect(result.diagnostics.first?.location == at(3, 6))
    }

    @Test func duplicateKeysAndAliasBombsAreSyntaxErrors() {
        let duplicate = read("---\ntitle: A\ntitle: B\n---\n")
        #expect(duplicate.diagnostics.first?.code == "frontmatter.syntax")
        #expect(duplicate.diagnostics.first?.location == at(3, 1))
        var bomb = "---\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (name, previous) in zip(["b", "c", "d", "e", "f"], ["a", "b", "c", "d", "e"]) {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        let result = read(bomb + "---\n")
        #expect(result.diagnostics.first?.code == "frontmatter.syntax")
        #expect(result.diagnostics.first?.message.contains("10000 nodes") == true)
    }

    @Test func aliasesInFrontMatter() {
        let result = read("---\ntags: &t [a, b]\naliases: *t\n---\n")
        #expect(result.metadata.tags == ["a", "b"])
        #expect(result.metadata.aliases == ["a", "b"])
    }

    @Test func deepNestingAndGarbageDoNotCrash() {
        let deep = read("---\nt: " + String(repeating: "[", count: 10_000) + "\n---\nBody")
        #expect(deep.diagnostics.first?.code == "frontmatter.syntax")
        // The mapping is level 1, so the 64th `[` is flattened; the 64th inside it is where the
        // unclosed text is found.
        #expect(deep.diagnostics.first?.location == at(2, 3 + 64 + 64))
        #expect(deep.diagnostics.first?.message.contains("is not closed") == true)
        #expect(deep.body == "Body")
        let nul = read("---\ntitle: a\u{0}b\n---\nBody")
        #expect(nul.diagnostics.first?.code == "frontmatter.syntax")
        #expect(nul.diagnostics.first?.location == at(2, 9))
        let bytes: [UInt8] = [0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0x00, 0xC3, 0x28, 0x3A, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A, 0x01]
        let garbage = read(String(decoding: bytes, as: UTF8.self))
        #expect(garbage.diagnostics.count == 1)
        #expect(garbage.bodyStartLine == 4)
    }
}
