// Client-side search over the site's search index: every word typed must occur in a note.
(function () {
  "use strict";
  var input = document.getElementById("search-input");
  var results = document.getElementById("search-results");
  if (!input || !results) return;
  var index = null;

  function load() {
    if (index) return Promise.resolve(index);
    return fetch(input.getAttribute("data-index"))
      .then(function (response) { return response.json(); })
      .then(function (entries) {
        index = entries.map(function (entry) {
          entry.haystack = " " + (entry.title + " " + entry.tags.join(" ") + " " + entry.words).toLowerCase() + " ";
          return entry;
        });
        return index;
      });
  }

  function show(query) {
    var terms = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    results.textContent = "";
    if (terms.length === 0) return;
    load().then(function (entries) {
      var found = entries.filter(function (entry) {
        return terms.every(function (term) { return entry.haystack.indexOf(term) !== -1; });
      }).slice(0, 50);
      results.textContent = "";
      found.forEach(function (entry) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = entry.url;
        link.textContent = entry.title;
        item.appendChild(link);
        results.appendChild(item);
      });
      if (found.length === 0) {
        var none = document.createElement("li");
        none.textContent = "No note matches.";
        results.appendChild(none);
      }
    });
  }

  input.addEventListener("input", function () { show(input.value); });
})();
