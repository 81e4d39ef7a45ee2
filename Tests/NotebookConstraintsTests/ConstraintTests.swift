import NotebookFormats
import NotebookModel
import Testing

@testable import NotebookConstraints

@Suite struct FormattingDefinitionReaderTests {
    static let formatsExample = """
        underline:     { values: [none, single], default: single }
        strikethrough: { values: [none, single], default: single }
        highlight:     { values: [yellow, green, pink], default: yellow }
        color:         { values: [primary, secondary, orange] }
        textStyle:     { values: [largeTitle, title, title2, title3, headline, body, caption], default: body }
        scale:         { min: 0.5, max: 3.0 }          # outside: clamped
        links:         { schemes: [https, http, mailto] }
        """

    @Test func readsTheExampleOfFormatsMD() {
        let (definition, diagnostics) = FormattingDefinitionReader.read(Self.formatsExample, path: "formatting.yml")
        #expect(diagnostics.isEmpty)
        #expect(definition.underline == ValueConstraint(values: ["none", "single"], default: "single"))
        #expect(definition.color == ValueConstraint(values: ["primary", "secondary", "orange"], default: nil))
        #expect(definition.textStyle?.default == "body")
        #expect(definition.scale == 0.5...3.0)
        #expect(definition.linkSchemes == ["https", "http", "mailto"])
    }

    @Test func reportsFaultsWithTheirPlace() {
        let text = """
            underline: { values: [none, wavy], default: single }
            glow: { values: [a] }
            scale: { min: 3, max: 1 }
            """
        let (_, diagnostics) = FormattingDefinitionReader.read(text, path: "formatting.yml")
        let places = diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.message)" }
        #expect(places.contains { $0.hasPrefix("1:29 'wavy' is not a value of 'underline'") })
        #expect(places.contains { $0.hasPrefix("1:45 the default 'single' of 'underline' is not one of its values") })
        #expect(places.contains { $0.hasPrefix("2:1 unknown attribute 'glow'") })
        #expect(places.contains { $0.hasPrefix("3:8 'scale.min' (3.0) is greater than 'scale.max' (1.0)") })
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.path == "formatting.yml" })
    }

    @Test func reportsBrokenYAMLAtItsLineAndColumn() {
        let (_, diagnostics) = FormattingDefinitionReader.read("underline: { values: [none\nhighlight: x", path: "f.yml")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location?.line == 2)
    }
}

@Suite struct ConstraintCheckerTests {
    func note(_ markdown: String) -> Note {
        MarkdownReader().read(markdown, path: "note.md").note
    }

    func spans(_ blocks: [Block]) -> [Formatting] {
        var found: [Formatting] = []
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                if case .span(let formatting, let children) = inline.kind {
                    found.append(formatting)
                    visit(children)
                }
            }
        }
        for block in blocks {
            if case .paragraph(let inlines) = block.kind { visit(inlines) }
        }
        return found
    }

    @Test func replacesByTheDefaultAndSaysWhere() {
        let source = "Line one.\n\nSee ^[this](underline: 'double', highlight: 'orange') now.\n"
        let (constrained, diagnostics) = ConstraintChecker(definition: .seeds).apply(to: note(source))
        #expect(spans(constrained.blocks) == [Formatting(underline: .single, highlight: .palette("yellow"))])
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.location == SourceLocation(line: 3, column: 5) })
        #expect(diagnostics.map(\.message).contains("underline 'double' is not allowed by the formatting definition; replaced by 'single'"))
    }

    @Test func changesAreWarningsThatStrictMakesErrors() {
        let (_, diagnostics) = ConstraintChecker(definition: .seeds).apply(to: note("^[x](highlight: 'blue')"))
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.strict(true).map(\.severity) == [.error])
        #expect(diagnostics.strict(false).map(\.severity) == [.warning])
    }

    @Test func removesWithoutADefaultAndUnwrapsEmptySpans() {
        let definition = FormattingDefinition(color: ValueConstraint(values: ["primary"]))
        let (constrained, diagnostics) = ConstraintChecker(definition: definition).apply(to: note("^[x](color: 'orange')"))
        #expect(constrained.blocks == [Block(.paragraph([.text("x", at: SourceLocation(line: 1, column: 3))]), at: SourceLocation(line: 1, column: 1))])
        #expect(diagnostics.first?.message == "color 'orange' is not allowed by the formatting definition; removed")
    }

    @Test func clampsScale() {
        let definition = FormattingDefinition(scale: 0.5...3)
        let (constrained, diagnostics) = ConstraintChecker(definition: definition).apply(to: note("^[big](scale: 5) ^[ok](scale: 2)"))
        #expect(spans(constrained.blocks).map(\.scale) == [3, 2])
        #expect(diagnostics.map(\.message) == ["scale 5 is outside 0.5–3; clamped to 3"])
    }

    @Test func removesLinksWithSchemesNotAllowedAndKeepsInternalOnes() {
        let source = "[a](ftp://x.org/f) [b](https://x.org) [c](../other.md) [d](JavaScript:alert(1)) ![i](data:image/png,x)"
        let (constrained, diagnostics) = ConstraintChecker(definition: .seeds).apply(to: note(source))
        let links = spans(constrained.blocks).compactMap(\.link?.destination)
        #expect(links == ["https://x.org", "../other.md"])
        #expect(diagnostics.count == 3)
        #expect(PlainText.of(constrained.blocks) == "a b c d i")
    }

    @Test func leavesAllowedFormattingAlone() {
        let source = "**b** _i_ ~~s~~ ==h== ^[u](underline: 'single') `code`"
        let original = note(source)
        let (constrained, diagnostics) = ConstraintChecker(definition: .seeds).apply(to: original)
        #expect(diagnostics.isEmpty)
        #expect(constrained == original)
    }

    @Test func textStyleOutsideValuesBecomesTheDefault() {
        let definition = FormattingDefinition(textStyle: ValueConstraint(values: ["title", "body"], default: "body"))
        let (constrained, diagnostics) = ConstraintChecker(definition: definition).apply(to: note("^[x](textStyle: 'caption2')"))
        #expect(spans(constrained.blocks).map(\.textStyle) == [.body])
        #expect(diagnostics.count == 1)
    }
}
