#!/usr/bin/env bash
# The game session (ARCHITECTURE.md, invariant 17) does no I/O and prints nothing: the
# REPL, `play` and later front ends read, write and print; `src/session/` answers them
# with typed events. Fails listing any line that reads or writes a file, a stream or a
# process, prints, or reaches into a front end.
set -euo pipefail
cd "$(dirname "$0")/.."

offending=$(grep -rnE 'std::(fs|io|process|net|env)\b|\b(e?print(ln)?|write(ln)?)!|crate::(term|repl|cli)\b' \
  src/session || true)
if [ -n "$offending" ]; then
  echo "$offending"
  echo 'error: the lines above do I/O or reach a front end from the game session:' >&2
  echo 'answer with an Event or a Reply, and let the front end read, write and print' >&2
  exit 1
fi
