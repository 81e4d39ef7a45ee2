/// A count and its noun in the right number: "1 note", "2 notes", "0 highlighted passages".
///
/// Every message and every page that shows a count says it through this, in English.
public func plural(_ count: Int, _ noun: String) -> String {
    // Made in one go: an interpolation appends its pieces one at a time (every card of every list
    // says its words' count through this).
    var text = String(count)
    text.reserveCapacity(text.utf8.count + 1 + noun.utf8.count + 1)
    text.append(" ")
    text.append(noun)
    if count != 1 { text.append("s") }
    return text
}
