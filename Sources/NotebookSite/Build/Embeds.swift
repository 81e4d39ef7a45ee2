import Foundation
import NotebookModel
import NotebookRender

/// Notes shown inside others: `![[Note]]` (the whole note), `![[Note#Heading]]` (that heading and
/// its section, up to the next heading of the same or a higher level) and `![[Note#^id]]` (the
/// block with that identifier), each in a figure that links to its source.
///
/// The embedded content is the other note's page body as rendered, its links resolved from it;
/// its ids (headings, footnotes, highlights) are prefixed so that they never clash with the
/// host's, and its headings stay out of the host's table of contents. An embed that would form
/// a cycle, or nest deeper than ``maximumDepth``, is a warning and shows a link.
struct Embeds {
    static let maximumDepth = 4
    /// How many embeds one page shows, nested ones included: a note that embeds another many
    /// times over, each embedding more, would otherwise grow its page exponentially.
    static let maximumPerPage = 100

    let notes: [SiteNote]
    /// Each note's body with its own links filled (``NoteRendering/render``), its embeds slots.
    let rendered: [RenderedNote]
    let renderer: HTMLRenderer
    /// Notes by the link to their page.
    private let byLink: [String: Int]

    init(notes: [SiteNote], rendered: [RenderedNote], renderer: HTMLRenderer, urls: SiteURLs) {
        self.notes = notes
        self.rendered = rendered
        self.renderer = renderer
        var byLink: [String: Int] = [:]
        if rendered.contains(where: { !$0.slots.isEmpty }) {
            for index in notes.indices { byLink[urls.link(notes[index].url)] = index }
        }
        self.byLink = byLink
    }

    /// Every note's body with its embeds filled, and the findings at the embeds.
    func filled() -> (rendered: [RenderedNote], diagnostics: [Diagnostic]) {
        var out = rendered
        var diagnostics: [Diagnostic] = []
        for index in rendered.indices where !rendered[index].slots.isEmpty {
            var budget = Self.maximumPerPage
            out[index] = complete(index, within: [], budget: &budget, diagnostics: &diagnostics)
        }
        var seen = Set<Diagnostic>()
        return (out, diagnostics.filter { seen.insert($0).inserted })
    }

    /// The notes whose embeds reach, directly or through other embeds, one of `changed` (indices).
    func embedders(of changed: Set<Int>) -> Set<Int> {
        var found = Set<Int>()
        var grew = true
        while grew {
            grew = false
            for index in rendered.indices where !found.contains(index) && !rendered[index].slots.isEmpty {
                if targets(of: index).contains(where: { changed.contains($0) || found.contains($0) }) {
                    found.insert(index)
                    grew = true
                }
            }
        }
        return found
    }

    /// The notes the note at `index` embeds.
    private func targets(of index: Int) -> [Int] {
        rendered[index].slots.compactMap { slot in
            guard case .embed(let link, _) = slot.piece, let url = link.url else { return nil }
            return target(of: url)?.note
        }
    }

    /// The note and the anchor a resolved embed's URL names.
    private func target(of url: String) -> (note: Int, anchor: String?)? {
        let hash = url.firstIndex(of: "#")
        let page = hash.map { String(url[..<$0]) } ?? url
        guard let note = byLink[page] else { return nil }
        return (note, hash.map { String(url[url.index(after: $0)...]) })
    }

