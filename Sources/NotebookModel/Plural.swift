/// A count and its noun in the right number: "1 note", "2 notes", "0 highlighted passages".
///
/// Every message and every page that shows a count says it through this, in English.
public func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
