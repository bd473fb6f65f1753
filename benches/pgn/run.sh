#!/usr/bin/env bash
# Issue 28's comparison: `lanrick check` against pgn-reader + shakmaty, CPU time per
# byte, in one paired run (A and B alternated, so the machine's load hits both).
#
#   benches/pgn/run.sh [ROUNDS]        # default 5 rounds
#
# Environment: WORK (default /tmp/lanrick-pgn) holds the corpora and the venv;
# LANRICK_GAMES (20000) and PGN_GAMES (40000) size the corpora; CALLGRIND=1 also
# counts instructions per byte under valgrind on the first 1,000 games of each (a
# figure the machine's load does not move). Installs python-chess from PyPI into a
# venv, and valgrind when CALLGRIND=1, when missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
top="$(cd "$here/../.." && pwd)"
rounds="${1:-5}"
work="${WORK:-/tmp/lanrick-pgn}"
mkdir -p "$work"

if [ ! -x "$work/venv/bin/python" ]; then
  python3 -m venv "$work/venv"
fi
"$work/venv/bin/python" -c 'import chess' 2>/dev/null ||
  "$work/venv/bin/pip" install --quiet 'chess==1.11.2'

cargo build --release --locked --quiet --manifest-path "$top/Cargo.toml"
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
lanrick="$top/target/release/lanrick"
baseline="$here/target/release/pgn-baseline"

lgames="${LANRICK_GAMES:-20000}"
pgames="${PGN_GAMES:-40000}"
lcorpus="$work/corpus-$lgames.lanrick"
pcorpus="$work/corpus-$pgames.pgn"
[ -s "$lcorpus" ] || "$lanrick" selfplay --games "$lgames" --seed 1878 --out "$lcorpus"
[ -s "$pcorpus" ] || "$work/venv/bin/python" "$here/gen_corpus.py" "$pgames" 1878 "$pcorpus"
lbytes=$(stat -c %s "$lcorpus")
pbytes=$(stat -c %s "$pcorpus")
echo "lanrick corpus: $lbytes bytes ($lgames games); chess corpus: $pbytes bytes ($pgames games)"
"$baseline" "$pcorpus" >/dev/null
"$lanrick" check -q "$lcorpus"

# CPU seconds (user + system) of one run.
cpu() {
  /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>&1 || true
  awk '{printf "%.3f", $1 + $2}' "$work/time"
}
la=()
pa=()
for ((i = 0; i < rounds; i++)); do
  la+=("$(cpu "$lanrick" check -q "$lcorpus")")
  pa+=("$(cpu "$baseline" "$pcorpus")")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
lm=$(median "${la[@]}")
pm=$(median "${pa[@]}")
awk -v lm="$lm" -v pm="$pm" -v lb="$lbytes" -v pb="$pbytes" 'BEGIN {
  ln = lm * 1e9 / lb; pn = pm * 1e9 / pb
  printf "lanrick check: %.3f s CPU (median of %s), %.2f ns/byte\n", lm, "'"$rounds"'", ln
  printf "pgn-reader + shakmaty: %.3f s CPU, %.2f ns/byte\n", pm, pn
  printf "ratio (lanrick / pgn-reader, CPU per byte): %.2f\n", ln / pn
}'

if [ "${CALLGRIND:-0}" = 1 ]; then
  command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
  awk '/^\[Event/{n++} n<=1000' "$lcorpus" >"$work/l1k.lanrick"
  awk '/^\[Event/{n++} n<=1000' "$pcorpus" >"$work/p1k.pgn"
  ir() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      awk '/Collected/ {print $NF}'
  }
  li=$(LANRICK_JOBS=1 ir "$lanrick" check -q "$work/l1k.lanrick")
  pi=$(ir "$baseline" "$work/p1k.pgn")
  lb=$(stat -c %s "$work/l1k.lanrick")
  pb=$(stat -c %s "$work/p1k.pgn")
  awk -v li="$li" -v pi="$pi" -v lb="$lb" -v pb="$pb" 'BEGIN {
    printf "instructions per byte: lanrick %.1f, pgn-reader + shakmaty %.1f\n", li / lb, pi / pb
  }'
fi
