#!/usr/bin/env bash
# `lanrick lsp` driven end to end by a real LSP client: pytest-lsp (pygls's client, which
# also checks every message against the protocol's types) runs tests/lsp/test_lsp.py.
# pytest-lsp is installed from PyPI into a virtual environment (LSP_VENV, default
# target/lsp-venv) when missing. `cargo test` does not need it; `.ci/run` runs this
# script after it. Fails when any test fails or when no test ran (pytest's exit 5).
# Then tests/lsp/screenshot.sh checks the diagnostics and hover in Neovim.
#
#   tests/lsp/run.sh               # the tests
#   tests/lsp/run.sh -k hover      # some of them (pytest's arguments)
set -euo pipefail
cd "$(dirname "$0")/../.."

venv=${LSP_VENV:-${CARGO_TARGET_DIR:-target}/lsp-venv}
if ! "$venv/bin/python" -c 'import pytest_lsp' 2>/dev/null; then
    echo "lsp test: installing pytest-lsp into $venv" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'pytest-lsp>=1,<2'
fi

cargo build --locked --quiet
export PYTHONDONTWRITEBYTECODE=1
export LANRICK_BIN
LANRICK_BIN="$(pwd)/${CARGO_TARGET_DIR:-target}/debug/lanrick"
status=0
"$venv/bin/python" -m pytest -q -p no:cacheprovider tests/lsp "$@" || status=$?
if [ "$status" = 5 ]; then
    echo 'lsp test: no test ran' >&2
    exit 1
fi
if [ "$status" != 0 ]; then
    exit "$status"
fi
# The same server in Neovim: its diagnostics and hover on the screen.
tests/lsp/screenshot.sh
