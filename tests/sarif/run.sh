#!/usr/bin/env bash
# `check --format sarif` against the OASIS SARIF 2.1.0 schema (tests/sarif/README.md),
# and `--format junit` parsed as XML: over every case file, over the proved puzzles,
# and over files whose names and texts hold hostile bytes (control characters, an
# escape, quotes, `]]>`, `<&>`, bytes that are not UTF-8 in a name and in a text)
# beside a path that cannot be read. Both reports must stay valid whatever a name or
# a comment holds.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
. tests/tools.sh
python_tools
cargo build --locked --quiet
lanrick="${CARGO_TARGET_DIR:-$root/target}/debug/lanrick"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
py="$VENV/bin/python"

# check exits 1 when a file fails, 2 when a path cannot be read: both still report.
report() {
  local format=$1 out=$2
  shift 2
  local code=0
  "$lanrick" check --format "$format" "$@" >"$out" || code=$?
  [ "$code" -le 2 ] || { echo "error: check exited $code" >&2; exit 1; }
}

report sarif "$work/cases.sarif" --no-prove tests/cases
report sarif "$work/prove.sarif" tests/cases/prove
report junit "$work/cases.xml" --no-prove tests/cases

# Hostile names and texts.
h="$work/hostile"
mkdir -p "$h"
game='[Event "Hostile"]\n\nmark d5\nY: a7-b6\n'
printf "$game" >"$h/$(printf 'esc\033[31mred\ttab')".lanrick
printf "$game" >"$h/$(printf 'new\nline')".lanrick
printf "$game" >"$h/quote\"apos'<&>]]>".lanrick
printf "$game" >"$h/$(printf 'bad\377\376utf8')".lanrick
printf "$game" >"$h/percent%%20#frag?q".lanrick
# Illegal games whose tags, comments and names carry the bytes into the messages.
printf '[Event "x]]>\001\033[2J\177 \357\277\276"]\n\nmark d5 { ]]> \001\002 \033[0m }\nY: a1-a5\n' \
  >"$h/$(printf 'ill\001egal]]>')".lanrick
printf '[Event "y"]\n\nmark d5\nY: a7-b6 \377\376 { bad bytes }\n' >"$h/latin1.lanrick"
printf '[Event "z"]\n\nmark d5 { ]]> never closed \033\n' >"$h/broken]]>.lanrick"
report sarif "$work/hostile.sarif" "$h" "$h/missing]]>.lanrick"
report junit "$work/hostile.xml" "$h" "$h/missing]]>.lanrick"
# Every hostile file is in both reports.
files=$(find "$h" -name '*.lanrick' -print0 | tr -dc '\0' | wc -c)
"$py" - "$work/hostile.sarif" "$files" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
artifacts = doc["runs"][0]["artifacts"]
assert len(artifacts) == int(sys.argv[2]) + 1, len(artifacts)
for a in artifacts:
    uri = a["location"]["uri"]
    assert all(0x21 <= ord(c) < 0x7f for c in uri) and '"' not in uri and "#" not in uri, uri
PY

"$py" tests/sarif/validate.py sarif "$work/cases.sarif" "$work/prove.sarif" "$work/hostile.sarif"
"$py" tests/sarif/validate.py junit "$work/cases.xml" "$work/hostile.xml"
echo 'sarif: ok'
