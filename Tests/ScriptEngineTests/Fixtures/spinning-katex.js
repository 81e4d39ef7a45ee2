// A stand-in for KaTeX whose typesetting of TeX that starts with "spin" never returns.
var katex = {
    ParseError: function ParseError(message, position) { this.message = message; this.position = position; },
    renderToString: function (tex, options) {
        if (tex.indexOf("spin") === 0) { while (true) {} }
        if (tex === "bad") { throw new katex.ParseError("KaTeX parse error: Undefined control sequence: \\bad at position 1: bad", 0); }
        var display = options.displayMode ? ' display="block"' : "";
        return '<span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"' + display + '><semantics><mi>' + tex +
            '</mi><annotation encoding="application/x-tex">' + tex + "</annotation></semantics></math></span>";
    },
};
self.katex = katex;
