import Testing

@testable import Mustache

/// Sections over a shared value render once and are copied after, with the same output as
/// rendering every time; a section that reads anything else renders every time.
@Suite struct SharedPartsTests {
    private let site: MustacheValue = [
        "title": "Site", "colors": [["name": "yellow"], ["name": "pink", "note": "own"]], "author": "Ann",
    ]

    private func pages(_ source: String, partials: [String: String] = [:]) throws -> (
        shared: [String], unshared: [String], kept: Int
    ) {
        var sources = partials
        sources["page"] = source
        let library = try MustacheLibrary(sources: sources)
        let parts = MustacheSharedParts(key: "site")
        var shared: [String] = []
        var unshared: [String] = []
        for number in 1...3 {
            let root: MustacheValue = [
                "site": site, "note": .string("page \(number)"), "number": .int(number),
                "shout": .lambda(MustacheLambda { _ in .string("!\(number)") }),
            ]
            shared.append(String(decoding: try library.renderBytes("page", root, sharing: parts), as: UTF8.self))
            unshared.append(try library.render("page", root))
        }
        return (shared, unshared, parts.count)
    }

    @Test func aSectionThatReadsOnlyTheSharedValueIsKeptOnce() throws {
        let result = try pages("<style>\n{{#site.colors}}\n.{{name}} { by: {{site.author}}; }\n{{/site.colors}}\n</style>\n{{note}}\n")
        #expect(result.shared == result.unshared)
        #expect(result.shared[0] == "<style>\n.yellow { by: Ann; }\n.pink { by: Ann; }\n</style>\npage 1\n")
        #expect(result.shared[2].hasSuffix("page 3\n"))
        #expect(result.kept == 1)
    }

    @Test func aSectionThatReadsThePageRendersOnEveryPage() throws {
        // `note` is found in the second color, but in the page for the first.
        let result = try pages("{{#site.colors}}{{name}}: {{note}}; {{/site.colors}}")
        #expect(result.shared == result.unshared)
        #expect(result.shared[1] == "yellow: page 2; pink: own; ")
        #expect(result.kept == 0)
        // A name found nowhere depends on the page too: another page could have it.
        #expect(try pages("{{#site.colors}}{{missing}}{{/site.colors}}").kept == 0)
    }

    @Test func lambdasPartialsAndBlocksInsideAreNeverKept() throws {
        let lambda = try pages("{{#site.colors}}{{shout}}{{/site.colors}}")
        #expect(lambda.shared == lambda.unshared)
        #expect(lambda.shared[2] == "!3!3")
        #expect(lambda.kept == 0)
        let partial = try pages("{{#site.colors}}{{>item}}{{/site.colors}}", partials: ["item": "[{{name}}]"])
        #expect(partial.shared == partial.unshared)
        #expect(partial.kept == 0)
        let block = try pages("{{#site.colors}}{{$b}}{{name}}{{/b}}{{/site.colors}}")
        #expect(block.shared == block.unshared)
        #expect(block.kept == 0)
    }

    @Test func indentationIsPartOfWhatIsKept() throws {
        // The same section, pulled in at two indentations: each is kept with its own.
        let result = try pages(
            "{{>colors}}\n  {{>colors}}\n",
            partials: ["colors": "{{#site.colors}}\n{{name}}\n{{/site.colors}}\n"])
        #expect(result.shared == result.unshared)
        #expect(result.shared[0] == "yellow\npink\n  yellow\n  pink\n")
        #expect(result.kept == 2)
    }

    @Test func onlySectionsAtTheTopAreShared() throws {
        // Inside `{{#note}}` the name `site` could be the note's own.
        let result = try pages("{{#number}}{{#site.colors}}{{name}}{{/site.colors}}{{/number}}{{#site.title}}{{.}}{{/site.title}}")
        #expect(result.shared == result.unshared)
        #expect(result.shared[0] == "yellowpinkSite")
        #expect(result.kept == 1)
    }
}
