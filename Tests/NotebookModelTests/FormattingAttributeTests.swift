import Testing

@testable import NotebookModel

/// The one table of formatting attributes: names, keys and value rules.
@Suite struct FormattingAttributeTests {
    @Test func everyAttributeHasItsNamesAndTakesItsValuesBack() {
        let samples: [FormattingAttribute: FormattingAttribute.Scalar] = [
            .bold: .bool(true), .italic: .bool(false), .underline: .string("double"), .strikethrough: .string("single"),
            .highlight: .string("green"), .color: .string("#abc"), .textStyle: .string("title2"), .scale: .number(1.5),
        ]
        for attribute in FormattingAttribute.allCases {
            #expect(FormattingAttribute(markdownName: attribute.markdownName) == attribute)
            #expect(FormattingAttribute(jsonKey: attribute.jsonKey) == attribute)
            #expect(attribute.jsonKey == "notebook." + attribute.markdownName)
            let value = try? attribute.value(samples[attribute]!, palette: Color.defaultPalette).get()
            #expect(value != nil, "\(attribute)")
            var formatting = Formatting()
            if let value { attribute.set(value, in: &formatting) }
            #expect(attribute.value(in: formatting) == value)
            #expect(FormattingAttribute.allCases.filter { $0 != attribute }.allSatisfy { $0.value(in: formatting) == nil })
        }
    }

    @Test func valuesOutsideTheRulesAreRefusedWithWhatTheyMayBe() {
        #expect(throws: FormattingAttribute.Expected.self) { try FormattingAttribute.scale.value(.number(11), palette: []).get() }
        #expect(FormattingAttribute.scale.expected(palette: []) == "a number from 0.1 to 10")
        #expect((try? FormattingAttribute.highlight.value(.string("red;x"), palette: ["red"]).get()) == nil)
        #expect((try? FormattingAttribute.bold.value(.string("true"), palette: []).get()) == nil)
        #expect(FormattingAttribute(jsonKey: "notebook.task") == nil)
        #expect(FormattingAttribute.allCases.filter(\.isConstrainedByValues).map(\.markdownName)
            == ["underline", "strikethrough", "highlight", "color", "textStyle"])
    }
}
