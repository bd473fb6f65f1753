#!/usr/bin/env bash
# The edition seam (ARCHITECTURE.md, invariant 16): nothing names an edition but the
# engine's edition dispatch (src/engine/editions/, which also holds each edition's
# year and the Rules constants) and the player's per-edition strategies
# (src/player/editions/). Everything else asks a property (`pos.due()`,
# `rules.has_die()`, …). Fails listing the offending lines.
#
# The count it keeps at zero:
#   grep -rn 'Edition::' src | grep -v -e '^src/engine/editions/' \
#     -e '^src/player/editions/'
set -euo pipefail
cd "$(dirname "$0")/.."

# Direct paths into an edition's file (`e1879::`, `e1880::`, `e1893::`) and the
# year-named questions (`is_1893()`, `is_1880()`) are the same bypass by another name.
offending=$(grep -rnE 'Edition::|\be18(79|80|93)::|is_18(79|80|93)\b' src |
  grep -v -e '^src/engine/editions/' -e '^src/player/editions/' || true)
if [ -n "$offending" ]; then
  echo "$offending"
  echo 'error: the lines above go round the edition dispatch: ask a property of the' >&2
  echo 'engine (src/engine/editions/mod.rs) or the player (src/player/editions/) instead' >&2
  exit 1
fi
