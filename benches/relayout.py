#!/usr/bin/env python3
"""Rewrites a lanrick collection as a person might lay it out (issue 28's bench tool).

usage: relayout.py IN OUT [--seed N] [--forms blanks,numbers,comments,variations]

The games stay the same games; only their layout changes, each form chosen per line
or per event by a seeded generator:

- blanks: runs of spaces and tabs between tokens, at the start and end of lines, CRLF
  line ends now and then;
- numbers: turn numbers (`12. a7-b6`) on the lines that hold a turn;
- comments: `{ ... }` comments after events and alone on lines, `# ...` at line ends;
- variations: each variation written over several lines, as PGN writers do.

`check` must report the same on IN and OUT (the layout changes no game); the bench
compares the CPU time per byte of the two.
"""

import argparse
import random
import re

TURN = re.compile(r"^(?:[a-h][1-8]-[a-h][1-8]|x |pass\b)")


def blank(rng):
    return rng.choice([" ", " ", "  ", "\t", " \t", "   "])


def relayout_line(line, rng, forms, state):
    # A line that starts inside a `{ }` comment, or leaves one open, is only re-spaced.
    starts_inside = state["open"]
    for c in line:
        if c == "{":
            state["open"] = True
        elif c == "}":
            state["open"] = False
    if starts_inside:
        return line
    if state["open"]:
        # Only its number: the comment it opens runs on.
        if "numbers" in forms and TURN.match(line):
            state["n"] += 1
            return f"{state['n']}. {line}"
        return line
    if line.startswith("["):
        if "blanks" in forms and rng.random() < 0.3:
            return blank(rng) + line.replace(" ", blank(rng), 1) + blank(rng)
        return line
    if not line.strip():
        return line
    out = line
    if "numbers" in forms and TURN.match(line):
        # Turns are numbered from 1 in each game; Marks and interchanges are not.
        state["n"] += 1
        out = f"{state['n']}. {out}"
    if "comments" in forms and not out.rstrip().endswith(")"):
        r = rng.random()
        if r < 0.1:
            out = out + " { a remark }"
        elif r < 0.15:
            out = out + " # a note"
    if "variations" in forms and "(" in out:
        # Each variation over several lines: its events one a line.
        out = out.replace("( ", "(\n").replace(" )", "\n)")
    if "blanks" in forms:
        parts = []
        depth = 0
        for c in out:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            parts.append(blank(rng) if c == " " and depth == 0 else c)
        out = blank(rng) + "".join(parts) + (blank(rng) if rng.random() < 0.3 else "")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--forms", default="blanks,numbers,comments")
    a = ap.parse_args()
    forms = set(a.forms.split(","))
    rng = random.Random(a.seed)
    state = {"n": 0, "open": False}
    with open(a.inp, encoding="utf-8", newline="") as f, open(
        a.out, "w", encoding="utf-8", newline=""
    ) as g:
        for raw in f:
            line = raw.rstrip("\r\n")
            if line.startswith("[Event"):
                state["n"] = 0
            end = "\r\n" if "blanks" in forms and rng.random() < 0.1 else "\n"
            g.write(relayout_line(line, rng, forms, state) + end)


if __name__ == "__main__":
    main()
