#!/usr/bin/env bash
# The replay page in a real browser: writes the pages of shipped examples with
# `lanrick replay --html`, opens them in headless Chromium, presses keys, clicks moves
# and picks games through the page's self-test mode (`#selftest=...`, see
# src/render/html.rs), and compares what the page shows after each step with
# tests/browser/expected/*.txt. Fails on any script error or console message, and
# checks that `lanrick render`'s SVG loads in the browser as XML without errors.
#
# Chromium comes from Debian (installed here with apt-get when missing and run as
# root). `cargo test` does not need it; `.ci/run` runs this script after it.
#
#   tests/browser/run.sh            # check
#   UPDATE=1 tests/browser/run.sh   # rewrite the expected files (review the diff!)
#   SHOTS=DIR tests/browser/run.sh  # also keep the screenshots in DIR
set -euo pipefail
cd "$(dirname "$0")/../.."

. tests/common/install.sh
. tests/common/headless.sh
chromium_bin=$(chromium_or_install "browser test")

cargo build --locked --quiet
bin="${CARGO_TARGET_DIR:-target}/debug/lanrick"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# Runs Chromium headless on URL with extra flags; stdout to $work/out, log to $work/log.
browse() {
    local url=$1
    shift
    headless 3000 "$url" "$@"
}

# Fails when the browser logged a console message (a script error, a failed load).
no_console() {
    if grep -E 'CONSOLE|Uncaught' "$work/log" >&2; then
        echo "FAIL $1: console messages (above)" >&2
        failed=1
    fi
}

# Fails when the page wrote an error into its DOM, or the browser logged one.
no_errors() {
    if ! grep -q '<pre id="errors" hidden=""></pre>' "$work/out"; then
        echo "FAIL $1: the page reported errors:" >&2
        sed -n '/<pre id="errors"/,/<\/pre>/p' "$work/out" >&2
        failed=1
    fi
    no_console "$1"
}

# Opens PAGE at HASH, and compares the self-test log with expected/NAME.txt.
scenario() {
    local name=$1 page=$2 hash=$3
    browse "file://$page#$hash" --dump-dom
    no_errors "$name"
    sed -n '/<pre id="selftest">/,/<\/pre>/p' "$work/out" |
        sed -e 's/<pre id="selftest">//' -e 's/<\/pre>//' | sed '/^$/d' >"$work/$name.txt"
    local expected="tests/browser/expected/$name.txt"
    if [ "${UPDATE:-}" = 1 ]; then
        cp "$work/$name.txt" "$expected"
    elif ! diff -u "$expected" "$work/$name.txt" >&2; then
        echo "FAIL $name: the page differs from $expected (above)" >&2
        failed=1
    else
        echo "ok   $name"
    fi
}

# The harness itself: a page that throws must be caught.
printf '<!DOCTYPE html><pre id="errors" hidden=""></pre><script>null.x;</script>\n' >"$work/throws.html"
browse "file://$work/throws.html" --dump-dom
if ! grep -qE 'CONSOLE|Uncaught' "$work/log"; then
    echo "FAIL harness: a script error went unnoticed" >&2
    failed=1
fi

"$bin" replay examples/complete-game.lanrick --html "$work/complete-game.html"
"$bin" replay examples/rules-tour.lanrick --html "$work/rules-tour.html"
"$bin" replay examples/carroll-hint-3.lanrick --html "$work/carroll-hint-3.html"
"$bin" replay examples/1880-game.lanrick --html "$work/1880-game.html"
printf '[Event "A slip"]\nmark d5\n1. Y: a7-b6 e8-e7\n2. B: h8-d4 { too far }\n' >"$work/slip.lanrick"
"$bin" replay "$work/slip.lanrick" --html "$work/slip.html" 2>/dev/null && {
    echo "FAIL slip: replay --html passed an illegal game" >&2
    failed=1
}

# Steps along the main line with the keyboard, into a variation by a click and by ↓,
# and out by ← and ↑.
variation=$(sed -n 's/.*data-step="\([0-9]*\)">1\. Y: g1-g2<.*/\1/p' "$work/complete-game.html")
scenario complete-game "$work/complete-game.html" \
    "step=1&selftest=ArrowRight,ArrowRight,ArrowRight,ArrowLeft,End,ArrowRight,Home,ArrowLeft,click:12,ArrowRight,click:$variation,ArrowRight,ArrowLeft,ArrowLeft,ArrowRight,ArrowDown,ArrowUp,ArrowUp"
# A collection: the picker, and a game opened from the URL.
scenario rules-tour "$work/rules-tour.html" \
    "game=2&step=3&selftest=ArrowRight,End,game:5,End,ArrowLeft,game:1,Home"
# A puzzle: the solution's slides round the corners.
scenario carroll-hint-3 "$work/carroll-hint-3.html" "selftest=ArrowRight,ArrowRight,ArrowLeft"
# The prover's verdict and key, filled when the page was written (issue 27, point 6).
if ! grep -q 'class="prover-verdict" data-verdict="sound">sound — ' "$work/out" ||
    ! grep -q '<dd class="prover-keys"><code>g1-h5 c1-g1 a3-c1 b4-a3 x d6</code></dd>' "$work/out"; then
    echo "FAIL carroll-hint-3: the prover's verdict or key is not on the page" >&2
    failed=1
