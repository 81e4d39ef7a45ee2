/// What a file shown in a note is, by the extension of its name, as Obsidian shows an embedded
/// file (`![[file]]`, or an image's source): an image, audio, a video or a PDF document.
public enum EmbeddedMedia: Sendable, Equatable {
    case image, audio, video, pdf

    /// The kind of the file `source` names (a path or URL; its query and fragment are not part of
    /// its name); nil for any other file, or none.
    public init?(source: String) {
        var name = Substring(source)
        if let end = name.firstIndex(where: { $0 == "#" || $0 == "?" }) { name = name[..<end] }
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        let suffix = name[name.index(after: dot)...]
        // Every extension is a few ASCII letters or digits.
        guard suffix.utf8.count <= 4, let kind = Self.byExtension[suffix.lowercased()] else { return nil }
        self = kind
    }

    /// Obsidian's accepted formats (`webm`, which it lists as both, is a video: a video element
    /// plays its sound alone too).
    static let byExtension: [String: EmbeddedMedia] = [
        "avif": .image, "bmp": .image, "gif": .image, "jpeg": .image, "jpg": .image, "png": .image, "svg": .image, "webp": .image,
        "flac": .audio, "m4a": .audio, "mp3": .audio, "ogg": .audio, "oga": .audio, "opus": .audio, "wav": .audio, "3gp": .audio,
        "mkv": .video, "mov": .video, "mp4": .video, "m4v": .video, "ogv": .video, "webm": .video,
        "pdf": .pdf,
    ]
}
