import Bytes
import NotebookFormats
import NotebookModel

/// A note file opened for editing: its bytes, what the editor shows of them, and where each
/// editable block is, so that an edit writes back only the blocks it changed.
public struct EditableNote: Sendable {
    /// The note's own format, which a save writes back.
    public enum Format: String, Sendable {
        case markdown, json
    }

    public let format: Format
    /// The file's bytes as they were opened.
    public let bytes: [UInt8]
    /// What the editor shows.
    public let document: EditorDocument
    /// What each opaque piece stands for.
    public let opaque: [OpaquePiece]
    /// For each block of the document, where it is in the file, nil for a fixed block.
    let places: [Place?]
    /// The note as read, which a save compares the file written with.
    let note: Note
    /// For a JSON note, where its body and runs are in the file.
    var runs: JSONBodyMap?

    /// Where an editable block is in the file, and what it was.
    struct Place: Sendable {
        /// The block's bytes: from its first character to the end of its last line. In a JSON
        /// note, the block's stretch of the runs' text, in Unicode scalars.
        var range: Range<Int>
        /// What starts each of its lines after the first: the quote marks and the indentation
        /// of the blocks that hold it.
        var continuation: String
        /// Its inlines as read.
        var inlines: [Inline]
        /// For each of its pieces, the text inline the piece is part of.
        var leaves: [[Int]?]
        /// Where each of those text inlines starts in the file, when its bytes there are its
        /// text as it is (no escape, no entity inside): a change of words is written there.
        var leafOffsets: [[Int]: Int]
        /// Where it is in the note's blocks: its index among them, and in a list the item's index
        /// then the block's among the item's, in a quote the block's among the quote's.
        var path: [Int]
        /// In a JSON note, the presentation intent of the block's runs as the note writes it
        /// (nil: typed text without one).
        var presentationIntent: String? = nil
        /// In a JSON note, the task state of the list item the block is in, as its runs say it.
        var task: Bool? = nil
    }

    /// A note the editor shows as one fixed block and never writes (a format it cannot write).
    public static func fixed(_ bytes: [UInt8], format: Format, label: String) -> EditableNote {
        EditableNote(
            format: format, bytes: bytes, document: EditorDocument(blocks: [EditorBlock(kind: .fixed, label: label)]), opaque: [],
            places: [nil], note: Note(path: "", blocks: []))
    }

    /// The hash a save must present: the file's bytes have not changed since they were opened.
    public var hash: String { Self.hash(bytes) }

    /// The hash of a file's bytes: FNV-1a over them and their count, in hex.
    public static func hash(_ bytes: [UInt8]) -> String {
        var value = bytes.withUnsafeBufferPointer { FNV1a.hash($0) }
        value = FNV1a.hash(String(bytes.count), from: value)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}
