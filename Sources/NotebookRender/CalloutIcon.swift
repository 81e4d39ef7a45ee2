import NotebookModel

/// The icon each callout kind shows before its title: a line drawing on a 24-unit grid, in the
/// text's current color, so that a theme colors it (and its dark mode) with CSS alone.
enum CalloutIcon {
    /// The drawing's shapes.
    static func shapes(_ kind: CalloutKind) -> String {
        switch kind {
        // A pencil.
        case .note: #"<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="M13 7l4 4"/>"#
        // A clipboard with lines.
        case .abstract: #"<path d="M9 5H6v16h12V5h-3"/><path d="M9 3h6v4H9z"/><path d="M9 12h6M9 16h6"/>"#
        // An i in a circle.
        case .info: #"<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5v.5"/>"#
        // A ticked circle.
        case .todo: #"<circle cx="12" cy="12" r="9"/><path d="M8 12l3 3 5-6"/>"#
        // A light bulb.
        case .tip: #"<path d="M9 18h6M10 21h4"/><path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"/>"#
        // A tick.
        case .success: #"<path d="M5 12l5 5L20 7"/>"#
        // A question mark in a circle.
        case .question: #"<circle cx="12" cy="12" r="9"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17v.5"/>"#
        // An exclamation mark in a triangle.
        case .warning: #"<path d="M12 3L2 20h20z"/><path d="M12 10v4M12 17v.5"/>"#
        // A cross.
        case .failure: #"<path d="M6 6l12 12M18 6L6 18"/>"#
        // A lightning bolt.
        case .danger: #"<path d="M13 2L4 14h7l-1 8 9-12h-7z"/>"#
        // A beetle.
        case .bug: #"<path d="M8 10a4 4 0 0 1 8 0v5a4 4 0 0 1-8 0z"/><path d="M12 10v9M4 9l4 2M20 9l-4 2M4 15h4M20 15h-4M5 20l3-2M19 20l-3-2M10 6L9 4M14 6l1-2"/>"#
        // A list.
        case .example: #"<path d="M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1"/>"#
        // Two quotation marks.
        case .quote: #"<path d="M10 7H5v5h4c0 3-1 4-4 5M20 7h-5v5h4c0 3-1 4-4 5"/>"#
        }
    }

    /// The whole `<svg>` element, hidden from assistive technology (the title says the kind).
    static func svg(_ kind: CalloutKind) -> String {
        #"<svg class="callout-icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">"#
            + shapes(kind) + "</svg>"
    }
}