    /// The note at `index` with its embeds filled, itself embedded in the notes of `within`.
    /// `budget` is how many more embeds the page may show.
    private func complete(_ index: Int, within: [Int], budget: inout Int, diagnostics: inout [Diagnostic]) -> RenderedNote {
        let note = rendered[index]
        guard !note.slots.isEmpty else { return note }
        var count = 0
        let path = within + [index]
        var found: [Diagnostic] = []
        var left = budget
        defer { budget = left }
        /// A paragraph that links `url`, showing `text`.
        func linkTo(_ url: String, _ text: String) -> String {
            "<p><a class=\"wikilink\" href=\"\(HTMLEscaping.escapeURL(url))\">" + HTMLEscaping.escape(text) + "</a></p>\n"
        }
        let filled = renderer.fill(note, { _ in nil }) { link, location in
            count += 1
            let written = link.target + (link.heading.map { "#" + $0 } ?? "")
            guard let url = link.url else {
                // Broken or a draft: the link's finding is reported with the other links'.
                return "<p><a class=\"wikilink wikilink-unresolved\" data-target=\"\(HTMLEscaping.escape(written))\" "
                    + "title=\"Not found in this notebook: \(HTMLEscaping.escape(written))\">"
                    + HTMLEscaping.escape(written) + "</a></p>\n"
            }
            guard let (target, anchor) = target(of: url) else {
                // Not another note's page (a file, a folder's page, a heading of this note): a link to it.
                return linkTo(url, written)
            }
            // A heading of this note itself, the one its page shows as its title too: a link to it.
            if target == index && link.heading != nil { return linkTo(url, written) }
            let fallback = linkTo(url, notes[target].title)
            if path.contains(target) {
                let cycle = (path.drop { $0 != target } + [target]).map { notes[$0].relativePath }.joined(separator: " → ")
                found.append(
                    Diagnostic(
                        .warning, "this embed of '\(notes[target].relativePath)' would show itself (\(cycle)); it is shown as a link",
                        path: notes[index].path, at: location, code: "embed.cycle"))
                return fallback
            }
            if path.count > Self.maximumDepth {
                found.append(
                    Diagnostic(
                        .warning, "embeds nest deeper than \(Self.maximumDepth) here; '\(notes[target].relativePath)' is shown as a link",
                        path: notes[index].path, at: location, code: "embed.depth"))
                return fallback
            }
            guard left > 0 else {
                found.append(
                    Diagnostic(
                        .warning, "this page shows \(Self.maximumPerPage) embeds already; '\(notes[target].relativePath)' is shown as a link",
                        path: notes[index].path, at: location, code: "embed.limit"))
                return fallback
            }
            left -= 1
            var inner: [Diagnostic] = []
            let content = complete(target, within: path, budget: &left, diagnostics: &inner)
            found += inner
            // A note, or a part of one, with nothing to show is a link to it.
            guard let part = Self.part(of: content, anchor: anchor), part.contains(where: { !$0.isWhitespace }) else { return fallback }
            // `_` is in no slug, nor in the renderer's own ids: a prefixed id is none of the host's
            // (with `-`, the host's heading "E1 Waffles" was the embedded "Waffles").
            let prefix = "e\(count)_"
            return "<figure class=\"embed\" data-embed=\"\(HTMLEscaping.escape(link.target))\">\n<div class=\"embed-content\">\n"
                + Self.prefixingIDs(part, with: prefix, page: String(url.prefix { $0 != "#" }))
                + "</div>\n<figcaption><a class=\"embed-source\" href=\"\(HTMLEscaping.escapeURL(url))\">"
                + HTMLEscaping.escape(notes[target].title) + "</a></figcaption>\n</figure>\n"
        }
        diagnostics += found
        return filled
    }

    /// The HTML of a rendered note that an anchor names: all of it without one, a heading's
    /// section for a heading's id, the block for a `^id`; nil when the note has no such part.
    static func part(of note: RenderedNote, anchor: String?) -> String? {
        guard let anchor, !anchor.isEmpty else { return note.html }
        let bytes = Array(note.html.utf8)
        func text(_ range: Range<Int>) -> String? {
            guard range.lowerBound >= 0, range.upperBound <= bytes.count, !range.isEmpty else { return nil }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        if anchor.hasPrefix("^") {
            guard let block = note.marks.identified[String(anchor.dropFirst())].flatMap(text) else { return nil }
            // A list item, shown in a list of its own.
            return block.hasPrefix("<li") ? "<ul>\n" + block + "</ul>\n" : block
        }
        let marks = note.marks.blocks
        guard let start = marks.firstIndex(where: { $0.headingIndex.map { note.headings[$0].id == anchor } ?? false }),
            let level = marks[start].headingLevel
        else { return nil }
        let end = marks[(start + 1)...].first { ($0.headingLevel ?? Int.max) <= level }?.offset ?? note.marks.bodyEnd
        return text(marks[start].offset..<max(end, marks[start].offset))
    }

    /// `html` with every id prefixed, and every link to one of its ids too; a link to an id it
    /// does not hold (a heading or footnote of the embedded note outside the part shown) leads to
    /// that id on the note's own page, `page`.
    static func prefixingIDs(_ html: String, with prefix: String, page: String) -> String {
        let idMark = " id=\"", linkMark = "href=\"#"
        var ids = Set<Substring>()
        var rest = html[...]
        while let found = rest.range(of: idMark) {
            let value = rest[found.upperBound...].prefix { $0 != "\"" }
            ids.insert(value)
            rest = rest[value.endIndex...]
        }
        var out = ""
        out.reserveCapacity(html.utf8.count + 16 * ids.count)
        rest = html[...]
        while let found = rest.range(of: linkMark) {
            let value = rest[found.upperBound...].prefix { $0 != "\"" }
            out += rest[..<found.lowerBound]
            // A link's fragment may be percent-encoded (`#cr%C3%A8me` for the id `crème`).
            let held = ids.contains(value) || (value.contains("%") && value.removingPercentEncoding.map { ids.contains($0[...]) } == true)
            out += held ? linkMark + prefix : "href=\"" + HTMLEscaping.escapeURL(page) + "#"
            out += value
            rest = rest[value.endIndex...]
        }
        out += rest
        return out.replacingOccurrences(of: idMark, with: idMark + prefix)
    }
}

