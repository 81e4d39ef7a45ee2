import NotebookModel

/// Apple's presentation intents do not say whether a list is tight; the JSON reader and writer
/// agree on a guess.
enum ListTightness {
    /// A list is tight unless one of its items holds more than one block besides nested lists
    /// (a paragraph followed by a sublist is the usual tight shape).
    static func guess(_ items: [ListItem]) -> Bool {
        !items.contains { item in
            item.blocks.lazy.filter { if case .list = $0.kind { false } else { true } }.count > 1
        }
    }
}
