// A stand-in for highlight.js whose highlighting of code that starts with "spin" never returns.
var hljs = {
    languages: {},
    registerLanguage: function (name, definition) { hljs.languages[name] = definition(hljs); },
    getLanguage: function (name) { return hljs.languages[name]; },
    highlight: function (name, code) {
        if (code.indexOf("spin") === 0) { while (true) {} }
        if (code === "throw") { throw new Error("cannot read " + code); }
        if (code === "img") { return { value: "<img src=x onerror=alert(1)>" }; }
        return { value: '<span class="hljs-keyword">' + code + "</span>" };
    },
};
window.hljs = hljs;
hljs.registerLanguage("toy", function () { return {}; });
