import Foundation
import Testing

@testable import ScriptEngine

/// JavaScriptCore runs scripts, reports what they throw, and stops those that run too long.
@Suite struct ScriptContextTests {
    @Test func callsAFunctionAScriptDefined() throws {
        let context = try ScriptContext(timeLimit: 1)
        try context.evaluate("function shout(text, mark) { return text.toUpperCase() + mark; }", name: "shout.js")
        #expect(try context.call("shout", ["crème brûlée 🍮", "!"]) == "CRÈME BRÛLÉE 🍮!")
        #expect(try context.call("shout", ["a\u{0}b", ""]) == "A\u{0}B")
    }

    @Test func reportsWhatAScriptThrows() throws {
        let context = try ScriptContext(timeLimit: 1)
        #expect(throws: ScriptError.threw("SyntaxError: Function statements must have a name.")) { try context.evaluate("function (", name: "broken.js") }
        try context.evaluate("function fail(text) { throw new Error('no ' + text); }", name: "fail.js")
        #expect(throws: ScriptError.threw("Error: no luck")) { try context.call("fail", ["luck"]) }
        #expect(throws: ScriptError.unavailable("the script defines no function missing")) { try context.call("missing", []) }
    }

    @Test func stopsAScriptThatNeverReturnsAndStaysUsable() throws {
        let context = try ScriptContext(timeLimit: 0.2)
        try context.evaluate("function spin() { while (true) {} } function echo(text) { return text; }", name: "spin.js")
        let start = Date()
        #expect(throws: ScriptError.timedOut(0.2)) { try context.call("spin", []) }
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(try context.call("echo", ["still here"]) == "still here")
    }
}
