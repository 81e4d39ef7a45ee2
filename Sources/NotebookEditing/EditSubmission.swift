import NotebookModel

/// What the editor sends to save: the hash of the file it opened, and its blocks in order.
public struct EditSubmission: Sendable {
    public var hash: String
    public var blocks: [SubmittedBlock]
    /// After a conflict, the hash of the file as it is now, which the user chose to overwrite
    /// with this edit of the bytes they opened.
    public var overwriting: String?

    public init(hash: String, blocks: [SubmittedBlock], overwriting: String? = nil) {
        self.hash = hash
        self.blocks = blocks
        self.overwriting = overwriting
    }
}

/// A block the editor sends: one of the opened note's, by its index in the document, or a new
/// paragraph (`original` nil). A fixed block is sent by its index alone.
public struct SubmittedBlock: Sendable {
    public var original: Int?
    public var pieces: [EditorPiece]

    public init(original: Int?, pieces: [EditorPiece] = []) {
        self.original = original
        self.pieces = pieces
    }
}

/// Why a save writes nothing.
public enum EditRefusal: Error, Sendable, Equatable {
    /// The file changed since the editor opened it (HTTP 409).
    case conflict
    /// What was sent is not an edit of this note: a value not valid for its key, a fixed block
    /// or a placeholder left out, blocks out of order (HTTP 422).
    case invalid(String)
    /// The edit could not be written in the note's format so that it reads back as sent (HTTP
    /// 500): nothing is written rather than something else.
    case unfaithful(String)

    /// The message shown to the user.
    public var message: String {
        switch self {
        case .conflict: "the note changed on disk since it was opened"
        case .invalid(let why): why
        case .unfaithful(let why): why
        }
    }
}
