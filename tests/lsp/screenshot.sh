#!/usr/bin/env bash
# Diagnostics and hover of `lanrick lsp` in a real editor: Neovim (Debian's package,
# installed with apt-get when missing, as are tmux and Chromium) opens a collection in
# a tmux pseudo terminal with tests/lsp/neovim.lua, shows the diagnostics and the hover
# on an action; the screen is captured (`tmux capture-pane -e`), checked for both, and
# drawn to a PNG by headless Chromium (tests/lsp/ansi2html.py).
#
#   tests/lsp/screenshot.sh                                  # check only
#   tests/lsp/screenshot.sh docs/pictures/editors-neovim.png # and write the picture
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-}

need=()
command -v nvim >/dev/null || need+=(neovim)
command -v tmux >/dev/null || need+=(tmux)
command -v chromium >/dev/null || need+=(chromium)
. tests/common/install.sh
need_packages "lsp screenshot" "${need[@]}"

cargo build --locked --quiet
bin="$(pwd)/${CARGO_TARGET_DIR:-target}/debug/lanrick"
work=$(mktemp -d)
session="lanrick-lsp-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/demo.lanrick" <<'GAME'
[Event "Blocked"]

mark d5
h5-h1

[Event "Hover"]

mark d5
a7-b6 e8-e7
GAME
tmux new-session -d -s "$session" -x 110 -y 52 \
    "cd '$work' && LANRICK_BIN='$bin' LANRICK_HOVER_LINE=9 TERM=xterm-256color nvim --clean -u '$(pwd)/tests/lsp/neovim.lua' demo.lanrick"
screen=""
for _ in $(seq 1 40); do
    sleep 0.25
    screen=$(tmux capture-pane -t "$session" -p)
    if grep -q 'h2 is in the way' <<<"$screen" && grep -q 'Before:' <<<"$screen"; then
        break
    fi
done
if ! grep -q 'h2 is in the way' <<<"$screen" || ! grep -q 'Before:' <<<"$screen"; then
    echo "$screen" >&2
    echo 'lsp screenshot: Neovim shows no diagnostic or no hover from lanrick lsp' >&2
    exit 1
fi
echo 'lsp screenshot: Neovim shows the diagnostic and the hover'
if [ -n "$out" ]; then
    tmux capture-pane -t "$session" -e -p | python3 tests/lsp/ansi2html.py > "$work/screen.html"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size=1000,935 --screenshot="$work/screen.png" "file://$work/screen.html" 2>/dev/null
    cp "$work/screen.png" "$out"
    echo "lsp screenshot: wrote $out"
fi
