/// Finds where a YAML flow collection ends without libyaml, and blanks one out, so that a
/// collection nested too deep can be read as one scalar (see ``YAMLTreeBuilder``).
///
/// Inside flow context a plain scalar cannot hold `[`, `]`, `{`, `}` or `,`, so brackets pair
/// up outside quoted scalars and comments. A quote starts a quoted scalar only where a node
/// starts: after `[`, `{`, `,`, `:` or `?` and any `&anchor` or `!tag`.
enum YAMLFlowScan {
    /// Just past the bracket that closes the `[` or `{` at `start`; nil when the text ends first.
    static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var depth = 0
        var index = start
        var expectingNode = true
        var afterSpace = true
        var afterQuoted = false
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func endsWord(_ byte: UInt8) -> Bool { isBlank(byte) || "[]{},".utf8.contains(byte) }
        while index < bytes.count {
            let byte = bytes[index]
            var nextAfterSpace = false
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                nextAfterSpace = true
            case UInt8(ascii: "#") where afterSpace:
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                expectingNode = true
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index + 1 }
                expectingNode = false
            case UInt8(ascii: ","):
                expectingNode = true
            case UInt8(ascii: ":"), UInt8(ascii: "?"):
                // After a quoted key (JSON style) a value may follow the `:` at once.
                if index + 1 >= bytes.count || endsWord(bytes[index + 1]) || afterQuoted { expectingNode = true }
            case UInt8(ascii: "'") where expectingNode, UInt8(ascii: "\"") where expectingNode:
                guard let after = quotedEnd(bytes, from: index) else { return nil }
                index = after
                expectingNode = false
                afterSpace = false
                afterQuoted = true
                continue
            case UInt8(ascii: "!") where expectingNode && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "<"):
                // A verbatim tag, `!<tag:yaml.org,2002:str>`, may hold any character but `>`.
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index += 1
                continue
            case UInt8(ascii: "&") where expectingNode, UInt8(ascii: "!") where expectingNode:
                while index < bytes.count, !endsWord(bytes[index]) { index += 1 }
                continue
            default:
                expectingNode = false
            }
            afterSpace = nextAfterSpace
            if !nextAfterSpace { afterQuoted = false }
            index += 1
        }
        return nil
    }

    /// Just past the quoted scalar whose opening quote is at `start`.
    private static func quotedEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == quote {
                // `''` is a quote inside a single-quoted scalar.
                if quote == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// Turns `start..<end` into a single-quoted scalar of blanks, keeping every line break, so
    /// that libyaml reads one scalar and every later byte keeps its line and column.
    static func blank(_ bytes: inout [UInt8], from start: Int, to end: Int) {
        for index in start..<end where bytes[index] != 0x0A && bytes[index] != 0x0D { bytes[index] = 0x20 }
        bytes[start] = UInt8(ascii: "'")
        bytes[end - 1] = UInt8(ascii: "'")
    }
}
