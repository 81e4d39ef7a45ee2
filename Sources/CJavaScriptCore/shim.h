// The part of WebKit's JavaScriptCore C API (<JavaScriptCore/JavaScript.h>, Debian's
// libjavascriptcoregtk-4.1) that notebook calls, as the types of its functions: the library is
// not linked but opened when a build first runs a script, because linking it would add about
// 6 ms to the start of every command, most of which run none. The types are the headers' own.
#ifndef NOTEBOOK_CJAVASCRIPTCORE_H
#define NOTEBOOK_CJAVASCRIPTCORE_H

#include <stdbool.h>
#include <stddef.h>

typedef const struct OpaqueJSContextGroup *JSContextGroupRef;
typedef const struct OpaqueJSContext *JSContextRef;
typedef struct OpaqueJSContext *JSGlobalContextRef;
typedef struct OpaqueJSString *JSStringRef;
typedef struct OpaqueJSClass *JSClassRef;
typedef const struct OpaqueJSValue *JSValueRef;
typedef struct OpaqueJSValue *JSObjectRef;
typedef unsigned short JSChar;

// Exported by the library but declared only in a private header (JSContextRefPrivate.h).
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);

typedef JSContextGroupRef (*JSContextGroupCreateFunction)(void);
typedef void (*JSContextGroupReleaseFunction)(JSContextGroupRef group);
typedef void (*JSContextGroupSetExecutionTimeLimitFunction)(
    JSContextGroupRef group, double limit, JSShouldTerminateCallback callback, void *context);
typedef JSGlobalContextRef (*JSGlobalContextCreateInGroupFunction)(JSContextGroupRef group, JSClassRef globalObjectClass);
typedef void (*JSGlobalContextReleaseFunction)(JSGlobalContextRef ctx);
typedef JSObjectRef (*JSContextGetGlobalObjectFunction)(JSContextRef ctx);
typedef JSStringRef (*JSStringCreateWithCharactersFunction)(const JSChar *chars, size_t numChars);
typedef void (*JSStringReleaseFunction)(JSStringRef string);
typedef size_t (*JSStringGetLengthFunction)(JSStringRef string);
typedef const JSChar *(*JSStringGetCharactersPtrFunction)(JSStringRef string);
typedef JSStringRef (*JSStringCreateWithUTF8CStringFunction)(const char *string);
typedef size_t (*JSStringGetMaximumUTF8CStringSizeFunction)(JSStringRef string);
typedef size_t (*JSStringGetUTF8CStringFunction)(JSStringRef string, char *buffer, size_t bufferSize);
typedef JSValueRef (*JSEvaluateScriptFunction)(
    JSContextRef ctx, JSStringRef script, JSObjectRef thisObject, JSStringRef sourceURL, int startingLineNumber,
    JSValueRef *exception);
typedef JSStringRef (*JSValueToStringCopyFunction)(JSContextRef ctx, JSValueRef value, JSValueRef *exception);
typedef JSValueRef (*JSValueMakeStringFunction)(JSContextRef ctx, JSStringRef string);
typedef bool (*JSValueIsObjectFunction)(JSContextRef ctx, JSValueRef value);
typedef JSValueRef (*JSObjectGetPropertyFunction)(
    JSContextRef ctx, JSObjectRef object, JSStringRef propertyName, JSValueRef *exception);
typedef JSValueRef (*JSObjectCallAsFunctionFunction)(
    JSContextRef ctx, JSObjectRef object, JSObjectRef thisObject, size_t argumentCount, const JSValueRef arguments[],
    JSValueRef *exception);
typedef void (*JSValueProtectFunction)(JSContextRef ctx, JSValueRef value);
typedef void (*JSValueUnprotectFunction)(JSContextRef ctx, JSValueRef value);
/* WTF::releaseFastMallocFreeMemory(), exported by the library as a C++ symbol without arguments. */
typedef void (*ReleaseFreeMemoryFunction)(void);
/* The GObject API's options (jsc/JSCOptions.h): set before the first context is made. gboolean is an int. */
typedef int (*JSCOptionsSetBooleanFunction)(const char *option, int value);
typedef int (*JSCOptionsGetBooleanFunction)(const char *option, int *value);

#endif
