#!/usr/bin/env python3
"""Checks a built notebook site in a real browser: Debian's Chromium, driven by Selenium.

    /usr/bin/python3 Tests/browser/test_site.py OUTPUT_DIR [--screenshots DIR] [--serve NOTEBOOK --site SITE]

Serves OUTPUT_DIR (e.g. ExampleSite/public) with `python3 -m http.server` on 127.0.0.1 on a free
port, for the length of the run only, and checks that:

- the index, page by page, lists every note of the search index as a note card whose link works;
- search, from Ctrl-K on any page: each note first by a word of its own, its snippet marked;
  stems, diacritics, Chinese and Japanese typed; title matches before heading matches before
  text; the keyboard alone; the search page with JavaScript off and its own form;
- every highlight's computed background is its palette color (assets/palette.css, which the
  page links), with
  readable text, in light mode and in emulated dark mode;
- the release checklist's titled code block shows its title and marked line readably, and, with
  JavaScript turned off, its highlighted tokens (a Swift keyword, literal and comment, an sh
  string) have colours of their own at 4.5:1 or more, in both modes;
- no page makes a request outside the site, and none of its requests fails;
- no page logs a JavaScript error;
- the explorer marks the page's note, opens its folder, opens a closed one from the search's
  index by mouse and keyboard, keeps that on the next page, and links without JavaScript;
- the JavaScript and CSS a page loads or inlines weighs at most 40,000 bytes;
- every text element of every page has a contrast of 4.5:1 or more against its background, in
  light and in dark mode (with --layout-only too, with the width and weight checks).

With `--features NOTEBOOK` it also writes a small site of its own, builds it with NOTEBOOK and
checks: previews of links to notes whose URLs are not ASCII (数字花园, 新幹線, café); a preview
that goes when the focus moves to a link without one; Chinese and Japanese words typed in part
(新幹, 数字花); past the 20 results a box shows, the search page's "Show more" (the focus kept) and the dialog's
link to all results; the selected result's ring and the placeholder's contrast in both modes;
and, with the site's own `search-box` template, a search page that still searches.

With `--serve NOTEBOOK --site SITE` it also runs `notebook serve` over a copy of SITE and checks
live reload: an open note page reloads by itself after its note is saved and shows the new text;
a save that breaks the build turns it into the error page naming the file, line and column; the
next good save brings the note back.

It saves screenshots of the index, of the Lisbon note and of the search dialog's results, light
and dark, at 1280 px and at 390 px, as PNG files in docs/ (index-light.png, index-phone-dark.png,
search-light.png, …), and closes with the line `browser: N passed, M failed`.

Selenium comes from PyPI: when it is missing, this script makes a venv in .build/browser-venv
(with /usr/bin/python3) and installs it there, then runs itself again in that venv. Chromium and
chromedriver come from Debian (`chromium`, `chromium-driver`; scripts/dependencies.sh installs
them). When either is missing the run fails under CI=true and is skipped elsewhere.
"""

import argparse
import html
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import traceback
import urllib.error
import urllib.request
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV = ROOT / ".build" / "browser-venv"
SELENIUM_REQUIREMENT = "selenium>=4.20,<5"
IN_CI = os.environ.get("CI") == "true"
WINDOW = (1200, 900)
SCREENSHOT_LIMIT = 300 * 1024
# What the JavaScript and CSS that a page loads or inlines may weigh, before compression.
ASSET_LIMIT = 40 * 1000

# For every element that shows text of its own, visible, its computed colour against the
# background it is drawn on: the first opaque background up its ancestors, with the translucent
# ones below it laid over that. Colours are read as rgb()/rgba() or color(srgb …) (color-mix()).
CONTRAST_SCRIPT = """
function parse(css) {
  var m = css.match(/^rgba?\\(([^)]*)\\)$/);
  if (m) { var n = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number); return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1]; }
  m = css.match(/^color\\(srgb ([^)]*)\\)$/);
  if (m) { var c = m[1].split(/[\\s\\/]+/).filter(Boolean).map(Number); return [c[0] * 255, c[1] * 255, c[2] * 255, c.length > 3 ? c[3] : 1]; }
  return null;
}
function over(top, bottom) {
  var a = top[3];
  return [0, 1, 2].map(function (i) { return top[i] * a + bottom[i] * (1 - a); }).concat([1]);
}
function luminance(c) {
  var v = c.slice(0, 3).map(function (x) { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}
function ratio(a, b) {
  var x = luminance(a), y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
function background(el) {
  var layers = [];
  for (var at = el; at; at = at.parentElement) {
    var c = parse(getComputedStyle(at).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  var base = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop()
    : (matchMedia('(prefers-color-scheme: dark)').matches ? [18, 18, 18, 1] : [255, 255, 255, 1]);
  while (layers.length) base = over(layers.pop(), base);
  return base;
}
var found = [], checked = 0;
document.querySelectorAll('body *').forEach(function (el) {
  if (el.closest('svg, template, script, style, noscript')) return;
  var own = Array.prototype.some.call(el.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
  if (!own || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return;
  var rects = el.getClientRects();
  if (!rects.length || !Array.prototype.some.call(rects, function (r) { return r.width > 0 && r.height > 0; })) return;
  var color = parse(getComputedStyle(el).color);
  if (!color) { found.push({ element: el.tagName, text: el.textContent.trim().slice(0, 40), detail: 'colour ' + getComputedStyle(el).color }); return; }
  var behind = background(el);
  var shown = color[3] < 1 ? over(color, behind) : color;
  var r = ratio(shown, behind);
  checked++;
  if (r < 4.5) found.push({ element: el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : ''),
    text: el.textContent.trim().slice(0, 40), detail: getComputedStyle(el).color + ' on rgb(' + behind.slice(0, 3).map(Math.round) + ') ' + r.toFixed(2) + ':1' });
});
return { checked: checked, failing: found };
"""


def skip_or_fail(reason):
    """Without the tools the test needs: a failure under CI, a skip elsewhere."""
    if IN_CI:
        print(f"browser: cannot run: {reason}", file=sys.stderr)
        print("browser: 0 passed, 1 failed")
        sys.exit(1)
    print(f"browser: SKIPPED, {reason}")
    sys.exit(0)


