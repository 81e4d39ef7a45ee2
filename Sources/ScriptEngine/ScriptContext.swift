import Bytes
import CJavaScriptCore
import Glibc
import Synchronization

/// A JavaScript context of its own in WebKit's JavaScriptCore: scripts evaluated in it define
/// functions that ``call(_:_:)`` runs on text. Every evaluation and call is stopped after the
/// context's time limit, and the context stays usable. One thread at a time.
public final class ScriptContext {
    private let api: JavaScriptCore
    private let group: OpaquePointer
    private let context: OpaquePointer
    /// Set by the engine's callback when it stops a script.
    private let stop = Stop()
    /// The global functions called so far, kept from the collector.
    private var functions: [String: OpaquePointer] = [:]
    /// How long, in seconds, one evaluation or call may run.
    public let timeLimit: Double

    private final class Stop {
        var stopped = false
    }

    /// How many contexts are alive in the process: when the last goes, the engine's code is
    /// let go too (``LibraryCode``), and read again if another is made.
    private static let alive = Atomic<Int>(0)

    /// A new context whose scripts may each run `timeLimit` seconds.
    public init(timeLimit: Double) throws(ScriptError) {
        api = try JavaScriptCore.shared.get()
        guard let group = api.groupCreate() else { throw .unavailable("JavaScriptCore made no context") }
        guard let context = api.contextCreate(group, nil) else {
            api.groupRelease(group)
            throw .unavailable("JavaScriptCore made no context")
        }
        (self.group, self.context, self.timeLimit) = (group, context, timeLimit)
        Self.alive.add(1, ordering: .relaxed)
        api.setTimeLimit(group, timeLimit, { _, stop in
            stop.map { Unmanaged<Stop>.fromOpaque($0).takeUnretainedValue().stopped = true }
            return true
        }, Unmanaged.passUnretained(stop).toOpaque())
    }

    deinit {
        for function in functions.values { api.unprotect(context, function) }
        api.contextRelease(context)
        api.groupRelease(group)
        // WebKit's allocator gives the pages of a released context back on a thread of its own
        // about a quarter of a second later, after a build's peak: given back here, as the
        // context goes (19 MiB of highlight.js's context in 3 ms), they are back before a build
        // that lets its highlighter go once its notes are read renders its pages.
        api.releaseFreeMemory?()
        // Its machine code (16 MB of the 5,000-note benchmark's peak): no script runs any more.
        if Self.alive.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { LibraryCode.drop(containing: api.codeAddress) }
    }

    /// Runs `source` at the top level (its value is dropped); `name` names it in messages.
    public func evaluate(_ source: String, name: String) throws(ScriptError) {
        let script = makeText(source)
        let url = makeText(name)
        defer {
            api.stringRelease(script)
            api.stringRelease(url)
        }
        _ = try running { exception in api.evaluate(context, script, nil, url, 1, exception) }
    }

    /// The global function `name` called with `arguments`; what it returns, as text.
    public func call(_ name: String, _ arguments: [String]) throws(ScriptError) -> String {
        let function = try globalFunction(name)
        let texts = arguments.map(makeText)
        defer { texts.forEach { api.stringRelease($0) } }
        let values = texts.map { api.makeString(context, $0) }
        let result = try values.withUnsafeBufferPointer { values throws(ScriptError) in
            try running { exception in api.callFunction(context, function, nil, values.count, values.baseAddress, exception) }
        }
        return try text(of: result)
    }

    private func globalFunction(_ name: String) throws(ScriptError) -> OpaquePointer {
        if let known = functions[name] { return known }
        let key = makeText(name)
        defer { api.stringRelease(key) }
        let value = try running { exception in api.getProperty(context, api.globalObject(context), key, exception) }
        guard api.isObject(context, value) else { throw .unavailable("the script defines no function \(name)") }
        api.protect(context, value)
        functions[name] = value
        return value
    }

    /// What `body` returns, or the exception it left, or the stop.
    private func running(_ body: (UnsafeMutablePointer<OpaquePointer?>) -> OpaquePointer?) throws(ScriptError) -> OpaquePointer {
        stop.stopped = false
        var exception: OpaquePointer?
        let result = body(&exception)
        if stop.stopped { throw .timedOut(timeLimit) }
        if let exception { throw .threw((try? text(of: exception)) ?? "an exception") }
        guard let result else { throw .threw("no result") }
        return result
    }

