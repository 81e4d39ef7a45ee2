import NotebookModel

/// Fits a note's headings under its page's title: a first heading that repeats the title is
/// left out (the page shows the title as its `h1`), and the rest move down so that the highest
/// is an `h2`, keeping headings in order.
enum PageHeadings {
    /// `blocks` as the page shows them: without the first when it repeats the title
    /// (`showsTitle`, which ``repeatsTitle(_:title:)`` decides), the headings moved down.
    static func adjust(_ blocks: [Block], showsTitle: Bool) -> [Block] {
        var blocks = blocks
        if showsTitle { blocks.removeFirst() }
        let levels = blocks.compactMap { block -> Int? in
            if case .heading(let level, _) = block.kind { return level }
            return nil
        }
        let shift = shift(levels)
        guard shift > 0 else { return blocks }
        return blocks.map { block in
            guard case .heading(let level, let inlines) = block.kind else { return block }
            var shifted = block
            shifted.kind = .heading(level: min(level + shift, 6), inlines)
            return shifted
        }
    }

    /// How far headings of `levels` (those the page shows, without its title's) move down: so
    /// that the highest is an `h2`, none when it is one or lower already.
    static func shift(_ levels: [Int]) -> Int {
        max(0, 2 - (levels.min() ?? 2))
    }

    /// Whether the first block is a heading that repeats `title`: the page shows it as its
    /// title, so a link to that heading leads to the page's top.
    static func repeatsTitle(_ blocks: [Block], title: String) -> Bool {
        guard let first = blocks.first, case .heading(_, let inlines) = first.kind else { return false }
        let heading = SiteNote.trimmed(PlainText.title(inlines))
        // Nearly always written the same: compared as they are before case is folded, and before
        // runs of white space are made one (a comment left out of the heading leaves two spaces,
        // which a title made of it has as one).
        if heading == title || heading.lowercased() == title.lowercased() { return true }
        let collapsed = SiteNote.collapse(heading, limit: 1000)
        return collapsed == title || collapsed.lowercased() == title.lowercased()
    }
}

import Foundation