fi
# The 1880 rules: the men set, the 3x3 set round the Mark, a Mark move, wanderers.
scenario 1880-game "$work/1880-game.html" \
    "selftest=ArrowRight,ArrowRight,ArrowRight,ArrowRight,ArrowDown,ArrowUp,ArrowRight,ArrowRight,ArrowRight,End"
# An illegal move: the last step, marked with its message.
scenario slip "$work/slip.html" "selftest=End,ArrowRight,ArrowLeft,End"
if ! grep -q 'Rule 3 (1893)' "$work/out"; then
    echo "FAIL slip: the diagnostic is not on the page" >&2
    failed=1
fi

# The computer review (issue 27, point 9): `analyse --html` writes the page with each
# action's evaluation and mark at its step, the better action, a missed win, and the
# summary; an analysed file replayed shows its glyphs, comments and variations.
cat tests/cases/analyse/short-game.lanrick tests/cases/analyse/missed-rendezvous.lanrick >"$work/two.lanrick"
"$bin" analyse "$work/two.lanrick" --level 3 --html "$work/review.html" --out "$work/reviewed.lanrick"
scenario review "$work/review.html" \
    "selftest=ArrowRight,ArrowRight,ArrowRight,ArrowRight,ArrowRight,ArrowLeft,ArrowLeft,ArrowDown,ArrowUp,game:2,ArrowDown,ArrowUp,ArrowRight"
if ! grep -q '<h3>Computer review</h3>' "$work/out" ||
    ! grep -q '<tr data-side="B"><th>Black</th><td>0</td><td>0</td><td>1</td><td>1</td></tr>' "$work/out"; then
    echo "FAIL review: the review's summary is not on the page" >&2
    failed=1
fi
"$bin" replay "$work/reviewed.lanrick" --html "$work/reviewed.html"
scenario reviewed "$work/reviewed.html" "selftest=game:2,ArrowRight"
if ! grep -q '<div id="detail"><p class="where">Step 1 of 1 (main line)</p><p class="event"><span class="event-text">B: c6-c7</span> <span class="ann">??</span></p><p class="comment">a waiting move</p><p class="comment">lanrick level 3: B ' "$work/out"; then
    echo "FAIL reviewed: the analysed file's glyph and comment are not at their step" >&2
    failed=1
fi

# A malformed escape in the URL (decodeURIComponent throws on `%E0`): the page still
# shows the board (men=10 in expected/bad-escape.txt), at the first game's start, and
# steps on.
scenario bad-escape "$work/complete-game.html" "game=%&step=%E0&selftest=ArrowRight"

# Every main-line position the page showed is the one `lanrick render --after N` draws.
while IFS= read -r line; do
    step=$(sed -n 's/.*| step=\([0-9]*\) |.*/\1/p' <<<"$line")
    shown=$(sed -n 's/.*| position=\([^|]*\) |.*/\1/p' <<<"$line")
    [ "$step" -lt 116 ] || continue
    drawn=$("$bin" render examples/complete-game.lanrick --after "$step" | sed -n 's/<title>Lanrick: \(.*\)<\/title>/\1/p')
    if [ "$drawn" != "$shown" ]; then
        echo "FAIL complete-game: step $step shows \"$shown\", render draws \"$drawn\"" >&2
        failed=1
    fi
done <"$work/complete-game.txt"

# Screenshots at a few steps: the page renders, and people can look at it.
for spec in complete-game:10 complete-game:115 rules-tour:0 slip:3 1880-game:8 review:4; do
    page=${spec%%:*}
    step=${spec##*:}
    browse "file://$work/$page.html#step=$step" --hide-scrollbars --window-size=1200,900 \
        --screenshot="$work/$page-$step.png"
    no_console "screenshot $page $step"
    size=$(wc -c <"$work/$page-$step.png" 2>/dev/null || echo 0)
    if [ "$size" -lt 20000 ]; then
        echo "FAIL screenshot $page $step: $size bytes" >&2
        failed=1
    fi
    if [ -n "${SHOTS:-}" ]; then
        mkdir -p "$SHOTS"
        cp "$work/$page-$step.png" "$SHOTS/"
    fi
done

# An SVG diagram as the browser reads it: XML without errors.
"$bin" render examples/carroll-hint-3.lanrick -o "$work/hint.svg"
browse "file://$work/hint.svg" --dump-dom
if grep -q 'parsererror\|This page contains the following errors' "$work/out" ||
    ! grep -q '<svg' "$work/out"; then
    echo "FAIL svg: the browser could not read the diagram" >&2
    failed=1
fi
no_console svg

if [ "$failed" = 0 ]; then
    echo "browser test: passed"
else
    echo "browser test: FAILED" >&2
fi
exit "$failed"
