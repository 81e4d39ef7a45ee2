import NotebookModel

/// Renders a note's blocks to an HTML fragment.
///
/// All text is escaped; links keep only allowed schemes; colors reach the page only as classes
/// or validated hex values. The markup follows libcmark-gfm's HTML renderer wherever the model
/// is plain CommonMark, so pages look as Markdown readers expect.
public struct HTMLRenderer: Sendable {
    public var options: RenderOptions

    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// The HTML of `blocks`, footnotes gathered at the end.
    public func render(_ blocks: [Block]) -> String {
        var writer = HTMLWriter(options: options)
        writer.numberFootnotes(in: blocks)
        writer.blocks(blocks, tight: false)
        writer.footnoteSection()
        return writer.out
    }
}
