/// An option a command accepts, declared once: it parses the command line (``Arguments``) and
/// makes the command's usage line and the list of options in its help.
struct CommandOption: Sendable {
    /// Its names, the short one first: `-o`, `--output`.
    let names: [String]
    /// What its value stands for (`DIR`); nil for a flag.
    let value: String?
    let help: String
    /// Whether it may be given more than once, each value kept.
    var repeatable = false
    /// How the usage line shows it, when not `[NAME VALUE]`: `--format text|json|github`.
    var shown: String? = nil
    /// Whether the command needs it (shown without brackets).
    var required = false

    static func flag(_ names: String..., help: String) -> CommandOption {
        CommandOption(names: names, value: nil, help: help)
    }

    static func value(
        _ names: String..., value: String, help: String, repeatable: Bool = false, shown: String? = nil, required: Bool = false
    ) -> CommandOption {
        CommandOption(names: names, value: value, help: help, repeatable: repeatable, shown: shown, required: required)
    }

    /// `--format`, shared by every command that prints diagnostics.
    static let format = value(
        "--format", value: "FORMAT", help: "How diagnostics are printed: text (default), json (one document) or github (annotations).",
        shown: "text|json|github")

    /// The option as the usage line shows it.
    var usage: String {
        let name = names[0]
        let form = value.map { "\(name) \(shown ?? $0)" } ?? name
        return (required ? form : "[\(form)]") + (repeatable ? "..." : "")
    }

    /// The option's lines in the help: its names and value, then its help wrapped beside them.
    var helpLines: [String] {
        let left = "  " + names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
        let column = 25
        var lines: [String] = []
        var current = left.count < column - 1 ? left.padding(toLength: column, withPad: " ", startingAt: 0) : left
        if current.count > column {
            lines.append(current)
            current = String(repeating: " ", count: column)
        }
        var lineHasWords = false
        for word in (help + (repeatable ? " Repeatable." : "")).split(separator: " ") {
            if lineHasWords && current.count + word.count + 1 > 100 {
                lines.append(current)
                current = String(repeating: " ", count: column)
                lineHasWords = false
            }
            current += (lineHasWords ? " " : "") + word
            lineHasWords = true
        }
        lines.append(current)
        return lines
    }
}

extension Command {
    /// `notebook NAME OPERANDS [OPTION]...`, from the declared options.
    static var usage: String {
        (["notebook", name, operands].filter { !$0.isEmpty } + options.map(\.usage)).joined(separator: " ")
    }

    /// The help's list of options, from their declarations.
    static var optionsHelp: String {
        options.isEmpty ? "" : "Options:\n" + options.flatMap(\.helpLines).joined(separator: "\n") + "\n"
    }

    /// Parses `arguments` by the declared options.
    static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
        try Arguments(
            arguments, flags: Set(options.filter { $0.value == nil }.flatMap(\.names)),
            options: Set(options.filter { $0.value != nil && !$0.repeatable }.flatMap(\.names)),
            repeatable: Set(options.filter(\.repeatable).flatMap(\.names)), command: name)
    }
}
