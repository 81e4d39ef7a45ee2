import CJavaScriptCore
import Glibc

/// The functions of WebKit's JavaScriptCore that ``ScriptContext`` calls, found in the library
/// when a script is first run: a command that runs none never loads it.
struct JavaScriptCore: @unchecked Sendable {
    // Pointers to functions of a library that is never closed: shared by every thread.
    let groupCreate: JSContextGroupCreateFunction
    let groupRelease: JSContextGroupReleaseFunction
    let setTimeLimit: JSContextGroupSetExecutionTimeLimitFunction
    let contextCreate: JSGlobalContextCreateInGroupFunction
    let contextRelease: JSGlobalContextReleaseFunction
    let globalObject: JSContextGetGlobalObjectFunction
    let stringCreate: JSStringCreateWithCharactersFunction
    let stringRelease: JSStringReleaseFunction
    let stringLength: JSStringGetLengthFunction
    let stringCharacters: JSStringGetCharactersPtrFunction
    let stringCreateUTF8: JSStringCreateWithUTF8CStringFunction
    let maximumUTF8Size: JSStringGetMaximumUTF8CStringSizeFunction
    let getUTF8: JSStringGetUTF8CStringFunction
    let evaluate: JSEvaluateScriptFunction
    let toStringCopy: JSValueToStringCopyFunction
    let makeString: JSValueMakeStringFunction
    let isObject: JSValueIsObjectFunction
    let getProperty: JSObjectGetPropertyFunction
    let callFunction: JSObjectCallAsFunctionFunction
    let protect: JSValueProtectFunction
    let unprotect: JSValueUnprotectFunction
    /// WebKit's `WTF::releaseFastMallocFreeMemory()`: gives the pages its allocator holds free
    /// back to the system. Exported by the library though declared in no public header (a C++
    /// function without arguments, called as C); nil where a library has no such function.
    let releaseFreeMemory: ReleaseFreeMemoryFunction?
    /// An address in the library's code (where `JSEvaluateScript` is).
    let codeAddress: UInt

    /// The library's file name, as Debian's `libjavascriptcoregtk-4.1-0` installs it.
    static let libraryName = "libjavascriptcoregtk-4.1.so.0"

    /// The library, opened once for the process; why not when it cannot be.
    static let shared: Result<JavaScriptCore, ScriptError> = load(libraryName)

    private static func load(_ name: String) -> Result<JavaScriptCore, ScriptError> {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? name
            return .failure(.unavailable("JavaScriptCore cannot be loaded (\(reason)); install libjavascriptcoregtk-4.1-0"))
        }
        return Result { () throws(ScriptError) in
            let engine = try JavaScriptCore(handle, name: name)
            try engine.pollForTraps(handle, name: name)
            return engine
        }
    }

    /// Makes compiled code check for the time limit itself instead of being stopped by a signal:
    /// on a thread made from the test runner's, a loop was never stopped once it was compiled (a
    /// test's third `while (true) {}` in one context ran on for minutes), most likely because such
    /// threads block the engine's signal. Set once, before the first context is made.
    private func pollForTraps(_ handle: UnsafeMutableRawPointer, name: String) throws(ScriptError) {
        guard let set = dlsym(handle, "jsc_options_set_boolean"), let get = dlsym(handle, "jsc_options_get_boolean") else {
            throw .unavailable("JavaScriptCore (\(name)) has no jsc_options_set_boolean")
        }
        _ = unsafeBitCast(set, to: JSCOptionsSetBooleanFunction.self)("usePollingTraps", 1)
        var polling: Int32 = 0
        guard unsafeBitCast(get, to: JSCOptionsGetBooleanFunction.self)("usePollingTraps", &polling) != 0, polling != 0 else {
            throw .unavailable("JavaScriptCore (\(name)) cannot be made to stop scripts reliably (usePollingTraps)")
        }
    }

    private init(_ handle: UnsafeMutableRawPointer, name: String) throws(ScriptError) {
        func find<F>(_ symbol: String) throws(ScriptError) -> F {
            guard let pointer = dlsym(handle, symbol) else { throw .unavailable("JavaScriptCore (\(name)) has no \(symbol)") }
            return unsafeBitCast(pointer, to: F.self)
        }
        groupCreate = try find("JSContextGroupCreate")
        groupRelease = try find("JSContextGroupRelease")
        setTimeLimit = try find("JSContextGroupSetExecutionTimeLimit")
        contextCreate = try find("JSGlobalContextCreateInGroup")
        contextRelease = try find("JSGlobalContextRelease")
        globalObject = try find("JSContextGetGlobalObject")
        stringCreate = try find("JSStringCreateWithCharacters")
        stringRelease = try find("JSStringRelease")
        stringLength = try find("JSStringGetLength")
        stringCharacters = try find("JSStringGetCharactersPtr")
        stringCreateUTF8 = try find("JSStringCreateWithUTF8CString")
        maximumUTF8Size = try find("JSStringGetMaximumUTF8CStringSize")
        getUTF8 = try find("JSStringGetUTF8CString")
        evaluate = try find("JSEvaluateScript")
        toStringCopy = try find("JSValueToStringCopy")
        makeString = try find("JSValueMakeString")
        isObject = try find("JSValueIsObject")
        getProperty = try find("JSObjectGetProperty")
        callFunction = try find("JSObjectCallAsFunction")
        protect = try find("JSValueProtect")
        unprotect = try find("JSValueUnprotect")
        codeAddress = UInt(bitPattern: dlsym(handle, "JSEvaluateScript"))
        releaseFreeMemory = dlsym(handle, "_ZN3WTF27releaseFastMallocFreeMemoryEv").map { unsafeBitCast($0, to: ReleaseFreeMemoryFunction.self) }
    }
}
