import Mustache
import Testing

/// The error `source` fails to parse with, or `nil` if it parses.
private func parseError(_ source: String, name: String = "page.mustache") -> MustacheError? {
    do {
        _ = try MustacheTemplate(parsing: source, name: name)
        return nil
    } catch {
        return error
    }
}

@Suite struct ParseErrorTests {
    @Test func unclosedSectionNamesTemplateLineColumnAndShowsCaret() throws {
        let error = try #require(parseError("<html>\n<body>\n  <ul>{{#items}}\n<li>{{name}}</li>\n</ul>\n"))
        #expect(error.kind == .unclosedSection)
        #expect(error.templateName == "page.mustache")
        #expect(error.line == 3)
        #expect(error.column == 7)
        #expect(error.message == "unclosed section 'items'")
        #expect(error.sourceLine == "  <ul>{{#items}}")
        #expect(
            error.description == """
                page.mustache:3:7: error: unclosed section 'items'
                  <ul>{{#items}}
                      ^
                """)
    }

    @Test func unclosedInvertedSectionParentAndBlock() throws {
        let inverted = try #require(parseError("a\n{{^empty}}none"))
        #expect(inverted.kind == .unclosedSection)
        #expect((inverted.line, inverted.column) == (2, 1))
        #expect(inverted.message == "unclosed inverted section 'empty'")

        let parent = try #require(parseError("{{<layout}}\n  {{$body}}x{{/body}}\n"))
        #expect(parent.kind == .unclosedSection)
        #expect((parent.line, parent.column) == (1, 1))
        #expect(parent.message == "unclosed parent 'layout'")

        let block = try #require(parseError("<title>{{$title}}Home</title>"))
        #expect(block.kind == .unclosedSection)
        #expect((block.line, block.column) == (1, 8))
        #expect(block.message == "unclosed block 'title'")
    }

    @Test func mismatchedClosingTagPointsAtTheClosingTag() throws {
        let error = try #require(parseError("{{#items}}\n  {{#item}}\n  {{/items}}\n{{/item}}\n"))
        #expect(error.kind == .mismatchedClosingTag)
        #expect((error.line, error.column) == (3, 3))
        #expect(error.message == "closing tag 'items' does not match section 'item' opened on line 2")
        #expect(
            error.description == """
                page.mustache:3:3: error: closing tag 'items' does not match section 'item' opened on line 2
                  {{/items}}
                  ^
                """)
    }

    @Test func closingTagWithoutOpenSection() throws {
        let error = try #require(parseError("Hello\nworld {{/items}}"))
        #expect(error.kind == .unexpectedClosingTag)
        #expect((error.line, error.column) == (2, 7))
        #expect(error.message == "closing tag 'items' without an open section")
        #expect(error.description.hasSuffix("world {{/items}}\n      ^"))
    }

    @Test func unclosedTag() throws {
        let error = try #require(parseError("Hello {{name}}\nBye {{name\n"))
        #expect(error.kind == .unclosedTag)
        #expect((error.line, error.column) == (2, 5))
        #expect(error.message == "unclosed tag: expected '}}'")
        #expect(error.description == "page.mustache:2:5: error: unclosed tag: expected '}}'\nBye {{name\n    ^")

        let triple = try #require(parseError("<p>{{{body}}</p>"))
        #expect(triple.kind == .unclosedTag)
        #expect((triple.line, triple.column) == (1, 4))
        #expect(triple.message == "unclosed tag: expected '}}}'")

        let custom = try #require(parseError("{{=<% %>=}}\nHi <%name\n"))
        #expect(custom.kind == .unclosedTag)
        #expect((custom.line, custom.column) == (2, 4))
        #expect(custom.message == "unclosed tag: expected '%>'")
    }

    @Test(arguments: ["{{=<% =}}", "{{= a b c =}}", "{{=a= b=}}", "{{==}}"])
    func badDelimiters(_ tag: String) throws {
        let error = try #require(parseError("ok\n  " + tag + "\n"))
        #expect(error.kind == .invalidDelimiters)
        #expect((error.line, error.column) == (2, 3))
        #expect(error.message.hasPrefix("invalid delimiters"))
        #expect(error.description.hasSuffix("\n  \(tag)\n  ^"))
    }

    @Test(arguments: [
        ("{{}}", "empty tag: expected a name"),
        ("{{ first name }}", "invalid name 'first name': names contain no whitespace"),
        ("{{a..b}}", "invalid name 'a..b': a dotted name has no empty parts"),
        ("{{#}}{{/}}", "empty tag: expected a name"),
        ("{{>}}", "empty tag: expected a name"),
        ("{{$a b}}{{/a b}}", "invalid name 'a b': names contain no whitespace"),
        ("{{>*}}", "invalid dynamic name '*': empty tag: expected a name"),
    ])
    func invalidNames(_ source: String, _ message: String) throws {
        let error = try #require(parseError("x " + source))
        #expect(error.kind == .invalidTagName)
        #expect((error.line, error.column) == (1, 3))
        #expect(error.message == message)
    }

    @Test func sectionsPastTheLimitAreKeptAsText() throws {
        let source = String(repeating: "{{#a}}", count: 101) + "{{x}}" + String(repeating: "{{/a}}", count: 101)
        let template = try MustacheTemplate(parsing: source)
        let warning = try #require(template.warnings.first)
        #expect(template.warnings.count == 1)
        #expect(warning.kind == .nestingTooDeep)
        #expect((warning.line, warning.column) == (1, 1 + 6 * 64))
        let rendered = try template.render(["a": true, "x": "<x>"])
        #expect(rendered == String(repeating: "{{#a}}", count: 37) + "&lt;x&gt;" + String(repeating: "{{/a}}", count: 37))

        let fine = String(repeating: "{{#a}}", count: 64) + "x" + String(repeating: "{{/a}}", count: 64)
        #expect(try MustacheTemplate(parsing: fine).warnings.isEmpty)
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func positionsCountEveryLineEnding(_ end: String) throws {
        let error = try #require(parseError(["one", "two", "x {{#a}} y"].joined(separator: end)))
        #expect((error.line, error.column) == (3, 3))
        #expect(error.sourceLine == "x {{#a}} y")
        let template = try MustacheTemplate(parsing: ["one", "two", "x {{b}}"].joined(separator: end))
        #expect(template.outline == [.variable(name: "b", at: MustacheTagLocation(line: 3, column: 3))])
    }

    @Test func manyFlattenedRegionsGiveOneWarning() throws {
        let region = String(repeating: "{{#a}}", count: 66) + "x" + String(repeating: "{{/a}}", count: 66)
        let template = try MustacheTemplate(parsing: region + "\n" + region + region)
        #expect(template.warnings.count == 1)
        #expect(template.warnings.first?.line == 1)
    }

    @Test func sectionsPastTheLimitMustStillPairUp() throws {
        let mismatched = String(repeating: "{{#a}}", count: 70) + "{{/b}}"
        #expect(parseError(mismatched)?.kind == .mismatchedClosingTag)
        let unclosed = String(repeating: "{{#a}}", count: 70) + String(repeating: "{{/a}}", count: 3)
        let error = try #require(parseError(unclosed))
        #expect(error.kind == .unclosedSection)
        #expect(error.column == 1 + 6 * 66)
    }

    /// Columns count UTF-8 bytes, as every diagnostic of notebook's does (and compilers'); the
    /// caret stands under the character there.
    @Test func columnsCountBytesAndCaretsKeepTabs() throws {
        let accented = try #require(parseError("héllo wörld {{#x}}"))
        #expect(accented.column == 15)
        #expect(accented.description.hasSuffix("héllo wörld {{#x}}\n            ^"))

        let tabbed = try #require(parseError("\t<li>\t{{#x}}"))
        #expect(tabbed.column == 7)
        #expect(tabbed.description.hasSuffix("\t<li>\t{{#x}}\n\t    \t^"))

        let crlf = try #require(parseError("a\r\n  {{/x}}\r\nb\r\n"))
        #expect((crlf.line, crlf.column) == (2, 3))
        #expect(crlf.sourceLine == "  {{/x}}")
    }
}