    private func text(of value: OpaquePointer) throws(ScriptError) -> String {
        var exception: OpaquePointer?
        guard let text = api.toStringCopy(context, value, &exception), exception == nil else {
            throw .threw("a value that is not text")
        }
        defer { api.stringRelease(text) }
        let count = api.stringLength(text)
        guard count > 0 else { return "" }
        // As UTF-8 by the engine, which converts a highlighted block several times faster than
        // decoding its UTF-16 here. The engine stops at what it cannot convert, a lone surrogate:
        // text it did not convert whole is decoded here, with U+FFFD in the surrogate's place.
        let capacity = api.maximumUTF8Size(text)
        let utf8 = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let written = buffer.withMemoryRebound(to: CChar.self) { api.getUTF8(text, $0.baseAddress, capacity) }
            initialized = max(written, 1) - 1
        }
        if let string = String(validating: utf8, as: UTF8.self), string.utf16.count == count { return string }
        guard let characters = api.stringCharacters(text) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF16.self)
    }

    /// `string` as the engine's text: short text from its UTF-8, which the engine reads as a C
    /// string; text holding a NUL, and long text, from UTF-16 made here (``utf16(_:into:)``),
    /// which the engine copies as it is: its own conversion took about 40 instructions a byte of
    /// a script's 800 KB. The UTF-16 of very long text is made in pages of its own, given back
    /// as soon as the engine has its copy, so that it never adds to a build's peak.
    private func makeText(_ string: String) -> OpaquePointer? {
        var string = string
        let (hasNUL, count) = string.withUTF8 { bytes in
            (bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false, bytes.count)
        }
        if !hasNUL && count < Self.longText {
            return string.withCString { api.stringCreateUTF8($0) }
        }
        // A character takes no more UTF-16 units than it takes bytes.
        let size = count * MemoryLayout<UInt16>.stride
        if count >= Self.pagedText, let pages = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            pages != MAP_FAILED
        {
            defer { munmap(pages, size) }
            let units = pages.bindMemory(to: UInt16.self, capacity: count)
            let written = string.withUTF8 { Self.utf16($0, into: units) }
            return api.stringCreate(units, written)
        }
        let units = string.withUTF8(Self.utf16)
        return units.withUnsafeBufferPointer { api.stringCreate($0.baseAddress, $0.count) }
    }

    /// How long, in UTF-8 bytes, text is that goes to the engine as UTF-16.
    static let longText = 4096
    /// How long text is whose UTF-16 is made in pages of its own.
    static let pagedText = 256 * 1024

    /// The UTF-16 of valid UTF-8 `bytes` (as every Swift string's is).
    static func utf16(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        // A character takes no more units than it takes bytes.
        [UInt16](unsafeUninitializedCapacity: bytes.count) { units, written in
            written = units.baseAddress.map { utf16(bytes, into: $0) } ?? 0
        }
    }

    /// Writes the UTF-16 of valid UTF-8 `bytes` at `units`, which has room for as many units as
    /// there are bytes: eight ASCII bytes at a time, other characters one at a time. Gives how
    /// many units it wrote.
    static func utf16(_ bytes: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var index = 0
        var out = 0
        while index < count {
            if index + 8 <= count, EightBytes(at: base + index).isASCII {
                for offset in 0..<8 { units[out + offset] = UInt16(base[index + offset]) }
                index += 8
                out += 8
                continue
            }
            let lead = UInt32(base[index])
            func next(_ offset: Int) -> UInt32 { UInt32(base[index + offset]) & 0x3F }
            switch lead {
            case ..<0x80:
                units[out] = UInt16(lead)
                index += 1
                out += 1
            case ..<0xE0:
                units[out] = UInt16((lead & 0x1F) << 6 | next(1))
                index += 2
                out += 1
            case ..<0xF0:
                units[out] = UInt16((lead & 0x0F) << 12 | next(1) << 6 | next(2))
                index += 3
                out += 1
            default:
                let scalar = ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3)) - 0x10000
                units[out] = UInt16(0xD800 + (scalar >> 10))
                units[out + 1] = UInt16(0xDC00 + (scalar & 0x3FF))
                index += 4
                out += 2
            }
        }
        return out
    }
}
