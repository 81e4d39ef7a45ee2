import NotebookModel

/// The keys of Apple's attributed-string JSON and the notebook's envelope (FORMATS.md section 2).
enum JSONKeys {
    static let inlineIntent = "NSInlinePresentationIntent"
    static let presentationIntent = "NSPresentationIntent"
    static let link = "NSLink"
    static let imageURL = "NSImageURL"
    static let alternateDescription = "NSAlternateDescription"

    // The formatting bar's keys come from `FormattingAttribute`.
    static let bold = FormattingAttribute.bold.jsonKey
    static let italic = FormattingAttribute.italic.jsonKey
    static let underline = FormattingAttribute.underline.jsonKey
    static let strikethrough = FormattingAttribute.strikethrough.jsonKey
    static let highlight = FormattingAttribute.highlight.jsonKey
    static let color = FormattingAttribute.color.jsonKey
    static let textStyle = FormattingAttribute.textStyle.jsonKey
    static let scale = FormattingAttribute.scale.jsonKey
    static let wikilink = "notebook.wikilink"
    static let task = "notebook.task"
    static let linkTitle = "notebook.linkTitle"
    /// An image's size, `200` or `200x100`, as Obsidian writes it after the bar.
    static let imageSize = "notebook.imageSize"
    /// `true` on a wikilink's runs: the link embeds its target, `![[Target]]`.
    static let embed = "notebook.embed"
    /// `"inline"` or `"display"` on a formula's runs: their text is TeX, typeset as math.
    static let math = "notebook.math"

    static let runs = "runs"
    static let attributeTable = "attributeTable"
    static let components = "components"
    static let kind = "kind"
    static let identity = "identity"
    /// notebook's own key in a list's presentation intent component: whether the list is tight.
    static let isTight = "notebook.isTight"
    static let alignment = "alignment"
    static let relative = "relative"
    static let base = "base"

    /// Every attribute key the reader knows.
    static let attributes: [String] = [inlineIntent, presentationIntent, link, imageURL, alternateDescription]
        + FormattingAttribute.allCases.map(\.jsonKey) + [wikilink, task, linkTitle, imageSize, embed, math]

    /// The keys of the `NoteDocument` envelope.
    static let envelope = ["id", "title", "date", "tags", "draft", "publish", "summary", "slug", "aliases", "body"]

    /// The shared string for a key the reader knows, so that reading it allocates nothing.
    static func interned(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func matches(_ key: StaticString) -> Bool {
            guard key.utf8CodeUnitCount == bytes.count else { return false }
            let start = key.utf8Start
            for index in 0..<bytes.count where bytes[index] != start[index] { return false }
            return true
        }
        switch bytes.count {
        case 4: return matches("kind") ? kind : matches("runs") ? runs : matches("base") ? base : nil
        case 6: return matches("NSLink") ? link : nil
        case 8: return matches("identity") ? identity : matches("relative") ? relative : nil
        case 9: return matches("alignment") ? alignment : nil
        case 10: return matches("components") ? components : matches("NSImageURL") ? imageURL : nil
        case 13:
            return matches("notebook.bold") ? bold : matches("notebook.task") ? task : matches("notebook.math") ? math : nil
        case 14:
            return matches("attributeTable") ? attributeTable : matches("notebook.color") ? color : matches("notebook.scale") ? scale
                : matches("notebook.embed") ? embed : nil
        case 15: return matches("notebook.italic") ? italic : nil
        case 17: return matches("notebook.wikilink") ? wikilink : nil
        case 18:
            return matches("notebook.underline") ? underline : matches("notebook.highlight") ? highlight
                : matches("notebook.textStyle") ? textStyle : matches("notebook.linkTitle") ? linkTitle
                : matches("notebook.imageSize") ? imageSize : nil
        case 20: return matches("NSPresentationIntent") ? presentationIntent : nil
        case 22:
            return matches("notebook.strikethrough") ? strikethrough : matches("NSAlternateDescription") ? alternateDescription : nil
        case 26: return matches("NSInlinePresentationIntent") ? inlineIntent : nil
        default: return nil
        }
    }
}