@Suite struct RenderErrorTests {
    @Test func unknownTemplateName() throws {
        let library = try MustacheLibrary(sources: ["page": "x"])
        let error = try #require(throws: MustacheError.self) { try library.render("missing", [:]) }
        #expect(error.kind == .templateNotFound)
        #expect(error.templateName == "missing")
        #expect(error.line == 0)
        #expect(error.description == "missing: error: no template named 'missing'")
    }

    @Test func unknownPartialRendersEmptyAsTheSpecSays() throws {
        let template = try MustacheTemplate(parsing: "[{{>nowhere}}]")
        #expect(try template.render([:]) == "[]")
    }

    @Test func lambdaReturningABrokenTemplateIsReportedAtTheLambdaTag() throws {
        let template = try MustacheTemplate(parsing: "line one\n  {{broken}}\n", name: "page.mustache")
        let value: MustacheValue = ["broken": .lambda(MustacheLambda { "{{#open}}" })]
        let error = try #require(throws: MustacheError.self) { try template.render(value) }
        #expect(error.kind == .unclosedSection)
        #expect(error.templateName == "page.mustache")
        #expect((error.line, error.column) == (2, 3))
        #expect(
            error.message
                == "lambda 'broken' returned a template that doesn't parse: unclosed section 'open'"
                + " (line 1, column 1 of \"{{#open}}\")")
    }
}
