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
