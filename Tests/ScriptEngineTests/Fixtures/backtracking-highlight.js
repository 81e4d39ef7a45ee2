// A stand-in for highlight.js whose highlighting of code that starts with "regex" is one regular
// expression that backtracks for far longer than the test's time limit: the engine cannot stop a
// script inside one (as highlight.js 9's C++ mode on `a<>` forty times, 12 s past a 2 s limit).
var hljs = {
    languages: {},
    registerLanguage: function (name, definition) { hljs.languages[name] = definition(hljs); },
    getLanguage: function (name) { return hljs.languages[name]; },
    highlight: function (name, code) {
        // One expression that backtracks for about 3 s here (the engine's own cap on backtracking
        // ends simpler ones sooner), far past the test's bound of 0.375 s.
        if (code.indexOf("regex") === 0) { /^((a|a|aa)+)+x(?=[\s\S]*y)/.test("a".repeat(40) + "b" + "c".repeat(100000)); }
        return { value: '<span class="hljs-keyword">' + code + "</span>" };
    },
};
window.hljs = hljs;
hljs.registerLanguage("toy", function () { return {}; });
