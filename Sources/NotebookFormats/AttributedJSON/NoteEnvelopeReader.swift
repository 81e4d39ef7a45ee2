import NotebookModel

/// Reads the `NoteDocument` envelope: `id`, `title`, `date`, `tags`, `draft`, `publish`, `summary`, `slug`,
/// `aliases` and `body`. A value of the wrong type is an error at its place and left out, `null`
/// is no value; an unknown key is a warning.
enum NoteEnvelopeReader {
    /// The metadata the envelope holds and its body, if it has one.
    static func read(_ members: JSONValue.Members, context: inout JSONReadContext) -> (NoteMetadata, body: JSONValue?) {
        var metadata = NoteMetadata()
        var body: JSONValue?
        for member in members {
            let value = member.value
            // `null` is how some encoders write a key without a value.
            if value.isNull && JSONKeys.envelope.contains(member.key) { continue }
            func text() -> String? {
                if let text = value.string { return text }
                context.error("'\(member.key)' should be a string, not \(value.summary)", at: value.offset)
                return nil
            }
            switch member.key {
            case "id": metadata.id = text()
            case "title": metadata.title = text()
            case "summary": metadata.summary = text()
            case "slug": metadata.slug = text()
            case "date":
                guard let date = text() else { continue }
                guard ISODate.isValid(date) else {
                    context.error("date '\(date)' is not YYYY-MM-DD or ISO 8601", at: value.offset)
                    continue
                }
                metadata.date = date.uppercased()
            case "draft":
                guard let flag = value.bool else {
                    context.error("'draft' should be true or false, not \(value.summary)", at: value.offset)
                    continue
                }
                metadata.isDraft = flag
            case "publish":
                guard let flag = value.bool else {
                    context.error("'publish' should be true or false, not \(value.summary)", at: value.offset)
                    continue
                }
                metadata.publish = flag
            case "tags", "aliases":
                guard let elements = value.elements else {
                    context.error("'\(member.key)' should be an array of strings, not \(value.summary)", at: value.offset)
                    continue
                }
                var list: [String] = []
                for element in elements {
                    guard let item = element.string else {
                        context.error("'\(member.key)' should list strings, not \(element.summary)", at: element.offset)
                        continue
                    }
                    let trimmed = item.trimmingSpaces()
                    if !trimmed.isEmpty { list.append(trimmed) }
                }
                if member.key == "tags" { metadata.tags = list } else { metadata.aliases = list }
            case "body":
                body = value
            default:
                context.unknownKey(member.key, at: member.keyOffset, known: JSONKeys.envelope, in: "the note envelope")
            }
        }
        return (metadata, body)
    }
}
