import Mustache
import Testing

private func render(_ source: String, _ value: MustacheValue, partials: [String: String] = [:]) throws -> String {
    try MustacheLibrary(sources: partials).render(MustacheTemplate(parsing: source), value)
}

/// `{"name": …, "children": [ … ]}` nested `depth` levels deep.
private func tree(depth: Int) -> MustacheValue {
    var node: MustacheValue = ["name": "leaf", "children": []]
    for level in 0..<depth { node = ["name": .string("n\(level)"), "children": [node]] }
    return node
}

@Suite struct RecursionTests {
    @Test func recursivePartialStopsWithAClearErrorNotAStackOverflow() throws {
        let library = try MustacheLibrary(sources: ["node": "x\n  {{>node}}\n"])
        let error = try #require(throws: MustacheError.self) { try library.render("node", [:]) }
        #expect(error.kind == .recursionLimit)
        #expect(error.templateName == "node")
        #expect((error.line, error.column) == (2, 3))
        #expect(error.message.hasPrefix("partial 'node' nested more than 100 levels deep"))
    }

    @Test func recursiveParentsAndLambdasAreCappedToo() throws {
        let parents = try MustacheLibrary(sources: ["p": "{{<p}}{{$b}}x{{/b}}{{/p}}"])
        let parentError = try #require(throws: MustacheError.self) { try parents.render("p", [:]) }
        #expect(parentError.kind == .recursionLimit)
        #expect(parentError.message.hasPrefix("parent 'p' nested more than 100 levels deep"))

        let template = try MustacheTemplate(parsing: "{{again}}", name: "page")
        let lambda: MustacheValue = ["again": .lambda(MustacheLambda { "{{again}}" })]
        let lambdaError = try #require(throws: MustacheError.self) { try template.render(lambda) }
        #expect(lambdaError.kind == .recursionLimit)
    }

    @Test func legitimateRecursionWithinTheCapRenders() throws {
        var library = try MustacheLibrary(sources: [
            "node": "{{name}}{{#children}}({{>node}}){{/children}}"
        ])
        let rendered = try library.render("node", tree(depth: 60))
        #expect(rendered.hasPrefix("n59(n58(n57("))
        #expect(rendered.hasSuffix("n0(leaf)" + String(repeating: ")", count: 59)))

        library.maxDepth = 10
        #expect(throws: MustacheError.self) { try library.render("node", tree(depth: 20)) }
        #expect(try library.render("node", tree(depth: 8)).hasSuffix("leaf" + String(repeating: ")", count: 8)))
        library.maxDepth = 10_000
        #expect(library.maxDepth == MustacheLibrary.depthCeiling)
    }

    /// Deep sections inside recursive partials hit the overall nesting budget before the
    /// partial depth cap: still an error, never a crash.
    @Test func sectionsInsideRecursivePartialsAreBounded() throws {
        let sections = 99
        let body = String(repeating: "{{#a}}", count: sections) + "{{>r}}" + String(repeating: "{{/a}}", count: sections)
        let library = try MustacheLibrary(sources: ["r": body])
        let error = try #require(throws: MustacheError.self) { try library.render("r", ["a": true]) }
        #expect(error.kind == .recursionLimit)
        #expect(error.message.contains("nested more than"))
    }
}

