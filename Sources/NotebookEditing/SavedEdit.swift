import NotebookConstraints
import NotebookFormats
import NotebookModel

/// What a save writes: the note's new bytes, and what the formatting definition corrected.
public struct SavedEdit: Sendable {
    public var bytes: [UInt8]
    public var corrections: [EditCorrection]
    /// The note as written, opened again: what the editor shows after the save.
    public var note: EditableNote

    /// The editor's document of the note as written.
    public var document: EditorDocument { note.document }
}

/// A value the formatting definition does not allow, corrected on save.
public struct EditCorrection: Hashable, Sendable {
    /// The block's index in the submission.
    public var block: Int
    /// The piece's index in the block.
    public var piece: Int
    public var message: String
}

extension EditableNote {
    /// Saves `submission`: the note's bytes with only the blocks it changed written again, in the
    /// note's format, after the same checker as a build corrected what the definition forbids.
    /// Nothing is returned unless the bytes read back as the edited note.
    public func saving(
        _ submission: EditSubmission, checker: ConstraintChecker, reader: MarkdownReader
    ) throws(EditRefusal) -> SavedEdit {
        guard submission.hash == hash else { throw .conflict }
        var edit = try EditPlan(self, submission)
        let corrections = edit.correct(with: checker)
        switch format {
        case .markdown:
            let written = try MarkdownSaving(note: self, plan: edit, reader: reader).bytes()
            let reopened = EditableNote.markdown(written, path: note.path, reader: reader)
            return SavedEdit(bytes: written, corrections: corrections, note: reopened)
        case .json:
            let json = AttributedJSONReader(palette: reader.palette)
            let written = try JSONSaving(note: self, plan: edit, reader: json).bytes()
            let reopened = EditableNote.json(written, path: note.path, reader: json)
            return SavedEdit(bytes: written, corrections: corrections, note: reopened)
        }
    }
}
