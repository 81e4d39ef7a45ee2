import Testing
import TestSupport

@testable import NotebookModel

private let bold = Formatting(bold: true)
private let italic = Formatting(italic: true)
private let link = Formatting(link: Link(destination: "https://example.org", title: "Example"))

private func text(_ value: String, _ formatting: Formatting = .plain) -> Run { Run(.text(value), formatting: formatting) }

@Suite struct InlineRunsTests {
    // MARK: Flatten

    @Test func flattenMergesSpanFormattingDownToLeaves() {
        let inlines: [Inline] = [
            .text("a "),
            .span(bold, [.text("b "), .span(italic, [.text("c")]), Inline(.softBreak)]),
            .span(link, [.span(Formatting(bold: false), [.text("d")])]),
        ]
        #expect(
            InlineRuns.flatten(inlines) == [
                text("a "), text("b ", bold), text("c", Formatting(bold: true, italic: true)),
                Run(.softBreak, formatting: bold),
                text("d", Formatting(bold: false, link: link.link)),
            ])
    }

    @Test func flattenJoinsNeighbouringTextOfEqualFormatting() {
        let inlines: [Inline] = [.text("a"), .text("b"), .span(bold, [.text("c")]), .span(bold, [.text("d")])]
        #expect(InlineRuns.flatten(inlines) == [text("ab"), text("cd", bold)])
    }

    @Test func anEmptySpanBecomesAnEmptyRunAndComesBack() {
        let footnote = Formatting(footnote: "1")
        let inlines: [Inline] = [.text("see"), .span(footnote, []), .span(link, [])]
        let runs = InlineRuns.flatten(inlines)
        #expect(runs == [text("see"), text("", footnote), text("", link)])
        #expect(InlineRuns.nest(runs) == inlines)
    }

    @Test func imagesKeepTheirAlternativeAsTheRunsText() {
        let image = Image(
            source: "a.png", title: "T", alternative: [.text("a "), .span(italic, [.text("b")]), Inline(.softBreak)],
            isEmbed: true)
        let runs = InlineRuns.flatten([.span(link, [Inline(.image(image))])])
        let reference = ImageReference(source: "a.png", title: "T", isEmbed: true)
        #expect(runs == [Run(.image(reference, alternative: "a b\n"), formatting: link)])
        #expect(runs[0].text == "a b\n")
        let nested = InlineRuns.nest(runs)
        let plain = Image(source: "a.png", title: "T", alternative: [.text("a b\n")], isEmbed: true)
        #expect(nested == [.span(link, [Inline(.image(plain))])])
    }

    @Test func breaksHaveApplesText() {
        #expect(Run(.softBreak).text == " ")
        #expect(Run(.lineBreak).text == "\n")
        #expect(Run(.image(ImageReference(source: "x"), alternative: "alt")).text == "alt")
    }

    // MARK: Nest

    @Test func emphasisAroundStrongEmphasis() {
        // `*a **b** c*`
        let runs = [text("a ", italic), text("b", Formatting(bold: true, italic: true)), text(" c", italic)]
        #expect(InlineRuns.nest(runs) == [.span(italic, [.text("a "), .span(bold, [.text("b")]), .text(" c")])])
    }

    @Test func attributesOfTheSameExtentShareOneSpan() {
        let both = Formatting(bold: true, link: link.link)
        #expect(InlineRuns.nest([text("x", both)]) == [.span(both, [.text("x")])])
        let three = [text("a", bold), text("b", both), text("c", bold)]
        #expect(InlineRuns.nest(three) == [.span(bold, [.text("a"), .span(link, [.text("b")]), .text("c")])])
    }

    @Test func theLongestExtentOpensFirst() {
        // Bold over a and b, italic over b and c: bold is as long as italic at a's place, but
        // only bold starts there.
        let runs = [
            text("a", bold), text("b", Formatting(bold: true, italic: true)), text("c", italic), text("d", italic),
        ]
        #expect(
            InlineRuns.nest(runs) == [
                .span(bold, [.text("a"), .span(italic, [.text("b")])]), .span(italic, [.text("cd")]),
            ])
    }

    @Test func codeRunsTakeTheMarkdownReadersShape() {
        let code = Formatting(code: true)
        #expect(InlineRuns.nest([text("let x"), text("y = 1", code)]) == [.text("let x"), .span(code, [.text("y = 1")])])
    }

    @Test func spansStartAtTheirFirstRunsLocation() {
        let at = SourceLocation(line: 3, column: 7)
        let runs = [Run(.text("a"), formatting: bold, at: at), Run(.text("b"), formatting: bold, at: SourceLocation(line: 3, column: 9))]
        #expect(InlineRuns.nest(runs) == [.span(bold, [.text("ab", at: at)], at: at)])
    }

    @Test func plainRunsBecomeJoinedText() {
        #expect(InlineRuns.nest([text("a"), text("b"), Run(.lineBreak), text("c")]) == [.text("ab"), Inline(.lineBreak), .text("c")])
        #expect(InlineRuns.nest([text("")]) == [])
        #expect(InlineRuns.nest([]) == [])
    }

    // MARK: Round trips

    /// Runs with a few values of every attribute, so that neighbours often agree.
    private static func randomRuns(count: Int, using generator: inout SplitMix64) -> [Run] {
        func pick<T>(_ values: [T?]) -> T? { values.randomElement(using: &generator)! }
        return (0..<count).map { index in
            var formatting = Formatting()
            formatting.bold = pick([nil, nil, true, false])
            formatting.italic = pick([nil, nil, true])
            formatting.underline = pick([nil, nil, nil, .single, .double])
            formatting.strikethrough = pick([nil, nil, nil, .single])
            formatting.code = Int.random(in: 0..<6, using: &generator) == 0
            formatting.highlight = pick([nil, nil, nil, .palette("yellow"), .hex("#ff0000")])
            formatting.color = pick([nil, nil, nil, .semantic(.primary)])
            formatting.textStyle = pick([nil, nil, .title2, .body])
            formatting.scale = pick([nil, nil, nil, 1.5])
            formatting.link = pick([nil, nil, Link(destination: "a"), Link(destination: "b", title: "t")])
            formatting.wikilink = pick([nil, nil, nil, WikiLink(target: "Note", heading: "H")])
            formatting.footnote = pick([nil, nil, nil, nil, "1"])
            formatting.rawHTML = Int.random(in: 0..<8, using: &generator) == 0
            let kind: Run.Kind
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: kind = .softBreak
            case 1: kind = .lineBreak
            case 2: kind = .image(ImageReference(source: "i\(index % 3)"), alternative: index.isMultiple(of: 2) ? "alt" : "")
            default: kind = .text(["a", "b c", "é", "\(index)"].randomElement(using: &generator)!)
            }
            return Run(kind, formatting: formatting)
        }
    }

    /// Runs as `flatten` gives them: neighbouring text of equal formatting joined.
    private static func joined(_ runs: [Run]) -> [Run] {
        var out: [Run] = []
        for run in runs {
            if case .text(let next) = run.kind, let last = out.last, case .text(let previous) = last.kind,
                last.formatting == run.formatting
            {
                out[out.count - 1].kind = .text(previous + next)
            } else {
                out.append(run)
            }
        }
        return out
    }

    @Test(arguments: 0..<20)
    func flattenUndoesNest(seed: UInt64) {
        var generator = SplitMix64(state: seed)
        let runs = Self.randomRuns(count: Int.random(in: 1...200, using: &generator), using: &generator)
        let tree = InlineRuns.nest(runs)
        #expect(InlineRuns.flatten(tree) == Self.joined(runs))
        #expect(InlineRuns.nest(InlineRuns.flatten(tree)) == tree)
    }

    @Test(arguments: 0..<10)
    func sharedFormattingsNestAsCarriedOnesDo(seed: UInt64) {
        var generator = SplitMix64(state: seed)
        let runs = Self.randomRuns(count: Int.random(in: 1...200, using: &generator), using: &generator)
        // Equal formattings sometimes share an entry and sometimes not, as a keyed table may repeat one.
        var formattings: [Formatting] = []
        let shared = runs.enumerated().map { index, run -> SharedRun in
            let entry: Int
            if Bool.random(using: &generator), let found = formattings.firstIndex(of: run.formatting) {
                entry = found
            } else {
                formattings.append(run.formatting)
                entry = formattings.count - 1
            }
            return SharedRun(run.kind, formatting: entry, at: SourceLocation(line: index + 1, column: 1))
        }
        let carried = zip(runs, shared).map { Run($0.kind, formatting: $0.formatting, at: $1.location) }
        #expect(InlineRuns.nest(shared, formattings: formattings) == InlineRuns.nest(carried))
        #expect(shared.map(\.text) == carried.map(\.text))
    }

    @Test func markdownShapedTreesComeBackUnchanged() {
        let code = Formatting(code: true)
        let trees: [[Inline]] = [
            [.span(italic, [.text("a "), .span(bold, [.text("b")]), .text(" c")])],
            [.text("x "), .span(link, [.text("l "), .span(code, [.text("c")])]), .text(" y")],
            [.span(bold, [.text("a"), Inline(.softBreak), .text("b")]), Inline(.lineBreak), .span(code, [.text("z")])],
        ]
        for tree in trees { #expect(InlineRuns.nest(InlineRuns.flatten(tree)) == tree) }
    }

    @Test func aMillionRunsFinish() {
        var runs: [Run] = []
        runs.reserveCapacity(1_000_000)
        let formattings = [bold, Formatting(bold: true, italic: true), italic, .plain, link, Formatting(code: true)]
        for index in 0..<1_000_000 {
            runs.append(text(index.isMultiple(of: 7) ? "x" : "y", formattings[index % formattings.count]))
        }
        let tree = InlineRuns.nest(runs)
        #expect(InlineRuns.flatten(tree).count == runs.count)
    }
}
