import NotebookModel

/// Tags that share a page without being one tag: `c++` and `c`, `emoji🎉` and `emoji` have one
/// slug, so one page lists the notes of both under the first one's name. Spellings that differ
/// only in case (`Travel`, `travel`) are one tag, as in Obsidian, and are not reported.
enum TagSpellings {
    /// A warning at each note whose tag (or a tag it is nested in) shares its page with a tag of
    /// another name, once for each such name, naming the first note that spells it the first way.
    static func warnings(_ notes: [SiteNote]) -> [Diagnostic] {
        // Each slug's first spelling and its note; most tags are spelled as first seen, which is
        // compared as written before any case is folded.
        var first: [String: (name: String, note: String)] = [:]
        var said = Set<String>()
        var diagnostics: [Diagnostic] = []
        /// Says that `name` of `note` is on the page of `slug` as `kept`, of `keeper` (nil: the same note).
        func report(_ name: String, slug: String, kept: String, of keeper: String?, at note: SiteNote) {
            let folded = name.lowercased()
            guard kept.lowercased() != folded, said.insert(slug + "\n" + folded).inserted else { return }
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "tag '\(name)' shares its page /tags/\(slug)/ with the tag '\(kept)' of \(keeper ?? "the same note"): "
                        + (keeper == nil ? "the page lists it as '\(kept)'" : "the page lists the notes of both as '\(kept)'")
                        + "; rename one so that their slugs differ", path: note.path, code: "tag.shared-page"))
        }
        func check(slug: String, name: String, note: SiteNote) {
            guard let known = first[slug] else {
                first[slug] = (name, note.path)
                return
            }
            if known.name != name { report(name, slug: slug, kept: known.name, of: known.note, at: note) }
        }
        for note in notes {
            // Tags one note names twice under one slug (`c++` and `c` in its front matter, or
            // `#emoji` in its text beside `emoji🎉`) are one on its page.
            for merged in note.mergedTags { report(merged.name, slug: merged.slug, kept: merged.kept, of: nil, at: note) }
            for tag in note.tags {
                guard tag.isNested else {
                    check(slug: tag.slug, name: tag.name, note: note)
                    continue
                }
                // A nested tag is on the pages of the tags it is nested in too: `a/b` on `a`'s.
                let names = tag.name.split(separator: "/")
                let slugs = tag.slug.split(separator: "/")
                guard names.count == slugs.count else { continue }
                for depth in slugs.indices {
                    check(slug: slugs[...depth].joined(separator: "/"), name: names[...depth].joined(separator: "/"), note: note)
                }
            }
        }
        return diagnostics
    }
}
