import NotebookModel

/// What one run's attribute object says, read into the model's terms.
struct RunAttributes: Sendable {
    /// The inline formatting: Apple's inline intents and the notebook's keys.
    var formatting = Formatting()
    /// Bit 64: the run is a soft break.
    var isSoftBreak = false
    /// Bit 128: the run is a hard line break.
    var isLineBreak = false
    /// Bit 512: the run is (part of) a raw HTML block.
    var isBlockHTML = false
    /// `NSImageURL`: the run is an image.
    var image: ImageReference?
    /// `NSAlternateDescription`.
    var alternateDescription: String?
    /// `NSPresentationIntent`, innermost block first.
    var components: [IntentComponent] = []
    /// `notebook.task`: the checked state of the task-list item the run is in.
    var task: Bool?
    /// Whether the attribute object had no members.
    var isEmpty = true
}
