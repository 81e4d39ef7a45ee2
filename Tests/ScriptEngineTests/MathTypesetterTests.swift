import Foundation
import NotebookModel
import Testing

@testable import NotebookScripts
@testable import ScriptEngine

/// Debian's KaTeX, run in JavaScriptCore, typesets TeX as MathML that notebook checks.
@Suite struct MathTypesetterTests {
    @Test func typesetsInlineAndDisplayMathAsMathML() throws {
        let typesetter = MathTypesetter()
        let inline = try #require(try typesetter.typeset("e^{i\\pi} = -1", .inline))
        #expect(inline.html.hasPrefix("<span class=\"katex\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics>"))
        #expect(inline.html.contains("<msup><mi>e</mi>"))
        #expect(inline.html.contains("<annotation encoding=\"application/x-tex\">e^{i\\pi} = -1</annotation>"))
        #expect(inline.warnings.isEmpty)
        let display = try #require(try typesetter.typeset("\\begin{bmatrix}1 & 2 \\\\ a & b\\end{bmatrix}", .display))
        #expect(display.html.contains("display=\"block\""))
        #expect(display.html.contains("<mtable"))
        #expect(display.html.contains("1 &amp; 2"))
    }

    @Test func aFormulaKaTeXRefusesIsAnErrorWithItsMessageAndOffset() throws {
        let typesetter = MathTypesetter()
        #expect(throws: ScriptError.refused("Undefined control sequence: \\nosuch", at: 4)) {
            try typesetter.typeset("a + \\nosuch{b}", .inline)
        }
        // The context stays usable.
        #expect(try typesetter.typeset("x", .inline) != nil)
    }

    @Test func commandsThatReachOutsideTheFormulaAreShownAsTheirNamesAndSaid() throws {
        let typeset = try #require(try MathTypesetter().typeset("\\href{javascript:alert(1)}{x} + \\includegraphics{a.png}", .inline))
        #expect(!typeset.html.contains("javascript:alert(1)</m"), "\(typeset.html)")
        #expect(!typeset.html.contains("href="))
        #expect(typeset.warnings.map(\.message) == ["\\href is not allowed here: it is shown as its name", "\\includegraphics is not allowed here: it is shown as its name"])
    }

    @Test func whatLaTeXWouldRefuseIsAWarningAtItsPlace() throws {
        let typeset = try #require(try MathTypesetter().typeset("a \\\\ b", .display))
        #expect(typeset.warnings == [ScriptFinding(message: "In LaTeX, \\\\ or \\newline does nothing in display mode")])
        let accent = try #require(try MathTypesetter().typeset("x é y", .inline))
        #expect(accent.warnings == [ScriptFinding(message: "Accented Unicode text character \"é\" used in math mode", offset: 2)])
        #expect(throws: ScriptError.refused("Unexpected end of input in a macro argument, expected '}'", at: 9)) {
            try MathTypesetter().typeset("\\frac{1}{", .inline)
        }
    }

    @Test func macrosThatExpandBeyondBoundsAreRefusedQuickly() throws {
        // 2 KB that KaTeX 0.16.4 alone turns into 20 MB of MathML, in seconds and gigabytes.
        let bomb = "\\def\\a#1{" + String(repeating: "#1", count: 990) + "}\\a{\\a{xy}}"
        let typesetter = MathTypesetter()
        let start = Date()
        #expect(throws: ScriptError.refused("its macros expand to more than 100000 tokens", at: nil)) {
            try typesetter.typeset(bomb, .inline)
        }
        // 9 KB whose macro of 7 KB is used a thousand times: 1.3 GB before the time limit stopped it.
        let long = "\\def\\a{" + String(repeating: "x", count: 7000) + "}\\def\\b{" + String(repeating: "\\a", count: 990) + "}\\b"
        #expect(throws: ScriptError.refused("its macros expand to more than 100000 tokens", at: nil)) {
            try typesetter.typeset(long, .inline)
        }
        #expect(Date().timeIntervalSince(start) < 2)
        // A macro used as people use them still works, and the context stays usable.
        let abs = try #require(try typesetter.typeset("\\def\\abs#1{\\left|#1\\right|}\\abs{x} + \\abs{y}", .inline))
        #expect(abs.html.contains("<mi>x</mi>") && abs.html.contains("<mi>y</mi>"))
        #expect(try typesetter.typeset("\\htmlClass{a}{b}", .inline)?.warnings.count == 1)
        // Long formulas of KaTeX's own macros, and a macro used more than a thousand times, are
        // typeset: KaTeX's count of expansions is not the bound.
        let relations = try #require(try typesetter.typeset(String(repeating: "a\\neq ", count: 1500) + "a", .inline))
        #expect(relations.html.components(separatedBy: "≠").count == 1501)
        let uses = try #require(try typesetter.typeset("\\def\\a{y}" + String(repeating: "\\a", count: 3000), .inline))
        #expect(uses.html.components(separatedBy: "<mi>y</mi>").count == 3001)
        // Built-in macros past KaTeX's count, through a formula's own: said as the budget is.
        let many = "\\def\\a{" + String(repeating: "\\neq ", count: 1000) + "}\\def\\b{" + String(repeating: "\\a", count: 99) + "}\\b"
        #expect(throws: ScriptError.refused("its macros expand to more than 100000 tokens", at: nil)) {
            try typesetter.typeset(many, .display)
        }
        let loop = Date()
        #expect(throws: ScriptError.refused("its macros expand to more than 100000 tokens", at: nil)) {
            try typesetter.typeset("\\def\\a{\\a}\\a", .inline)
        }
        #expect(Date().timeIntervalSince(loop) < 2)
    }

    @Test func deepNestingIsRefusedTheSameWayEveryTime() throws {
        // 7,000 braces typeset in one build and overflowed the engine's stack in the next.
        let deep = String(repeating: "{", count: 7000) + "x" + String(repeating: "}", count: 7000)
        let typesetter = MathTypesetter()
        for _ in 0..<3 {
            #expect(throws: ScriptError.refused("it nests more than 100 groups", at: 100)) { try typesetter.typeset(deep, .display) }
        }
        let fine = String(repeating: "{", count: 100) + "x" + String(repeating: "}", count: 100)
        #expect(try typesetter.typeset(fine, .display) != nil)
        #expect(MathTypesetter.tooDeep("\\left(" + String(repeating: "\\left(", count: 100) + "x") == 601)
    }

    @Test func chemistryIsTypesetWithKaTeXsExtension() throws {
        let water = try #require(try MathTypesetter().typeset("\\ce{H2O}", .inline))
        #expect(water.html.contains("<mi mathvariant=\"normal\">H</mi>") && water.html.contains("<mn>2</mn>"))
    }

    @Test func aMissingScriptTypesetsNothing() throws {
        let typesetter = MathTypesetter(script: "/nonexistent/katex.js")
        #expect(try typesetter.typeset("x", .inline) == nil)
        #expect(typesetter.unavailable == .unavailable("/nonexistent/katex.js cannot be read; install libjs-katex"))
    }

    @Test func theCheckAllowsKaTeXsMathMLAndNothingElse() {
        let tex = "x"
        let good = "<span class=\"katex\"><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow><mi>x</mi><mspace width=\"1em\"/></mrow><annotation encoding=\"application/x-tex\">x</annotation></semantics></math></span>"
        #expect(MathML.isValid(good, of: tex, style: .inline))
        #expect(!MathML.isValid(good, of: tex, style: .display))
        #expect(!MathML.isValid(good, of: "y", style: .inline))
        for bad in [
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<mi onclick=\"a\">x</mi>"),
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<a href=\"/\">x</a>"),
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<mi>x</mo>"),
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<mi>x<script>"),
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<mi style=\"background: url(x)\">x</mi>"),
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<mi mathcolor=\"red\" x=\"y\">x</mi>"),
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<mi>&nbsp;</mi>"),
            good.replacingOccurrences(of: "</semantics>", with: "<annotation encoding=\"application/x-tex\">x</annotation></semantics>"),
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<math><mi>x</mi></math>"),
            good.replacingOccurrences(of: "<mi>x</mi>", with: "<mi class=\"site-header hidden\">x</mi>"),
        ] {
            #expect(!MathML.isValid(bad, of: tex, style: .inline), "\(bad)")
        }
    }
}

