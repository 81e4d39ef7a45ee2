/// A JSON value to write. Objects keep their members sorted by key, so that no dictionary order
/// reaches the output and equal values give equal bytes.
indirect enum JSONOutput: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case array([JSONOutput])
    case object([Member])
    /// JSON text written as it is: a value read from a note and kept.
    case raw(String)

    struct Member: Hashable, Sendable {
        var key: String
        var value: JSONOutput
    }

    /// An object of `members`, sorted by the UTF-8 bytes of their keys.
    static func object(sorting members: [(String, JSONOutput)]) -> JSONOutput {
        .object(
            members.map { Member(key: $0.0, value: $0.1) }
                .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    }

    /// The value as text: pretty (one space per level, as the seeds' notes are stored) or compact.
    /// Slashes are escaped as `\/`, as Apple's encoder writes them.
    func text(pretty: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, pretty: pretty, depth: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8], pretty: Bool, depth: Int) {
        func newline(_ depth: Int) {
            guard pretty else { return }
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: depth))
        }
        switch self {
        case .string(let text):
            Self.writeString(text, to: &out)
        case .integer(let value):
            out.append(contentsOf: String(value).utf8)
        case .number(let value):
            out.append(contentsOf: Self.numberText(value).utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .array(let elements):
            guard !elements.isEmpty else { return out.append(contentsOf: "[]".utf8) }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                element.write(to: &out, pretty: pretty, depth: depth + 1)
            }
            newline(depth)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return out.append(contentsOf: "{}".utf8) }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                member.value.write(to: &out, pretty: pretty, depth: depth + 1)
            }
            newline(depth)
            out.append(UInt8(ascii: "}"))
        case .raw(let text):
            out.append(contentsOf: text.utf8)
        }
    }

    /// A finite number in its shortest form; integral values without a fraction, as Apple writes them.
    static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    private static func writeString(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case UInt8(ascii: "/"): out.append(contentsOf: [0x5C, UInt8(ascii: "/")])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
