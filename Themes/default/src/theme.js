// The theme toggle: System, Light, Dark in turn, remembered in localStorage ("notebook-theme").
// The script in <head> applies the choice before the page is drawn (and marks the page so that
// the theme shows the button); this one wires the button, and applies the choice again when the
// page comes back from the browser's history or another tab changes it.
(function () {
  var button = document.querySelector(".theme-toggle");
  if (!button) return;
  var root = document.documentElement;
  var names = { "": "System", light: "Light", dark: "Dark" };
  function stored() {
    try {
      var theme = localStorage.getItem("notebook-theme");
      return theme === "light" || theme === "dark" ? theme : "";
    } catch (error) {
      return root.dataset.theme || "";
    }
  }
  function apply(theme) {
    if (theme) root.dataset.theme = theme; else delete root.dataset.theme;
    var name = names[theme];
    button.textContent = "Theme: " + name;
    button.setAttribute("aria-label", "Colour theme: " + name + ". Change");
  }
  button.addEventListener("click", function () {
    var current = root.dataset.theme || "";
    var next = current === "" ? "light" : current === "light" ? "dark" : "";
    try {
      if (next) localStorage.setItem("notebook-theme", next); else localStorage.removeItem("notebook-theme");
    } catch (error) { /* storage refused: the choice lasts for this page */ }
    apply(next);
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) apply(stored()); });
  window.addEventListener("storage", function (event) { if (event.key === "notebook-theme" || event.key === null) apply(stored()); });
  apply(root.dataset.theme || "");
})();

// The explorer: a button before each folder that holds something opens and closes it, and the
// choice is remembered in localStorage ("notebook-explorer": each opened folder's link). The
// folders on the way to the page are open in its HTML, with their notes; a closed folder's
// contents are read from the search's index (index.json) the first time it opens. The page's own
// entry is marked here (aria-current): the HTML is the same on every page of a folder. The
// list's scroll position is kept for the next page in sessionStorage.
(function () {
  var nav = document.querySelector(".explorer[data-index]");
  if (!nav) return;
  // How many of a folder's notes the build shows at once, which a folder filled here shows too.
  var key = "notebook-explorer", saved = stored(), index, group = Number(nav.dataset.window) || 50;
  function stored() {
    try { return JSON.parse(localStorage.getItem(key)) || {}; } catch (error) { return {}; }
  }
  // Read again before each change, so that another tab's choices are kept; closed is the default.
  function save(url, open) {
    saved = stored();
    if (open) saved[url] = true; else delete saved[url];
    try { localStorage.setItem(key, JSON.stringify(saved)); } catch (error) { /* storage refused: this page only */ }
  }
  function load() {
    return index || (index = fetch(nav.dataset.index).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    }).then(function (meta) {
      if (typeof meta.notes !== "number" || !Array.isArray(meta.folders)) throw new Error("an index without folders");
      return meta;
    }).catch(function (error) { index = null; throw error; }));
  }
  // A list item holding a link; marked when it is the page's own.
  function listItem(url, text, className) {
    var entry = document.createElement("li"), a = document.createElement("a");
    if (className) entry.className = className;
    a.href = url;
    a.textContent = text;
    entry.appendChild(a);
    mark(a);
    return entry;
  }
  // A folder's link, as the index writes it.
  function address(item) {
    return item.querySelector(":scope > a").getAttribute("href");
  }
  // The page's own entry (not a link to the rest of a folder's notes).
  function mark(a) {
    if (a.pathname === location.pathname && !a.parentNode.classList.contains("explorer-more")) a.setAttribute("aria-current", "page");
  }
  // A folder's folders and notes from the index, in the order the build lists them: its first
  // notes as many as the build shows of a folder (data-window), and a link to its page for the rest.
  function fill(parent) {
    return load().then(function (meta) {
      var folders = meta.folders, at = -1, list = document.createElement("ul");
      folders.forEach(function (folder, number) { if (folder[1] === address(parent)) at = number; });
      if (at < 0 || parent.querySelector("ul")) return;
      var holds = {};
      folders.forEach(function (folder) { holds[folder[2]] = true; });
      for (var page = 0; page < meta.notes; page++) holds[meta.pages[page][2]] = true;
      folders.forEach(function (folder, number) {
        if (folder[2] !== at) return;
        var child = listItem(folder[1], folder[0], "explorer-folder");
        if (holds[number]) child.dataset.children = "";
        list.appendChild(child);
        wire(child);
      });
      var shown = 0, left = 0;
      for (page = 0; page < meta.notes; page++) {
        var note = meta.pages[page], url = note[1];
        if (note[2] !== at) continue;
        if (shown === group) { left++; continue; }
        if (url[0] !== "/" && !/^[a-z][a-z0-9+.-]*:/i.test(url)) url = folders[at][1] + url;
        list.appendChild(listItem(url, note[0]));
        shown++;
      }
      if (left) list.appendChild(listItem(folders[at][1], left + (left === 1 ? " more note" : " more notes"), "explorer-more"));
      parent.appendChild(list);
    });
  }
  // Opens or closes a folder. One whose contents the index cannot give stays closed, and a click
  // on it leads to the folder's page instead.
  function show(item, button, open, clicked) {
    button.setAttribute("aria-expanded", String(open));
    var list = item.querySelector(":scope > ul");
    if (list) list.hidden = !open;
    else if (open) fill(item).then(function () {
      if (!item.querySelector(":scope > ul")) throw new Error("not in the index");
      show(item, button, button.getAttribute("aria-expanded") === "true");
    }).catch(function () {
      button.setAttribute("aria-expanded", "false");
      if (clicked) location.href = item.querySelector(":scope > a").href;
    });
  }
  function wire(item) {
    if (!("children" in item.dataset)) return;
    var button = document.createElement("button"), url = address(item);
    button.type = "button";
    button.className = "explorer-toggle";
    button.setAttribute("aria-label", item.querySelector("a").textContent);
    item.insertBefore(button, item.firstChild);
    button.addEventListener("click", function () {
      var open = button.getAttribute("aria-expanded") !== "true";
      save(url, open);
      show(item, button, open, true);
    });
    // The folders on the way to the page stay open; the others as the reader left them.
    show(item, button, "open" in item.dataset || saved[url] === true);
  }
  nav.querySelectorAll("a[href]").forEach(mark);
  nav.querySelectorAll(".explorer-folder").forEach(wire);
  nav.classList.add("explorer-wired");
  try {
    var top = sessionStorage.getItem(key);
    if (top) nav.scrollTop = Number(top);
    addEventListener("pagehide", function () {
      try { sessionStorage.setItem(key, String(nav.scrollTop)); } catch (error) { /* storage refused */ }
    });
  } catch (error) { /* storage refused */ }
  // Where the explorer scrolls on its own (beside the page), the page's entry in sight.
  var here = nav.querySelector("[aria-current]");
  if (here && nav.scrollHeight > nav.clientHeight) {
    var box = nav.getBoundingClientRect(), at = here.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) nav.scrollTop += at.top - box.top - box.height / 2;
  }
})();
