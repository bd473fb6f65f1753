#!/usr/bin/env bash
# `lanrick serve` in a real browser: starts the server on a free port of 127.0.0.1, opens
# the page in headless Chromium in its self-test mode (`#selftest=play&…`, see
# src/serve/assets/app.js) and, in each edition, plays a whole game against lanrick
# level 0 through the page (each of the user's actions typed in the notation box),
# takes a decision back and plays it again, takes another back and branches a
# variation, downloads the record and checks it with `lanrick check`.
# Also picks up a man by a click (his destinations highlighted) and makes an illegal
# click (the diagnostic shown), builds one action of each edition by clicks on the
# board (`#selftest=clicks`: a Mark's line, a turned Mark, the wanderers, radiating),
# checking it plays what its typed line plays, solves a shipped puzzle and plays a
# wrong key in another (the refutation announced). Fails on any script error or
# console message.
#
# Chromium comes from Debian (installed here with apt-get when missing and run as
# root), as in tests/browser/run.sh. `.ci/run` runs this script.
#
#   tests/serve/run.sh                  # check
#   SHOTS=docs/pictures tests/serve/run.sh   # also write the screenshots docs/serve.md shows
#
# Also lays the page out 320 pixels wide (tests/serve/narrow.py) and fails if it scrolls
# sideways.
set -euo pipefail
cd "$(dirname "$0")/../.."

. tests/common/install.sh
. tests/common/headless.sh
chromium_bin=$(chromium_or_install "serve test")

cargo build --locked --quiet
bin="${CARGO_TARGET_DIR:-target}/debug/lanrick"
work=$(mktemp -d)
server_pid=
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
failed=0

"$bin" serve --port 0 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
url=
for _ in $(seq 1 100); do
    url=$(sed -n 's/^lanrick serve: //p' "$work/server.out")
    [ -n "$url" ] && break
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "FAIL: the server printed no address" >&2
    cat "$work/server.err" >&2
    exit 1
fi
case "$url" in
http://127.0.0.1:*) ;;
*) echo "FAIL: the server is not on 127.0.0.1 by default: $url" >&2; exit 1 ;;
esac

# Runs Chromium headless on URL with extra flags; stdout to $work/out, log to $work/log.
browse() {
    local page=$1
    shift
    headless 120000 "$page" "$@"
}

no_console() {
    if grep -E 'CONSOLE|Uncaught' "$work/log" >&2; then
        echo "FAIL $1: console messages (above)" >&2
        failed=1
    fi
    if ! grep -q '<pre id="errors" hidden=""></pre>' "$work/out"; then
        echo "FAIL $1: the page reported errors:" >&2
        sed -n '/<pre id="errors"/,/<\/pre>/p' "$work/out" >&2
        failed=1
    fi
}

# Plays in edition RULES; checks the take-back and the record.
play() {
    local rules=$1 hash=$2
    browse "${url}#${hash}" --dump-dom
    no_console "$rules"
    sed -n '/<pre id="selftest"/,/<\/pre>/p' "$work/out" | sed -e 's/<pre id="selftest"[^>]*>//' -e 's/<\/pre>//' |
        sed -e 's/&quot;/"/g' -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g' >"$work/$rules.txt"
    if ! grep -qx "rules: $rules" "$work/$rules.txt"; then
        echo "FAIL $rules: the self-test did not finish:" >&2
        cat "$work/$rules.txt" "$work/log" >&2
        failed=1
        return
    fi
    for want in 'take back: ok' 'redo: ok'; do
        grep -qx "$want" "$work/$rules.txt" || { echo "FAIL $rules: no '$want'" >&2; failed=1; }
    done
    if grep -q '^refused: ' "$work/$rules.txt"; then
        echo "FAIL $rules: an action was refused:" >&2
        cat "$work/$rules.txt" >&2
        failed=1
    fi
    sed -n '/^record:$/,$p' "$work/$rules.txt" | tail -n +2 >"$work/$rules.lanrick"
    if ! "$bin" check "$work/$rules.lanrick" >"$work/check.out" 2>&1; then
        echo "FAIL $rules: the downloaded record does not pass check:" >&2
        cat "$work/check.out" "$work/$rules.lanrick" >&2
        failed=1
        return
    fi
    echo "ok   $rules: $(grep '^decisions: ' "$work/$rules.txt"), $(grep '^over: ' "$work/$rules.txt"), record checked"
}

# Whole games: the user's side plays the level-1 hints against lanrick level 0, so each
# game ends; each takes a decision back and redoes it, and branches a variation.
for rules in 1893 1893-es 1880 1879; do
    play "$rules" "selftest=play&rules=$rules&hint=1&decisions=5000&branch=6"
    grep -qx 'over: true' "$work/$rules.txt" || { echo "FAIL $rules: the game did not end" >&2; failed=1; }
    grep -qx 'branch: ok' "$work/$rules.txt" || {
        echo "FAIL $rules: no variation branched: $(grep '^branch' "$work/$rules.txt")" >&2
        failed=1
    }
    grep -q '( ' "$work/$rules.lanrick" || { echo "FAIL $rules: the record has no variation" >&2; failed=1; }
    if [ "$rules" = 1879 ]; then
        grep -q 'Die thrown' "$work/out" || { echo "FAIL 1879: the die's throw is not announced" >&2; failed=1; }
    fi