/// Every command the script defines, typeset with a few kinds of arguments: what KaTeX accepts
/// passes the check (so that no formula is left as its source for want of an allowed element).
@Suite struct MathMLCoverageTests {
    @Test func everyCommandKaTeXAcceptsPassesTheCheck() throws {
        let script = try String(contentsOfFile: MathTypesetter.debianScript, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: "\"(\\\\\\\\[a-zA-Z]+)\"")
        let range = NSRange(script.startIndex..., in: script)
        var commands = Set<String>()
        for match in regex.matches(in: script, range: range) {
            commands.insert(String(script[Range(match.range(at: 1), in: script)!]).replacingOccurrences(of: "\\\\", with: "\\"))
        }
        #expect(commands.count > 500)
        let environments = ["matrix", "pmatrix", "bmatrix", "cases", "aligned", "gathered", "array", "align", "gather", "equation", "split", "CD", "smallmatrix", "alignedat"]
        let typesetter = MathTypesetter()
        var accepted = 0
        var failures: [String] = []
        func attempt(_ tex: String, _ style: MathStyle) {
            do throws(ScriptError) {
                if try typesetter.typeset(tex, style) != nil { accepted += 1 }
            } catch {
                if case .rejected = error { failures.append(tex) }
            }
        }
        for command in commands.sorted() {
            for arguments in ["", "{a}", "{a}{b}", "[x]{a}{b}", "{red}{a}", "{1em}{2em}", "{a}{b}{c}"] {
                for style in MathStyle.allCases { attempt(command + arguments, style) }
            }
        }
        for environment in environments {
            for style in MathStyle.allCases {
                attempt("\\begin{\(environment)}{c}a & b \\\\ \\hline c & d \\tag{1}\\end{\(environment)}", style)
                attempt("\\begin{\(environment)}a & b \\\\ c & d\\end{\(environment)}", style)
            }
        }
        #expect(accepted > 5000)
        #expect(failures.isEmpty, "\(failures.prefix(40))")
    }
}
