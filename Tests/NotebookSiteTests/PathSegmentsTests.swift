import NotebookFiles
import Testing

/// Paths are split as Swift splits strings at `/`, empty parts left out; ASCII paths by bytes.
@Suite struct PathSegmentsTests {
    @Test func segmentsAreTheNonEmptyPartsBetweenSlashes() {
        #expect(PathSegments.of("cooking/pancakes.md") == ["cooking", "pancakes.md"])
        #expect(PathSegments.of("/a//b/") == ["a", "b"])
        #expect(PathSegments.of("") == [])
        #expect(PathSegments.of("///") == [])
        // A combining mark after a slash makes one character of the two, as everywhere else
        // paths are taken apart (finding a folder's parent, say), which must agree.
        #expect(PathSegments.of("a/\u{301}b") == ["a/\u{301}b"])
        #expect(PathSegments.of("a/\u{301}b") == "a/\u{301}b".split(separator: "/"))
        #expect(PathSegments.of("日本/ノート.md") == ["日本", "ノート.md"])
    }

    @Test func theLastSegmentIgnoresTrailingSlashes() {
        #expect(PathSegments.last(of: "/cooking/sunday-pancakes/") == "sunday-pancakes")
        #expect(PathSegments.last(of: "notes/a.md") == "a.md")
        #expect(PathSegments.last(of: "a") == "a")
        #expect(PathSegments.last(of: "/") == nil)
        #expect(PathSegments.last(of: "") == nil)
        #expect(PathSegments.last(of: "a/\u{301}b") == "a/\u{301}b")
        #expect(PathSegments.last(of: "x/a/\u{301}b/") == "a/\u{301}b")
    }
}
