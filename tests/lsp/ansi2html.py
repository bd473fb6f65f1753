"""A terminal screen captured with `tmux capture-pane -e -p` (SGR colour sequences) as
an HTML page, for a screenshot: 16 and 256 colours, bold, reverse."""

import html
import re
import sys

BASE = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
        "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]


def colour(n):
    if n < 16:
        return BASE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    v = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (v, v, v)


def main():
    fg0, bg0 = "#d4d4d4", "#1e1e1e"
    out = []
    state = {"fg": None, "bg": None, "bold": False, "rev": False}
    for line in sys.stdin.read().splitlines():
        parts = re.split(r"\x1b\[([0-9;]*)m", line)
        row = []
        for i, p in enumerate(parts):
            if i % 2 == 1:
                codes = [int(c) if c else 0 for c in p.split(";")] if p else [0]
                j = 0
                while j < len(codes):
                    c = codes[j]
                    if c == 0:
                        state = {"fg": None, "bg": None, "bold": False, "rev": False}
                    elif c == 1:
                        state["bold"] = True
                    elif c == 22:
                        state["bold"] = False
                    elif c == 7:
                        state["rev"] = True
                    elif c == 27:
                        state["rev"] = False
                    elif 30 <= c <= 37:
                        state["fg"] = BASE[c - 30]
                    elif 90 <= c <= 97:
                        state["fg"] = BASE[c - 90 + 8]
                    elif 40 <= c <= 47:
                        state["bg"] = BASE[c - 40]
                    elif 100 <= c <= 107:
                        state["bg"] = BASE[c - 100 + 8]
                    elif c == 39:
                        state["fg"] = None
                    elif c == 49:
                        state["bg"] = None
                    elif c in (38, 48) and j + 2 < len(codes) and codes[j + 1] == 5:
                        state["fg" if c == 38 else "bg"] = colour(codes[j + 2])
                        j += 2
                    elif c in (38, 48) and j + 4 < len(codes) and codes[j + 1] == 2:
                        state["fg" if c == 38 else "bg"] = "#%02x%02x%02x" % tuple(codes[j + 2:j + 5])
                        j += 4
                    j += 1
            elif p:
                fg, bg = state["fg"] or fg0, state["bg"] or bg0
                if state["rev"]:
                    fg, bg = bg, fg
                weight = "bold" if state["bold"] else "normal"
                row.append(f'<span style="color:{fg};background:{bg};font-weight:{weight}">{html.escape(p)}</span>')
        out.append("".join(row))
    print(f"""<!doctype html><meta charset="utf-8"><style>
body{{margin:0;background:{bg0}}} pre{{margin:8px;font:14px/1.25 "DejaVu Sans Mono",monospace;color:{fg0}}}
</style><pre>{chr(10).join(out)}</pre>""")


main()
