// The theme toggle: System, Light, Dark in turn, remembered in localStorage ("notebook-theme").
// The script in <head> applies the choice before the page is drawn; this one wires the button.
(function () {
  var button = document.querySelector(".theme-toggle");
  if (!button) return;
  var root = document.documentElement;
  var names = { "": "System", light: "Light", dark: "Dark" };
  function show() {
    var name = names[root.dataset.theme || ""];
    button.textContent = "Theme: " + name;
    button.setAttribute("aria-label", "Colour theme: " + name + ". Change");
  }
  button.addEventListener("click", function () {
    var current = root.dataset.theme || "";
    var next = current === "" ? "light" : current === "light" ? "dark" : "";
    if (next) root.dataset.theme = next; else delete root.dataset.theme;
    try {
      if (next) localStorage.setItem("notebook-theme", next); else localStorage.removeItem("notebook-theme");
    } catch (error) { /* storage refused: the choice lasts for this page */ }
    show();
  });
  button.hidden = false;
  show();
})();
