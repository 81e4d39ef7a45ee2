import NotebookModel

/// A place in a rendered note where a link's target goes once a site has resolved it: what
/// ``RenderOptions/deferLinks`` leaves open, and ``HTMLRenderer/fill(_:_:)`` fills.
public struct LinkSlot: Hashable, Sendable {
    /// Where it is in the note's HTML, in UTF-8 bytes.
    public var offset: Int
    public var target: Target
    /// For an image, what its element shows besides its source.
    public var image: ImageText?

    public init(offset: Int, target: Target, image: ImageText? = nil) {
        self.offset = offset
        self.target = target
        self.image = image
    }

    /// An image's description and title, escaped.
    public struct ImageText: Hashable, Sendable {
        public var alternative: String
        public var title: String?

        public init(alternative: String, title: String?) {
            self.alternative = alternative
            self.title = title
        }
    }

    /// What the slot holds: the value of a link's `href`, a wikilink's whole opening tag (a
    /// wikilink that leads nowhere is shown otherwise), or an image's whole element (an image
    /// whose source is not allowed is shown by its description).
    public enum Target: Hashable, Sendable {
        case link(String)
        case image(String, embed: Bool)
        case wikilink(WikiLink)
    }
}

extension HTMLRenderer {
    /// `note` with its slots filled: each with the URL `url` gives its target, else with the
    /// target as written, exactly as rendering the resolved note would write it.
    public func fill(_ note: RenderedNote, _ url: (LinkSlot.Target) -> String?) -> RenderedNote {
        guard !note.slots.isEmpty else { return note }
        var filled = note
        filled.slots = []
        var out = UTF8Builder(capacity: note.html.utf8.count + note.slots.count * 32)
        var html = note.html
        html.withUTF8 { bytes in
            var start = 0
            for slot in note.slots {
                out.append(UnsafeBufferPointer(rebasing: bytes[start..<slot.offset]))
                start = slot.offset
                switch slot.target {
                case .link(let destination):
                    out += HTMLEscaping.escapeURL(url(slot.target) ?? destination)
                case .image(let source, embed: _):
                    let text = slot.image ?? LinkSlot.ImageText(alternative: "", title: nil)
                    out += HTMLWriter.imageElement(
                        source: url(slot.target) ?? source, alternative: text.alternative, title: text.title, options: options)
                case .wikilink(let wikilink):
                    out += HTMLWriter.wikilinkOpening(wikilink, url: url(slot.target), options: options)
                }
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        filled.html = out.string
        return filled
    }
}
