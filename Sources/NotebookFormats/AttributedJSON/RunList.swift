/// A run as the file holds it: its text, where that text is written, and its attributes.
struct DecodedRun: Sendable {
    var text: String
    /// Byte offset of the text's opening quote.
    var offset: Int
    /// The index of the run's attributes in `RunList.attributes`.
    var attributes: Int
}

/// The runs of a body. Runs share attributes as the keyed form's table shares them, so that no
/// run carries a copy of its own.
struct RunList: Sendable {
    var runs: [DecodedRun] = []
    /// Entry 0 is no attributes at all.
    var attributes: [RunAttributes] = [RunAttributes()]
}
