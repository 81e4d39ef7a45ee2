// A stand-in for highlight.js whose highlighting of code that starts with "regex" is one regular
// expression that backtracks for far longer than any time limit: the engine cannot stop a script
// inside one (as highlight.js 9's C++ mode on `a<>` forty times).
var hljs = {
    languages: {},
    registerLanguage: function (name, definition) { hljs.languages[name] = definition(hljs); },
    getLanguage: function (name) { return hljs.languages[name]; },
    highlight: function (name, code) {
        if (code.indexOf("regex") === 0) { /^(a|a|aa)+$/.test("a".repeat(64) + "b"); }
        return { value: '<span class="hljs-keyword">' + code + "</span>" };
    },
};
window.hljs = hljs;
hljs.registerLanguage("toy", function () { return {}; });
