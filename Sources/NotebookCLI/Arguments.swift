import NotebookFiles

/// Splits a command's arguments into flags, options with values, and positional arguments.
struct Arguments {
    var flags: Set<String> = []
    var options: [String: String] = [:]
    /// The values of options that may be given more than once, in order.
    var repeated: [String: [String]] = [:]
    var positional: [String] = []

    /// `flagNames` take no value; `optionNames` take the next argument (or `--name=value`), the
    /// last one given counting; `repeatableNames` take a value each time they are given.
    init(
        _ arguments: [String], flags flagNames: Set<String>, options optionNames: Set<String>,
        repeatable repeatableNames: Set<String> = [], command: String
    ) throws(UsageError) {
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name = argument
            var inlineValue: String? = nil
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flagNames.contains(name) && inlineValue == nil {
                flags.insert(name)
            } else if optionNames.contains(name) || repeatableNames.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value", command: command)
                }
                if repeatableNames.contains(name) {
                    repeated[name, default: []].append(value)
                } else {
                    options[name] = value
                }
            } else {
                throw UsageError("unknown option '\(argument)'", command: command)
            }
        }
    }
}

extension Arguments {
    /// The one SITE argument (the current folder when none is given), checked to be a folder.
    func siteFolder(command: String) throws(UsageError) -> String {
        guard positional.count <= 1 else { throw UsageError("expected at most one SITE", command: command) }
        let directory = positional.first ?? "."
        guard FileSystem.isFolder(directory) else {
            throw UsageError("'\(directory)' \(FileSystem.exists(directory) ? "is not a folder" : "does not exist")", command: command)
        }
        return directory
    }
}
