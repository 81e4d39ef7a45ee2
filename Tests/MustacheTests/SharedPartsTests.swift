import Testing

@testable import Mustache

/// Sections and partials over a shared value render once and are copied after, with the same
/// output as rendering every time; a part that reads anything else renders every time.
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

    @Test func lambdasParentsBlocksAndDynamicPartialsInsideAreNeverKept() throws {
        let lambda = try pages("{{#site.colors}}{{shout}}{{/site.colors}}")
        #expect(lambda.shared == lambda.unshared)
        #expect(lambda.shared[2] == "!3!3")
        #expect(lambda.kept == 0)
        let parent = try pages("{{#site.colors}}{{<item}}{{/item}}{{/site.colors}}", partials: ["item": "[{{name}}]"])
        #expect(parent.shared == parent.unshared)
        #expect(parent.kept == 0)
        let block = try pages("{{#site.colors}}{{$b}}{{name}}{{/b}}{{/site.colors}}")
        #expect(block.shared == block.unshared)
        #expect(block.kept == 0)
        let dynamic = try pages("{{#site.colors}}{{>*name}}{{/site.colors}}", partials: ["yellow": "Y", "pink": "P"])
        #expect(dynamic.shared == dynamic.unshared)
        #expect(dynamic.kept == 0)
    }

    @Test func aPartialInsideIsRenderedWithWhatItReads() throws {
        let kept = try pages("{{#site.colors}}{{>item}}{{/site.colors}}", partials: ["item": "[{{name}}]"])
        #expect(kept.shared == kept.unshared)
        #expect(kept.shared[0] == "[yellow][pink]")
        #expect(kept.kept == 1)
        // The partial reads the page: the section renders on every page.
        let escaping = try pages("{{#site.colors}}{{>item}}{{/site.colors}}", partials: ["item": "[{{number}}]"])
        #expect(escaping.shared == escaping.unshared)
        #expect(escaping.shared[1] == "[2][2]")
        #expect(escaping.kept == 0)
    }

    @Test func aPartialAtTheTopThatReadsOnlyTheSharedValueIsKept() throws {
        let result = try pages(
            "{{>header}}\n  {{>header}}\n{{note}}\n",
            partials: ["header": "<h1>{{site.title}}</h1>\n{{#site.colors}}{{name}} {{/site.colors}}\n"])
        #expect(result.shared == result.unshared)
        #expect(result.shared[1] == "<h1>Site</h1>\nyellow pink \n  <h1>Site</h1>\n  yellow pink \npage 2\n")
        // Once at each indentation; the section inside is part of the partial's bytes.
        #expect(result.kept == 2)
    }

    /// A partial that reads the page renders on every page; from the second page on, it is no
    /// longer watched, and the shared section inside it is kept on its own.
    @Test func aPartialThatReadsThePageRendersEveryTimeWithItsSharedSectionsKept() throws {
        let result = try pages(
            "{{>head}}", partials: ["head": "<title>{{note}}</title>{{#site}}<meta name=\"author\" content=\"{{site.author}}\">{{/site}}"])
        #expect(result.shared == result.unshared)
        #expect(result.shared[2] == "<title>page 3</title><meta name=\"author\" content=\"Ann\">")
        #expect(result.kept == 1)
        // `{{#.}}` pushes the whole root: what the partial reads inside is the page's.
        let whole = try pages("{{>p}}", partials: ["p": "<{{#.}}{{note}}{{/.}}>"])
        #expect(whole.shared == whole.unshared)
        #expect(whole.shared[1] == "<page 2>")
        #expect(whole.kept == 0)
        // A parent at the top passes blocks: it is never kept.
        let parent = try pages("{{<layout}}{{$body}}{{site.title}}{{/body}}{{/layout}}", partials: ["layout": "[{{$body}}{{/body}}]"])
        #expect(parent.shared == parent.unshared)
        #expect(parent.shared[0] == "[Site]")
        #expect(parent.kept == 0)
    }

    /// Cards that several lists show: each item whose fields carry a shared key is kept once,
    /// whatever list and page it is in.
    @Test func itemsWithASharedKeyAreKeptOncePerKey() throws {
        func card(_ name: String) -> MustacheValue {
            .fields(MustacheFields([("name", .string(name))], sharedKey: name))
        }
        let library = try MustacheLibrary(sources: [
            "list": "{{#cards}}<li>{{>card}}</li>\n{{/cards}}",
            "card": "{{name}}{{#site.title}} of {{site.title}}{{/site.title}}",
            "reading": "{{#cards}}{{name}} on {{page}};{{/cards}}",
        ])
        let parts = MustacheSharedParts(key: "site")
        let lists: [[String]] = [["a", "b"], ["b", "c"], ["a", "c", "b"]]
        for (number, names) in lists.enumerated() {
            let root: MustacheValue = ["site": site, "page": .int(number), "cards": .array(names.map(card))]
            for template in ["list", "reading"] {
                let shared = String(decoding: try library.renderBytes(template, root, sharing: parts), as: UTF8.self)
                #expect(shared == (try library.render(template, root)))
            }
        }
        #expect(String(decoding: try library.renderBytes("list", ["site": site, "cards": [card("c")]], sharing: parts), as: UTF8.self)
            == "<li>c of Site</li>\n")
        // Three cards in "list"; none in "reading", whose cards read the page.
        #expect(parts.count == 3)
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

    /// A lambda under the shared value whose template holds a shared section of its own: the
    /// outer section read the page through the lambda, and is not kept.
    @Test func aSharedSectionInsideALambdaDoesNotHideWhatTheLambdaRead() throws {
        let library = try MustacheLibrary(sources: ["page": "{{#site.wrap}}{{/site.wrap}}|"])
        let parts = MustacheSharedParts(key: "site")
        for number in 1...3 {
            let site: MustacheValue = [
                "title": "Site", "wrap": .lambda(MustacheLambda { _ in .string("{{#site.title}}{{.}}{{/site.title}} n={{number}}") }),
            ]
            let root: MustacheValue = ["site": site, "number": .int(number)]
            let shared = String(decoding: try library.renderBytes("page", root, sharing: parts), as: UTF8.self)
            #expect(shared == (try library.render("page", root)))
            #expect(shared == "Site n=\(number)|")
        }
    }

    /// A shared item that reads the shared value is kept only where nothing between it and the
    /// root has a value of that name: elsewhere the name means something else.
    @Test func aSharedItemUnderAnInnerValueOfTheSharedNameIsRenderedThere() throws {
        let library = try MustacheLibrary(sources: [
            "a": "{{#cards}}{{name}} of {{site.title}};{{/cards}}",
            "c": "{{#plain}}{{>a}}{{/plain}}|{{#other}}{{>a}}{{/other}}|{{>a}}",
        ])
        let parts = MustacheSharedParts(key: "site")
        let card: MustacheValue = .fields(MustacheFields([("name", .string("c1"))], sharedKey: "c1"))
        let root: MustacheValue = [
            "site": ["title": "Root"], "other": ["site": ["title": "Inner"]], "cards": [card], "plain": ["z": 1],
        ]
        let shared = String(decoding: try library.renderBytes("c", root, sharing: parts), as: UTF8.self)
        #expect(shared == (try library.render("c", root)))
        #expect(shared == "c1 of Root;|c1 of Inner;|c1 of Root;")
    }
}

/// The bytes handed over in place are those `renderBytes` gives; a name not registered throws.
@Suite struct RenderedBytesTests {
    @Test func bytesInPlaceAreTheRenderedBytes() throws {
        let library = try MustacheLibrary(sources: ["page": "<h1>{{title}}</h1>{{>footer}}", "footer": "<p>{{#site}}{{name}}{{/site}} & co</p>"])
        let root: MustacheValue = ["title": "A < B", "site": ["name": "Notes"]]
        let parts = MustacheSharedParts(key: "site")
        for _ in 1...2 {
            let inPlace = try library.withRenderedBytes("page", root, sharing: parts) { Array($0) }
            #expect(inPlace == (try library.renderBytes("page", root)))
            #expect(String(decoding: inPlace, as: UTF8.self) == "<h1>A &lt; B</h1><p>Notes & co</p>")
        }
        #expect(throws: MustacheError.self) { try library.withRenderedBytes("missing", root) { $0.count } }
    }
}
