#!/usr/bin/env bash
# The strength ladder (docs/strength.md): for each rule set, level N against level N-1
# over GAMES games (colours alternated, openings by SEED), every game written to a file
# and replayed by `lanrick check`. A long match is a benchmark, not a test: run it by
# hand on a release build.
#
#   cargo build --release
#   bash benches/ladder.sh                      # every rule set, 400 games a step
#   RULES="1880" STEPS="3 2" GAMES=100 bash benches/ladder.sh
#   RULES=1893 STEPS="5 4" bash benches/ladder.sh   # the top step alone
#
# Writes OUT/<rules>-<a>v<b>.lanrick (the games) and OUT/ladder.jsonl (one JSON line a
# match), then prints the ladder as a Markdown table and the `check` summary.
set -euo pipefail

L=${L:-target/release/lanrick}
OUT=${OUT:-target/ladder}
SEED=${SEED:-14}
GAMES=${GAMES:-400}
RULES=${RULES:-"1893,1880,1879,1893-es"}
STEPS=${STEPS:-"1 0,2 1,3 2,4 3,5 4"}

mkdir -p "$OUT"
: >"$OUT/ladder.jsonl"
IFS=, read -r -a rule_sets <<<"$RULES"
IFS=, read -r -a steps <<<"$STEPS"
for r in "${rule_sets[@]}"; do
  for step in "${steps[@]}"; do
    read -r a b <<<"$step"
    file="$OUT/${r// /_}-${a}v${b}.lanrick"
    start=$(date +%s)
    "$L" match --a "$a" --b "$b" --games "$GAMES" --seed "$SEED" --rules "$r" \
      --format json --out "$file" >>"$OUT/ladder.jsonl"
    echo "$(date +%T) $r $a v $b: $(($(date +%s) - start)) s" >&2
  done
done

echo "| rules | match | games | a_score | Elo | 95 % interval |"
echo "| --- | --- | ---: | ---: | ---: | --- |"
# One row a match, from the JSON lines (no tool beyond the shell: the fields are flat).
while IFS= read -r line; do
  field() { sed -E "s/.*\"$1\":(\"[^\"]*\"|[^,}]*).*/\\1/; s/\"//g" <<<"$line"; }
  printf '| %s | %s v %s | %s | %.4f | %+.0f | [%+.0f, %+.0f] |\n' \
    "$(field rules)" "$(field a)" "$(field b)" "$(field games)" "$(field a_score)" \
    "$(field elo)" "$(field elo_low)" "$(field elo_high)"
done <"$OUT/ladder.jsonl"

"$L" check "$OUT"/*.lanrick | tail -n 1
