#!/usr/bin/env python3
"""Checks the note editor of `notebook serve --edit` in a real browser: Debian's Chromium, driven by
Selenium, over a copy of a site (ExampleSite), as a user would use it.

    /usr/bin/python3 Tests/browser/test_editor.py NOTEBOOK SITE [--screenshots DIR]

It runs `notebook serve --edit` on 127.0.0.1 on a free port over a copy of SITE, and checks that:

- a note page has an Edit button that opens the editor on the note's own blocks, with the seeds'
  bar (Bold, Italic, Underline, Strikethrough, one "Highlight in COLOUR" per allowed colour, Link)
  and a Save button, and no JavaScript error;
- a word selected and made bold (the button's aria-pressed turning true) and saved with Ctrl-S is
  bold in the file on disk, in the note's own format (Markdown `**word**`, and in a JSON note a run
  of its own with Apple's strong inline intent), and nothing else of the file changed;
- a word highlighted in green and saved is green in the file; the highlight removed with the same
  button and saved gives the file's first bytes back;
- a selection across the title and the text below it, made bold, keeps the title's text style;
- the word count follows typing;
- unsaved changes survive a reload of the page (the browser warns before leaving with them);
- a save after the file changed on disk gets 409 and offers to reload or overwrite; overwrite
  writes the editor's text;
- a save without the editor's token, or from another origin, gets 403 and writes nothing;
- a value the formatting definition forbids, sent by hand, is corrected (and the correction
  said); a value not valid for its key is refused with 422 and nothing is written.

It saves screenshots of the editor, light and dark, at 1200 px and at 390 px, in docs/
(editor-light.png, editor-phone-dark.png, ...), and closes with `editor: N passed, M failed`.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_site  # noqa: E402  (start_browser, ensure_selenium, free_port, skip_or_fail)

ROOT = test_site.ROOT


class EditorTests(test_site.Checks):
    def __init__(self, driver, base, site, screenshots):
        self.driver = driver
        self.base = base
        self.site = site
        self.screenshots = screenshots

    # --- helpers ---------------------------------------------------------------------------

    def wait_for(self, condition, what, seconds=15):
        deadline = time.monotonic() + seconds
        last = None
        while time.monotonic() < deadline:
            try:
                value = condition()
                if value:
                    return value
            except Exception as error:  # noqa: BLE001 - the page is loading
                last = error
            time.sleep(0.05)
        raise AssertionError(f"{what} did not happen within {seconds} s" + (f" ({last})" if last else ""))

    def note(self, relative):
        return self.site / "notes" / relative

    def open_editor(self, page):
        """Opens the editor of the note whose page is `page`, by the Edit button on the page."""
        from selenium.webdriver.common.by import By
        self.leave()
        self.driver.get(self.base + page)
        button = self.wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "a.notebook-edit-button"), "an Edit button")
        button.click()
        self.wait_for(lambda: self.driver.execute_script(
            "return document.querySelector('#editor [data-b]') !== null && document.readyState === 'complete'"),
            "the editor drawn")
        self.driver.get_log("browser")

    def leave(self):
        """Leaves the page without the browser's question about unsaved changes."""
        self.driver.execute_script("window.onbeforeunload = null; try { localStorage.clear(); } catch (e) {}")
        self.driver.execute_script("window.addEventListener('beforeunload', function (e) { e.stopImmediatePropagation(); }, true);")

    def select_text(self, block, start_text, end_block=None, end_text=None):
        """Selects from the first character of `start_text` in block `block` to the end of
        `end_text` in `end_block` (the same text in the same block by default)."""
        end_block = block if end_block is None else end_block
        end_text = start_text if end_text is None else end_text
        found = self.driver.execute_script("""
            function place(block, text, atEnd) {
              var element = document.querySelector('#editor [data-b="' + block + '"]');
              var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
              var node;
              while ((node = walker.nextNode())) {
                var at = node.data.indexOf(text);
                if (at >= 0) return [node, atEnd ? at + text.length : at];
              }
              return null;
            }
            var a = place(arguments[0], arguments[1], false);
            var z = place(arguments[2], arguments[3], true);
            if (!a || !z) return false;
            var range = document.createRange();
            range.setStart(a[0], a[1]);
            range.setEnd(z[0], z[1]);
            document.getElementById('editor').focus();
            var s = getSelection();
            s.removeAllRanges();
            s.addRange(range);
            return true;
        """, block, start_text, end_block, end_text)
        assert found, f"{start_text!r} (block {block}) or {end_text!r} (block {end_block}) is not in the editor"
        time.sleep(0.1)

    def caret_after(self, block, text):
        self.driver.execute_script("""
            var element = document.querySelector('#editor [data-b="' + arguments[0] + '"]');
            var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            var node;
            while ((node = walker.nextNode())) {
              var at = node.data.indexOf(arguments[1]);
              if (at >= 0) {
                document.getElementById('editor').focus();
                var range = document.createRange();
                range.setStart(node, at + arguments[1].length);
                range.collapse(true);
                var s = getSelection();
                s.removeAllRanges();
                s.addRange(range);
                return;
              }
            }
        """, block, text)
        time.sleep(0.1)

    def button(self, label):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, f'#bar button[aria-label="{label}"]')

    def press(self, label):
        button = self.button(label)
        button.click()
        time.sleep(0.1)
        return button

    def save_with_keys(self):
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("s").key_up(Keys.CONTROL).perform()

    def status(self):
        return self.driver.execute_script("return document.getElementById('status').textContent")

    def wait_saved(self):
        self.wait_for(lambda: self.status().startswith("Saved"), "the note saved")

    def block_of(self, text):
        """The index of the editor's block holding `text`."""
        index = self.driver.execute_script("""
            var blocks = document.querySelectorAll('#editor [data-b]');
            for (var i = 0; i < blocks.length; i++) if (blocks[i].textContent.indexOf(arguments[0]) >= 0) return Number(blocks[i].getAttribute('data-b'));
            return -1;
        """, text)
        assert index >= 0, f"no block of the editor holds {text!r}"
        return index

    def no_errors(self):
        errors = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert not errors, f"JavaScript errors: {errors}"

    def fetch(self, body, headers):
        """A POST to the save endpoint of the open editor's note, from the editor's page."""
        return self.driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            fetch(location.pathname.replace('/_notebook/edit', '/_notebook/save'), {method: 'POST', headers: arguments[1], body: arguments[0]})
              .then(function (r) { return r.text().then(function (t) { done([r.status, t]); }); })
              .catch(function (e) { done([0, String(e)]); });
        """, body, headers)

    def token(self):
        return self.driver.execute_script("return document.querySelector('meta[name=notebook-token]').content")

    def document(self):
        return self.driver.execute_script("return JSON.parse(document.getElementById('notebook-document').textContent)")

    # --- tests -----------------------------------------------------------------------------

    def test_opens_with_the_bar(self):
        self.open_editor("/travel/lisbon-in-three-days/")
        labels = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#bar button')).map(function (b) { return b.getAttribute('aria-label'); })")
        for label in ["Bold", "Italic", "Underline", "Strikethrough", "Highlight in yellow", "Highlight in green",
                      "Highlight in pink", "Link"]:
            assert label in labels, f"the bar has no {label!r} button: {labels}"
        save = self.driver.execute_script("return document.getElementById('save').getAttribute('aria-label')")
        assert save == "Save", f"the save button is labelled {save!r}"
        kinds = [block.get("kind") for block in self.document()["blocks"]]
        assert kinds[0] == "heading" and "fixed" in kinds and "paragraph" in kinds, f"the note's blocks: {kinds}"
        level = self.driver.execute_script("return document.querySelector('#editor [data-b]').nodeName")
        assert level == "H1", f"the note's first heading, level 1 as written, is drawn as {level}"
        self.no_errors()

    def test_bold_word_saved(self):
        note = self.note("travel/lisbon-in-three-days.md")
        before = note.read_text(encoding="utf-8")
        self.open_editor("/travel/lisbon-in-three-days/")
        block = self.block_of("The monastery cloister")
        self.select_text(block, "cloister")
        bold = self.button("Bold")
        assert bold.get_attribute("aria-pressed") == "false", "Bold is on for plain text"
        self.press("Bold")
        assert bold.get_attribute("aria-pressed") == "true", "Bold did not turn on"
        self.save_with_keys()
        self.wait_saved()
        after = note.read_text(encoding="utf-8")
        assert after == before.replace("The monastery cloister", "The monastery **cloister**", 1), \
            f"the file is not the note with the word bold:\n{after}"
        self.no_errors()

    def test_bold_word_saved_in_json(self):
        note = self.note("travel/night-train-to-vienna.json")
        before = json.loads(note.read_text(encoding="utf-8"))
        self.open_editor("/travel/night-train-to-vienna/")
        assert self.document()["format"] == "json", "the note did not open as JSON"
        block = self.block_of("Tickets open six months")
        self.select_text(block, "Tickets")
        self.press("Bold")
        assert self.button("Bold").get_attribute("aria-pressed") == "true", "Bold did not turn on"
        self.save_with_keys()
        self.wait_saved()
        after = json.loads(note.read_text(encoding="utf-8"))
        body = after["body"]
        runs = body["runs"]
        table = body["attributeTable"]
        texts = [runs[i] for i in range(0, len(runs), 2)]
        assert "Tickets" in texts, f"no run of its own for the word: {texts[:12]}"
        index = texts.index("Tickets")
        attributes = runs[2 * index + 1]
        attributes = table[attributes] if isinstance(attributes, int) else attributes
        bold = attributes.get("NSInlinePresentationIntent", 0) & 2 or attributes.get("notebook.bold") is True
        assert bold, f"the word's run is not strong: {attributes}"
        assert {k: v for k, v in after.items() if k != "body"} == {k: v for k, v in before.items() if k != "body"}, \
            "the envelope changed"
        self.no_errors()

    def test_highlight_green_and_remove(self):
        note = self.note("cooking/sunday-pancakes.md")
        before = note.read_bytes()
        self.open_editor("/cooking/sunday-pancakes/")
        block = self.block_of("blueberries")
        self.select_text(block, "blueberries")
        green = self.press("Highlight in green")
        assert green.get_attribute("aria-pressed") == "true", "Highlight in green did not turn on"
        self.driver.find_element("id", "save").click()
        self.wait_saved()
        text = note.read_text(encoding="utf-8")
        assert "^[blueberries](highlight: 'green')" in text, f"the file has no green highlight:\n{text}"
        self.select_text(self.block_of("blueberries"), "blueberries")
        assert self.button("Highlight in green").get_attribute("aria-pressed") == "true", "the green highlight is not shown as on"
        self.press("Highlight in green")
        assert self.button("Highlight in green").get_attribute("aria-pressed") == "false", "the green highlight was not removed"
        self.save_with_keys()
        self.wait_for(lambda: note.read_bytes() == before, "the file back to its first bytes")
        self.no_errors()

    def test_title_and_text_selection(self):
        note = self.note("travel/trip-notes.md")
        self.open_editor("/travel/trip-notes/")
        self.select_text(0, "Trip", 1, "Book")
        bold = self.button("Bold")
        was = bold.get_attribute("aria-pressed")
        assert was == "true", "the bold title does not show Bold on"
        self.press("Bold")
        self.save_with_keys()
        self.wait_saved()
        text = note.read_text(encoding="utf-8")
        assert "^[Trip notes](textStyle: 'title2')" in text, f"the title lost its text style:\n{text}"
        assert "\nBook the night train" in text, f"the text became bold though Bold was on at the selection's start:\n{text}"
        # Bold again, from the start of the title: both get bold, each keeps its own style.
        self.select_text(0, "Trip", 1, "Book")
        self.press("Bold")
        self.save_with_keys()
        self.wait_saved()
        text = note.read_text(encoding="utf-8")
        title_bold = "^[Trip notes](textStyle: 'title2', bold: true)" in text or "**^[Trip notes](textStyle: 'title2')**" in text
        assert title_bold and "**Book** the night train" in text, \
            f"the title and the word are not both bold, each in its style:\n{text}"
        self.no_errors()

    def test_word_count_follows_typing(self):
        self.open_editor("/work/meeting-notes/")
        words = lambda: int(self.driver.find_element("id", "words").text.split()[0])  # noqa: E731
        first = words()
        block = self.block_of(self.driver.execute_script(
            "return document.querySelector('#editor p[data-b]').textContent.slice(0, 8)"))
        text = self.driver.execute_script(
            "return document.querySelector('#editor [data-b=\"' + arguments[0] + '\"]').textContent", block)
        self.caret_after(block, text[-5:])
        self.driver.switch_to.active_element.send_keys(" three more words")
        self.wait_for(lambda: words() == first + 3, f"the count going from {first} to {first + 3}")
        self.driver.switch_to.active_element.send_keys("\b" * len("words"))
        self.wait_for(lambda: words() == first + 2, f"the count going back to {first + 2}")

    def test_keyboard_edges(self):
        """Backspace at a block's start after a fixed block, redo, and pasted HTML as Google Docs
        copies it."""
        from selenium.webdriver.common.keys import Keys
        note = self.note("work/release-checklist.md")
        before = note.read_text(encoding="utf-8")
        self.open_editor("/work/release-checklist/")
        index = self.document()["blocks"]
        fixed = next(i for i, block in enumerate(index) if block["kind"] == "fixed")
        after_fixed = next(i for i in range(fixed + 1, len(index)) if index[i]["kind"] != "fixed")
        text = self.driver.execute_script(
            "return document.querySelector('#editor [data-b=\"' + arguments[0] + '\"]').textContent", after_fixed)
        self.driver.execute_script("""
            var element = document.querySelector('#editor [data-b="' + arguments[0] + '"]');
            var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            var node = walker.nextNode();
            document.getElementById('editor').focus();
            var range = document.createRange(); range.setStart(node, 0); range.collapse(true);
            var s = getSelection(); s.removeAllRanges(); s.addRange(range);
        """, after_fixed)
        time.sleep(0.1)
        self.driver.switch_to.active_element.send_keys(Keys.BACKSPACE)
        self.wait_for(lambda: "cannot be joined" in self.status(), "the refused join said")
        self.driver.switch_to.active_element.send_keys("Q")
        now = self.driver.execute_script(
            "return document.querySelector('#editor [data-b=\"' + arguments[0] + '\"]').textContent", after_fixed)
        assert now == "Q" + text, f"the letter typed after a refused Backspace went elsewhere: {now[:40]!r}"
        # Undo, redo, then type: the caret is where the redo left it.
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        ActionChains(self.driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
        time.sleep(0.1)
        self.driver.switch_to.active_element.send_keys("R")
        now = self.driver.execute_script(
            "return document.querySelector('#editor [data-b=\"' + arguments[0] + '\"]').textContent", after_fixed)
        assert now.startswith("QR") or now.startswith("RQ"), f"the letter typed after a redo went elsewhere: {now[:40]!r}"
        # Pasted as Google Docs copies: a normal-weight <b> around it, a bold span, blank lines.
        blocks_before = len(self.document()["blocks"])
        self.driver.execute_script("""
            var data = new DataTransfer();
            data.setData('text/html', '<b style="font-weight:normal"><p>one <span style="font-weight:700">two</span></p>\\n<p>three</p></b>');
            data.setData('text/plain', 'one two\\nthree');
            document.getElementById('editor').dispatchEvent(new InputEvent('beforeinput', {inputType: 'insertFromPaste', dataTransfer: data, bubbles: true, cancelable: true}));
        """)
        time.sleep(0.2)
        html = self.driver.execute_script("return document.getElementById('editor').innerHTML")
        at = html.find(">two<")
        assert '<span class="nb-bold" data-n="3">two</span>' in html and 'nb-bold" data-n="4">one' not in html, \
            f"the paste's weights were not read: {html[max(0, at - 300):at + 100]}"
        count = self.driver.execute_script("return document.querySelectorAll('#editor [data-b]').length")
        assert count == blocks_before + 1, f"the paste made {count - blocks_before} new blocks, not 1"
        self.no_errors()
        self.leave()
        note.write_text(before, encoding="utf-8")

    def test_unsaved_changes_survive_reload(self):
        self.open_editor("/work/quarterly-planning/")
        block = self.block_of(self.driver.execute_script("return document.querySelector('#editor p[data-b]').textContent.slice(0, 8)"))
        text = self.driver.execute_script("return document.querySelector('#editor [data-b=\"' + arguments[0] + '\"]').textContent", block)
        self.caret_after(block, text[-4:])
        self.driver.switch_to.active_element.send_keys(" Kept by the browser.")
        time.sleep(0.2)
        warns = self.driver.execute_script(
            "var e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented;")
        assert warns, "leaving with unsaved changes does not warn"
        self.driver.execute_script("location.reload()")
        try:
            alert = self.driver.switch_to.alert
            alert.accept()
        except Exception:  # noqa: BLE001 - no dialog in this browser
            pass
        self.wait_for(lambda: "Kept by the browser." in self.driver.find_element("id", "editor").text,
                      "the unsaved text back after a reload")
        assert "unsaved changes" in self.status(), f"the editor does not say the changes came back: {self.status()!r}"
        self.leave()

    def test_conflict(self):
        note = self.note("cooking/weeknight-dal.md")
        self.open_editor("/cooking/weeknight-dal/")
        block = self.block_of(self.driver.execute_script("return document.querySelector('#editor p[data-b]').textContent.slice(0, 8)"))
        text = self.driver.execute_script("return document.querySelector('#editor [data-b=\"' + arguments[0] + '\"]').textContent", block)
        self.caret_after(block, text[-3:])
        self.driver.switch_to.active_element.send_keys(" Edited in the browser.")
        changed = note.read_text(encoding="utf-8") + "\nChanged on disk meanwhile.\n"
        note.write_text(changed, encoding="utf-8")
        self.save_with_keys()
        self.wait_for(lambda: "changed on disk" in self.status(), "the conflict said")
        assert note.read_text(encoding="utf-8") == changed, "a conflicting save wrote the file"
        buttons = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#status button')).map(function (b) { return b.textContent; })")
        assert buttons == ["Reload", "Overwrite"], f"the conflict offers {buttons}"
        self.driver.execute_script("Array.from(document.querySelectorAll('#status button')).pop().click()")
        self.wait_saved()
        text = note.read_text(encoding="utf-8")
        assert "Edited in the browser." in text and "Changed on disk meanwhile." not in text, f"the overwrite wrote:\n{text}"

    def test_forged_saves_refused(self):
        note = self.note("travel/packing-list.md")
        before = note.read_bytes()
        self.open_editor("/travel/packing-list/")
        document = self.document()
        body = json.dumps({"hash": document["hash"], "blocks": [{"id": index} if block["kind"] == "fixed" else
                                                              {"id": index, "pieces": block["pieces"]}
                                                              for index, block in enumerate(document["blocks"])]})
        status, text = self.fetch(body, {"Content-Type": "application/json"})
        assert status == 403, f"a save without the token got {status}: {text}"
        request = urllib.request.Request(
            self.base + "/_notebook/save/travel/packing-list/", data=body.encode(), method="POST",
            headers={"Content-Type": "application/json", "X-Notebook-Token": self.token(), "Origin": "http://evil.example"})
        try:
            urllib.request.urlopen(request, timeout=5)
            raise AssertionError("a save from another origin was answered 200")
        except urllib.error.HTTPError as error:
            assert error.code == 403, f"a save from another origin got {error.code}"
        assert note.read_bytes() == before, "a refused save wrote the file"

    def test_forbidden_and_invalid_values(self):
        note = self.note("work/release-checklist.md")
        self.open_editor("/work/release-checklist/")
        document = self.document()
        index = next(i for i, block in enumerate(document["blocks"]) if block["kind"] == "paragraph" and
                     any("text" in piece and len(piece["text"]) > 8 for piece in block["pieces"]))

        def body(value):
            blocks = []
            for i, block in enumerate(document["blocks"]):
                if block["kind"] == "fixed":
                    blocks.append({"id": i})
                    continue
                pieces = [dict(piece) for piece in block["pieces"]]
                if i == index:
                    first = next(p for p in pieces if "text" in p)
                    first["highlight"] = value
                blocks.append({"id": i, "pieces": pieces})
            return json.dumps({"hash": document["hash"], "blocks": blocks})

        headers = {"Content-Type": "application/json", "X-Notebook-Token": self.token()}
        before = note.read_bytes()
        status, text = self.fetch(body("chartreuse"), headers)
        assert status == 422, f"an invalid highlight got {status}: {text}"
        assert "highlight" in json.loads(text)["error"], f"the refusal does not name the key: {text}"
        assert note.read_bytes() == before, "an invalid value wrote the file"
        status, text = self.fetch(body("blue"), headers)
        assert status == 200, f"a forbidden highlight got {status}: {text}"
        answer = json.loads(text)
        assert answer["corrections"] and "blue" in answer["corrections"][0]["message"], f"no correction said: {answer}"
        written = note.read_text(encoding="utf-8")
        assert "highlight: 'yellow'" in written or "==" in written, f"the forbidden colour was not corrected to the default:\n{written}"
        assert "blue" not in written, f"the forbidden colour was written:\n{written}"

    def test_screenshots(self):
        self.open_editor("/travel/lisbon-in-three-days/")
        self.select_text(self.block_of("Get on tram 28"), "tram 28")
        saved = []
        for width, suffix in [(1200, ""), (390, "-phone")]:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
            for scheme in ["light", "dark"]:
                self.driver.execute_cdp_cmd(
                    "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                time.sleep(0.2)
                name = f"editor{suffix}-{scheme}.png"
                self.driver.save_screenshot(str(self.screenshots / name))
                saved.append(name)
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": test_site.WINDOW[0], "height": test_site.WINDOW[1], "deviceScaleFactor": 1, "mobile": False})
        print("  saved in docs/: " + ", ".join(saved))

    def run_all(self):
        self.run("the Edit button opens the note's blocks with the seeds' bar", self.test_opens_with_the_bar)
        self.run("a word made bold and saved is bold in the file", self.test_bold_word_saved)
        self.run("a word made bold in a JSON note is strong in its runs", self.test_bold_word_saved_in_json)
        self.run("a green highlight added and removed gives the file back", self.test_highlight_green_and_remove)
        self.run("a selection across the title and the text keeps the title's style", self.test_title_and_text_selection)
        self.run("the word count follows typing", self.test_word_count_follows_typing)
        self.run("Backspace after a fixed block, redo, a paste from Google Docs", self.test_keyboard_edges)
        self.run("unsaved changes survive a reload", self.test_unsaved_changes_survive_reload)
        self.run("a conflicting save gets 409, then overwrites", self.test_conflict)
        self.run("tokenless and cross-origin saves get 403", self.test_forged_saves_refused)
        self.run("a forbidden value is corrected, an invalid one refused", self.test_forbidden_and_invalid_values)
        self.run("screenshots", self.test_screenshots)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=Path, help="the notebook binary")
    parser.add_argument("site", type=Path, help="the site to copy and serve, e.g. ExampleSite")
    parser.add_argument("--screenshots", type=Path, default=ROOT / "docs", help="where to save the screenshots (default: docs/)")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        test_site.skip_or_fail("Chromium or chromedriver is missing (apt-get install chromium chromium-driver)")
    test_site.ensure_selenium()
    os.environ.setdefault("SE_AVOID_STATS", "true")
    with tempfile.TemporaryDirectory(prefix="notebook-editor-") as temporary:
        copy = Path(temporary) / "site"
        shutil.copytree(args.site.resolve(), copy, ignore=shutil.ignore_patterns("public", ".*"))
        port = test_site.free_port()
        serve = subprocess.Popen([str(args.notebook.resolve()), "serve", str(copy), "--port", str(port), "--edit"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if urllib.request.urlopen(base + "/", timeout=2).status == 200:
                        break
                except Exception:  # noqa: BLE001 - not up yet
                    if time.monotonic() > deadline:
                        print("editor: notebook serve did not answer", file=sys.stderr)
                        print("editor: 0 passed, 1 failed")
                        return 1
                    time.sleep(0.1)
            try:
                driver = test_site.start_browser(chromium, chromedriver)
            except Exception as error:  # noqa: BLE001
                print(f"editor: Chromium did not start: {error}", file=sys.stderr)
                print("editor: 0 passed, 1 failed")
                return 1
            try:
                print(f"editor: {chromium} via {chromedriver}, notebook serve --edit at {base}")
                tests = EditorTests(driver, base, copy, args.screenshots.resolve())
                tests.run_all()
            finally:
                driver.quit()
        finally:
            serve.send_signal(15)
            serve.wait(timeout=10)
    print(f"editor: {tests.passed} passed, {tests.failed} failed")
    return 1 if tests.failed else 0


if __name__ == "__main__":
    sys.exit(main())