done
play 1893 "selftest=play&rules=1893&decisions=12&end=illegal"
grep -qx 'diagnostic: shown' "$work/1893.txt" || { echo "FAIL 1893: no diagnostic for the illegal click" >&2; failed=1; }
grep -q '^legal destinations: [1-9]' "$work/1893.txt" || { echo "FAIL 1893: no destination highlighted" >&2; failed=1; }

# One action of each edition built by clicks on the board (pointer events on the
# squares, the buttons pressed) plays what its typed line plays: a 3-square Mark and its
# line, a turned Mark (1893-es), a win sending the wanderers (1880), a win placing them
# and radiating the centre man (1879).
cases="1893|B6B/8/8/8/8/8/8/Y6Y B mark|d5,d6|mark d5 d6"
cases="$cases;1893-es|1B2Y2B/Y7/8/7Y/B7/8/8/Y2B4 B mark|d5,!turned|mark d5 turned"
cases="$cases;1880|7Y/6Y1/2B5/B7/2BBB3/8/1Y3Y2/Y7 B d5 play|a5,c5,f2,b2,b1,g7,g8,!send|a5-c5 x f2 wanderers b2-b1 g7-g8"
cases="$cases;1879|Y6Y/8/8/8/B3B3/3BBB2/8/Y6Y B e4 play 0-0 B|a4,d4,a8,h8,f5,h1,f4,a1,d5,e8,!send|a4-d4 x a8 wanderers h8-f5 h1-f4 a1-d5 radiate e8"
browse "${url}#selftest=clicks&cases=${cases// /%20}" --dump-dom
no_console clicks
sed -n '/<pre id="selftest"/,/<\/pre>/p' "$work/out" | sed -e 's/<pre id="selftest"[^>]*>//' -e 's/<\/pre>//' >"$work/clicks.txt"
for rules in 1893 1893-es 1880 1879; do
    if grep -q "^clicks $rules: same as typed" "$work/clicks.txt"; then
        echo "ok   $rules: $(grep "^clicks $rules: " "$work/clicks.txt" | sed 's/^clicks [^:]*: //')"
    else
        echo "FAIL $rules: the clicks did not play what the line plays:" >&2
        cat "$work/clicks.txt" >&2
        failed=1
    fi
done

# The trainer: opens a shipped puzzle in the page (HASH: `name=…`, and `key=…` for a key
# other than the written one), plays the key and expects the log to match PATTERN.
train() {
    local hash=$1 pattern=$2 what=$3
    browse "${url}#selftest=puzzle&${hash}" --dump-dom
    no_console "puzzle $hash"
    if grep -q "$pattern" "$work/out"; then
        echo "ok   puzzle ${hash%%&*}: $what"
    else
        echo "FAIL puzzle ${hash%%&*}: not $what:" >&2
        sed -n '/<pre id="selftest"/,/<\/pre>/p' "$work/out" >&2
        failed=1
    fi
}
train "name=composed-2-01" 'Goal met' "the key meets the goal"
# A wrong key (a try of `lanrick solve --tries`): the prover's refutation is played and
# announced.
train "name=composed-102-01&key=g6-f5%20h6-g6%20x%20e8" \
    'Refuted: after .* the goal is out of reach' "a wrong key refuted on the board"

# The page 320 CSS pixels wide, as on a phone: headless Chromium opens no window under
# 500 pixels, so tests/serve/narrow.py sets the viewport over the DevTools pipe; nothing
# may be wider than the screen, and the board must be wholly in view.
narrow_shot=()
if [ -n "${SHOTS:-}" ]; then
    mkdir -p "$SHOTS"
    narrow_shot=("$SHOTS/serve-320px.png")
fi
python3 tests/serve/narrow.py "$chromium_bin" "${url}#selftest=play&rules=1880&decisions=3&end=select" "${narrow_shot[@]}" || failed=1

if [ -n "${SHOTS:-}" ]; then
    browse "${url}#selftest=play&rules=1893&decisions=6&end=select" --window-size=1100,820 --screenshot="$SHOTS/serve-1893.png"
    browse "${url}#selftest=play&rules=1879&decisions=4&end=illegal" --window-size=1100,1000 --screenshot="$SHOTS/serve-1879-illegal.png"
    echo "screenshots in $SHOTS"
fi

# Another host name is refused (DNS rebinding).
port=${url##*:}
port=${port%/}
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: rebound.example:$port" "$url" || true)
if [ "$status" != 403 ]; then
    echo "FAIL: a foreign Host got $status, not 403" >&2
    failed=1
else
    echo "ok   a foreign Host is refused"
fi

exit "$failed"
