/// A color as a note may name it: a palette name, a semantic name, or a hex value.
///
/// Nothing else is a color; a color reaches a page only as a class or as a validated hex value.
public enum Color: Hashable, Sendable, CustomStringConvertible {
    /// A name from the notebook's palette, such as `yellow`.
    case palette(String)
    /// `primary` or `secondary`: the text colors of the theme.
    case semantic(SemanticColor)
    /// `#rgb`, `#rrggbb` or `#rrggbbaa`, normalized to lowercase `#rrggbb` or `#rrggbbaa`.
    case hex(String)

    /// The default palette of `notebook.yml`.
    public static let defaultPalette = ["yellow", "green", "pink", "orange", "blue", "purple", "red", "gray"]

    /// Reads a color, or nil when `text` is not one. Palette names are checked against `palette`.
    public init?(_ text: String, palette: [String] = Color.defaultPalette) {
        if let semantic = SemanticColor(rawValue: text) {
            self = .semantic(semantic)
        } else if text.hasPrefix("#") {
            guard let hex = Color.normalizedHex(text.dropFirst()) else { return nil }
            self = .hex(hex)
        } else if palette.contains(text) {
            self = .palette(text)
        } else {
            return nil
        }
    }

    private static func normalizedHex(_ digits: Substring) -> String? {
        let bytes = Array(digits.utf8)
        guard [3, 6, 8].contains(bytes.count) else { return nil }
        let isHexDigit: (UInt8) -> Bool = {
            ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102)
        }
        guard bytes.allSatisfy(isHexDigit) else { return nil }
        let lower = String(decoding: bytes, as: UTF8.self).lowercased()
        if bytes.count == 3 {
            return "#" + lower.map { "\($0)\($0)" }.joined()
        }
        return "#" + lower
    }

    /// The name as written in a note: `yellow`, `primary` or `#rrggbb`.
    public var description: String {
        switch self {
        case .palette(let name): name
        case .semantic(let semantic): semantic.rawValue
        case .hex(let hex): hex
        }
    }
}

/// The theme's own text colors.
public enum SemanticColor: String, Hashable, Sendable, CaseIterable {
    case primary, secondary
}
