/// A note's table of contents as a tree: each heading holds the deeper headings that follow it,
/// up to the next heading as high as it, so that a list of the tree numbers each level on its own.
enum TableOfContents {
    /// The tree of `entries` (in page order). A heading deeper than the one before by more than
    /// one level (an `h4` right after an `h2`) is that heading's child all the same; one higher
    /// than the first heading is at the top.
    static func tree(_ entries: [TocEntry]) -> [TocNode] {
        // The open path from the top: the last entry of each level, deepest last.
        var path: [TocNode] = []
        var top: [TocNode] = []
        func close(_ entry: TocNode) {
            var entry = entry
            entry.hasChildren = !entry.children.isEmpty
            if path.isEmpty { top.append(entry) } else { path[path.count - 1].children.append(entry) }
        }
        for entry in entries {
            while let last = path.last, last.level >= entry.level {
                path.removeLast()
                close(last)
            }
            path.append(TocNode(text: entry.text, id: entry.id, level: entry.level))
        }
        while let last = path.popLast() { close(last) }
        return top
    }
}
