/// The CSS colors a palette may name: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a CSS named color,
/// or `rgb()`, `rgba()`, `hsl()`, `hsla()` with numbers only, so that no value can carry `;`,
/// `{`, `url(` or `var(` into the page's style sheet.
enum CSSColor {
    /// `text` as written in a style sheet (lowercased), or nil when it is not such a color.
    static func parse(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value.hasPrefix("#") {
            let digits = value.dropFirst()
            guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
            return value
        }
        if named.contains(value) { return value }
        for function in ["rgb", "rgba", "hsl", "hsla"] where value.hasPrefix(function + "(") && value.hasSuffix(")") {
            var arguments = value.dropFirst(function.count + 1).dropLast()
            if function.hasPrefix("hsl") { arguments = Substring(arguments.replacingOccurrences(of: "deg", with: " ")) }
            // Three numbers, or four with an alpha; each a plain number.
            let numbers = arguments.split(whereSeparator: { " ,/".contains($0) })
            guard arguments.allSatisfy({ $0.isNumber || " .,%/+-".contains($0) }), (3...4).contains(numbers.count),
                numbers.allSatisfy({ Double($0.hasSuffix("%") ? $0.dropLast() : $0) != nil })
            else { return nil }
            return value
        }
        return nil
    }

    /// CSS Color Module Level 4's named colors.
    static let named: Set<String> = Set(
        """
        aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
        cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
        darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
        darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
        firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
        hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
        lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
        lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
        mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
        midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
        palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
        rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue
        slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
        whitesmoke yellow yellowgreen
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
