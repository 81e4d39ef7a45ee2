import Mustache
import Testing

private struct Author: Encodable {
    let name: String
    let email: String?
}

private enum Status: String, Encodable {
    case draft, published
}

private struct Post: Encodable {
    let title: String
    let published: Bool
    let views: Int
    let rating: Double
    let score: Float
    let tags: [String]
    let author: Author
    let coauthor: Author?
    let subtitle: String?
    let status: Status
    let counts: [String: Int]
    let grid: [[Int]]
    let small: UInt8
    let huge: UInt64
}

private let post = Post(
    title: "Hello & welcome", published: true, views: 1234, rating: 4.5, score: 0.1,
    tags: ["swift", "mustache"], author: Author(name: "Ada", email: nil), coauthor: nil,
    subtitle: nil, status: .published, counts: ["a": 1, "b": 2], grid: [[1, 2], [3]], small: 7,
    huge: .max)

@Suite struct EncoderTests {
    @Test func encodesNestedStructsArraysOptionalsAndScalars() throws {
        let value = try MustacheValue(encoding: post)
        let expected: MustacheValue = [
            "title": "Hello & welcome",
            "published": true,
            "views": 1234,
            "rating": 4.5,
            "score": 0.1,
            "tags": ["swift", "mustache"],
            "author": ["name": "Ada", "email": nil],
            "coauthor": nil,
            "subtitle": nil,
            "status": "published",
            "counts": ["a": 1, "b": 2],
            "grid": [[1, 2], [3]],
            "small": 7,
            "huge": .double(Double(UInt64.max)),
        ]
        #expect(value == expected)
    }

    @Test func templatesRenderTypedViewModels() throws {
        let template = try MustacheTemplate(
            parsing: """
                <h1>{{title}}</h1>
                {{#published}}
                <p>{{views}} views, rated {{rating}} ({{score}}) by {{author.name}}{{#author.email}} <{{.}}>{{/author.email}}</p>
                {{/published}}
                {{^coauthor}}
                <p>single author</p>
                {{/coauthor}}
                <ul>{{#tags}}<li>{{.}}</li>{{/tags}}</ul>
                {{#grid}}[{{#.}}{{.}}{{/.}}]{{/grid}} {{status}} {{counts.b}}

                """)
        let html = try template.render(MustacheValue(encoding: post))
        #expect(
            html == """
                <h1>Hello &amp; welcome</h1>
                <p>1234 views, rated 4.5 (0.1) by Ada</p>
                <p>single author</p>
                <ul><li>swift</li><li>mustache</li></ul>
                [12][3] published 2

                """)
    }

    /// A `nil` optional stays a `null` key, so the lookup stops there instead of finding the
    /// outer context's value of the same name.
    @Test func nilOptionalsMaskOuterContexts() throws {
        struct Item: Encodable {
            let name: String
            let note: String?
        }
        struct Page: Encodable {
            let note: String
            let items: [Item]
        }
        let page = Page(note: "OUTER", items: [Item(name: "a", note: nil), Item(name: "b", note: "inner")])
        let template = try MustacheTemplate(parsing: "{{#items}}{{name}}={{note}};{{/items}}")
        #expect(try template.render(MustacheValue(encoding: page)) == "a=;b=inner;")
    }

    @Test func topLevelScalarsAndArrays() throws {
        #expect(try MustacheValue(encoding: 42) == 42)
        #expect(try MustacheValue(encoding: "text") == "text")
        #expect(try MustacheValue(encoding: false) == false)
        #expect(try MustacheValue(encoding: 2.5) == 2.5)
        #expect(try MustacheValue(encoding: [1, 2, 3]) == [1, 2, 3])
        #expect(try MustacheValue(encoding: Int?.none) == nil)
        #expect(try MustacheValue(encoding: ["k": [true]]) == ["k": [true]])
        #expect(try MustacheValue(encoding: Int64.min) == .int(Int(Int64.min)))
    }

    @Test func convertibleValuesAndLambdasPassThrough() throws {
        struct Slug: Encodable, MustacheValueConvertible {
            let parts: [String]
            var mustacheValue: MustacheValue { .string(parts.joined(separator: "/")) }
        }
        struct Model: Encodable {
            let slug: Slug
            let extra: MustacheValue
            let bold: MustacheLambda
        }
        let model = Model(
            slug: Slug(parts: ["notes", "first"]), extra: ["flag": true],
            bold: MustacheLambda { (text: String) in "<b>\(text)</b>" })
        let template = try MustacheTemplate(parsing: "/{{slug}}/ {{#extra.flag}}on{{/extra.flag}} {{#bold}}{{slug}}{{/bold}}")
        #expect(try template.render(MustacheValue(encoding: model)) == "/notes/first/ on <b>notes/first</b>")
    }

    @Test func classHierarchiesUsingSuperEncoder() throws {
        class Base: Encodable {
            var id = 1
        }
        final class Derived: Base, @unchecked Sendable {
            var label = "x"
            enum CodingKeys: String, CodingKey { case label }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(label, forKey: .label)
                try super.encode(to: container.superEncoder())
            }
        }
        #expect(try MustacheValue(encoding: Derived()) == ["label": "x", "super": ["id": 1]])
    }

    @Test func errorsThrownByEncodeToPropagate() {
        struct Failure: Error {}
        struct Refuses: Encodable {
            func encode(to encoder: any Encoder) throws { throw Failure() }
        }
        struct Holder: Encodable { let inner: [Refuses] }
        #expect(throws: Failure.self) { try MustacheValue(encoding: Holder(inner: [Refuses()])) }
    }
}
