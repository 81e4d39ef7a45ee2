/// How a run is named in messages: `run 3`, or the attribute table entry it uses. The text is
/// made only when a message needs it.
struct RunName: Sendable, CustomStringConvertible {
    /// The run's index among the body's runs.
    var run: Int
    /// The attribute table entry, for attributes read from the keyed form's table.
    var tableEntry: Int?

    var description: String {
        guard let tableEntry else { return "run \(run)" }
        return "attribute table entry \(tableEntry) (first used by run \(run))"
    }
}
