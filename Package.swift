// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "notebook",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "notebook", targets: ["notebook"]),
        .library(name: "NotebookModel", targets: ["NotebookModel"]),
        .library(name: "NotebookFormats", targets: ["NotebookFormats"]),
        .library(name: "NotebookRender", targets: ["NotebookRender"]),
        .library(name: "Mustache", targets: ["Mustache"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CFileSystem"),
        // JavaScriptCore's C API as notebook uses it; the library is opened at run time (see shim.h).
        .systemLibrary(name: "CJavaScriptCore"),
        .systemLibrary(
            name: "CStemmer",
            providers: [.apt(["libstemmer-dev"])]),
        // ICU's word break iterator, called from C: ICU renames its functions by version.
        .target(name: "CWordBreak", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "NotebookSearch", dependencies: ["CStemmer", "CWordBreak", "Bytes", "Parallel"]),
        .target(name: "CCmarkTables"),
        .target(name: "CCmarkArena"),
        // The first of a set of bytes in a text, sixteen bytes at a time where the processor can.
        .target(name: "CByteSet"),
        .systemLibrary(
            name: "CMalloc", pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]),
        // jemalloc's settings for the notebook executable (malloc_conf.c).
        .target(name: "CMallocSettings"),
        .target(name: "Parallel"),
        .target(name: "NotebookFiles", dependencies: ["Bytes", "CFileSystem", "Parallel"]),
        .target(name: "Bytes", dependencies: ["CByteSet"]),
        .target(name: "ScriptEngine", dependencies: ["Bytes", "CJavaScriptCore", "NotebookFiles"]),
        .target(name: "NotebookScripts", dependencies: ["Bytes", "ScriptEngine", "NotebookModel", "NotebookSource", "NotebookRender", "NotebookFiles", "Parallel"]),
        .target(name: "NotebookModel", dependencies: ["Bytes"]),
        .target(name: "Mustache", dependencies: ["Bytes"]),
        .target(name: "NotebookSource", dependencies: ["NotebookModel", "CYAML"]),
        .target(name: "NotebookFormats", dependencies: ["Bytes", "NotebookModel", "NotebookSource", "CCmarkGFM", "CCmarkTables", "CCmarkArena"]),
        .target(name: "NotebookConstraints", dependencies: ["NotebookModel", "NotebookSource"]),
        .target(name: "NotebookRender", dependencies: ["NotebookModel", "Bytes"]),
        .target(name: "NotebookServer", dependencies: ["CMicroHTTPD", "NotebookFiles"]),
        // A note opened in the browser's editor, and an edit of it written back in its own format.
        .target(name: "NotebookEditing", dependencies: ["Bytes", "NotebookModel", "NotebookSource", "NotebookFormats", "NotebookConstraints"]),
        .target(
            name: "NotebookSite",
            dependencies: [
                "Bytes", "Parallel", "NotebookFiles", "NotebookModel", "NotebookSource", "NotebookFormats", "NotebookConstraints", "NotebookRender",
                "Mustache", "NotebookScripts", "ScriptEngine", "NotebookSearch",
            ]),
        .target(
            name: "NotebookCLI",
            dependencies: [
                "NotebookFiles", "NotebookModel", "NotebookSource", "NotebookFormats", "NotebookConstraints", "NotebookRender", "NotebookSite",
                "NotebookServer", "NotebookScripts", "NotebookEditing",
            ],
            // The browser's editor of `notebook serve --edit`, built into the binary.
            resources: [.embedInCode("Editor/editor.js"), .embedInCode("Editor/editor.css")]),
        .executableTarget(name: "notebook", dependencies: ["NotebookCLI", "CMalloc", "CMallocSettings"]),
        .executableTarget(name: "notebook-bench", dependencies: ["NotebookFormats", "NotebookFiles", "NotebookSearch"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "NotebookModelTests", dependencies: ["NotebookModel", "Bytes", "TestSupport"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "ParallelTests", dependencies: ["Parallel"]),
        .testTarget(name: "NotebookSearchTests", dependencies: ["NotebookSearch", "ScriptEngine"]),
        .testTarget(
            name: "ScriptEngineTests", dependencies: ["ScriptEngine", "NotebookScripts", "NotebookModel", "NotebookRender"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "NotebookFormatsTests",
            dependencies: [
                "NotebookSource", "NotebookFormats", "NotebookRender", "NotebookConstraints", "Mustache", "CCmarkArena", "CCmarkGFM",
                "TestSupport",
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "NotebookRenderTests", dependencies: ["NotebookRender", "NotebookFormats"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "NotebookConstraintsTests", dependencies: ["NotebookConstraints", "NotebookFormats"]),
        .testTarget(
            name: "NotebookSiteTests", dependencies: ["NotebookSite", "NotebookFiles", "NotebookSearch", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "NotebookEditingTests", dependencies: ["NotebookEditing", "NotebookFormats", "NotebookConstraints", "NotebookRender", "NotebookSite", "TestSupport"]),
        .testTarget(name: "NotebookCLITests", dependencies: ["NotebookCLI", "NotebookSource"]),
        .testTarget(name: "NotebookServerTests", dependencies: ["NotebookServer", "NotebookCLI", "NotebookSite", "NotebookSearch", "TestSupport"]),
        .testTarget(name: "SafetyTests", dependencies: ["notebook", "NotebookFiles", "CFileSystem", "TestSupport"]),
        .testTarget(name: "ConformanceTests", dependencies: ["NotebookFormats", "NotebookRender", "CCmarkGFM", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
