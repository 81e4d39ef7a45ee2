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

    /// What an embed shows, and what a cycle is judged by: a note, or one part of it.
    private struct Shown: Hashable {
        var note: Int
        /// The part's anchor: a heading's id, `^id`, or the title heading's section; nil for all.
        var part: String?
    }

    /// The note at `index` with its embeds filled, itself embedded in the notes of `within`.
    /// `budget` is how many more embeds the page may show.
    private func complete(_ index: Int, within: [Shown], budget: inout Int, diagnostics: inout [Diagnostic]) -> RenderedNote {
        complete(index, showing: rendered[index], as: Shown(note: index, part: nil), within: within, budget: &budget, diagnostics: &diagnostics)
    }

    /// `note`, the note at `index` or the part of it that `shown` names, with its embeds filled,
    /// itself embedded in `within`. Only the embeds of what is shown are followed: a section
    /// embedded elsewhere never brings in the rest of its note.
    private func complete(
        _ index: Int, showing note: RenderedNote, as shown: Shown, within: [Shown], budget: inout Int, diagnostics: inout [Diagnostic]
    ) -> RenderedNote {
        guard !note.slots.isEmpty else { return note }
        var count = 0
        let path = within + [shown]
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
                return "<p>" + HTMLEscaping.unresolvedWikilinkOpening(written) + HTMLEscaping.escape(written) + "</a></p>\n"
            }
            guard let (target, anchor) = target(of: url) else {
                // Not another note's page (a file, a folder's page, a heading of this note): a link to it.
                return linkTo(url, written)
            }
            // A heading of this note itself, the one its page shows as its title too: a link to it.
            if target == index && link.heading != nil { return linkTo(url, written) }
            let fallback = linkTo(url, notes[target].title)
            // The heading the page shows as its title leads to the page's top: its section is
            // what comes before the next heading of its level or a higher one.
            // At the level the page would give it, as its other headings move (`PageHeadings`).
            let titleLevel = anchor == nil && link.heading.map { !$0.hasPrefix("^") } == true
                ? notes[target].titleHeading.map { $0.level + PageHeadings.shift(notes[target].headings.map(\.level)) } : nil
            let wanted = Shown(note: target, part: anchor ?? titleLevel.map { _ in "\u{0}title" })
            if path.contains(wanted) {
                let cycle = (path.drop { $0 != wanted }.map(\.note) + [target]).map { notes[$0].relativePath }.joined(separator: " → ")
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
            // A note, or a part of one, with nothing to show is a link to it.
            guard let part = Self.part(of: rendered[target], anchor: anchor, titleLevel: titleLevel),
                !part.slots.isEmpty || Self.showsSomething(part.html)
            else { return fallback }
            guard left > 0 else {
                found.append(
                    Diagnostic(
                        .warning, "this page shows \(Self.maximumPerPage) embeds already; '\(notes[target].relativePath)' is shown as a link",
                        path: notes[index].path, at: location, code: "embed.limit"))
                return fallback
            }
            left -= 1
            var inner: [Diagnostic] = []
            let content = complete(target, showing: part, as: wanted, within: path, budget: &left, diagnostics: &inner)
            found += inner
            guard Self.showsSomething(content.html) else { return fallback }
            // `_` is in no slug, nor in the renderer's own ids: a prefixed id is none of the host's
            // (with `-`, the host's heading "E1 Waffles" was the embedded "Waffles").
            let prefix = "e\(count)_"
            return "<figure class=\"embed\" data-embed=\"\(HTMLEscaping.escape(link.target))\">\n<div class=\"embed-content\">\n"
                + Self.prefixingIDs(content.html, with: prefix, page: String(url.prefix { $0 != "#" }))
                + "</div>\n<figcaption><a class=\"embed-source\" href=\"\(HTMLEscaping.escapeURL(url))\">"
                + HTMLEscaping.escape(notes[target].title) + "</a></figcaption>\n</figure>\n"
        }
        diagnostics += found
        return filled
    }

    /// The part of a rendered note (its embeds still slots) that an anchor names, as a note of its
    /// own: all of it without one; for a heading's id, that heading and its section, up to the
    /// next heading of the same or a higher level; for `^id`, the block of that identifier (a
    /// list's item in a list of its own kind); with `titleLevel`, the section of the heading the
    /// page shows as its title (of that level), which opens the body. Nil when the note has no
    /// such part.
    static func part(of note: RenderedNote, anchor: String?, titleLevel: Int? = nil) -> RenderedNote? {
        let marks = note.marks
        if let titleLevel, anchor == nil {
            let end = marks.blocks.first { ($0.headingLevel ?? Int.max) <= titleLevel }?.offset ?? marks.bodyEnd
            return slice(note, 0..<end)
        }
        guard let anchor, !anchor.isEmpty else { return note }
        if anchor.hasPrefix("^") {
            let id = String(anchor.dropFirst())
            guard let block = marks.identified[id] else { return nil }
            // A list item, shown in a list of its own kind: an ordered list's item carries its
            // number (`<li id="^id" value="3">`), which it keeps.
            let item = note.html.utf8.dropFirst(block.lowerBound)
            guard item.starts(with: "<li".utf8) else { return slice(note, block) }
            let ordered = item.prefix(while: { $0 != UInt8(ascii: ">") }).split(separator: UInt8(ascii: " ")).contains { $0.starts(with: "value=".utf8) }
            return slice(note, block, before: ordered ? "<ol>\n" : "<ul>\n", after: ordered ? "</ol>\n" : "</ul>\n")
        }
        guard let start = marks.blocks.firstIndex(where: { $0.headingIndex.map { note.headings[$0].id == anchor } ?? false }),
            let level = marks.blocks[start].headingLevel
        else { return nil }
        let end = marks.blocks[(start + 1)...].first { ($0.headingLevel ?? Int.max) <= level }?.offset ?? marks.bodyEnd
        return slice(note, marks.blocks[start].offset..<max(end, marks.blocks[start].offset))
    }

    /// The bytes of `note` at `range`, between `before` and `after`, with the slots among them.
    private static func slice(_ note: RenderedNote, _ range: Range<Int>, before: String = "", after: String = "") -> RenderedNote? {
        let bytes = note.html.utf8
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, !range.isEmpty else { return nil }
        let start = bytes.index(bytes.startIndex, offsetBy: range.lowerBound), end = bytes.index(start, offsetBy: range.count)
        var part = RenderedNote(html: before + String(note.html[start..<end]) + after)
        let shift = before.utf8.count - range.lowerBound
        part.slots = note.slots.filter { range.contains($0.offset) }.map { LinkSlot(offset: $0.offset + shift, piece: $0.piece) }
        return part
    }

    /// Whether HTML shows anything: text outside its tags, or an element that shows itself (an
    /// image, a rule, a formula, a form's control). An empty anchor (`^id` alone, with nothing
    /// before it) shows nothing.
    static func showsSomething(_ html: String) -> Bool {
        var inTag = false
        for byte in html.utf8 {
            switch byte {
            case UInt8(ascii: "<"): inTag = true
            case UInt8(ascii: ">"): inTag = false
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
            default: if !inTag { return true }
            }
        }
        return ["<img", "<hr", "<math", "<svg", "<input", "<video", "<audio", "<iframe", "<object"].contains { html.contains($0) }
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

