import Foundation
import NotebookModel
import Testing

@testable import NotebookSite

/// The project's `docs/` name every setting notebook.yml accepts and every field templates get.
@Suite struct DocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    static func read(_ name: String) throws -> String {
        try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func everySettingIsInTheContractWithItsDefault() throws {
        let formats = try Self.read("FORMATS.md")
        for key in SiteConfigReader.keys {
            #expect(formats.contains("| `\(key)` | "), "docs/FORMATS.md has no row for '\(key)'")
        }
    }

    @Test func everyFormattingAttributeIsInTheContractByBothItsNames() throws {
        let formats = try Self.read("FORMATS.md")
        for attribute in FormattingAttribute.allCases {
            #expect(formats.contains("| `\(attribute.jsonKey)` | `\(attribute.markdownName)` |"), "\(attribute)")
        }
    }

    /// Every field path of the template context: `site.title`, `list.notes[].url`, `redirect`.
    static func paths(_ schema: TemplateSchema, prefix: String = "") -> [String] {
        switch schema {
        case .value: return [prefix]
        case .list(let item): return [prefix] + (item == .value ? [] : paths(item, prefix: prefix + "[]").filter { $0 != prefix + "[]" })
        case .object(let members):
            let own = prefix.isEmpty ? [] : [prefix]
            return own + members.keys.sorted().flatMap { paths(members[$0]!, prefix: prefix.isEmpty ? $0 : prefix + "." + $0) }
        }
    }

    /// A field of a tag nested in a list of tags (`tagTree[].children[].url`), by the field of
    /// `tags[]` the reference names once (`tags[].url`); the lists themselves keep their names.
    /// So too the explorer's folders in folders, their notes, and the home page's recent cards.
    static func asTagField(_ path: String) -> String {
        var path = path
        for list in ["tagTree[]", "list.subtags[]", "search.tags[]"] where path.hasPrefix(list + ".") && !path.hasPrefix("search.tags[].notes") {
            path = "tags[]" + path.dropFirst(list.count)
        }
        while let nested = path.range(of: ".children[]") { path.removeSubrange(nested) }
        // The explorer's folders in folders, and the home page's recent notes, as cards.
        while let nested = path.range(of: "explorer.folders[].folders[]") {
            path.replaceSubrange(nested, with: "explorer.folders[]")
        }
        for (nested, named) in [("explorer.folders[].notes[].", "explorer.notes[]."), ("explorer.folders[].more.", "explorer.more."), ("explorer.folders[].earlier.", "explorer.more."),
            ("explorer.earlier.", "explorer.more.")]
        where path.hasPrefix(nested) {
            path = named + path.dropFirst(nested.count)
        }
        if path.hasPrefix("list.recent[].") { path = "list.notes[]." + path.dropFirst("list.recent[].".count) }
        return path
    }

    @Test func everyTemplateFieldIsInTheTemplateReference() throws {
        let reference = try Self.read("TEMPLATES.md")
        let paths = Self.paths(TemplateSchema.context)
        #expect(paths.contains("list.notes[].wordCountText") && paths.contains("redirect"))
        for path in Set(paths.map(Self.asTagField)) {
            #expect(reference.contains("`\(path)`"), "docs/TEMPLATES.md does not name `\(path)`")
        }
    }
}
