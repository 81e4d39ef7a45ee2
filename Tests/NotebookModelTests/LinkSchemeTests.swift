import NotebookModel
import Testing

/// A link's scheme as a browser reads it, which the link policies check.
@Suite struct LinkSchemeTests {
    @Test(arguments: [
        ("https://example.org/", "https"), ("HTTPS://example.org/", "https"), ("mailto:a@b.org", "mailto"),
        (" \tjava\nscript:alert(1)", "javascript"), ("\u{1}\u{20}JavaScript:alert(1)", "javascript"), ("a1+.-:x", "a1+.-"),
        ("j\r\navascript:x", "javascript"),
    ])
    func schemes(destination: String, scheme: String) {
        #expect(Link.scheme(of: destination) == scheme)
    }

    @Test(arguments: ["/notes/a/", "../a.md", "a.md", "#top", ":x", "1abc:x", "java script:x", "é:x", "javé:x", "", "  ", "https"])
    func noScheme(destination: String) {
        #expect(Link.scheme(of: destination) == nil)
    }
}
