"""Prints the fenced code block of a Markdown page that follows the comment
`<!-- snippet: NAME -->`, so that tests run what the docs show, not a copy of it.

    python3 tests/ci/snippet.py docs/ci.md NAME
"""

import sys


def snippet(text: str, name: str) -> str:
    lines = text.splitlines()
    marker = f"<!-- snippet: {name} -->"
    starts = [i for i, line in enumerate(lines) if line.strip() == marker]
    if len(starts) != 1:
        raise SystemExit(f"error: {len(starts)} snippets named {name!r}")
    i = starts[0] + 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i >= len(lines) or not lines[i].startswith("```"):
        raise SystemExit(f"error: no code block after the snippet {name!r}")
    fence = lines[i][: len(lines[i]) - len(lines[i].lstrip("`"))]
    body = []
    for line in lines[i + 1 :]:
        if line.startswith(fence):
            return "\n".join(body) + "\n"
        body.append(line)
    raise SystemExit(f"error: the snippet {name!r} is never closed")


if __name__ == "__main__":
    path, name = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        sys.stdout.write(snippet(f.read(), name))
