import NotebookModel
import Testing

@testable import NotebookRender

/// With `deferCode`, a code block that names a language is left open, and filling it writes the
/// same element a renderer writes for the block highlighted (or plain) in the model.
@Suite struct CodeSlotTests {
    static let code = CodeBlock(language: "swift", code: "let x = 1\nlet y = 2", title: "Two.swift", markedLines: [2...2])
    static let blocks: [Block] = [
        Block(.paragraph([.text("before ", at: nil), .span(Formatting(link: Link(destination: "/a")), [.text("a", at: nil)], at: nil)])),
        Block(.codeBlock(code)),
        Block(.codeBlock(CodeBlock(language: nil, code: "no language"))),
        Block(.codeBlock(CodeBlock(language: "", code: "empty language"))),
        Block(.paragraph([.text("after", at: nil)])),
    ]
    static let highlighted = "<span class=\"hljs-keyword\">let</span> x = 1\n<span class=\"hljs-keyword\">let</span> y = 2"

    @Test func aBlockWithALanguageIsLeftOpenAndFilledAsTheModelWouldRenderIt() {
        let deferred = HTMLRenderer(options: RenderOptions(deferLinks: true, deferCode: true))
        let open = deferred.renderNote(Self.blocks)
        #expect(open.slots.filter(\.isCode).count == 1)
        #expect(open.slots.first(where: \.isCode)?.target == nil)
        let filled = deferred.fill(open, { _ in nil }, code: { $0 == Self.code ? Self.highlighted : nil })
        #expect(filled.slots.isEmpty)
        var model = Self.blocks
        var shown = Self.code
        shown.highlighted = Self.highlighted
        model[1] = Block(.codeBlock(shown))
        #expect(filled == HTMLRenderer().renderNote(model))
        #expect(filled.html.contains("<code class=\"language-swift hljs\">"))
        #expect(filled.html.contains("<span class=\"marked-line\"><span class=\"hljs-keyword\">let</span> y = 2</span>"))
    }

    @Test func codeWithNothingHighlightedIsWrittenPlain() {
        let deferred = HTMLRenderer(options: RenderOptions(deferLinks: true, deferCode: true))
        let filled = deferred.fill(deferred.renderNote(Self.blocks), { _ in nil }, code: { _ in nil })
        #expect(filled == HTMLRenderer().renderNote(Self.blocks))
        #expect(filled.html.contains("<code class=\"language-swift\">let x = 1\n<span class=\"marked-line\">let y = 2</span>"))
    }

    @Test func fillingCodeAloneKeepsTheLinksOpenAndTheirPlaces() {
        let deferred = HTMLRenderer(options: RenderOptions(deferLinks: true, deferCode: true))
        let open = deferred.renderNote(Self.blocks)
        let codeFilled = deferred.fill(open, nil, code: { _ in Self.highlighted })
        #expect(codeFilled.slots.count == open.slots.count - 1)
        let codeLeft = codeFilled.slots.contains(where: \.isCode)
        #expect(!codeLeft)
        // Links filled after the code give what filling both at once gives.
        let both = deferred.fill(open, { _ in "/b/" }, code: { _ in Self.highlighted })
        let afterwards = deferred.fill(codeFilled, { _ in "/b/" })
        #expect(afterwards == both)
        #expect(both.html.contains("<a href=\"/b/\">a</a>"))
    }

    @Test func linksFilledFirstLeaveTheCodeOpen() {
        let deferred = HTMLRenderer(options: RenderOptions(deferLinks: true, deferCode: true))
        let open = deferred.renderNote(Self.blocks)
        let linksFilled = deferred.fill(open, { _ in "/b/" })
        #expect(linksFilled.slots.count == 1 && linksFilled.slots[0].isCode)
        let codeAfterwards = deferred.fill(linksFilled, nil, code: { _ in Self.highlighted })
        let both = deferred.fill(open, { _ in "/b/" }, code: { _ in Self.highlighted })
        #expect(codeAfterwards == both)
    }

    @Test func withoutDeferringCodeNoCodeIsLeftOpen() {
        let open = HTMLRenderer(options: RenderOptions(deferLinks: true)).renderNote(Self.blocks).slots.contains(where: \.isCode)
        #expect(!open)
    }
}