@Suite struct RenderingTests {
    @Test func fiveThousandItemList() throws {
        struct Item: Encodable {
            let index: Int
            let name: String
            let price: Double
        }
        struct Page: Encodable { let items: [Item] }
        let page = Page(items: (1...5000).map { Item(index: $0, name: "item <\($0)>", price: Double($0) / 4) })
        let template = try MustacheTemplate(
            parsing: """
                <ul>
                  {{#items}}
                  <li>{{index}}: {{name}} costs {{price}}</li>
                  {{/items}}
                </ul>

                """)
        let html = try template.render(MustacheValue(encoding: page))
        let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5003)
        #expect(lines[0] == "<ul>")
        #expect(lines[1] == "  <li>1: item &lt;1&gt; costs 0.25</li>")
        #expect(lines[4] == "  <li>4: item &lt;4&gt; costs 1</li>")
        #expect(lines[5000] == "  <li>5000: item &lt;5000&gt; costs 1250</li>")
        #expect(lines[5001] == "</ul>")
        #expect(lines[5002] == "")
    }

    @Test func escapesHTMLIncludingApostrophesAndKeepsCombiningMarks() throws {
        let value: MustacheValue = ["x": "& < > \" ' ok", "y": "&\u{301}e\u{301}<"]
        #expect(try render("{{x}}|{{{x}}}|{{&x}}", value) == "&amp; &lt; &gt; &quot; &#39; ok|& < > \" ' ok|& < > \" ' ok")
        let combining = try render("{{y}}", value)
        #expect(Array(combining.utf8) == Array("&amp;\u{301}e\u{301}&lt;".utf8))
    }

    @Test func numbersFormatDeterministically() throws {
        let cases: [(MustacheValue, String)] = [
            (85, "85"), (-3, "-3"), (1.21, "1.21"), (1.0, "1"), (-0.0, "0"), (.double(0.1 + 0.2), "0.30000000000000004"),
            (1e-7, "1e-07"), (1e20, "1e+20"), (123_456_789_012_345.0, "123456789012345"),
            (.double(.nan), "NaN"), (.double(.infinity), "Infinity"), (.double(-.infinity), "-Infinity"),
            (true, "true"), (false, "false"), (nil, ""), ([1, 2], ""), (["a": 1], ""),
        ]
        for (value, expected) in cases {
            #expect(try render("{{v}}", ["v": value]) == expected, "\(value)")
        }
    }

    @Test func truthiness() throws {
        let template = "{{#v}}T{{/v}}{{^v}}F{{/v}}"
        let cases: [(MustacheValue, String)] = [
            (nil, "F"), (false, "F"), (true, "T"), (0, "F"), (1, "T"), (0.0, "F"), (0.5, "T"), ("", "F"),
            ("x", "T"), ([], "F"), ([0], "T"), ([:], "T"), (.lambda(MustacheLambda { "" }), "T"),
        ]
        for (value, expected) in cases {
            let rendered = try render(template, ["v": value])
            if case .lambda = value { #expect(rendered == "") } else { #expect(rendered == expected, "\(value)") }
        }
    }

    @Test func standalonePartialsIndentNestedLines() throws {
        let partials = [
            "list": "<ul>\n  {{#items}}\n  {{>item}}\n  {{/items}}\n</ul>\n",
            "item": "<li>\n  {{.}}\n</li>\n",
        ]
        let rendered = try render("<body>\n  {{>list}}\n</body>\n", ["items": ["a", "b"]], partials: partials)
        #expect(
            rendered == """
                <body>
                  <ul>
                    <li>
                      a
                    </li>
                    <li>
                      b
                    </li>
                  </ul>
                </body>

                """)
    }

    @Test func themeLayoutsWithBlocksAndSiteOverrides() throws {
        let theme = try MustacheLibrary(sources: [
            "layout": """
                <html>
                <head><title>{{$title}}{{site}}{{/title}}</title></head>
                <body>
                  {{>header}}
                  <main>
                    {{$content}}
                    <p>No content.</p>
                    {{/content}}
                  </main>
                </body>
                </html>

                """,
            "header": "<header>{{site}}</header>\n",
            "page": """
                {{<layout}}
                {{$title}}{{title}} – {{site}}{{/title}}
                {{$content}}
                <h1>{{title}}</h1>
                <p>{{body}}</p>
                {{/content}}
                {{/layout}}

                """,
        ])
        let site = try MustacheLibrary(sources: ["header": "<header class=\"site\">{{site}}!</header>\n"])
        let library = theme.merging(site)
        #expect(library.names == ["header", "layout", "page"])
        let value: MustacheValue = ["site": "Notes", "title": "First", "body": "Hello"]
        #expect(
            try library.render("page", value) == """
                <html>
                <head><title>First – Notes</title></head>
                <body>
                  <header class="site">Notes!</header>
                  <main>
                    <h1>First</h1>
                    <p>Hello</p>
                  </main>
                </body>
                </html>

                """)
        #expect(try theme.render("page", value).contains("  <header>Notes</header>\n"))
        #expect(try library.render("layout", value).contains("    <p>No content.</p>\n"))
    }

    @Test func blocksInPartialsOfAParentSeeTheChildsOverrides() throws {
        let library = try MustacheLibrary(sources: [
            "layout": "{{>head}}|{{$body}}{{/body}}",
            "head": "<title>{{$title}}default{{/title}}</title>",
        ])
        let page = try MustacheTemplate(parsing: "{{<layout}}{{$title}}T{{/title}}{{$body}}B{{/body}}{{/layout}}")
        #expect(try library.render(page, [:]) == "<title>T</title>|B")
    }

    @Test func anOverrideCanNotResolveToItself() throws {
        let library = try MustacheLibrary(sources: ["p": "[{{$b}}default{{/b}}]"])
        let page = try MustacheTemplate(parsing: "{{<p}}{{$b}}<{{$b}}inner default{{/b}}>{{/b}}{{/p}}")
        #expect(try library.render(page, [:]) == "[<inner default>]")
    }

    @Test func lambdasAsRegisteredClosures() throws {
        let value: MustacheValue = [
            "name": "Ada",
            "bold": .lambda(MustacheLambda { (text: String) in "<b>\(text)</b>" }),
            "greeting": .lambda(MustacheLambda { "Hi {{name}} & co" }),
            "count": .lambda(MustacheLambda(value: { _ in 3 })),
        ]
        #expect(
            try render("{{#bold}}Hi {{name}}{{/bold}} {{greeting}} {{{greeting}}} {{count}}", value)
                == "<b>Hi Ada</b> Hi Ada &amp; co Hi Ada & co 3")
    }

    @Test func dynamicNamesPickPartialsFromData() throws {
        let partials = ["text": "T:{{content}}", "image": "<img src=\"{{url}}\">"]
        let value: MustacheValue = [
            "items": [["kind": "text", "content": "hi"], ["kind": "image", "url": "a.png"], ["kind": "nope"]]
        ]
        #expect(try render("{{#items}}{{>*kind}};{{/items}}", value, partials: partials) == "T:hi;<img src=\"a.png\">;;")
    }

    @Test func dynamicParentsAndTypedModels() throws {
        struct Model: Encodable {
            let layout: String
            let title: String
        }
        let library = try MustacheLibrary(sources: [
            "wide": "<wide>{{$body}}{{/body}}</wide>",
            "narrow": "<narrow>{{$body}}{{/body}}</narrow>",
            "page": "{{<*layout}}{{$body}}{{title}}{{/body}}{{/ * layout}}",
        ])
        #expect(try library.render("page", model: Model(layout: "wide", title: "A")) == "<wide>A</wide>")
        #expect(try library.render("page", model: Model(layout: "narrow", title: "B")) == "<narrow>B</narrow>")
        #expect(try library.render("page", model: Model(layout: "none", title: "C")) == "")
    }

    @Test func blockIndentationFollowsTheSiteAndCRLFLinesKeepTheirEndings() throws {
        let library = try MustacheLibrary(sources: [
            "layout": "<main>\r\n    {{$content}}\r\n    {{/content}}\r\n</main>\r\n"
        ])
        let page = try MustacheTemplate(
            parsing: "{{<layout}}\r\n  {{$content}}\r\n  <p>a</p>\r\n    <p>b</p>\r\n  {{/content}}\r\n{{/layout}}\r\n")
        #expect(try library.render(page, [:]) == "<main>\r\n    <p>a</p>\r\n      <p>b</p>\r\n</main>\r\n")
    }

    @Test func oneLibraryRendersConcurrently() async throws {
        let library = try MustacheLibrary(sources: [
            "page": "{{#items}}{{>row}}{{/items}}", "row": "<{{.}}>",
        ])
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for task in 0..<16 {
                group.addTask { try library.render("page", ["items": .array((0..<100).map { .int($0 + task) })]) }
            }
            var all: [String] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        for result in results { #expect(result.hasPrefix("<") && result.hasSuffix(">")) }
    }
}

@Suite struct FieldsTests {
    @Test func fieldsAreAnObjectToTemplates() throws {
        let library = MustacheLibrary()
        let page: MustacheValue = .fields(["title": "T <1>", "author": .fields(["name": "Ann"]), "tags": ["a", "b"], "empty": ""])
        let template = try MustacheTemplate(
            parsing: "{{title}}|{{author.name}}|{{#tags}}{{.}}{{title}}{{/tags}}|{{#author}}{{name}}{{title}}{{/author}}|{{^empty}}none{{/empty}}")
        #expect(try library.render(template, page) == "T &lt;1&gt;|Ann|aT &lt;1&gt;bT &lt;1&gt;|AnnT &lt;1&gt;|none")
    }

    @Test func theFirstOfARepeatedKeyIsFoundAndFieldsEqualTheSameObject() {
        let fields = MustacheFields([(key: "a", value: 1), (key: "a", value: 2)])
        #expect(MustacheValue.fields(fields)["a"] == 1)
        #expect(MustacheValue.fields(["x": 1, "y": "z"]) == ["y": "z", "x": 1])
        #expect(MustacheValue.fields([:]).isTruthy)
        #expect(MustacheValue.fields(["x": 1]).description == MustacheValue.object(["x": 1]).description)
    }
}
