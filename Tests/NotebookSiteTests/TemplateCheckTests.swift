import Foundation
import Mustache
import NotebookModel
import Testing

@testable import NotebookSite

/// Every name in a template is checked against the view models, wherever it is.
@Suite struct TemplateCheckTests {
    static func library(_ templates: [String: String]) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, source) in templates { try library.register(source: source, named: name, errorName: "templates/\(name).mustache") }
        return library
    }

    /// Findings as `file:line:column severity` strings.
    static func findings(_ templates: [String: String], strict: Bool = false) throws -> [String] {
        TemplateCheck.findings(in: try library(templates)).strict(strict).map {
            "\($0.path):\($0.location!.line):\($0.location!.column) \($0.severity)"
        }
    }

    @Test(arguments: ["default", "plain"])
    func theBuiltInThemesNameOnlyFields(_ theme: String) throws {
        let site = try TemporarySite(["notebook.yml": "title: T\nbaseURL: https://example.org/\ntheme: \(theme)\n", "notes/a.md": "A.\n"])
        let report = SitePipeline(options: BuildOptions(strict: true)).check(site.path)
        #expect(!report.diagnostics.contains { $0.code == "template.unknown-name" }, "\(report.diagnostics)")
    }

    @Test func typosAreFoundInEverySectionRenderedOrNot() throws {
        let found = try Self.findings([
            "note": "{{note.titel}}\n{{#note}}{{title}} {{summry}}{{/note}}\n{{^list}}{{list.hedding}}{{/list}}",
            "list": "{{#list.notes}}{{title}}{{#tags}}{{name}}{{nam}}{{/tags}}{{/list.notes}}{{site.title}}{{pge.title}}",
        ])
        #expect(found.sorted() == [
            "templates/list.mustache:1:42 warning", "templates/list.mustache:1:87 warning", "templates/note.mustache:1:1 warning",
            "templates/note.mustache:2:20 warning", "templates/note.mustache:3:10 warning",
        ])
        #expect(try Self.findings(["note": "{{note.titel}}"], strict: true) == ["templates/note.mustache:1:1 error"])
    }

    @Test func aPartialIsCheckedInTheScopeOfEachPlaceThatIncludesIt() throws {
        let templates = [
            "list": "{{#list.notes}}{{>card}}{{/list.notes}}{{>missing}}",
            "card": "{{title}} {{url}} {{wordCountText}} {{titl}}",
            "note": "{{<base}}{{$content}}{{note.html}}{{note.htm}}{{/content}}{{/base}}",
            "base": "<main>{{$content}}{{/content}}</main>{{site.title}}",
        ]
        let found = try Self.findings(templates)
        #expect(found.sorted() == ["templates/card.mustache:1:37 warning", "templates/list.mustache:1:40 warning", "templates/note.mustache:1:35 warning"])
        let messages = TemplateCheck.findings(in: try Self.library(templates)).map(\.message)
        #expect(messages.contains { $0.contains("'missing' is included here but no template has that name") })
    }

    @Test func aSiteThatOverridesAPageLeavesTheThemesPartialUnusedAndUnchecked() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n", "notes/a.md": "A.\n",
            "templates/list.mustache": "{{<base}}{{$content}}{{#list.notes}}<a href=\"{{url}}\">{{title}}</a>{{/list.notes}}{{/content}}{{/base}}\n",
        ])
        let report = SitePipeline(options: BuildOptions(strict: true)).check(site.path)
        #expect(!report.diagnostics.contains { $0.severity == .error }, "\(report.diagnostics)")
    }

    @Test func aBlockTheParentDoesNotHaveIsAWarning() throws {
        let found = TemplateCheck.findings(
            in: try Self.library([
                "note": "{{<base}}{{$contnet}}{{note.html}}{{/contnet}}{{$title}}T{{/title}}{{/base}}",
                "base": "<main>{{$content}}{{/content}}</main>{{>head}}",
                "head": "{{$title}}{{page.title}}{{/title}}",
            ]))
        #expect(found.map(\.message) == ["'contnet' is not a block of 'base' (its blocks: content, title); what it holds is not shown"])
        #expect(found.first?.location == SourceLocation(line: 1, column: 10))
    }

    @Test func aTypoInASiteTemplateIsAWarningOfCheckAndBuildAndAnErrorWithStrict() throws {
        let site = try TemporarySite([
            "notebook.yml": "title: T\nbaseURL: https://example.org/\n", "notes/a.md": "A.\n",
            "templates/footer.mustache": "<footer>\n  {{note.titel}}\n</footer>\n",
        ])
        for report in [SitePipeline().check(site.path), SitePipeline().build(site.path)] {
            let finding = try #require(report.diagnostics.first { $0.code == "template.unknown-name" })
            #expect(finding.severity == .warning && finding.location == SourceLocation(line: 2, column: 3))
            #expect(finding.path.hasSuffix("templates/footer.mustache") && finding.step == "load-theme")
        }
        #expect(!SitePipeline(options: BuildOptions(strict: true)).check(site.path).diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    /// A template's findings count columns in UTF-8 bytes, as notes' do: the caret under them
    /// finds its place after any text (it stood characters early after CJK or accents).
    @Test func aTemplatesFindingsCountColumnsInBytes() throws {
        func findings(_ footer: String) throws -> [Diagnostic] {
            let site = try TemporarySite([
                "notebook.yml": "title: T\nbaseURL: https://example.org/\n", "notes/a.md": "A.\n", "templates/footer.mustache": footer,
            ])
            return SitePipeline().check(site.path).diagnostics
        }
        let typo = try findings("<footer>\n  漢字é{{note.titel}}\n</footer>\n")
        let unknown = try #require(typo.first { $0.code == "template.unknown-name" })
        #expect(unknown.location == SourceLocation(line: 2, column: 3 + 6 + 2), "\(typo)")
        let broken = try findings("<footer>\n  漢字{{#note.title}}\n</footer>\n")
        let unclosed = try #require(broken.first { $0.code == "template.syntax" })
        #expect(unclosed.location == SourceLocation(line: 2, column: 3 + 6), "\(broken)")
    }

    /// Whether anything in `value` is a nil optional or an empty list (but the innermost list of
    /// a recursive view: a tag's nested tags nested one level in the sample, or the explorer's
    /// folders in a folder).
    static func holes(in value: Any, path: String = "sample") -> [String] {
        let mirror = Mirror(reflecting: value)
        if path.hasSuffix(".children"), path.dropLast(".children".count).contains(".children") || path.contains(".subtags") {
            return []
        }
        // The explorer's folders in a folder hold none in the sample.
        if path.hasSuffix("explorer.folders.array.0.folders.array.0.folders.array") { return [] }
        if mirror.displayStyle == .optional {
            guard let child = mirror.children.first else { return [path] }
            return holes(in: child.value, path: path)
        }
        if mirror.displayStyle == .collection, mirror.children.isEmpty { return [path] }
        if let value = value as? MustacheValue, let members = value.objectMembers {
            return members.flatMap { holes(in: $0.value, path: path + "." + $0.key) }
        }
        return mirror.children.enumerated().flatMap { index, child in holes(in: child.value, path: path + "." + (child.label ?? "\(index)")) }
    }

    /// The fields of a view model that templates do not see, or names they see that it lacks
    /// (a note's page shows its card's fields as its own).
    static func mismatches(_ model: Any, _ value: MustacheValue, path: String = "sample") -> [String] {
        let mirror = Mirror(reflecting: model)
        if mirror.displayStyle == .optional {
            guard let child = mirror.children.first else { return [] }
            return mismatches(child.value, value, path: path)
        }
        if let model = model as? MustacheValue { return model == value ? [] : [path] }
        if case .array(let items) = value {
            return zip(mirror.children, items).flatMap { mismatches($0.value, $1, path: path + "[]") }
        }
        switch value.objectMembers {
        case let members?:
            var fields: [(String, Any)] = []
            for child in mirror.children {
                if child.label == "card" {
                    fields += Mirror(reflecting: child.value).children.map { ($0.label ?? "", $0.value) }
                } else {
                    fields.append((child.label ?? "", child.value))
                }
            }
            let missing = Set(fields.map(\.0)).symmetricDifference(members.keys).map { path + "." + $0 }
            return missing + fields.flatMap { name, field in members[name].map { mismatches(field, $0, path: path + "." + name) } ?? [] }
        case nil: return mirror.children.isEmpty ? [] : [path]
        }
    }

    @Test func templatesSeeEveryFieldOfTheViewModelsByItsName() {
        let sample = TemplateContext.sample
        #expect(Self.mismatches(sample, sample.mustacheValue).isEmpty, "\(Self.mismatches(sample, sample.mustacheValue))")
    }

    @Test func theSampleTheSchemaIsReadFromSetsEveryField() {
        #expect(Self.holes(in: TemplateContext.sample).isEmpty, "\(Self.holes(in: TemplateContext.sample))")
        guard case .object(let members) = TemplateSchema.context else {
            Issue.record("no schema")
            return
        }
        #expect(Set(members.keys) == ["site", "page", "note", "list", "tags", "tagTree", "highlights", "redirect", "search", "explorer"])
    }
}