def ensure_selenium():
    """Imports selenium, or installs it into .build/browser-venv and re-runs this script there."""
    try:
        import selenium  # noqa: F401
        return
    except ImportError:
        pass
    in_venv = Path(sys.prefix).resolve() == VENV.resolve()
    venv_python = VENV / "bin" / "python3"
    try:
        if not venv_python.exists():
            base = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable
            print(f"browser: making a venv in {VENV.relative_to(ROOT)} with {base}", flush=True)
            subprocess.run([base, "-m", "venv", str(VENV)], check=True, stdout=subprocess.DEVNULL)
        has = subprocess.run([str(venv_python), "-c", "import selenium"], stderr=subprocess.DEVNULL)
        if has.returncode != 0:
            print(f"browser: installing {SELENIUM_REQUIREMENT} from PyPI into the venv", flush=True)
            subprocess.run(
                [str(venv_python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                 SELENIUM_REQUIREMENT],
                check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        skip_or_fail(f"selenium is not installed and could not be installed ({error})")
    if in_venv:
        skip_or_fail("selenium still cannot be imported in the venv")
    # The script that was run (this one, or one that imports it, such as bench/search.py), again.
    os.execv(str(venv_python), [str(venv_python), str(Path(sys.argv[0]).resolve())] + sys.argv[1:])


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SiteServer:
    """`python3 -m http.server` for the output folder, on 127.0.0.1 only, stopped on exit."""

    def __init__(self, folder):
        self.folder = folder
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    def __enter__(self):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
             "--directory", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("the HTTP server exited at start")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the HTTP server did not listen on port {self.port} within 15 s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def __exit__(self, *exc):
        self.stop()

    def get(self, path):
        """(status, body text) of a path on the site, outside the browser."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, ""


def hex_to_rgb(color):
    color = color.lstrip("#")
    if len(color) == 3:
        color = "".join(c * 2 for c in color)
    return tuple(int(color[i:i + 2], 16) for i in (0, 2, 4))


def parse_rgb(css):
    """'rgb(1, 2, 3)' or 'rgba(1, 2, 3, 1)' → (1, 2, 3, alpha)."""
    numbers = re.findall(r"[\d.]+", css)
    if len(numbers) < 3:
        raise ValueError(f"not an rgb() color: {css!r}")
    alpha = float(numbers[3]) if len(numbers) > 3 else 1.0
    return tuple(int(float(n)) for n in numbers[:3]) + (alpha,)


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def head_palette(page_html, fetch):
    """{'yellow': '#fde68a', ...} from the `.highlight-NAME { background-color: #... }` rules of
    the style sheets the page's head links (the build's assets/palette.css) and of its <style>;
    `fetch(path)` gives a linked sheet's text."""
    head = page_html.split("</head>", 1)[0]
    sheets = [fetch(href) for href in re.findall(r'<link rel="stylesheet" href="([^"]+)">', head)]
    palette = {}
    for style in sheets + re.findall(r"<style[^>]*>(.*?)</style>", head, re.S):
        for name, color in re.findall(
                r"\.highlight-([\w-]+)\s*\{\s*background-color:\s*(#[0-9a-fA-F]{3,6})\s*;?\s*\}", style):
            palette.setdefault(name, color.lower())  # the first rule: later ones override it
    return palette


class Checks:
    """Named checks run one after another, each a pass or a failure counted and printed."""

    passed = 0
    failed = 0

    def run(self, name, function):
        try:
            function()
        except Exception as error:  # noqa: BLE001 - a test's failure, reported and counted
            self.failed += 1
            detail = str(error) or error.__class__.__name__
            print(f"FAIL {name}: {detail}")
            if not isinstance(error, AssertionError):
                traceback.print_exc(limit=3)
        else:
            self.passed += 1
            print(f"PASS {name}")
        sys.stdout.flush()

    def tab_to(self, element, limit=60):
        """Tabs from the page's start until `element` has the focus, as a keyboard user would."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        self.driver.find_element("css selector", "body").click()
        for _ in range(limit):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            if self.driver.switch_to.active_element == element:
                return
        raise AssertionError("Tab never reached " + (element.text or element.tag_name))


class BrowserTests(Checks):
    def __init__(self, driver, server, output, screenshots):
        self.driver = driver
        self.server = server
        self.output = output
        self.screenshots = screenshots
        self.index = json.loads((output / "search" / "index.json").read_text(encoding="utf-8"))
        self.requests = []    # every request URL the browser made, with the page it was on
        self.failures = []    # (url, status) of requests that failed
        self.passed = 0
        self.failed = 0

    # --- helpers -------------------------------------------------------------------------

    def url(self, path):
        return self.server.base + path

    def open(self, path):
        self.driver.get(self.url(path))
        self.collect_network(path)

    def set_scheme(self, scheme):
        self.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        dark = self.driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark"), f"prefers-color-scheme emulation to {scheme} did not take"

    def collect_network(self, page):
        """Reads the performance log (Chrome's DevTools Network events) since the last call."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            method, params = message.get("method"), message.get("params", {})
            if method == "Network.requestWillBeSent":
                self.requests.append((page, params["request"]["url"]))
            elif method == "Network.responseReceived":
                response = params.get("response", {})
                if response.get("status", 0) >= 400:
                    self.failures.append((page, response.get("url"), response.get("status")))
            elif method == "Network.loadingFailed" and not params.get("canceled"):
                self.failures.append((page, params.get("requestId"), params.get("errorText")))

    def html_pages(self):
        """Site paths of every *.html page of the output, as a browser would ask for them."""
        paths = []
        for page in sorted(self.output.rglob("*.html")):
            rel = page.relative_to(self.output).as_posix()
            paths.append("/" + rel[: -len("index.html")] if rel.endswith("index.html") else "/" + rel)
        return paths

    def page_url(self, page):
        """The link of a page of search/index.json (a URL not starting with / is under its folder's)."""
        title, url, folder, words = page
        return url if url.startswith("/") or folder < 0 else self.index["folders"][folder][1] + url

    def note_entries(self):
        """The search index's notes: its pages but the folders' pages and the home page."""
        folders = {folder[1] for folder in self.index["folders"]}
        entries = []
        for number, page in enumerate(self.index["pages"]):
            url = self.page_url(page)
            if url not in folders and url != "/":
                entries.append({"title": page[0], "url": url, "page": number})
        return entries

    def page_texts(self):
        """Each page's sections ([heading, anchor, text]) from search/text/N.json, by page number
        (each page there is [summary, section, ...])."""
        texts = {}
        for number, start in enumerate(self.index["textFiles"]):
            pages = json.loads((self.output / "search" / "text" / f"{number}.json").read_text(encoding="utf-8"))
            for offset, entry in enumerate(pages):
                texts[start + offset] = entry[1:]  # after the page's summary
        return texts

    def term_postings(self, prefix):
        """{page: weight} for every term of the term files that begins with `prefix` (a-z), or
        whose word does, the highest weight of a page kept; postings decoded as search.js does."""
        digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        listed = json.loads((self.output / "search" / "terms" / f"{prefix[0]}.json").read_text(encoding="utf-8"))
        entries = dict(zip(listed[0::2], listed[1::2]))
        pages = {}
        for term, postings in entries.items():
            if not term.startswith(prefix):
                continue
            # A word the index keeps only as its stem ("=STEM") stands for the stem's postings.
            if postings.startswith("="):
                postings = entries.get(postings[1:], "")
            values = [digits.index(c) for c in postings]
            page, i = 0, 0
            while i < len(values):
                gap, shift = 0, 0
                while values[i] >= 32:
                    gap += (values[i] - 32) << shift
                    shift += 5
                    i += 1
                page += gap + (values[i] << shift)
                pages[page] = max(pages.get(page, 0), values[i + 1])
                i += 2
        return pages

    # --- tests ---------------------------------------------------------------------------

    def test_index_lists_notes(self):
        """Every note of the search index has a card on the index or one of its later pages
        (/page/N/), and every card's title link opens that note."""
        expected = {entry["url"]: entry["title"] for entry in self.note_entries()}
        assert expected, "the search index lists no notes"
        cards = {}
        path, number = "/", 1
        while True:
            self.open(path)
            links = self.driver.find_elements("css selector", ".note-list .note-card h2 a[href]")
            assert links, f"{path} shows no note cards"
            for link in links:
                href = link.get_attribute("href").removeprefix(self.server.base)
                cards[href] = link.text.strip()
            number += 1
            path = f"/page/{number}/"
            if self.server.get(path)[0] != 200:
                break
        missing = [f"{title} ({url})" for url, title in expected.items() if url not in cards]
        assert not missing, f"notes without a card on the index pages: {', '.join(missing)}"
        for url, title in cards.items():
            assert url in expected, f"a card links to {url}, which the search index does not list"
            assert title == expected[url], f"the card for {url} reads {title!r}, not {expected[url]!r}"
            status, body = self.server.get(url)
            assert status == 200, f"the card link {url} answers {status}"
            assert f"<h1>{html.escape(title, quote=False)}</h1>" in body or html.escape(title) in body, \
                f"{url} does not show its title {title!r}"
        print(f"  {len(cards)} note cards on {number - 1} index pages, every link opens its note")

    def unique_body_words(self):
        """For each note, a word of its text that no other page's text or title has, and that no
        other word of the site begins with (search matches by prefix), its own title not either."""
        texts = self.page_texts()
        words_of = {}
        for number, page in enumerate(self.index["pages"]):
            sections = texts.get(number, [])
            words_of[number] = set(re.findall(r"[a-z]+", " ".join([page[0]] + [s[0] + " " + s[2] for s in sections]).lower()))
        every = set().union(*words_of.values()) if words_of else set()
        chosen = {}
        for entry in self.note_entries():
            own = words_of[entry["page"]]
            title = set(re.findall(r"[a-z]+", entry["title"].lower()))
            for word in sorted(own, key=lambda w: (-len(w), w)):
                if len(word) < 6 or word in title:
                    continue
                if any(word in words for number, words in words_of.items() if number != entry["page"]):
                    continue
                if any(other != word and other.startswith(word[:-2]) for other in every):
                    continue
                chosen[entry["url"]] = (entry["title"], word)
                break
        return chosen

    def open_search(self):
        """Opens the search dialog with Ctrl-K from the page that is open; its input and list."""
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.support.ui import WebDriverWait
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()
        dialog = self.driver.find_element("css selector", ".search-dialog")
        WebDriverWait(self.driver, 5).until(lambda d: dialog.get_attribute("open") is not None)
        box = dialog.find_element("css selector", "input")
        assert self.driver.switch_to.active_element == box, "Ctrl-K does not put the focus in the search box"
        return box, dialog.find_element("css selector", "[role=listbox]")

    def search_for(self, query):
        """Types `query` into the open dialog; its results as (href, title, path, snippet, marks)."""
        from selenium.webdriver.support.ui import WebDriverWait
        box = self.driver.find_element("css selector", ".search-dialog input")
        results = self.driver.find_element("css selector", ".search-dialog [role=listbox]")
        status = self.driver.find_element("css selector", ".search-dialog [role=status]")
        box.clear()
        box.send_keys(query)
        WebDriverWait(self.driver, 5).until(lambda d: status.text.strip() != "")
        # Snippets come from the text files, after the titles.
        time.sleep(0.3)
        found = []
        for item in results.find_elements("css selector", "[role=option]"):
            link = item.find_element("css selector", "a")
            path = item.find_elements("css selector", ".search-path")
            found.append({
                "href": link.get_attribute("href").removeprefix(self.server.base),
                "title": item.find_element("css selector", ".search-title").text,
                "path": path[0].text if path else "",
                "snippet": item.find_element("css selector", ".search-snippet").text,
                "marks": [m.text for m in item.find_elements("css selector", "mark")],
            })
        return found

    def test_search_finds_notes(self):
        """From a note's page, Ctrl-K and a word that occurs only in one note's text list that
        note first, its snippet with the word marked."""
        chosen = self.unique_body_words()
        assert len(chosen) >= len(self.note_entries()) // 2, f"only {len(chosen)} notes have a word of their own"
        self.open(self.lisbon_path())
        self.open_search()
        for url, (title, word) in chosen.items():
            found = self.search_for(word)
            assert found, f"searching {word!r} finds nothing"
            first = found[0]
            assert first["href"].split("#")[0] == url, f"searching {word!r} lists {[f['href'] for f in found]}, not {url} first"
            assert any(word in mark.lower() for mark in first["marks"]), f"{word!r}: the snippet marks {first['marks']}: {first['snippet']!r}"
        self.collect_network("search")
        words = ", ".join(f"{word!r} → {title}" for title, word in list(chosen.values())[:6])
        print(f"  {len(chosen)} of {len(self.note_entries())} notes found first by a word of their own: {words}, …")

    def test_search_stems_folds_and_cjk(self):
        """'blueberry' finds 'blueberries' (Snowball stems), 'pasteis' finds 'Pastéis' and 'tofuku'
        'Tōfuku' (diacritics folded), and 新幹線 and 数字花园 typed find the note that has them; each
        result shows its folder and its snippet marks what matched."""
        self.open("/")
        self.open_search()
        cases = [("blueberry", "Sunday Pancakes", "blueberries"), ("pasteis", "Pastéis de Nata", "Pastéis"),
                 ("tofuku", "Kyoto in November", "Tōfuku"), ("新幹線", "Trip notes", "新幹線"), ("数字花园", "Trip notes", "数字")]
        for query, title, marked in cases:
            found = self.search_for(query)
            assert found and found[0]["title"] == title, f"{query!r} lists {[f['title'] for f in found]}, not {title!r} first"
            assert any(marked in mark for mark in found[0]["marks"]), f"{query!r}: {title} marks {found[0]['marks']}, not {marked!r}"
            assert found[0]["path"], f"{query!r}: {title} shows no folder"
        found = self.search_for("pancakes")
        assert found[0]["path"] == "cooking", f"Sunday Pancakes is shown in {found[0]['path']!r}, not 'cooking'"
        # As it is typed, a word keeps finding its note, though the index keeps its stem ("plan").
        for typed in ["pla", "plan", "plann", "planni", "plannin", "planning"]:
            found = self.search_for(typed)
            assert found and found[0]["title"] == "Q4 Planning", f"{typed!r} lists {[f['title'] for f in found]}, not Q4 Planning first"
        print("  " + ", ".join(f"{q} → {t}" for q, t, _ in cases))

    def test_search_ranking(self):
        """For words that are in some notes' titles, others' headings and others' text, every
        result in the title comes before every one in a heading, and those before the rest."""
        self.open("/")
        self.open_search()
        pages = self.index["pages"]
        checked = []
        for query in ["lisbon", "train", "kyoto", "starter", "planning", "night", "sintra", "morning", "spice", "dry"]:
            weights = self.term_postings(query)
            if not weights:
                continue
            rank = {self.page_url(pages[page]): 2 if weight & 32 else 1 if weight & 16 else 0 for page, weight in weights.items()}
            found = self.search_for(query)
            order = [rank.get(f["href"].split("#")[0], -1) for f in found]
            assert -1 not in order, f"{query!r} lists a page without the word: {[f['href'] for f in found]}"
            assert order == sorted(order, reverse=True), f"{query!r}: title (2), heading (1), text (0) in the order {order}"
            assert len(found) == min(len(weights), 20), f"{query!r} lists {len(found)} results, the index has {len(weights)} pages"
            # A title that holds the word opens its page at the top, whatever passage it shows.
            for f, r in zip(found, order):
                assert r != 2 or "#" not in f["href"], f"{query!r}: the title hit {f['title']!r} leads to {f['href']}"
            checked.append(f"{query} {order}")
        assert len(checked) >= 4, f"only {checked} had results"
        assert any(" 1" in c or "[1" in c for c in checked), f"no query matched a heading: {checked}"
        print("  " + "; ".join(checked))

    def test_search_keyboard(self):
        """Keyboard alone: Ctrl-K opens the dialog, arrows move the selection (aria-selected,
        aria-activedescendant), Enter opens the selected result, Escape closes the dialog."""
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import WebDriverWait
        self.open(self.lisbon_path())
        box, results = self.open_search()
        found = self.search_for("train")
        assert len(found) >= 2, f"'train' finds {len(found)} results"
        box.send_keys(Keys.ARROW_DOWN)
        box.send_keys(Keys.ARROW_DOWN)
        options = results.find_elements("css selector", "[role=option]")
        selected = [o.get_attribute("aria-selected") for o in options]
        assert selected[1] == "true" and selected.count("true") == 1, f"after two arrows down: {selected}"
        assert box.get_attribute("aria-activedescendant") == options[1].get_attribute("id")
        box.send_keys(Keys.ARROW_UP)
        assert options[0].get_attribute("aria-selected") == "true"
        box.send_keys(Keys.ESCAPE)
        dialog = self.driver.find_element("css selector", ".search-dialog")
        WebDriverWait(self.driver, 5).until(lambda d: dialog.get_attribute("open") is None)
        box, results = self.open_search()
        found = self.search_for("train")
        box.send_keys(Keys.ARROW_DOWN)
        box.send_keys(Keys.ENTER)
        target = found[0]["href"]
        WebDriverWait(self.driver, 5).until(lambda d: d.current_url.removeprefix(self.server.base) == target)
        # A result on the page that is open: the page scrolls to its heading, the dialog closes.
        lisbon = self.lisbon_path()
        self.open(lisbon)
        box, results = self.open_search()
        found = self.search_for("alfama")
        assert found[0]["href"].startswith(lisbon + "#"), f"'alfama' lists {found[0]['href']} first"
        box.send_keys(Keys.ENTER)
        dialog = self.driver.find_element("css selector", ".search-dialog")
        WebDriverWait(self.driver, 5).until(lambda d: dialog.get_attribute("open") is None)
        assert self.driver.current_url.removeprefix(self.server.base) == found[0]["href"]
        # A click in the dialog's own padding leaves it open; one on the backdrop closes it.
        from selenium.webdriver.common.action_chains import ActionChains
        self.open_search()
        ActionChains(self.driver).move_to_element_with_offset(dialog, 0, dialog.size["height"] // 2 - 3).click().perform()
        assert dialog.get_attribute("open") is not None, "a click inside the dialog's edge closed it"
        ActionChains(self.driver).move_by_offset(0, 200).click().perform()
        WebDriverWait(self.driver, 5).until(lambda d: dialog.get_attribute("open") is None)
        print(f"  Ctrl-K, arrows, Escape; Enter opened {target}; a result on the open page closes the dialog")

    def test_link_previews(self):
        """Hovering an internal link, or reaching it with Tab, shows its note's folder, title and
        first paragraph, tied to the link by aria-describedby; it stays while the pointer is on
        it; Escape or leaving hides it."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import WebDriverWait
        self.open("/cooking/pantry-staples/")
        link = self.driver.find_element("css selector", "main a.wikilink[href='/cooking/weeknight-dal/']")
        ActionChains(self.driver).move_to_element(link).perform()
        box = WebDriverWait(self.driver, 5).until(lambda d: d.find_element("css selector", ".link-preview"))
        title = box.find_element("css selector", ".link-preview-title").text
        text = box.find_element("css selector", ".link-preview-text").text
        path = box.find_element("css selector", ".link-preview-path").text
        assert title == "Weeknight Dal" and path == "cooking" and len(text) > 20, f"the preview shows {path!r} {title!r} {text!r}"
        assert link.get_attribute("aria-describedby") == box.get_attribute("id")
        top, bottom = box.rect["y"], link.rect["y"] + link.rect["height"]
        assert abs(top - bottom - 8) < 2 or box.rect["y"] + box.rect["height"] <= link.rect["y"], "the preview is not beside its link"
        # The pointer moving onto the preview, across the gap, keeps it (WCAG's content on hover).
        ActionChains(self.driver).move_to_element(box).pause(0.6).perform()
        assert self.driver.find_elements("css selector", ".link-preview"), "the preview went as the pointer moved onto it"
        ActionChains(self.driver).move_to_element(self.driver.find_element("css selector", "main h1")).perform()
        WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements("css selector", ".link-preview"))
        assert link.get_attribute("aria-describedby") is None
        # The keyboard: Tab through the page's links until the same link has the focus.
        self.tab_to(link)
        WebDriverWait(self.driver, 5).until(lambda d: d.find_elements("css selector", ".link-preview"))
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements("css selector", ".link-preview"))
        print(f"  hover and Tab show {path} › {title}: {text[:50]}…; leaving and Escape hide it")

    def test_search_without_javascript(self):
        """With JavaScript off the header's Search link leads to the search page, which links every
        note (by folder) and every tag page, and no dialog nor search form shows."""
        cdp = self.driver.execute_cdp_cmd
        cdp("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            self.open("/")
            link = self.driver.find_element("css selector", ".search-open")
            assert not self.driver.find_element("css selector", ".search-dialog").is_displayed()
            link.click()
            assert self.driver.current_url.removeprefix(self.server.base).startswith("/search/"), self.driver.current_url
            hrefs = {a.get_attribute("href").removeprefix(self.server.base)
                     for a in self.driver.find_elements("css selector", "main a[href]")}
            missing = [e["url"] for e in self.note_entries() if e["url"] not in hrefs]
            assert not missing, f"the search page does not link {missing}"
            tags = [t for t in hrefs if t.startswith("/tags/")]
            assert tags, "the search page links no tag"
            # Each tag with its notes, every one a note's page.
            sections = self.driver.find_elements("xpath", "//h2[@id='by-tag']/following::section[.//h3/a[contains(@class,'tag')]]")
            listed = [a.get_attribute("href").removeprefix(self.server.base) for s in sections for a in s.find_elements("css selector", "ul a")]
            notes = {e["url"] for e in self.note_entries()}
            assert sections and all(s.find_elements("css selector", "ul a") for s in sections), "a tag is listed without its notes"
            assert set(listed) <= notes, f"links under tags that are no notes: {set(listed) - notes}"
            message = self.driver.find_element("css selector", ".search-page [role=status]").text
            assert "JavaScript" in message, f"the search page does not say searching needs JavaScript: {message!r}"
            # Its form, which searches nothing without JavaScript, does not show.
            assert not self.driver.find_element("css selector", ".search-page form").is_displayed(), "the search form shows without JavaScript"
        finally:
            cdp("Emulation.setScriptExecutionDisabled", {"value": False})
        print(f"  the search page links {len(self.note_entries())} notes by folder, {len(tags)} tag pages and {len(listed)} notes under them")

    def test_search_page(self):
        """The search page's own form searches, from its address too (/search/?q=WORD)."""
        from selenium.webdriver.support.ui import WebDriverWait
        self.open("/search/?q=blueberry")
        results = self.driver.find_element("css selector", ".search-page [role=listbox]")
        WebDriverWait(self.driver, 5).until(lambda d: results.find_elements("css selector", "[role=option]"))
        first = results.find_element("css selector", ".search-title").text
        assert first == "Sunday Pancakes", f"/search/?q=blueberry lists {first!r} first"
        # Another query typed and Enter: the page stays, lists its results, and keeps it in its
        # address; arrows and Enter open the chosen result, and Back comes to that query.
        from selenium.webdriver.common.keys import Keys
        field = self.driver.find_element("css selector", ".search-page input")
        field.clear()
        field.send_keys("pancakes", Keys.ENTER)
        WebDriverWait(self.driver, 5).until(lambda d: "q=pancakes" in d.current_url)
        assert urllib.parse.urlparse(self.driver.current_url).path.endswith("/search/"), f"Enter left for {self.driver.current_url}"
        WebDriverWait(self.driver, 5).until(lambda d: results.find_elements("css selector", "[role=option]"))
        field.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
        WebDriverWait(self.driver, 5).until(lambda d: "/search/" not in d.current_url)
        self.driver.back()
        WebDriverWait(self.driver, 5).until(lambda d: "/search/" in d.current_url)
        WebDriverWait(self.driver, 5).until(
            lambda d: d.find_element("css selector", ".search-page input").get_attribute("value") == "pancakes")
        print("  /search/?q=blueberry lists Sunday Pancakes first; Enter searches there and keeps ?q=pancakes, "
              "arrows and Enter open a result, Back returns to it")

    def check_highlights(self, path, scheme):
        status, page_html = self.server.get(path)
        assert status == 200, f"{path} answers {status}"
        def fetch(href):
            status, text = self.server.get(href)
            assert status == 200, f"{path} links {href}, which answers {status}"
            return text
        palette = head_palette(page_html, fetch)
        assert palette, f"{path} links no highlight palette"
        if "yellow" in palette:
            assert palette["yellow"] == "#fde68a", f"yellow is {palette['yellow']}, not #fde68a"
        self.open(path)
        self.set_scheme(scheme)
        marks = self.driver.execute_script("""
            return Array.from(document.querySelectorAll('mark, .highlight')).map(function (el) {
              var style = getComputedStyle(el);
              return {classes: el.className, text: el.textContent.slice(0, 40),
                      background: style.backgroundColor, color: style.color};
            });""")
        checked = 0
        for mark in marks:
            names = [c[len("highlight-"):] for c in mark["classes"].split() if c.startswith("highlight-")]
            names = [n for n in names if n in palette]
            if not names:
                continue
            expected = hex_to_rgb(palette[names[-1]])
            background = parse_rgb(mark["background"])
            assert background[:3] == expected and background[3] == 1.0, (
                f"{path} ({scheme}): highlight-{names[-1]} {mark['text']!r} has background "
                f"{mark['background']}, not rgb{expected} ({palette[names[-1]]})")
            ratio = contrast(parse_rgb(mark["color"]), background)
            assert ratio >= 4.5, (
                f"{path} ({scheme}): text {mark['color']} on highlight-{names[-1]} has contrast "
                f"{ratio:.2f}:1, under 4.5:1")
            checked += 1
        assert checked, f"{path} has no palette highlight to check"
        return checked, sorted(palette)

    def test_highlight_colors(self, scheme):
        total = 0
        for path in ["/highlights/", self.lisbon_path()]:
            checked, _ = self.check_highlights(path, scheme)
            total += checked
        swatch = self.driver.execute_script(
            "var el = document.querySelector('.swatch.highlight-yellow');"
            "return el ? getComputedStyle(el).backgroundColor : null;")
        if swatch is not None:
            assert parse_rgb(swatch)[:3] == (253, 230, 138), f"the yellow swatch is {swatch}"
        self.set_scheme("light")
        print(f"  {total} highlights in {scheme} mode have their palette color, text at 4.5:1 or more")

    def test_code_block(self, scheme):
        """The release checklist's titled block: its title and its marked line are shown, each
        with text at 4.5:1 or more against what is behind it, the mark visible on the code."""
        self.open("/work/release-checklist/")
        self.set_scheme(scheme)
        found = self.driver.execute_script("""
            function behind(el) {
              for (; el; el = el.parentElement) {
                var color = getComputedStyle(el).backgroundColor;
                if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
              }
              return getComputedStyle(document.documentElement).backgroundColor;
            }
            var caption = document.querySelector('figure.code-block figcaption');
            var marked = document.querySelector('figure.code-block .marked-line');
            var pre = document.querySelector('figure.code-block pre');
            if (!caption || !marked || !pre) return null;
            return {caption: caption.textContent, captionColor: getComputedStyle(caption).color,
                    captionBehind: behind(caption), marked: marked.textContent,
                    markedColor: getComputedStyle(marked).color, markedBehind: behind(marked),
                    preBehind: behind(pre), markedHeight: marked.getBoundingClientRect().height};""")
        self.set_scheme("light")
        assert found, "no titled code block with a marked line on /work/release-checklist/"
        assert found["caption"] == "Tag the release", found
        assert found["marked"].startswith("git tag -s v4.2.0"), found
        assert found["markedHeight"] > 0, found
        assert found["markedBehind"] != found["preBehind"], f"the marked line is not set apart ({scheme}): {found}"
        for part in ["caption", "marked"]:
            ratio = contrast(parse_rgb(found[part + "Color"]), parse_rgb(found[part + "Behind"]))
            assert ratio >= 4.5, f"{part} ({scheme}): {found[part + 'Color']} on {found[part + 'Behind']} is {ratio:.2f}:1"
        print(f"  the code block's title and marked line read at 4.5:1 or more in {scheme} mode")

    def devtools_lookups(self, page):
        """Two functions of a selector on the open page, read through DevTools (no script of the
        page's runs): the first match's computed style, as a dict, and its box's width and height."""
        cdp = self.driver.execute_cdp_cmd
        cdp("DOM.enable", {})
        cdp("CSS.enable", {})
        root = cdp("DOM.getDocument", {"depth": 0})["root"]["nodeId"]

        def node(selector):
            found = cdp("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
            assert found, f"no {selector} on {page}"
            return found

        def style(selector):
            computed = cdp("CSS.getComputedStyleForNode", {"nodeId": node(selector)})["computedStyle"]
            return {entry["name"]: entry["value"] for entry in computed}

        def box(selector):
            model = cdp("DOM.getBoxModel", {"nodeId": node(selector)})["model"]
            return model["width"], model["height"]

        return style, box

    def test_code_tokens(self, scheme):
        """With JavaScript off, the release checklist's Swift code shows highlight.js's tokens in
        colours of their own: a keyword, a literal, a comment and the sh block's string each differ
        from the code's plain text and read at 4.5:1 or more against the block, in both modes.
        Styles are read through DevTools (DOM and CSS), as no script of any kind runs."""
        cdp = self.driver.execute_cdp_cmd
        cdp("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            self.open("/work/release-checklist/")
            cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            style, _ = self.devtools_lookups("/work/release-checklist/")
            pre = style("pre:has(code.language-swift)")
            plain = parse_rgb(pre["color"])
            behind = parse_rgb(pre["background-color"])
            for selector in ["code.language-swift .hljs-keyword", "code.language-swift .hljs-literal",
                             "code.language-swift .hljs-comment", "code.language-sh .hljs-string"]:
                color = parse_rgb(style(selector)["color"])
                assert color != plain, f"{selector} ({scheme}) has the plain text's colour {pre['color']}"
                ratio = contrast(color, behind)
                assert ratio >= 4.5, f"{selector} ({scheme}): {color} on {behind} is {ratio:.2f}:1"
        finally:
            cdp("Emulation.setScriptExecutionDisabled", {"value": False})
            cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        print(f"  with JavaScript off, code tokens have colours of their own at 4.5:1 or more in {scheme} mode")

    def test_math_boxes(self):
        """With JavaScript off, the sourdough note's formulas are MathML that the browser lays out:
        the inline one and the display one each have a box of non-zero width and height, and the
        display one is on a line of its own."""
        cdp = self.driver.execute_cdp_cmd
        cdp("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            self.open("/cooking/sourdough-starter/")
            style, box = self.devtools_lookups("/cooking/sourdough-starter/")
            inline = box("p > span.katex > math")
            formula = box("span.katex-display math[display=block]")
            for name, (width, height) in [("inline", inline), ("display", formula)]:
                assert width > 0 and height > 0, f"the {name} formula's <math> has no box: {width}×{height}"
            computed = style("span.katex-display")
            assert computed["display"] == "block", f"the display formula is not on a line of its own: display {computed['display']}"
        finally:
            cdp("Emulation.setScriptExecutionDisabled", {"value": False})
        print(f"  with JavaScript off, <math> boxes: inline {inline[0]}×{inline[1]}, display {formula[0]}×{formula[1]}")

    def test_no_outside_requests(self):
        """Every page of the site, loaded in the browser, asks only 127.0.0.1:PORT for anything,
        and no request fails (the browser's own /favicon.ico aside)."""
        pages = self.html_pages()
        for path in pages:
            self.open(path)
        local = self.server.base + "/"
        outside = sorted({(page, url) for page, url in self.requests
                          if not url.startswith(local) and not url.startswith("data:")})
        assert self.requests, "the performance log recorded no request"
        assert not outside, "requests outside the site: " + "; ".join(f"{u} (on {p})" for p, u in outside)
        failed = sorted({f for f in self.failures if not str(f[1]).endswith("/favicon.ico")}, key=str)
        assert not failed, "failed requests: " + "; ".join(f"{u} → {s} (on {p})" for p, u, s in failed)
        hosts = sorted({re.sub(r"^(\w+:(//)?[^/]*).*", r"\1", url) for _, url in self.requests})
        print(f"  {len(pages)} pages, {len(self.requests)} requests, all to {', '.join(hosts)}")

    def test_no_javascript_errors(self):
        """No page of the site logs an error to the console (the browser's /favicon.ico aside)."""
        self.driver.get_log("browser")  # what earlier tests left
        errors = []
        for path in self.html_pages():
            self.open(path)
            for entry in self.driver.get_log("browser"):
                if entry.get("level") == "SEVERE" and "favicon.ico" not in entry.get("message", ""):
                    errors.append(f"{path}: {entry['message']}")
        assert not errors, "console errors: " + "; ".join(errors)

    def test_theme_toggle(self):
        """The theme toggle goes System, Light, Dark; the choice overrides the system's, is kept
        across pages, and is applied by a script in <head> that runs before any stylesheet, so
        that the wrong theme never flashes. With JavaScript off there is no button."""
        note = self.lisbon_path()

        def background():
            return parse_rgb(self.driver.execute_script("return getComputedStyle(document.body).backgroundColor"))

        def theme():
            return self.driver.execute_script("return document.documentElement.dataset.theme || ''")

        try:
            self.open(note)
            self.driver.execute_script("localStorage.removeItem('notebook-theme')")
            self.open(note)
            order = self.driver.execute_script("""
                const head = [...document.head.children];
                const script = head.findIndex(e => e.tagName === 'SCRIPT' && !e.src);
                const sheet = head.findIndex(e => e.tagName === 'LINK' && e.rel === 'stylesheet');
                return [script, sheet];""")
            assert 0 <= order[0] < order[1], f"the theme's script (at {order[0]}) is not before the first stylesheet (at {order[1]})"
            self.set_scheme("dark")
            button = self.driver.find_element("css selector", ".theme-toggle")
            assert button.is_displayed() and button.text == "Theme: System", f"the toggle shows {button.text!r}"
            system_dark = background()
            button.click()
            assert theme() == "light" and button.text == "Theme: Light", f"first click: {theme()!r}, {button.text!r}"
            light = background()
            assert light != system_dark and contrast(light, (0, 0, 0)) > 10, f"Light over a dark system shows {light}"
            self.set_scheme("light")
            button.click()
            assert theme() == "dark" and button.get_attribute("aria-label") == "Colour theme: Dark. Change"
            dark = background()
            assert dark == system_dark, f"Dark over a light system shows {dark}, the system's dark is {system_dark}"
            self.open("/")
            assert theme() == "dark" and background() == dark, "the choice did not carry to the next page"
            # Highlights are light in both modes: what they hold keeps its contrast under Dark.
            self.open(note)
            marks = self.driver.execute_script("""
                return [...document.querySelectorAll('.note-body mark')].map(m =>
                    [getComputedStyle(m).color, getComputedStyle(m).backgroundColor, m.textContent.slice(0, 30)]);""")
            assert marks, "no highlight on the note"
            for color, behind, text in marks:
                ratio = contrast(parse_rgb(color), parse_rgb(behind))
                assert ratio >= 4.5, f"highlight {text!r} under Dark: {color} on {behind} is {ratio:.2f}:1"
            # Print is light whatever was chosen.
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
            printed = background()
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
            assert contrast(printed, (0, 0, 0)) > 10, f"printed under Dark, the page's background is {printed}"
            self.driver.find_element("css selector", ".theme-toggle").click()
            assert theme() == "" and self.driver.execute_script("return localStorage.getItem('notebook-theme')") is None
            assert background() == light, "System over a light system is not light"
            cdp = self.driver.execute_cdp_cmd
            cdp("Emulation.setScriptExecutionDisabled", {"value": True})
            try:
                self.open(note)
                hidden = self.driver.find_element("css selector", ".theme-toggle").is_displayed()
                assert not hidden, "with JavaScript off the toggle is shown, though it cannot work"
            finally:
                cdp("Emulation.setScriptExecutionDisabled", {"value": False})
        finally:
            self.driver.execute_script("localStorage.removeItem('notebook-theme')")
            self.set_scheme("light")
        print(f"  System, Light {light}, Dark {dark}, kept across pages, set before the stylesheets; no button without JavaScript")

    def test_explorer(self):
        """The explorer on a note's page marks the note, shows its folder open with its notes and
        the other folders closed; a closed folder opens with its notes (read from the search's
        index), by the mouse and by the keyboard; the choice is kept on the next page; with
        JavaScript off the page still links its folder's notes and every folder."""
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import WebDriverWait
        note = self.lisbon_path()
        folder_of = {}
        for entry in self.note_entries():
            folder_of[entry["url"]] = self.index["pages"][entry["page"]][2]
        folders = self.index["folders"]
        here = folder_of[note]
        assert here >= 0, f"{note} is not in a folder"
        here_url = folders[here][1]
        # A folder at the top that holds notes and is not on the way to the note's.
        ancestors, at = set(), here
        while at >= 0:
            ancestors.add(at)
            at = folders[at][2]
        other = next(f for number, f in enumerate(folders) if f[2] == -1 and number not in ancestors and
                     any(folder == number for folder in folder_of.values()))
        def listed(folder_url):
            number = next(n for n, f in enumerate(folders) if f[1] == folder_url)
            return [e["url"] for e in self.note_entries() if folder_of[e["url"]] == number]
        def shown_notes(folder_url):
            return self.driver.execute_script("""
                var item = [...document.querySelectorAll('.explorer-folder')]
                    .find(li => li.querySelector(':scope > a').getAttribute('href') === arguments[0]);
                var list = item && item.querySelector(':scope > ul');
                if (!list || list.hidden) return null;
                return [...list.querySelectorAll(':scope > li:not(.explorer-folder):not(.explorer-more) > a')]
                    .map(a => a.getAttribute('href'));""", folder_url)
        def expanded(folder_url):
            return self.driver.execute_script(
                "var li = [...document.querySelectorAll('.explorer-folder')]"
                ".find(li => li.querySelector(':scope > a').getAttribute('href') === arguments[0]);"
                "var b = li && li.querySelector(':scope > .explorer-toggle');"
                "return b ? b.getAttribute('aria-expanded') : null;", folder_url)
        try:
            self.open(note)
            self.driver.execute_script("localStorage.removeItem('notebook-explorer')")
            self.open(note)
            current = self.driver.find_elements("css selector", ".explorer a[aria-current=page]")
            assert [a.get_attribute("href").removeprefix(self.server.base) for a in current] == [note], \
                f"the explorer marks {[a.text for a in current]} on {note}"
            assert expanded(here_url) == "true" and shown_notes(here_url) == listed(here_url), \
                f"{here_url} is not open with its notes {listed(here_url)}: {expanded(here_url)}, {shown_notes(here_url)}"
            assert expanded(other[1]) == "false" and shown_notes(other[1]) is None, f"{other[1]} is not closed"
            toggle = self.driver.find_element("xpath", f'//li[contains(@class, "explorer-folder")][a[@href="{other[1]}"]]/button')
            assert toggle.get_attribute("aria-label") == other[0], f"the toggle is named {toggle.get_attribute('aria-label')!r}"
            toggle.click()
            WebDriverWait(self.driver, 5).until(lambda d: shown_notes(other[1]) is not None)
            assert shown_notes(other[1]) == listed(other[1]), f"{other[1]} opened with {shown_notes(other[1])}, not {listed(other[1])}"
            # The next page keeps it open, loading its notes again.
            self.open("/")
            WebDriverWait(self.driver, 5).until(lambda d: shown_notes(other[1]) is not None)
            assert expanded(other[1]) == "true" and shown_notes(other[1]) == listed(other[1]), "the open folder did not stay open"
            marked = self.driver.execute_script(
                "return [...document.querySelectorAll('.explorer [aria-current]')].map(a => a.getAttribute('href'))")
            assert marked == [], f"on the home page the explorer marks {marked}"
            # The keyboard: Enter closes it, Space opens it again.
            toggle = self.driver.find_element("xpath", f'//li[contains(@class, "explorer-folder")][a[@href="{other[1]}"]]/button')
            toggle.send_keys(Keys.ENTER)
            assert expanded(other[1]) == "false" and shown_notes(other[1]) is None, "Enter did not close the folder"
            toggle.send_keys(Keys.SPACE)
            assert expanded(other[1]) == "true" and shown_notes(other[1]), "Space did not open the folder"
            toggle.send_keys(Keys.ENTER)
            self.open(note)
            assert expanded(other[1]) == "false", "the closed folder did not stay closed"
            assert expanded(here_url) == "true", "the note's own folder is not open"
        finally:
            self.driver.execute_script("localStorage.removeItem('notebook-explorer')")
        cdp = self.driver.execute_cdp_cmd
        cdp("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            self.open(note)
            hrefs = [a.get_attribute("href").removeprefix(self.server.base)
                     for a in self.driver.find_elements("css selector", ".explorer a")]
            missing = [url for url in listed(here_url) + [f[1] for f in folders if f[2] == -1] if url not in hrefs]
            assert not missing, f"with JavaScript off the explorer does not link {missing}"
            assert not self.driver.find_elements("css selector", ".explorer-toggle"), "toggles without JavaScript"
        finally:
            cdp("Emulation.setScriptExecutionDisabled", {"value": False})
        print(f"  {note} marked in {here_url} ({len(listed(here_url))} notes); {other[1]} opened from the index "
              f"({len(listed(other[1]))} notes), kept on the next page, closed and opened by Enter and Space")

    def test_asset_weight(self):
        """The JavaScript and CSS that each page loads or inlines weighs at most ASSET_LIMIT bytes
        before compression (the search's data files are not scripts: they are not counted)."""
        heaviest = (0, "", {})
        sizes = {}
        for path in self.html_pages():
            self.open(path)
            found = self.driver.execute_script("""
                var files = new Set(), inline = {};
                document.querySelectorAll('script[src], link[rel~=stylesheet][href]').forEach(function (e) {
                  files.add(new URL(e.src || e.href, location.href).pathname);
                });
                performance.getEntriesByType('resource').forEach(function (e) {
                  var path = new URL(e.name).pathname;
                  if (/[.](js|css)$/.test(path)) files.add(path);
                });
                document.querySelectorAll('script:not([src]), style').forEach(function (e, i) {
                  inline['inline ' + e.tagName.toLowerCase() + ' ' + i] = new TextEncoder().encode(e.textContent).length;
                });
                document.querySelectorAll('[style]').forEach(function (e) {
                  inline['style attributes'] = (inline['style attributes'] || 0) + new TextEncoder().encode(e.getAttribute('style')).length;
                });
                return [Array.from(files), inline];""")
            parts = dict(found[1])
            for file in found[0]:
                if file not in sizes:
                    status, text = self.server.get(file)
                    assert status == 200, f"{path} loads {file}, which answers {status}"
                    sizes[file] = len(text.encode("utf-8"))
                parts[file] = sizes[file]
            total = sum(parts.values())
            if total > heaviest[0]:
                heaviest = (total, path, parts)
        total, path, parts = heaviest
        detail = ", ".join(f"{name} {size}" for name, size in sorted(parts.items(), key=lambda p: -p[1]))
        assert total <= ASSET_LIMIT, f"{path} loads {total} bytes of JavaScript and CSS, over {ASSET_LIMIT}: {detail}"
        print(f"  the heaviest page, {path}: {total} bytes ({detail})")

    def test_contrast(self):
        """Every text element of every page, in light and in dark mode, has a contrast of 4.5:1
        or more against the background it is drawn on."""
        failing, checked = [], 0
        pages = self.html_pages()
        try:
            for path in pages:
                self.open(path)
                for scheme in ["light", "dark"]:
                    self.set_scheme(scheme)
                    result = self.driver.execute_script(CONTRAST_SCRIPT)
                    checked += result["checked"]
                    failing += [f"{path} ({scheme}) {f['element']} {f['text']!r}: {f['detail']}" for f in result["failing"]]
                self.set_scheme("light")
        finally:
            self.set_scheme("light")
        assert not failing, f"{len(failing)} text elements under 4.5:1: " + "; ".join(failing[:25])
        print(f"  {len(pages)} pages, {checked} text elements in light and dark mode, all at 4.5:1 or more")

    def test_no_overflow_at_phone_width(self):
        """At 390 px (a phone's width), no page is wider than the screen: long words, code, tables
        and formulas wrap or scroll inside their own box."""
        phone = (390, 844)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": phone[0], "height": phone[1], "deviceScaleFactor": 1, "mobile": True})
        try:
            wide = []
            pages = self.html_pages()
            for path in pages:
                self.open(path)
                width = self.driver.execute_script("return document.documentElement.scrollWidth")
                if width > phone[0]:
                    # The innermost element that reaches past the screen names the cause.
                    culprit = self.driver.execute_script("""
                        const wide = [...document.querySelectorAll('body *')].filter(e =>
                            e.getBoundingClientRect().right > arguments[0] + 0.5
                            || (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible'));
                        const e = wide.filter(e => !wide.some(o => o !== e && e.contains(o)))[0];
                        return e ? e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ': '
                            + (e.textContent || '').trim().slice(0, 60) : '?';""", phone[0])
                    wide.append(f"{path} is {width} px wide ({culprit})")
            assert not wide, "wider than a 390 px screen: " + "; ".join(wide)
        finally:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": WINDOW[0], "height": WINDOW[1], "deviceScaleFactor": 1, "mobile": False})
        print(f"  {len(pages)} pages, none wider than {phone[0]} px")

    def lisbon_path(self):
        for entry in self.note_entries():
            if "lisbon" in entry["title"].lower():
                return entry["url"]
        return self.note_entries()[0]["url"]

    def take_screenshots(self):
        """The README's screenshots: the index, a note and the search dialog with results, light
        and dark, at 1280 px (a laptop) and 390 px (a phone)."""
        from selenium.webdriver.support.ui import WebDriverWait
        self.screenshots.mkdir(parents=True, exist_ok=True)
        saved = []
        sizes = [("", (1280, 800), False), ("-phone", (390, 844), True)]
        shots = [("index", "/", None), ("note", self.lisbon_path(), None), ("search", self.lisbon_path(), "tram")]
        try:
            for suffix, (width, height), mobile in sizes:
                self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
                for name, path, query in shots:
                    for scheme in ["light", "dark"]:
                        self.open(path)
                        self.set_scheme(scheme)
                        self.driver.execute_script("window.scrollTo(0, 0)")
                        if query:
                            self.open_search()
                            self.search_for(query)
                            status = self.driver.find_element("css selector", ".search-dialog [role=status]")
                            WebDriverWait(self.driver, 5).until(lambda d: "result" in status.text)
                        target = self.screenshots / f"{name}{suffix}-{scheme}.png"
                        png = self.driver.get_screenshot_as_png()
                        target.write_bytes(png)
                        shot_width = int.from_bytes(png[16:20], "big")
                        shot_height = int.from_bytes(png[20:24], "big")
                        assert (shot_width, shot_height) == (width, height), f"{target} is {shot_width}×{shot_height}"
                        assert len(png) <= SCREENSHOT_LIMIT, f"{target} is {len(png) // 1024} KB, over 300 KB"
                        saved.append(f"{target.name} ({len(png) // 1024} KB)")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": WINDOW[0], "height": WINDOW[1], "deviceScaleFactor": 1, "mobile": False})
            self.set_scheme("light")
        print(f"  saved in {self.screenshots.relative_to(ROOT) if self.screenshots.is_relative_to(ROOT) else self.screenshots}: " + ", ".join(saved))

    def run_all(self):
        self.run("index lists every note", self.test_index_lists_notes)
        self.run("search finds a note by a word of its body", self.test_search_finds_notes)
        self.run("search: stems, diacritics, Chinese and Japanese, folders", self.test_search_stems_folds_and_cjk)
        self.run("search: title, then heading, then text", self.test_search_ranking)
        self.run("search with the keyboard alone", self.test_search_keyboard)
        self.run("search page with JavaScript off", self.test_search_without_javascript)
        self.run("search page's own form", self.test_search_page)
        self.run("link previews on hover and focus", self.test_link_previews)
        self.run("highlight colors, light mode", lambda: self.test_highlight_colors("light"))
        self.run("highlight colors, dark mode", lambda: self.test_highlight_colors("dark"))
        self.run("code block title and marked line, light mode", lambda: self.test_code_block("light"))
        self.run("code block title and marked line, dark mode", lambda: self.test_code_block("dark"))
        self.run("highlighted code with JavaScript off, light mode", lambda: self.test_code_tokens("light"))
        self.run("highlighted code with JavaScript off, dark mode", lambda: self.test_code_tokens("dark"))
        self.run("math laid out as MathML with JavaScript off", self.test_math_boxes)
        self.run("no page wider than a 390 px screen", self.test_no_overflow_at_phone_width)
        self.run("the theme toggle", self.test_theme_toggle)
        self.run("the explorer", self.test_explorer)
        self.run("JavaScript and CSS weight", self.test_asset_weight)
        self.run("text contrast on every page, light and dark", self.test_contrast)
        self.run("no request outside the site", self.test_no_outside_requests)
        self.run("no JavaScript errors", self.test_no_javascript_errors)
        self.run("screenshots", self.take_screenshots)


class FeatureSiteTests(Checks):
    """A small site this run writes and builds with the notebook binary: notes whose URLs are not
    ASCII, Chinese and Japanese titles, more results than a search box shows at once, and the same
    site with its search box replaced by a template of its own."""

    NOTES = {
        "notebook.yml": "title: Features\nbaseURL: /\nlanguage: en\n",
        "notes/数字花园.md": "---\ntitle: 数字花园\n---\n数字花园的笔记。\n",
        "notes/新幹線.md": "---\ntitle: 新幹線\n---\n東京から京都まで。\n",
        # A word that begins with the second piece of 新幹 typed: 新幹 is still one word typed in part.
        "notes/会議.md": "---\ntitle: 会議\n---\n幹部の会議。\n",
        "notes/café.md": "---\ntitle: Café notes\n---\nA café by the river, open late.\n",
        "notes/links.md": "---\ntitle: Links\n---\nSee [[数字花园]], [[新幹線]] and [[café]], then [away](https://example.org/).\n",
        **{f"notes/many/zephyr-{n:02}.md": f"---\ntitle: Zephyr {n:02}\n---\nA zephyr, the west wind, number {n}.\n" for n in range(1, 46)},
        # Seventy short words of the text that begin with "co", and a title that does too.
        "notes/words.md": "---\ntitle: Words\n---\n" + " ".join("co" + a + b for a in "abdefghijk" for b in "lmnopqr") + "\n",
        "notes/horn.md": "---\ntitle: Cornucopia\n---\nA horn of plenty.\n",
        # A folder whose name is one long word: its breadcrumbs and the home page's folder list wrap.
        "notes/Averyveryveryveryveryveryverylongfoldernamewithoutanyspaces/deep.md": "---\ntitle: Deep\n---\nDeep note.\n",
        # An opening heading the page shows as its title, with a formula, code and a highlight.
        "notes/euler.md": "# Euler's $e^{i\\pi} + 1 = 0$ in `cmath`, ==one line==\n\nA formula in the title.\n",
        # Found by review: a title's long formula, inline or display, widened the page at 390 px.
        "notes/sum.md": "# Sum $a_{1} + a_{2} + a_{3} + a_{4} + a_{5} + a_{6} + a_{7} + a_{8}$\n\nA long formula.\n",
        "notes/series/index.md": "# Series $$\\sum_{i=1}^n i = a_1 + a_2 + a_3 + a_4 + a_5 + a_6$$ here\n\nA folder.\n",
        "notes/series/one.md": "---\ntitle: One\n---\nOne.\n",
        # A long inline formula in a paragraph scrolls in its own box; a fraction keeps its ink.
        "notes/body-math.md": "---\ntitle: Body math\n---\nA long one $" + " + ".join(f"a_{{{n}}}" for n in range(1, 14))
                              + "$ and a fraction $\\frac{a}{b}$ inline.\n",
        # Links to a note's heading and to its top: each preview shows what the link leads to.
        "notes/sections.md": "---\ntitle: Sections\n---\nThe first paragraph. ^para\n\n## Part two\n\nThe second part's text.\n\n"
                             "## Emoji\n\n" + "a" * 179 + "\U0001F600 after the cut.\n",
        "notes/toc.md": "---\ntitle: To sections\n---\nSee [[Sections#Part two]], [[Sections]], [[Sections#^para]] and [[Sections#Emoji]].\n",
        # Audio, a video and a PDF embedded as Obsidian embeds them, the video and the PDF asked wider than a page.
        "notes/media/talk.md": "---\ntitle: Media\n---\n![[clip.mp4|900]]\n\n![[paper.pdf#page=2|900x600]]\n\n![[song.mp3]]\n",
        "notes/media/clip.mp4": "", "notes/media/paper.pdf": "%PDF-1.4\n", "notes/media/song.mp3": "",
        # A wikilink that leads nowhere, between two links that lead somewhere.
        "notes/broken.md": "---\ntitle: Broken\n---\nFrom [[café]] to [[Nowhere at all]] and [[Links]].\n",
    }
    OVERRIDE = {"templates/search-box.mustache": "<a class=\"my-search\" href=\"{{site.searchPage}}\">Find</a>\n"}
    # A right-to-left site with a long line of code and inline code in its text.
    RTL = {
        "notebook.yml": "title: שלום\nlanguage: he\n",
        "notes/code.md": "---\ntitle: קוד\n---\nטקסט `let x = 1` טקסט.\n\n```swift {2}\nlet x = 1\n"
        + "let packages = [\"" + "a" * 300 + "\"]\n```\n\n<https://example.org/bare> [אתר](https://example.org/text)\n",
    }
    # Every page of this site at a phone's width, as the example site's are checked.
    html_pages = BrowserTests.html_pages
    test_no_overflow_at_phone_width = BrowserTests.test_no_overflow_at_phone_width
    set_scheme = BrowserTests.set_scheme

    def __init__(self, driver, notebook):
        self.driver = driver
        self.notebook = notebook
        self.passed = 0
        self.failed = 0

    def build(self, folder, files):
        for name, text in files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        subprocess.run([str(self.notebook), "build", str(folder), "-o", str(folder / "public")], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ, XDG_CACHE_HOME=str(folder / "cache")))
        return folder / "public"

    def run_all(self):
        import tempfile
        with tempfile.TemporaryDirectory(prefix="notebook-features-") as temporary:
            plain = self.build(Path(temporary) / "site", self.NOTES)
            own = self.build(Path(temporary) / "own", {**self.NOTES, **self.OVERRIDE})
            with SiteServer(plain) as self.server:
                self.run("previews of links to notes whose URLs are not ASCII", self.test_previews_of_any_url)
                self.run("a preview goes when the focus moves to a link without one", self.test_preview_follows_focus)
                self.run("a link to a heading previews its section", self.test_preview_of_a_section)
                self.run("Chinese and Japanese words typed in part find their note", self.test_cjk_in_part)
                self.run("a title that begins with two letters typed is found among many shorter words", self.test_title_prefix)
                self.output = plain
                self.run("no page wider than a 390 px screen, a folder's long name too", self.test_no_overflow_at_phone_width)
                self.run("past the results shown: all results from the dialog, more on the search page", self.test_more_results)
                self.run("the selected result and the placeholder stand out, light and dark", self.test_selection_and_placeholder)
                self.run("a title heading's formula, code and highlight, readable light and dark", self.test_formatted_title)
                self.run("embedded audio, video and a PDF are shown within the column", self.test_embedded_media)
                self.run("a link that leads nowhere is reached with Tab and says why", self.test_broken_link_by_keyboard)
            with SiteServer(own) as self.server:
                self.run("the search page searches with the search box replaced", self.test_search_page_without_box)
            rtl = self.build(Path(temporary) / "rtl", self.RTL)
            with SiteServer(rtl) as self.server:
                self.run("code reads left to right on a right-to-left page", self.test_code_left_to_right)
                self.run("printed: no controls, long code lines wrap, addresses once", self.test_print)
            plain = self.build(Path(temporary) / "plain", {**self.RTL, "notebook.yml": "title: P\ntheme: plain\n"})
            with SiteServer(plain) as self.server:
                self.run("printed in the plain theme: a link's address once", self.test_print_addresses)

    def open(self, path):
        self.driver.get(self.server.base + path)

    def page_results(self, query):
        """The search page's results for `query`, from its address: (titles, status)."""
        from selenium.webdriver.support.ui import WebDriverWait
        from urllib.parse import quote
        self.open("/search/?q=" + quote(query))
        status = self.driver.find_element("css selector", ".search-page [role=status]")
        WebDriverWait(self.driver, 5).until(lambda d: "result" in status.text or "No note" in status.text)
        titles = [t.text for t in self.driver.find_elements("css selector", ".search-page .search-title")]
        return titles, status.text

    def hover_preview(self, link):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.support.ui import WebDriverWait
        ActionChains(self.driver).move_to_element(link).perform()
        box = WebDriverWait(self.driver, 5).until(lambda d: d.find_element("css selector", ".link-preview"))
        return box.find_element("css selector", ".link-preview-title").text

    def test_previews_of_any_url(self):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.support.ui import WebDriverWait
        self.open("/links/")
        shown = []
        for link in self.driver.find_elements("css selector", "main a.wikilink"):
            shown.append(self.hover_preview(link))
            ActionChains(self.driver).move_to_element(self.driver.find_element("css selector", "main h1")).perform()
            WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements("css selector", ".link-preview"))
        assert shown == ["数字花园", "新幹線", "Café notes"], f"the previews show {shown}"
        print(f"  {', '.join(shown)}")

    def test_broken_link_by_keyboard(self):
        """A wikilink that leads nowhere is in the Tab order, a link that is not one to assistive
        technology (aria-disabled), and shows why beside it when it has the focus, where no pointer
        hovers to show its title."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        self.open("/broken/")
        broken = self.driver.find_element("css selector", "main a.wikilink-unresolved")
        assert broken.get_attribute("role") == "link" and broken.get_attribute("aria-disabled") == "true"
        self.tab_to(broken)
        said = self.driver.execute_script("return getComputedStyle(arguments[0], '::after').content", broken)
        assert "Not found in this notebook: Nowhere at all" in said, f"the focused link says {said!r}"
        ActionChains(self.driver).send_keys(Keys.TAB).perform()
        after = self.driver.execute_script("return getComputedStyle(arguments[0], '::after').content", broken)
        assert after in ("none", "normal", ""), f"the link still says {after!r} without the focus"
        print(f"  Tab reaches it; focused it shows {said}")

    def test_code_left_to_right(self):
        """A code block and inline code keep left-to-right text in a right-to-left page: a long
        line opens at its start, and a short one stands at the block's left."""
        self.open("/code/")
        facts = self.driver.execute_script("""
            const pre = document.querySelector('.note-body pre'), code = document.querySelector('.note-body p code');
            const line = pre.querySelector('code');
            return [document.documentElement.dir, getComputedStyle(pre).direction, getComputedStyle(code).direction,
                    pre.scrollLeft, pre.scrollWidth > pre.clientWidth,
                    Math.round(line.getClientRects()[0].left - pre.getBoundingClientRect().left)];""")
        page, block, inline, scrolled, overflows, indent = facts
        assert page == "rtl", f"the page's dir is {page}"
        assert block == "ltr" and inline == "ltr", f"code's direction: block {block}, inline {inline}"
        assert scrolled == 0 and overflows, f"the long line opens scrolled by {scrolled} px (overflows: {overflows})"
        assert indent < 40, f"the first line starts {indent} px from the block's left"
        print(f"  a right-to-left page: code blocks and inline code ltr, the long line opens at its start")

    def test_print(self):
        """On paper the controls are gone (the theme toggle too, shown on screen by a rule of
        more weight) and a code line longer than the page wraps instead of being cut."""
        self.open("/code/")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            facts = self.driver.execute_script("""
                const shown = s => [...document.querySelectorAll(s)].filter(e => getComputedStyle(e).display !== 'none').length;
                const pre = document.querySelector('.note-body pre');
                const after = href => getComputedStyle(document.querySelector(`.note-body a[href="${href}"]`), '::after').content;
                return [shown('.theme-toggle'), shown('.search-box'), getComputedStyle(pre).whiteSpace, pre.scrollWidth - pre.clientWidth,
                        after('https://example.org/bare'), after('https://example.org/text')];""")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        toggles, boxes, white_space, hidden, bare, text = facts
        assert toggles == 0 and boxes == 0, f"printed: {toggles} theme toggles, {boxes} search boxes"
        assert white_space == "pre-wrap" and hidden <= 1, f"printed code: white-space {white_space}, {hidden} px cut off"
        # A link's address follows its text on paper, but for a link whose text is its address.
        assert "https://example.org/text" in text, f"printed: a link's address is not written after its text ({text})"
        assert bare in ("none", "normal", ""), f"printed: a bare address is written twice ({bare})"
        print("  printed: no toggle or search box; the 300-letter line wraps; a link's address follows its text, a bare one's not again")

    def test_print_addresses(self):
        """On paper a link's address follows its text, but not after a link whose text is it."""
        self.open("/code/")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            bare, text = self.driver.execute_script("""
                const after = href => getComputedStyle(document.querySelector(`.note-body a[href="${href}"]`), '::after').content;
                return [after('https://example.org/bare'), after('https://example.org/text')];""")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        assert "https://example.org/text" in text, f"printed: a link's address is not written after its text ({text})"
        assert bare in ("none", "normal", ""), f"printed: a bare address is written twice ({bare})"
        print("  printed: a link's address follows its text, a bare one's not again")

    def test_embedded_media(self):
        self.open("/media/talk/")
        boxes = self.driver.execute_script("""
            const column = document.querySelector('.note-body').getBoundingClientRect();
            return [...document.querySelectorAll('.note-body audio, .note-body video, .note-body iframe')].map(e => {
                const r = e.getBoundingClientRect();
                return [e.tagName.toLowerCase(), e.getAttribute('src'), Math.round(r.width), Math.round(r.height),
                        r.left >= column.left - 0.5 && r.right <= column.right + 0.5];
            });""")
        kinds = [(tag, src) for tag, src, *_ in boxes]
        assert kinds == [("video", "/media/clip.mp4"), ("iframe", "/media/paper.pdf#page=2"), ("audio", "/media/song.mp3")], f"{kinds}"
        for tag, _, width, height, inside in boxes:
            assert width > 0 and height > 0 and inside, f"the {tag} is {width}x{height} px, inside the column: {inside}"
        print("  " + ", ".join(f"{tag} {width}x{height}" for tag, _, width, height, _ in boxes))

    def test_preview_of_a_section(self):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.support.ui import WebDriverWait
        self.open("/toc/")
        texts = []
        for link in self.driver.find_elements("css selector", "main a.wikilink"):
            self.hover_preview(link)
            texts.append(self.driver.find_element("css selector", ".link-preview .link-preview-text").text)
            ActionChains(self.driver).move_to_element(self.driver.find_element("css selector", "main h1")).perform()
            WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements("css selector", ".link-preview"))
        # Found by review: a cut between the halves of an emoji showed a broken character.
        expected = ["Part two — The second part's text.", "The first paragraph.", "The first paragraph.", "Emoji — " + "a" * 179 + "…"]
        assert texts == expected, f"the previews show {texts}"
        print(f"  {' | '.join(texts)}")

    def test_preview_follows_focus(self):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import WebDriverWait
        self.open("/links/")
        cafe = self.driver.find_element("css selector", "main a.wikilink[href*='caf']")
        self.driver.find_element("css selector", "body").click()
        for _ in range(40):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            if self.driver.switch_to.active_element == cafe:
                break
        assert self.driver.switch_to.active_element == cafe, "Tab never reached the café link"
        WebDriverWait(self.driver, 5).until(lambda d: d.find_elements("css selector", ".link-preview"))
        ActionChains(self.driver).send_keys(Keys.TAB).perform()
        away = self.driver.switch_to.active_element
        assert away.get_attribute("href") == "https://example.org/", f"Tab went to {away.get_attribute('href')}"
        WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements("css selector", ".link-preview"))
        # Found by review: a click where nothing takes the focus (the page's margin) left the
        # preview the focus had opened.
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        assert self.driver.switch_to.active_element == cafe, "Shift-Tab did not go back to the café link"
        WebDriverWait(self.driver, 5).until(lambda d: d.find_elements("css selector", ".link-preview"))
        self.driver.execute_script("document.activeElement.blur()")
        WebDriverWait(self.driver, 5).until(lambda d: not d.find_elements("css selector", ".link-preview"))
        print("  the café link's preview goes when Tab reaches the link out of the site, and when the focus leaves it for nothing")

    def test_formatted_title(self):
        self.open("/euler/")
        box = self.driver.execute_script("""
            const m = document.querySelector('main h1 math');
            if (!m) return null;
            const r = m.getBoundingClientRect();
            return [r.width, r.height];""")
        assert box and box[0] > 0 and box[1] > 0, f"the title's formula has no box: {box}"
        shown = self.driver.execute_script(
            "return ['code', 'mark'].map(s => (document.querySelector('main h1 ' + s) || {}).textContent)")
        assert shown == ["cmath", "one line"], f"the title shows {shown}"
        failing = []
        try:
            for scheme in ["light", "dark"]:
                self.set_scheme(scheme)
                result = self.driver.execute_script(CONTRAST_SCRIPT)
                failing += [f"({scheme}) {f['element']} {f['text']!r}: {f['detail']}" for f in result["failing"]]
        finally:
            self.set_scheme("light")
        assert not failing, "; ".join(failing)
        print(f"  the formula {box[0]:.0f}×{box[1]:.0f} px, the code and the highlight, all at 4.5:1 or more")
        # Found by review: inline formulas are boxes that scroll (a long one widened the page at
        # 390 px): no formula's ink may be cut off by its box, on a formula's page or this one.
        for path in ("/body-math/", "/euler/", "/sum/"):
            self.open(path)
            cut = self.driver.execute_script("""
                return [...document.querySelectorAll('.katex')].filter(k => getComputedStyle(k).overflowY !== 'visible'
                    && k.scrollHeight > k.clientHeight + 1).map(k => k.textContent.slice(0, 30));""")
            assert not cut, f"{path}: formulas cut off by their box: {cut}"

    def test_title_prefix(self):
        # Found by review: "co" kept only the 64 shortest terms that begin with it (the text's
        # seventy), and Cornucopia, whose title begins with it, was not found; "cor" found it.
        for query in ("co", "cor"):
            titles, status = self.page_results(query)
            assert titles[:1] == ["Cornucopia"], f"{query!r} lists {titles} ({status!r}), not Cornucopia first"
        print("  co and cor → Cornucopia first, then Words")

    def test_cjk_in_part(self):
        cases = [("新幹", "新幹線"), ("新幹線", "新幹線"), ("数字花", "数字花园"), ("数字花园", "数字花园"), ("東京", "新幹線"), ("新幹 京都", "新幹線")]
        for query, title in cases:
            titles, status = self.page_results(query)
            assert titles[:1] == [title], f"{query!r} lists {titles} ({status!r}), not {title!r} first"
        print("  " + ", ".join(f"{q} → {t}" for q, t in cases))

    def test_more_results(self):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import WebDriverWait
        titles, status = self.page_results("zephyr")
        assert len(titles) == 20 and status == "45 results, the first 20 shown", f"{len(titles)} shown: {status!r}"
        more = self.driver.find_element("css selector", ".search-page .search-more")
        assert more.is_displayed() and more.text == "Show 20 more", f"the button says {more.text!r}"
        # From the keyboard: the button keeps the focus while results are left, and the page stays where it is.
        more.send_keys(Keys.ENTER)
        status = self.driver.find_element("css selector", ".search-page [role=status]")
        WebDriverWait(self.driver, 5).until(lambda d: status.text == "45 results, the first 40 shown")
        assert self.driver.switch_to.active_element == more and more.text == "Show 5 more", f"focus on {self.driver.switch_to.active_element.tag_name}, button {more.text!r}"
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        WebDriverWait(self.driver, 5).until(lambda d: status.text == "45 results")
        assert len(self.driver.find_elements("css selector", ".search-page [role=option]")) == 45
        assert not more.is_displayed(), "the button stays once every result is shown"
        WebDriverWait(self.driver, 5).until(lambda d: d.switch_to.active_element.tag_name == "a")
        last = self.driver.find_elements("css selector", ".search-page [role=option] a")[-1]
        assert self.driver.switch_to.active_element == last, "the focus did not go on to the last result"
        # The dialog links to the search page's full list.
        self.open("/links/")
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()
        box = self.driver.find_element("css selector", ".search-dialog input")
        box.send_keys("zephyr")
        link = self.driver.find_element("css selector", ".search-dialog .search-more")
        WebDriverWait(self.driver, 5).until(lambda d: link.is_displayed())
        assert link.text == "All 45 results", f"the dialog's link says {link.text!r}"
        link.click()
        WebDriverWait(self.driver, 5).until(lambda d: "/search/?q=zephyr" in d.current_url)
        print("  the search page shows 20, 40 and 45 from the keyboard, the focus kept; the dialog links to All 45 results")

    def test_selection_and_placeholder(self):
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import WebDriverWait
        seen = []
        for scheme in ["light", "dark"]:
            self.driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            try:
                self.page_results("zephyr")
                box = self.driver.find_element("css selector", ".search-page input")
                box.send_keys(Keys.ARROW_DOWN)
                selected = self.driver.find_element("css selector", ".search-page [aria-selected=true] a")
                style = self.driver.execute_script(
                    "var s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth, s.outlineColor, "
                    "getComputedStyle(document.body).backgroundColor];", selected)
                ring = contrast(parse_rgb(style[2]), parse_rgb(style[3]))
                assert style[0] == "solid" and float(style[1].rstrip("px")) >= 2 and ring >= 3, f"{scheme}: the selected result's ring {style}: {ring:.2f}:1"
                box.clear()
                hint = self.driver.execute_script(
                    "return [getComputedStyle(arguments[0], '::placeholder').color, getComputedStyle(arguments[0]).backgroundColor];", box)
                said = contrast(parse_rgb(hint[0]), parse_rgb(hint[1]))
                assert said >= 4.5, f"{scheme}: the placeholder {hint[0]} on {hint[1]} is {said:.2f}:1"
                seen.append(f"{scheme}: ring {ring:.1f}:1, placeholder {said:.1f}:1")
            finally:
                self.driver.execute_cdp_cmd(
                    "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        print("  " + "; ".join(seen))

    def test_search_page_without_box(self):
        self.open("/links/")
        assert not self.driver.find_elements("css selector", ".search-dialog"), "the site's own search box kept the dialog"
        titles, status = self.page_results("zephyr")
        assert len(titles) == 20 and status.startswith("45 results"), f"{titles} {status!r}"
        print(f"  /search/?q=zephyr: {status}")


class LiveReloadTest:
    """`notebook serve` over a copy of a site, and a page open in the browser while notes change."""

    def __init__(self, driver, notebook, site):
        self.driver = driver
        self.notebook = notebook
        self.site = site

    def wait_for(self, condition, what, seconds=20):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                if condition():
                    return
            except Exception:  # noqa: BLE001 - the page is reloading
                pass
            time.sleep(0.05)
        raise AssertionError(f"{what} did not happen within {seconds} s")

    def reloads_with(self, note, text, expect):
        """Saves `text` into `note` and waits until the open page has reloaded and shows `expect`."""
        self.driver.execute_script("window.__notebookBeforeSave = true;")
        note.write_text(text, encoding="utf-8")
        self.wait_for(
            lambda: self.driver.execute_script("return window.__notebookBeforeSave === undefined && "
                                               "document.readyState === 'complete';")
            and expect in self.driver.page_source,
            f"a reload showing {expect!r}")

    def run(self):
        import tempfile
        with tempfile.TemporaryDirectory(prefix="notebook-live-") as temporary:
            copy = Path(temporary) / "site"
            shutil.copytree(self.site, copy, ignore=shutil.ignore_patterns("public", ".*"))
            note = copy / "notes" / "travel" / "lisbon-in-three-days.md"
            original = note.read_text(encoding="utf-8")
            port = free_port()
            serve = subprocess.Popen([str(self.notebook), "serve", str(copy), "--port", str(port)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                base = f"http://127.0.0.1:{port}"
                self.wait_for(lambda: urllib.request.urlopen(base + "/", timeout=2).status == 200, "notebook serve answering")
                self.driver.get(base + "/travel/lisbon-in-three-days/")
                assert "/_notebook/live-reload.js" in self.driver.page_source, "no live-reload script in the page"
                self.reloads_with(note, original + "\nA paragraph added while the page was open.\n",
                                  "A paragraph added while the page was open.")
                self.reloads_with(note, "---\ntitle: [unclosed\n---\nBroken.\n", "lisbon-in-three-days.md:3:1: error")
                self.reloads_with(note, original + "\nFixed again.\n", "Fixed again.")
            finally:
                serve.send_signal(15)
                serve.wait(timeout=10)
                assert serve.returncode == 0, f"notebook serve exited with {serve.returncode} after SIGTERM"


def start_browser(chromium, chromedriver):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = chromium
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        f"--window-size={WINDOW[0]},{WINDOW[1]}", "--hide-scrollbars", "--force-color-profile=srgb",
        "--force-device-scale-factor=1", "--lang=en-US", "--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-extensions", "--disable-default-apps", "--disable-domain-reliability",
        "--metrics-recording-only", "--safebrowsing-disable-auto-update",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    service = Service(executable_path=chromedriver, log_output=subprocess.DEVNULL)
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    # The viewport itself is WINDOW, whatever the window's decorations.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": WINDOW[0], "height": WINDOW[1], "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output", type=Path, help="the built site, e.g. ExampleSite/public")
    parser.add_argument("--screenshots", type=Path, default=ROOT / "docs",
                        help="where to save the PNG screenshots (default: docs/)")
    parser.add_argument("--serve", type=Path, help="a notebook binary, to check live reload of `notebook serve`")
    parser.add_argument("--site", type=Path, help="the site to serve with --serve, e.g. ExampleSite")
    parser.add_argument("--features", type=Path,
                        help="a notebook binary, to build a small site of its own and check previews, CJK and more results")
    parser.add_argument("--layout-only", action="store_true",
                        help="only the checks that hold for any site (no page wider than a phone), e.g. for the Quartz vault")
    args = parser.parse_args()
    output = args.output.resolve()
    if not (output / "index.html").is_file() or not (output / "search" / "index.json").is_file():
        print(f"browser: {output} is not a built site (no index.html or search/index.json)", file=sys.stderr)
        print("browser: 0 passed, 1 failed")
        return 1

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        skip_or_fail("Chromium or chromedriver is missing (apt-get install chromium chromium-driver)")
    ensure_selenium()
    os.environ.setdefault("SE_AVOID_STATS", "true")

    with SiteServer(output) as server:
        try:
            driver = start_browser(chromium, chromedriver)
        except Exception as error:  # noqa: BLE001
            print(f"browser: Chromium did not start: {error}", file=sys.stderr)
            print("browser: 0 passed, 1 failed")
            return 1
        try:
            print(f"browser: {chromium} via {chromedriver}, serving {output} at {server.base}")
            tests = BrowserTests(driver, server, output, args.screenshots.resolve())
            if args.layout_only:
                tests.run("no page wider than a 390 px screen", tests.test_no_overflow_at_phone_width)
                tests.run("text contrast on every page, light and dark", tests.test_contrast)
                tests.run("JavaScript and CSS weight", tests.test_asset_weight)
            else:
                tests.run_all()
            if args.serve and args.site:
                live = LiveReloadTest(driver, args.serve.resolve(), args.site.resolve())
                tests.run("notebook serve reloads an open page, shows a failed build, recovers", live.run)
            if args.features:
                features = FeatureSiteTests(driver, args.features.resolve())
                features.run_all()
                tests.passed += features.passed
                tests.failed += features.failed
        finally:
            driver.quit()
    print(f"browser: {tests.passed} passed, {tests.failed} failed")
    return 1 if tests.failed else 0


if __name__ == "__main__":
    sys.exit(main())
