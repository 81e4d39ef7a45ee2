import Testing

@testable import NotebookFormats

/// A prepared offset's original offset is the rule's (the last stretch replaced at or before it:
/// inside its marker, the token's start; after it, as far past the stretch as in the original),
/// wherever the search for that stretch starts: the converter starts it from the offset before's.
@Suite struct MarkupScanOffsetTests {
    @Test func anOffsetMapsByTheRuleFromAnyStart() {
        let source = Array(
            """
            Text ==marked== and [[Link|shown]] %%a comment%% then {color: "red"}[colored]{/} and ==more==.
            %%a comment
            over lines%% $x^2$ after, [[Another]] and the end ==last==
            """.utf8)
        let scan = MarkupScan(source)
        #expect(scan.prepared != source)
        var state: UInt64 = 0x1234_5678_9ABC_DEF0
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var passed = 0
        for _ in 0..<2000 {
            let offset = next(scan.prepared.count + 4)
            let expected: Int
            if let r = scan.replacements.last(where: { $0.prepared <= offset }) {
                expected = offset < r.prepared + r.preparedLength ? r.original : r.original + r.originalLength + (offset - r.prepared - r.preparedLength)
            } else {
                expected = offset
            }
            var fresh = 0
            #expect(scan.originalOffset(of: offset, passed: &fresh) == expected)
            // From the last search's place, and from anywhere, even past the end or below zero.
            #expect(scan.originalOffset(of: offset, passed: &passed) == expected)
            var anywhere = next(40) - 10
            #expect(scan.originalOffset(of: offset, passed: &anywhere) == expected)
            #expect(anywhere == fresh && passed == fresh)
        }
    }

    @Test func aTextWithoutSyntaxMapsEveryOffsetToItself() {
        let scan = MarkupScan(Array("Plain text, nothing to replace.".utf8))
        var passed = 0
        for offset in 0...scan.prepared.count { #expect(scan.originalOffset(of: offset, passed: &passed) == offset) }
    }
}
