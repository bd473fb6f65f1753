#!/usr/bin/env bash
# Sourced by the browser test scripts (tests/browser, tests/serve) once they have set
# `chromium_bin` (from tests/common/install.sh) and a scratch directory `work`:
# `headless BUDGET URL [FLAG...]` loads URL in headless Chromium with a fresh profile
# under $work, lets the page run for BUDGET milliseconds of virtual time, and writes
# what Chromium printed (the DOM with --dump-dom) to $work/out and its log (console
# messages included) to $work/log. A page that hangs is stopped after 10 minutes.

headless() {
    local budget=$1 url=$2
    shift 2
    timeout 600 "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$work/profile" --enable-logging=stderr --v=0 \
        --virtual-time-budget="$budget" "$@" "$url" >"$work/out" 2>"$work/log" || true
}
