#!/usr/bin/env python3
"""Random Markdown sites for comparing two builds of notebook (scripts/compare-builds).

usage: random_sites.py OUT COUNT [clean]

Writes COUNT sites of 8 notes each to OUT/sNN (or OUT/cNN with `clean`). The notes nest emphasis,
links, wikilinks, images, embeds, annotations, highlights, footnotes, tables, lists, quotes and
callouts, up to 70 levels deep, with unpaired markers, refused schemes and text that needs
escaping. Sites without `clean` also hold malformed annotations and front matter (their builds
fail: what is compared is the diagnostics); `clean` sites leave those out, so that they build and
their pages are compared. The same arguments always write the same sites.
"""
import os
import random
import sys

WORDS = ["alpha", "beta", "gamma", "delta", "x", "über", "日本", "a_b", "foo*bar", "q~z", "emoji🔴", "5$",
         "tab\t", "&amp;", "<b>", "back\\slash", "`tick", "[br", "]", "(p)", "==", "!", "|", "#tag", "%%c%%",
         "http://ex.com"]
LINKS = ["b.md", "https://e.com/x?a=1&b=2", "javascript:alert", "note-1.md#h", "../up.md", "pic.png",
         "mailto:a@b", "data:x", " <sp ace>"]
IMAGES = ["pic.png", "https://e.com/i.png", "missing.jpg", "javascript:x"]
WIKILINKS = ["note-1", "note-2", "Missing", "note-3#Head", "note-1|lab", "pic.png"]
EMBEDS = ["pic.png", "note-2", "pic.png|200", "x.pdf"]
ATTRIBUTES = ["highlight: 'green'", "bold: true, italic: true", "underline: 'double'", "highlight: 'blue'",
              "color: 'primary'", "scale: 5", "textStyle: 'title'", "strikethrough: 'single', unknown: 1", "",
              "color: '#abc'"]
ANNOTATED = ["plain *it* text", "**b** x", "==h== y", "`c` z"]
TITLES = ["Note {}", "\"Q: {}\"", "T3 {}"]
TAGS = ["a", "b, c", "\"#hash\"", "plugin/emitter"]

# What makes a build fail, only in sites that are not `clean`: an annotation opened in any text
# (its attributes then run into a link's destination), attributes that are not JSON5 or not
# allowed, and front matter that is not YAML.
FAILING = {
    "words": ["^["], "links": ["javascript:alert(1)"], "attributes": ["bad json", "highlight: 'nope'"],
    "titles": ["*t* {}"], "tags": ["#hash"],
}


class Notes:
    def __init__(self, seed, clean):
        self.r = random.Random(seed)
        self.clean = clean
        extra = {} if clean else FAILING
        self.words = WORDS + extra.get("words", [])
        self.links = LINKS + extra.get("links", [])
        self.attributes = ATTRIBUTES + extra.get("attributes", [])
        self.titles = TITLES + extra.get("titles", [])
        self.tags = TAGS + extra.get("tags", [])

    def word(self):
        return self.r.choice(self.words)

    def inline(self, depth=0):
        r = self.r
        if depth > r.choice([2, 4, 8, 70]):
            return self.word()
        one = lambda: self.inline(depth + 1)
        seq = lambda: " ".join(self.inline(depth + 1) for _ in range(r.randrange(1, 4)))
        annotated = lambda: r.choice(ANNOTATED) if self.clean else seq()
        title = r.choice(["", " \"title\""])
        return r.choice([
            self.word, lambda: "*" + seq() + "*", lambda: "**" + seq() + "**", lambda: "_" + seq() + "_",
            lambda: "***" + seq() + "***", lambda: "~~" + seq() + "~~", lambda: "==" + seq() + "==",
            lambda: "`" + self.word() + "`", lambda: "<span>" + seq() + "</span>", lambda: "\\*" + one(),
            lambda: "[" + seq() + "](" + r.choice(self.links) + title + ")",
            lambda: "[" + seq() + "][ref]",
            lambda: "![" + seq() + "](" + r.choice(IMAGES) + ")",
            lambda: "[[" + r.choice(WIKILINKS) + "]]", lambda: "![[" + r.choice(EMBEDS) + "]]",
            lambda: "^[" + annotated() + "](" + r.choice(self.attributes) + ")",
            lambda: one() + "  \n" + one(), lambda: one() + "\n" + one(),
            lambda: "[^" + r.choice(["1", "n", "x"]) + "]", lambda: "<https://auto.link/p>", lambda: "www.example.com",
            # Unpaired markers.
            lambda: "*" + seq(), lambda: seq() + "**", lambda: "==" + seq(), lambda: "[[" + self.word(),
            lambda: ("" if self.clean else "^[") + seq() + "]",
        ])()

    def paragraph(self):
        return " ".join(self.inline() for _ in range(self.r.randrange(1, 6)))

    def block(self, depth=0):
        r = self.r
        kind = r.randrange(12 if depth < 3 else 6)
        if kind == 0:
            return "#" * r.randint(1, 6) + " " + self.paragraph()
        if kind == 1:
            return "```" + r.choice(["", "swift", "math"]) + "\n" + self.word() + "\n```"
        if kind == 2:
            cell = self.paragraph().replace("\n", " ").replace("|", "\\|")
            return "| a | b |\n|---|:-:|\n| " + cell + " | [[note-1\\|x]] |"
        if kind == 3:
            return "[^" + r.choice(["1", "n"]) + "]: " + self.paragraph()
        if kind == 4:
            return "[ref]: https://r.example/" + r.choice(["a", "b"])
        if kind == 5:
            return "<div>" + self.word() + "</div>"
        if kind == 6:
            marker = r.choice(["[!TIP] " + self.word() + "\n", "[!faq]-\n", ""])
            return "\n".join("> " + line for line in (marker + self.block(depth + 1)).split("\n"))
        if kind == 7:
            return "\n".join(r.choice(["- ", "1. ", "- [ ] ", "- [x] "]) + self.block(depth + 1).replace("\n", "\n   ")
                             for _ in range(r.randint(1, 3)))
        return self.paragraph()

    def note(self, number):
        r = self.r
        front = "---\ntitle: {}\ntags: [{}]\ndate: 2026-01-{:02d}\n---\n".format(
            r.choice(self.titles).format(number), r.choice(self.tags), r.randint(1, 28))
        body = "\n\n".join(self.block() for _ in range(r.randint(1, 12))) + "\n"
        return (front if r.random() < 0.8 else "") + body


def write_site(path, seed, clean):
    notes = Notes(seed, clean)
    os.makedirs(os.path.join(path, "notes", "sub"), exist_ok=True)
    with open(os.path.join(path, "notes", "pic.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
    for number in range(1, 9):
        name = ("sub/" if number > 6 else "") + "note-%d.md" % number
        with open(os.path.join(path, "notes", name), "w") as f:
            f.write(notes.note(number))


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "clean"):
        sys.exit(__doc__.strip().splitlines()[2])
    out, count, clean = sys.argv[1], int(sys.argv[2]), len(sys.argv) == 4
    for index in range(count):
        write_site(os.path.join(out, ("c%02d" if clean else "s%02d") % index), index + (1000 if clean else 0), clean)


if __name__ == "__main__":
    main()
