/// The callout kinds Obsidian documents, each with the other names that look the same: one
/// table for the reader, the renderer and the themes' classes.
public enum CalloutKind: String, CaseIterable, Hashable, Sendable {
    case note, abstract, info, todo, tip, success, question, warning, failure, danger, bug, example, quote

    /// The other names of the kind, as Obsidian lists them.
    public var aliases: [String] {
        switch self {
        case .abstract: ["summary", "tldr"]
        case .tip: ["hint", "important"]
        case .success: ["check", "done"]
        case .question: ["help", "faq"]
        case .warning: ["caution", "attention"]
        case .failure: ["fail", "missing"]
        case .danger: ["error"]
        case .quote: ["cite"]
        case .note, .info, .todo, .bug, .example: []
        }
    }

    /// The kind a callout written `[!name]` looks like: its own, or note for a name Obsidian
    /// does not document.
    public init(named name: String) {
        let lower = name.lowercased()
        self = Self(rawValue: lower) ?? Self.allCases.first { $0.aliases.contains(lower) } ?? .note
    }
}
