import Foundation
import Synchronization
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

    /// Text crosses as UTF-8 where it can: a NUL inside, a script of non-ASCII text and a result
    /// holding a lone surrogate (shown as U+FFFD) come back as they would as UTF-16.
    @Test func textCrossesWhole() throws {
        let context = try ScriptContext(timeLimit: 1)
        try context.evaluate(
            "function echo(text) { return text; } function lone() { return 'a' + String.fromCharCode(0xD800) + 'b'; } var café = 'é';",
            name: "text.js")
        #expect(try context.call("echo", ["nul\u{0} inside, 新幹線, 🍮"]) == "nul\u{0} inside, 新幹線, 🍮")
        #expect(try context.call("lone", []) == "a\u{FFFD}b")
        #expect(try context.call("echo", [""]) == "")
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

    /// A loop stopped again and again in one context, so that the engine compiles it, is stopped
    /// every time on a thread made from the test's own (which blocks signals the engine could stop
    /// compiled code with): the third such stop once never came.
    @Test func stopsALoopEveryTimeOnAThreadMadeFromATasks() throws {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<[String]>([])
        Thread.detachNewThread {
            defer { done.signal() }
            do {
                let context = try ScriptContext(timeLimit: 0.2)
                try context.evaluate("function spin(code) { if (code.indexOf('spin') === 0) { while (true) {} } return code; }", name: "spin.js")
                for index in 0..<6 {
                    do { _ = try context.call("spin", ["spin\(index)"]) } catch { outcome.withLock { $0.append("\(error)") } }
                }
            } catch {
                outcome.withLock { $0.append("setup: \(error)") }
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success, "a loop was not stopped")
        #expect(outcome.withLock { $0 } == Array(repeating: "timedOut(0.2)", count: 6))
    }
}

/// Long text goes to the engine as UTF-16 made by notebook: the same units the standard library gives.
@Suite struct ScriptTextTests {
    @Test func utf16AsTheStandardLibraryGivesIt() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "Z", " ", "\n", "\u{0}", "é", "ß", "新", "幹", "🍮", "𝄞", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}"]
        for length in 0..<200 {
            var text = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            if length % 3 == 0 { text = String(repeating: "ascii run ", count: length % 7) + text }
            let units = text.withUTF8 { ScriptContext.utf16($0) }
            #expect(units == Array(text.utf16), "\(text.debugDescription)")
        }
    }

    @Test func longTextCrossesWhole() throws {
        let context = try ScriptContext(timeLimit: 1)
        try context.evaluate("function echo(text) { return text; } function size(text) { return String(text.length); }", name: "echo.js")
        let long = String(repeating: "let a = 1 // é 新幹線 🍮\n", count: ScriptContext.longText / 8)
        #expect(long.utf8.count > ScriptContext.longText)
        #expect(try context.call("echo", [long]) == long)
        #expect(try context.call("size", [long]) == String(long.utf16.count))
        // Long enough that its UTF-16 is made in pages of its own.
        let paged = String(repeating: "é 新幹線 🍮 ascii text\n", count: ScriptContext.pagedText / 16)
        #expect(paged.utf8.count > ScriptContext.pagedText)
        #expect(try context.call("echo", [paged]) == paged)
    }
}
