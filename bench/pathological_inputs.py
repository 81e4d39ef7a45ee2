#!/usr/bin/env python3
"""Writes the pathological inputs of bench/pathological.sh into a folder.

The shapes and sizes are those of cmark-gfm's test/pathological_tests.py (with the shapes
that upstream cmark's suite adds), plus notebook's own syntax. `--scale N` multiplies the
repeat count of each shape. Usage: pathological_inputs.py DIR [--scale N]
"""
import argparse
import itertools
import os


def hash_collisions(count):
    def badhash(ref):
        h = 0
        for c in ref:
            h = (ord(c) + ((h << 6) & 0xFFFFFFFF) + ((h << 16) & 0xFFFFFFFF) - h) & 0xFFFFFFFF
        return h % 16 == 0

    keys = ("x%d" % i for i in itertools.count())
    collisions = itertools.islice((k for k in keys if badhash(k)), count)
    bad = next(collisions)
    return "".join("[%s]: /url\n\n[%s]\n\n" % (k, bad) for k in collisions)


def shapes(s):
    """(name, text, slow_in_libcmark) for scale s."""
    return [
        ("nested strong emph", "*a **a " * (65000 * s) + "b" + " a** a*" * (65000 * s), False),
        ("emph closers, no openers", "a_ " * (65000 * s), False),
        ("emph openers, no closers", "_a " * (65000 * s), False),
        ("link closers, no openers", "a]" * (65000 * s), False),
        ("link openers, no closers", "[a" * (65000 * s), False),
        ("mismatched openers/closers", "*a_ " * (50000 * s), False),
        ("cmark issue #389", "*a " * (20000 * s) + "_a*_ " * (20000 * s), True),
        ("openers/closers multiple of 3", "a**b" + "c* " * (50000 * s), False),
        ("link openers, emph closers", "[ a_" * (50000 * s), False),
        ("pattern [ (]( repeated", "[ (](" * (80000 * s), False),
        ("pattern ![[]() repeated", "![[]()" * (160000 * s), True),
        ("nested brackets", "[" * (50000 * s) + "a" + "]" * (50000 * s), False),
        ("nested block quotes", "> " * (50000 * s) + "a", False),
        ("deeply nested lists", "".join("  " * x + "* a\n" for x in range(1000 * s)), False),
        ("U+0000 in input", "abc\u0000de\u0000" * (10000 * s), False),
        ("backticks", "".join("e" + "`" * x for x in range(1, 5000 * s)), False),
        ("unclosed links A", "[a](<b" * (30000 * s), False),
        ("unclosed links B", "[a](b" * (30000 * s), False),
        ("unclosed <!--", "</" + "<!--" * (300000 * s), False),
        ("tables", "aaa\rbbb\n-\v\n" * (30000 * s), False),
        ("empty lines in nested lists", "- " * (30000 * s) + "x" + "\n" * (30000 * s), True),
        ("same, in a block quote", "> " + "- " * (30000 * s) + "x\n" + ">\n" * (30000 * s), True),
        ("emph in deep block quote", ">" * (100000 * s) + "a*" * (100000 * s), True),
        ("nested inlines", "*" * (20000 * s) + "a" + "*" * (20000 * s), False),
        ("reference collisions", hash_collisions(50000 * s), False),
        # notebook's own syntax
        ("nb: ^[ never closed", "^[a " * (100000 * s), False),
        ("nb: [[ never closed", "[[a " * (100000 * s), False),
        ("nb: == runs", "==a " * (100000 * s) + "= == === " * (30000 * s), False),
        ("nb: nested ^[^[^[", "^[" * (50000 * s) + "a" + "](k: 1)" * (50000 * s), False),
        ("nb: [[[[ runs", "[" * (200000 * s) + "a" + "]" * (200000 * s), False),
        ("nb: wikilinks", "[[a|b]] " * (100000 * s), False),
        ("nb: annotations", "^[a](k: 1) " * (100000 * s), False),
        ("nb: ^[a]( unclosed", "^[a](k: '" * (50000 * s), False),
    ]


def slug(name):
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")


def main():
    parser = argparse.ArgumentParser(description="Writes the pathological inputs of bench/pathological.sh into DIR.")
    parser.add_argument("dir", help="the folder to write into (made if missing)")
    parser.add_argument("--scale", type=int, default=1, help="multiplies each shape's repeat count (default 1)")
    arguments = parser.parse_args()
    out = arguments.dir
    os.makedirs(out, exist_ok=True)
    for number, (name, text, slow) in enumerate(shapes(arguments.scale)):
        path = os.path.join(out, "%02d-%s.md" % (number, slug(name)))
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        print("%s\t%s\t%s" % (path, name, "slow" if slow else ""))


if __name__ == "__main__":
    main()
