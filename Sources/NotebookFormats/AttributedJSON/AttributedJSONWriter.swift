import NotebookModel

/// Writes notes in Apple's `AttributedString` JSON wire format, as `AttributedJSONReader` reads
/// them and Apple's `JSONDecoder` decodes them.
///
/// The body takes Apple's shapes: a bare string for one run without attributes, the flat array
/// for up to ten runs, `runs` with a shared `attributeTable` above that. A note with metadata is
/// wrapped in the `NoteDocument` envelope. Keys are sorted, so the same note always gives the
/// same bytes.
public struct AttributedJSONWriter: Sendable {
    /// Apple's encoder writes the flat array up to this many runs.
    static let maximumFlatRuns = 10

    public init() {}

    /// The note as JSON, and a warning for everything the format cannot hold.
    public func write(_ note: Note) -> (json: String, warnings: [Diagnostic]) {
        var encoder = BodyEncoder(path: note.path)
        encoder.encode(note.blocks)
        let body = Self.body(Self.joined(encoder.runs))
        var warnings = encoder.warnings
        for (index, run) in encoder.runs.enumerated().dropFirst() where !run.isText {
            let previous = encoder.runs[index - 1]
            if !previous.isText && previous.attributes == run.attributes {
                warnings.append(
                    Diagnostic(
                        .warning, "two neighbouring images or breaks with the same attributes read back as one",
                        path: note.path,
                        at: run.location, code: "json.unexpressible"))
            }
        }
        let value = note.metadata == NoteMetadata() ? body : Self.envelope(note.metadata, body: body)
        return (value.text(pretty: true) + "\n", warnings)
    }

    /// Neighbouring text runs with equal attributes joined, as Apple's `AttributedString` keeps them.
    private static func joined(_ runs: [EncodedRun]) -> [EncodedRun] {
        var out: [EncodedRun] = []
        out.reserveCapacity(runs.count)
        for run in runs {
            if run.isText, let last = out.last, last.isText, last.attributes == run.attributes {
                out[out.count - 1].text += run.text
            } else {
                out.append(run)
            }
        }
        return out
    }

    private static func body(_ runs: [EncodedRun]) -> JSONOutput {
        if runs.isEmpty { return .string("") }
        if runs.count == 1, case .object(let members) = runs[0].attributes, members.isEmpty { return .string(runs[0].text) }
        if runs.count <= maximumFlatRuns {
            return .array(runs.flatMap { [.string($0.text), $0.attributes] })
        }
        var table: [JSONOutput] = []
        var indices: [JSONOutput: Int] = [:]
        var elements: [JSONOutput] = []
        elements.reserveCapacity(runs.count * 2)
        for run in runs {
            elements.append(.string(run.text))
            if case .object(let members) = run.attributes, members.isEmpty {
                elements.append(run.attributes)
                continue
            }
            let index = indices[run.attributes] ?? table.count
            if index == table.count {
                indices[run.attributes] = index
                table.append(run.attributes)
            }
            elements.append(.integer(index))
        }
        return .object(sorting: [(JSONKeys.runs, .array(elements)), (JSONKeys.attributeTable, .array(table))])
    }

    private static func envelope(_ metadata: NoteMetadata, body: JSONOutput) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("body", body)]
        if let id = metadata.id { members.append(("id", .string(id))) }
        if let title = metadata.title { members.append(("title", .string(title))) }
        if let date = metadata.date { members.append(("date", .string(date))) }
        if !metadata.tags.isEmpty { members.append(("tags", .array(metadata.tags.map(JSONOutput.string)))) }
        if metadata.isDraft { members.append(("draft", .bool(true))) }
        if let publish = metadata.publish { members.append(("publish", .bool(publish))) }
        if let summary = metadata.summary { members.append(("summary", .string(summary))) }
        if let slug = metadata.slug { members.append(("slug", .string(slug))) }
        if !metadata.aliases.isEmpty { members.append(("aliases", .array(metadata.aliases.map(JSONOutput.string)))) }
        return .object(sorting: members)
    }
}
