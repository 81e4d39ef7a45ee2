extension String {
    /// The text, or nil when it is empty: `summary.nonEmpty ?? fallback`.
    var nonEmpty: String? { isEmpty ? nil : self }
}

extension Optional<String> {
    /// The text, or nil when there is none or it is empty.
    var nonEmpty: String? { self.flatMap(\.nonEmpty) }
}
