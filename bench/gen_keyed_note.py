#!/usr/bin/env python3
"""Writes one large attributed-string JSON note in Apple's keyed shape: many runs, many attributes.

usage: gen_keyed_note.py OUT.json [--megabytes 10] [--seed 1]
"""
import argparse, json, random

WORDS = ("train night ticket seats friday batter pan heat minutes pour bowl meeting notes action "
         "items agenda review budget draft plan garden water light seed soil river bridge").split()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--megabytes", type=float, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    r = random.Random(args.seed)
    table = []
    for identity in range(1, 400):
        paragraph = {"NSPresentationIntent": {"components": [{"kind": ["paragraph"], "identity": identity}]}}
        table.append(paragraph)
        table.append(dict(paragraph, NSInlinePresentationIntent=2))
        table.append(dict(paragraph, **{"notebook.highlight": r.choice(["yellow", "green", "pink"])}))
        table.append(dict(paragraph, **{"notebook.underline": "single", "notebook.italic": True}))
        table.append(dict(paragraph, NSLink={"relative": "https://example.org/" + r.choice(WORDS)}))
    runs = []
    size = 0
    target = int(args.megabytes * 1_000_000)
    block = 0
    while size < target:
        block = (block + 1) % 399
        for _ in range(r.randint(3, 12)):
            text = " ".join(r.choice(WORDS) for _ in range(r.randint(1, 8))) + " "
            index = block * 5 + r.randint(0, 4)
            runs += [text, index]
            size += len(text) + 30
    text = json.dumps({"runs": runs, "attributeTable": table}, indent=1)
    while len(text.encode()) < target:
        runs += runs[: 2 * max(1, (target - len(text.encode())) // 40)]
        text = json.dumps({"runs": runs, "attributeTable": table}, indent=1)
    with open(args.out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
