/// A tag as a note names it, in front matter, an envelope or its text: Obsidian's nested tags,
/// `plugin/emitter`, are a path of names.
public struct TagName: Hashable, Sendable {
    /// As written, without the `#`s (and spaces among them) it starts with and without parts that
    /// have no slug.
    public var name: String
    /// Each part's slug joined by `/`: `plugin/emitter`, the tag's page below `/tags/`.
    public var slug: String

    /// The tag `written` names, or nil when no part of it has a slug.
    public init?(_ written: String) {
        // Most tags are one plain name: slugged as they are.
        let plain = written.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.first != UInt8(ascii: "#") && !bytes.contains(UInt8(ascii: "/"))
        } ?? false
        if plain {
            slug = Slug.make(written)
            guard !slug.isEmpty else { return nil }
            name = written
            return
        }
        var text = Substring(written)
        // `#tag`, `##tag` and `# tag` are `tag`.
        while let first = text.first, first == "#" || first == " " || first == "\t" { text = text.dropFirst() }
        var names: [Substring] = []
        var slugs: [String] = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            let slug = Slug.make(String(part))
            guard !slug.isEmpty else { continue }
            names.append(part)
            slugs.append(slug)
        }
        guard !slugs.isEmpty else { return nil }
        name = names.joined(separator: "/")
        slug = slugs.joined(separator: "/")
    }

    /// The slugs of the tag and of each tag it is nested in, outermost first: `a`, `a/b`, `a/b/c`.
    public static func lineage(of slug: String) -> [Substring] {
        var out: [Substring] = []
        var index = slug.startIndex
        while let slash = slug[index...].firstIndex(of: "/") {
            out.append(slug[..<slash])
            index = slug.index(after: slash)
        }
        out.append(slug[...])
        return out
    }
}
