import NotebookModel

/// Reads a run's attribute object by the keys of FORMATS.md section 2.
///
/// A value that its key does not allow is an error at the value; the attribute is left out and
/// the run's text kept. An unknown key is a warning, once per note.
struct RunAttributeReader {
    /// How the run is named in messages.
    let run: RunName

    func read(_ value: JSONValue, context: inout JSONReadContext) -> RunAttributes {
        var attributes = RunAttributes()
        guard let members = value.members else {
            context.error("the attributes of \(run) should be an object, not \(value.summary)", at: value.offset)
            return attributes
        }
        attributes.isEmpty = members.isEmpty
        var intent = 0
        var linkTitle: JSONValue?
        var imageSize: JSONValue?
        var embed: JSONValue?
        var notebook = Formatting()
        for member in members {
            let value = member.value
            func invalid(_ expected: String) {
                context.error(
                    "value \(value.summary) is not allowed for '\(member.key)' of \(run): expected \(expected)",
                    at: value.offset)
            }
            switch member.key {
            case JSONKeys.inlineIntent:
                guard let bits = value.integer, bits >= 0 else { invalid("an integer option set"); continue }
                if bits & ~InlineIntent.all != 0 {
                    context.error(
                        "'\(member.key)' of \(run) has unknown bits \(bits & ~InlineIntent.all); known: 1, 2, 4, 32, 64, 128, 256, 512",
                        at: value.offset)
                }
                intent = bits & InlineIntent.all
            case JSONKeys.presentationIntent:
                attributes.components = PresentationIntentReader(run: run).read(value, context: &context)
            case JSONKeys.link:
                if let url = URLValue.read(value, key: member.key, run: run, context: &context) {
                    notebook.link = Link(destination: url)
                }
            case JSONKeys.imageURL:
                if let url = URLValue.read(value, key: member.key, run: run, context: &context) {
                    attributes.image = ImageReference(source: url)
                }
            case JSONKeys.alternateDescription:
                guard let text = value.string else { invalid("a string"); continue }
                attributes.alternateDescription = text
            case JSONKeys.wikilink:
                guard let target = value.string, let link = Self.wikilink(target) else {
                    invalid("the name of a note, optionally with '#Heading'")
                    continue
                }
                notebook.wikilink = link
            case JSONKeys.math:
                guard let name = value.string, let style = MathStyle(rawValue: name) else { invalid("\"inline\" or \"display\""); continue }
                notebook.math = style
            case JSONKeys.task:
                guard let flag = value.bool else { invalid("true or false"); continue }
                attributes.task = flag
            case JSONKeys.linkTitle:
                guard value.string != nil else { invalid("a string"); continue }
                linkTitle = value
            case JSONKeys.embed:
                guard value.bool != nil else { invalid("true or false"); continue }
                embed = value
            case JSONKeys.imageSize:
                guard let text = value.string, ImageSize(Substring(text)) != nil else {
                    invalid("a width in pixels, or width x height: \"200\" or \"200x100\"")
                    continue
                }
                imageSize = value
            default:
                guard let attribute = FormattingAttribute(jsonKey: member.key) else {
                    context.unknownKey(member.key, at: member.keyOffset, known: JSONKeys.attributes, in: "run attributes")
                    continue
                }
                let scalar: FormattingAttribute.Scalar =
                    value.bool.map { .bool($0) } ?? value.string.map { .string($0) } ?? value.number.map { .number($0) } ?? .other
                switch attribute.value(scalar, palette: context.palette) {
                case .success(let checked): attribute.set(checked, in: &notebook)
                case .failure(let expected): invalid(expected.description)
                }
            }
        }
        var formatting = notebook
        formatting.italic = notebook.italic ?? (intent & InlineIntent.emphasized != 0 ? true : nil)
        formatting.bold = notebook.bold ?? (intent & InlineIntent.stronglyEmphasized != 0 ? true : nil)
        formatting.strikethrough = notebook.strikethrough ?? (intent & InlineIntent.strikethrough != 0 ? .single : nil)
        formatting.code = intent & InlineIntent.code != 0
        formatting.rawHTML = intent & InlineIntent.inlineHTML != 0
        attributes.isSoftBreak = intent & InlineIntent.softBreak != 0
        attributes.isLineBreak = intent & InlineIntent.lineBreak != 0
        attributes.isBlockHTML = intent & InlineIntent.blockHTML != 0
        if let linkTitle, let title = linkTitle.string {
            if formatting.link != nil {
                formatting.link?.title = title
            } else if attributes.image != nil {
                attributes.image?.title = title
            } else {
                context.report(
                    .warning, "'\(JSONKeys.linkTitle)' of \(run) is ignored: the run has no '\(JSONKeys.link)'",
                    at: linkTitle.offset, code: "json.value")
            }
        }
        if let imageSize, let text = imageSize.string {
            if attributes.image != nil {
                attributes.image?.size = ImageSize(Substring(text))
            } else {
                context.report(
                    .warning, "'\(JSONKeys.imageSize)' of \(run) is ignored: the run has no '\(JSONKeys.imageURL)'",
                    at: imageSize.offset, code: "json.value")
            }
        }
        if let embed, embed.bool == true {
            if formatting.wikilink != nil {
                formatting.wikilink?.isEmbed = true
            } else {
                context.report(
                    .warning, "'\(JSONKeys.embed)' of \(run) is ignored: the run has no '\(JSONKeys.wikilink)'", at: embed.offset,
                    code: "json.value")
            }
        }
        attributes.formatting = formatting
        return attributes
    }

    /// `Target` or `Target#Heading`; nil when both are empty.
    static func wikilink(_ text: String) -> WikiLink? {
        guard let hash = text.firstIndex(of: "#") else { return text.isEmpty ? nil : WikiLink(target: text) }
        let target = String(text[..<hash])
        let heading = String(text[text.index(after: hash)...])
        guard !target.isEmpty || !heading.isEmpty else { return nil }
        return WikiLink(target: target, heading: heading.isEmpty ? nil : heading)
    }
}
