import NotebookModel

/// The palette's style sheet, written once for every page to link instead of each page carrying
/// it: per color a highlight background (`.highlight-NAME`) and a text color (`.color-NAME`), its
/// light and dark values chosen by the page's colour scheme (`light-dark()`: the system's, or
/// the one the theme toggle set).
enum PaletteStylesheet {
    /// Where it is written, from the site's root.
    static let path = "/assets/palette.css"

    /// The rules for `palette`, whose names and colors are checked when the settings are read
    /// (`CSSColor`), so nothing here needs escaping.
    static func css(_ palette: [PaletteColor]) -> String {
        var out = UTF8Builder(capacity: 64 + palette.count * 128)
        for color in palette {
            rule(&out, "", "highlight", color.name, "background-color", color.css)
            rule(&out, "", "color", color.name, "color", "light-dark(" + color.text + ", " + color.darkText + ")")
        }
        return out.string
    }

    /// Appends `INDENT.KIND-NAME { PROPERTY: VALUE; }` as a line.
    private static func rule(
        _ out: inout UTF8Builder, _ indent: String, _ kind: String, _ name: String, _ property: String, _ value: String
    ) {
        out += indent
        out += "."
        out += kind
        out += "-"
        out += name
        out += " { "
        out += property
        out += ": "
        out += value
        out += "; }\n"
    }
}
